import { z } from "zod";
import { imageLinkSchema } from "../media/media-link";
import { safeText } from "../text";
import { brandImageStyles, contentTones, languageCodes } from "./constants";
import { hexColorPattern, normalizeHexColor } from "./hex-color";

export { hexColorPattern, isHexColor, normalizeHexColor } from "./hex-color";

/**
 * Input schemas and pure rules of the brand use cases. The server validates request bodies with them and
 * the web app validates its forms with the very same objects, so this file imports nothing server-only.
 * Normalisation uses `overwrite` rather than `transform` so the schemas stay representable as JSON Schema
 * (tools expose them to the model and to scripts).
 */

// The spec's messages (core spec section 5), verbatim.
export const BRAND_NAME_REQUIRED = "Brand name is required";
export const IMAGE_STYLE_INVALID = "Image style must be one of: professional, cartoon, realistic";
export const LANGUAGE_INVALID = "Invalid language code";
export const TONE_INVALID = "Tone must be one of: professional, casual, friendly, humorous, authoritative";
export const KEY_MESSAGES_NOT_ARRAY = "Key messages must be an array";
export const DO_NOT_MENTION_NOT_ARRAY = "Do not mention list must be an array";
export const colorInvalidMessage = (label: "Primary" | "Secondary" | "Accent") =>
  `${label} color must be a valid hex color`;
export const LOGO_INVALID = "Logo must be a web address (http:// or https://) or one of your images";
export const WATERMARK_LINK_INVALID =
  "Watermark image links must be a web address (http:// or https://) or one of your images";

export const MAX_BRAND_NAME_LENGTH = 100;
export const MAX_LIST_ENTRIES = 50;
export const MAX_LIST_ENTRY_LENGTH = 300;

export const isBrandNameValid = (name: string): boolean => name.trim().length > 0;

