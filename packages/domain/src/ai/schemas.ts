import { z } from "zod";
import { companyProfileFieldSchemas, languageCodeSchema, toneSchema } from "../brands/schemas";
import { safeText } from "../text";

/**
 * The fields an Enhance button can improve: the wizard's (core spec section 7: description, industry,
 * targetAudience, keyMessage, brandName) and the generator's and template form's prompts (connections spec).
 */
export const enhanceFieldNames = [
  "brandName",
  "description",
  "industry",
  "targetAudience",
  "keyMessage",
  "captionPrompt",
  "prompt_template",
  "image_prompt_template",
] as const;
export type EnhanceFieldName = (typeof enhanceFieldNames)[number];

export const ENHANCE_FAILED = "Failed to enhance content";
// Core spec section 8, generation errors.
export const POST_GENERATION_FAILED = "Failed to generate post";
export const INVALID_AI_RESPONSE = "Invalid response format from AI";
export const ENHANCE_EMPTY = "Enter some text to enhance";
export const MAX_ENHANCE_LENGTH = 4000;

const optionalText = (max: number) => safeText().trim().max(max).optional();

export const enhanceContentInput = z.object({
  fieldName: z.enum(enhanceFieldNames, {
    error: `Field name must be one of: ${enhanceFieldNames.join(", ")}`,
  }),
  currentValue: safeText({ error: ENHANCE_EMPTY })
    .trim()
    .min(1, ENHANCE_EMPTY)
    .max(MAX_ENHANCE_LENGTH, `Text to enhance must be at most ${MAX_ENHANCE_LENGTH} characters`),
  /** Free-form hint, e.g. which screen asks. */
  context: optionalText(2000),
  // Unsaved form values win over the stored brand: the wizard enhances step 2's fields before saving them.
  brandName: optionalText(100),
  description: optionalText(2000),
  industry: optionalText(200),
  tone: toneSchema.optional(),
  targetAudience: optionalText(500),
  keyMessages: companyProfileFieldSchemas.keyMessages.optional(),
  doNotMention: companyProfileFieldSchemas.doNotMention.optional(),
  language: languageCodeSchema.optional(),
});
export type EnhanceContentInput = z.infer<typeof enhanceContentInput>;

/** Enhance buttons are disabled when their field is empty (core spec section 5). */
export const canEnhance = (value: string): boolean => value.trim().length > 0;

/** Enhance All is disabled when every field it would enhance is empty. */
export const canEnhanceAll = (values: readonly string[]): boolean => values.some(canEnhance);

/** What enhanceContent answers. */
export const enhancedContentView = z
  .object({
    enhancedContent: z.string(),
    model: z
      .enum(["offline", "openai"])
      .meta({ description: "Which model wrote it, so the screen can label the offline model honestly." }),
  })
  .meta({ id: "EnhancedContent" });
export type EnhanceContentResult = z.infer<typeof enhancedContentView>;
