import { z } from "zod";
import { contentTones, imageStyles, languageCodes } from "./constants";

/**
 * The answers of the brand use cases. Each is its use case's declared output: the tool's outputSchema, the
 * route's answer and the OpenAPI document's schema; the TypeScript types are derived from them, so the
 * answer and its documentation cannot drift apart. Pure data (the web app imports the types).
 */

const nullableLink = z.string().nullable().optional();

/** The watermark as the API answers it: the stored settings over the defaults. */
export const watermarkSettingsView = z
  .object({
    imageMediaId: nullableLink.meta({ description: "The uploaded watermark's stored image." }),
    processedImageMediaId: nullableLink.meta({ description: "The watermark with its background removed." }),
    imageUrl: nullableLink.meta({ description: "A watermark link kept from settings of the old product." }),
    processedImageUrl: nullableLink,
    position: z
      .object({ x: z.number(), y: z.number() })
      .meta({ description: "Where its centre sits, in percent of the image." }),
    size: z.number().meta({ description: "Percent of the smaller image side, 10-100." }),
    opacity: z.number().meta({ description: "0.1-1." }),
    rotation: z.number().meta({ description: "Degrees, 0-360." }),
    flipHorizontal: z.boolean(),
    flipVertical: z.boolean(),
    backgroundRemovalThreshold: z
      .number()
      .optional()
      .meta({ description: "The colour tolerance of the last background removal (5-100)." }),
  })
  .meta({ id: "WatermarkSettings" });

/** Brand settings as the API returns them: every optional field present, defaults filled in. */
export const brandSettingsView = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    primaryColor: z.string().meta({ description: "A hex colour, #RRGGBB." }),
    secondaryColor: z.string(),
    accentColor: z.string(),
    watermarkEnabled: z.boolean(),
    defaultLanguage: z.enum(languageCodes),
    imageStyle: z.enum(imageStyles),
    postPromptOverride: z.string().nullable(),
    imagePromptOverride: z.string().nullable(),
    watermarkSettings: watermarkSettingsView,
  })
  .meta({ id: "BrandSettings" });
export type BrandSettingsView = z.infer<typeof brandSettingsView>;

export const companyProfileView = z
  .object({
    description: z.string(),
    industry: z.string(),
    tone: z.enum(contentTones),
    targetAudience: z.string(),
    keyMessages: z.array(z.string()),
    doNotMention: z.array(z.string()),
  })
  .meta({ id: "CompanyProfile" });
export type CompanyProfile = z.infer<typeof companyProfileView>;

/** A brand as the API, the tools and the web app see it. */
export const brandView = z
  .object({
    id: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    settings: brandSettingsView,
    companyProfile: companyProfileView,
    createdAt: z.string().meta({ description: "ISO instant." }),
    updatedAt: z.string().meta({ description: "ISO instant." }),
  })
  .meta({ id: "Brand", description: "A brand with its settings and company profile." });
export type Brand = z.infer<typeof brandView>;

export const brandListView = z
  .object({ brands: z.array(brandView).meta({ description: "Oldest first; empty before the first brand." }) })
  .meta({ id: "BrandList" });
export type BrandList = z.infer<typeof brandListView>;

export const activeBrandView = z
  .object({
    brand: brandView.nullable().meta({ description: "null before the first brand is set up." }),
  })
  .meta({ id: "ActiveBrand" });
export type ActiveBrand = z.infer<typeof activeBrandView>;

export const brandDeletionView = z
  .object({ activeBrandId: z.string().meta({ description: "The brand that is active after the deletion." }) })
  .meta({ id: "BrandDeletion" });
export type BrandDeletion = z.infer<typeof brandDeletionView>;