/** Trimmed, non-empty and unique within the list (connections spec section 5); the first spelling wins. */
export function normalizeList(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of entries) {
    const trimmed = entry.trim().replace(/\s+/g, " ");
    const key = trimmed.toLowerCase();
    if (trimmed === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
}

/** Adds one entry the way the Add button and Enter do: blanks and duplicates leave the list unchanged. */
export function addListEntry(list: readonly string[], entry: string): string[] {
  return normalizeList([...list, entry]);
}

export function removeListEntry(list: readonly string[], index: number): string[] {
  return list.filter((_, i) => i !== index);
}

export const brandNameSchema = safeText({ error: BRAND_NAME_REQUIRED })
  .trim()
  .min(1, BRAND_NAME_REQUIRED)
  .max(MAX_BRAND_NAME_LENGTH, `Brand name must be at most ${MAX_BRAND_NAME_LENGTH} characters`);

const hexColorSchema = (label: "Primary" | "Secondary" | "Accent") =>
  safeText({ error: colorInvalidMessage(label) })
    .trim()
    .regex(hexColorPattern, colorInvalidMessage(label))
    .overwrite(normalizeHexColor);

export const imageStyleSchema = z.enum(brandImageStyles, { error: IMAGE_STYLE_INVALID });
export const languageCodeSchema = z.enum(languageCodes, { error: LANGUAGE_INVALID });
export const toneSchema = z.enum(contentTones, { error: TONE_INVALID });

const textField = (label: string, max: number) =>
  safeText({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const nullableText = (label: string, max: number) => textField(label, max).nullable();

const listField = (arrayMessage: string, entryLabel: string, listLabel: string) =>
  z
    .array(
      safeText({ error: `Each ${entryLabel} must be text` }).max(
        MAX_LIST_ENTRY_LENGTH,
        `Each ${entryLabel} must be at most ${MAX_LIST_ENTRY_LENGTH} characters`,
      ),
      { error: arrayMessage },
    )
    .overwrite(normalizeList)
    .max(MAX_LIST_ENTRIES, `${listLabel} can hold at most ${MAX_LIST_ENTRIES} entries`);

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`);

/** Every field optional: a save sends what changed, and the stored value fills the rest. */
export const watermarkSettingsPatchSchema = z.object({
  imageMediaId: safeText().nullable().optional(),
  processedImageMediaId: safeText().nullable().optional(),
  imageUrl: imageLinkSchema(WATERMARK_LINK_INVALID).nullable().optional(),
  processedImageUrl: imageLinkSchema(WATERMARK_LINK_INVALID).nullable().optional(),
  position: z.object({ x: percent("Watermark position"), y: percent("Watermark position") }).optional(),
  size: z
    .number({ error: "Watermark size must be a number" })
    .min(10, "Watermark size must be between 10 and 100")
    .max(100, "Watermark size must be between 10 and 100")
    .optional(),
  opacity: z
    .number({ error: "Watermark opacity must be a number" })
    .min(0.1, "Watermark opacity must be between 0.1 and 1")
    .max(1, "Watermark opacity must be between 0.1 and 1")
    .optional(),
  rotation: z
    .number({ error: "Watermark rotation must be a number" })
    .min(0, "Watermark rotation must be between 0 and 360")
    .max(360, "Watermark rotation must be between 0 and 360")
    .optional(),
  flipHorizontal: z.boolean().optional(),
  flipVertical: z.boolean().optional(),
  backgroundRemovalThreshold: z
    .number()
    .int()
    .min(5, "Background removal threshold must be between 5 and 100")
    .max(100, "Background removal threshold must be between 5 and 100")
    .optional(),
});
export type WatermarkSettingsPatch = z.infer<typeof watermarkSettingsPatchSchema>;

/** One schema per brand-settings field (core spec section 3), shared by the settings form and updateBrandField. */
export const brandSettingsFieldSchemas = {
  name: brandNameSchema,
  /** An http(s) address or a link to one of the brand's own images; never javascript:, data: or file:. */
  logo: imageLinkSchema(LOGO_INVALID, "Logo").nullable(),
  primaryColor: hexColorSchema("Primary"),
  secondaryColor: hexColorSchema("Secondary"),
  accentColor: hexColorSchema("Accent"),
  watermarkEnabled: z.boolean({ error: "Watermark enabled must be true or false" }),
  defaultLanguage: languageCodeSchema,
  imageStyle: imageStyleSchema,
  postPromptOverride: nullableText("Post prompt override", 4000),
  imagePromptOverride: nullableText("Image prompt override", 4000),
  /** null removes the watermark configuration (back to the defaults). */
  watermarkSettings: watermarkSettingsPatchSchema.nullable(),
} as const;

export const companyProfileFieldSchemas = {
  description: textField("Description", 2000),
  industry: textField("Industry", 200),
  tone: toneSchema,
  targetAudience: textField("Target audience", 500),
  keyMessages: listField(KEY_MESSAGES_NOT_ARRAY, "key message", "Key messages"),
  doNotMention: listField(DO_NOT_MENTION_NOT_ARRAY, "do not mention entry", "Do not mention list"),
} as const;

export type BrandSettingsField = keyof typeof brandSettingsFieldSchemas;
export type CompanyProfileField = keyof typeof companyProfileFieldSchemas;
export type BrandField = BrandSettingsField | CompanyProfileField;

export const brandSettingsFields = Object.keys(brandSettingsFieldSchemas) as BrandSettingsField[];
export const companyProfileFields = Object.keys(companyProfileFieldSchemas) as CompanyProfileField[];
export const brandFields: BrandField[] = [...brandSettingsFields, ...companyProfileFields];

export const isCompanyProfileField = (field: BrandField): field is CompanyProfileField =>
  field in companyProfileFieldSchemas;

// ---- use case inputs ----

export const createBrandInput = z.object({ name: brandNameSchema });
export type CreateBrandInput = z.infer<typeof createBrandInput>;

export const brandIdInput = z.object({
  brandId: safeText({ error: "Brand id is required" }).trim().min(1, "Brand id is required"),
});
export type BrandIdInput = z.infer<typeof brandIdInput>;

export const switchBrandInput = brandIdInput;
export type SwitchBrandInput = BrandIdInput;
export const deleteBrandInput = brandIdInput;
export type DeleteBrandInput = BrandIdInput;

/** A partial brand-settings object: only the fields present change. */
export const updateBrandSettingsInput = z.object(brandSettingsFieldSchemas).partial();
export type UpdateBrandSettingsInput = z.infer<typeof updateBrandSettingsInput>;

/** A partial company profile: only the fields present change. */
export const updateCompanyProfileInput = z.object(companyProfileFieldSchemas).partial();
export type UpdateCompanyProfileInput = z.infer<typeof updateCompanyProfileInput>;

const fieldVariant = <F extends BrandField, S extends z.ZodType>(field: F, value: S) =>
  z.object({ field: z.literal(field), value });

/**
 * One field of the brand settings or company profile, validated by that field's own rule (the assistant's
 * `updateBrandField` action and the settings screens' single-field saves).
 */
export const updateBrandFieldInput = z
  .discriminatedUnion(
    "field",
    [
      fieldVariant("name", brandSettingsFieldSchemas.name),
      fieldVariant("logo", brandSettingsFieldSchemas.logo),
      fieldVariant("primaryColor", brandSettingsFieldSchemas.primaryColor),
      fieldVariant("secondaryColor", brandSettingsFieldSchemas.secondaryColor),
      fieldVariant("accentColor", brandSettingsFieldSchemas.accentColor),
      fieldVariant("watermarkEnabled", brandSettingsFieldSchemas.watermarkEnabled),
      fieldVariant("defaultLanguage", brandSettingsFieldSchemas.defaultLanguage),
      fieldVariant("imageStyle", brandSettingsFieldSchemas.imageStyle),
      fieldVariant("postPromptOverride", brandSettingsFieldSchemas.postPromptOverride),
      fieldVariant("imagePromptOverride", brandSettingsFieldSchemas.imagePromptOverride),
      fieldVariant("watermarkSettings", brandSettingsFieldSchemas.watermarkSettings),
      fieldVariant("description", companyProfileFieldSchemas.description),
      fieldVariant("industry", companyProfileFieldSchemas.industry),
      fieldVariant("tone", companyProfileFieldSchemas.tone),
      fieldVariant("targetAudience", companyProfileFieldSchemas.targetAudience),
      fieldVariant("keyMessages", companyProfileFieldSchemas.keyMessages),
      fieldVariant("doNotMention", companyProfileFieldSchemas.doNotMention),
    ],
    {
      error: (issue) =>
        issue.code === "invalid_union" ? `Field must be one of: ${brandFields.join(", ")}` : undefined,
    },
    // Function calling (OpenAI) takes only an object at the root of a tool's parameters; every variant is
    // one, and saying so keeps the per-field rules in one schema for the API, the tools and the forms.
  )
  .meta({ type: "object" });
export type UpdateBrandFieldInput = z.infer<typeof updateBrandFieldInput>;

/** Which brand a brand-scoped call acts on: the named one (X-Brand-Id, a path id) or the active one. */
export const resolveBrandInput = z.object({ brandId: safeText().trim().nullish() });
export type ResolveBrandInput = z.infer<typeof resolveBrandInput>;
