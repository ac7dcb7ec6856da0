import { z } from "zod";
import { imageStyles, languageCodes } from "../brands/constants";
import { PLATFORM_INVALID } from "../posts/messages";
import { postPlatforms } from "../posts/schemas";
import { safeText } from "../text";

export { GENERATION_FAILED_PREFIX, type GenerationStep, generationProgress } from "./progress";

export const IMAGE_FAILED_FEEDBACK = (reason: string) =>
  `Image generation failed: ${reason}. Please try again or upload a custom image.`;
export const IMAGE_GENERATION_FAILED = "Failed to generate image";
export const PREMIUM_STYLE_REQUIRED = "This image style needs a Pro or Enterprise plan. Upgrade to use it.";
export const TEMPLATE_NOT_FOUND = "Template not found";
export const INTERRUPTED_REASON = "the server stopped while generating this post. Please try again.";
export const MAX_PROMPT_LENGTH = 2000;
/** The custom image style draws from the user's own brief: an image prompt, or an uploaded image. */
export const CUSTOM_PROMPT_REQUIRED = "Describe the image you want for the custom style";

const optionalText = (max: number, label: string) =>
  safeText()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/** The fields of generatePost's input; the rule that ties two of them together is added below. */
const generatePostFields = z.object({
  platform: z.enum(postPlatforms, { error: PLATFORM_INVALID }).default("facebook"),
  /**
   * Several channels at once: one post per channel, each written for its network, kept together as a
   * group (`platform` is then ignored). Absent: the one post for `platform`.
   */
  channels: z
    .array(z.enum(postPlatforms, { error: PLATFORM_INVALID }))
    .min(1, "Choose at least one channel")
    .max(postPlatforms.length)
    .refine((list) => new Set(list).size === list.length, "Each channel may be listed once")
    .optional(),
  /** What the post should be about ("our autumn blend"). */
  prompt: optionalText(MAX_PROMPT_LENGTH, "Prompt"),
  /** Defaults to the brand's language. */
  language: z.enum(languageCodes, { error: "Unsupported language" }).optional(),
  /** Defaults to the brand's image style. */
  imageStyle: z.enum(imageStyles, { error: "Unknown image style" }).optional(),
  templateId: z.uuid({ error: TEMPLATE_NOT_FOUND }).optional(),
  /** Replaces the default writing brief (a template's or the user's own). */
  promptOverride: optionalText(4000, "Prompt override"),
  /** Replaces the default image brief; the custom image style uses it. */
  imagePromptOverride: optionalText(4000, "Image prompt override"),
  /** An uploaded image (POST /api/media) to use instead of an AI image. */
  imageId: z.uuid({ error: "Image not found" }).optional(),
  /** Apply the brand's watermark when it is enabled (default true). */
  includeWatermark: z.boolean().default(true),
});

/** generatePost: the generator form's body, the chat tool's input and the script API's body. */
export const generatePostInput = generatePostFields.refine(
  // Checked here, not in a form, so every door (the generator form, REST, chat, the tool API, MCP) refuses
  // a custom style with nothing to draw from in the same words, next to the custom prompt's field.
  (input) =>
    input.imageStyle !== "custom" || input.imagePromptOverride !== undefined || input.imageId !== undefined,
  { path: ["imagePromptOverride"], message: CUSTOM_PROMPT_REQUIRED },
);
export type GeneratePostInput = z.input<typeof generatePostInput>;
