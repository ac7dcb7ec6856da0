import { z } from "zod";
import { metaPlatforms } from "../posts/messages";
import { safeText } from "../text";
import { CAPTION_GENERATION_LIMIT, captionLimitMessage, captionsLeftMessage } from "../usage/limits";

export { CAPTION_GENERATION_LIMIT };

/*
 * Captions from images (connections spec: Caption upload item and states, Caption images validation, the
 * captions errors of section 8, the constants of section 9). Pure zod and data: the captions screen imports
 * it for its checks and texts, the server for the use case.
 */

/** Section 9: at most 10 images per batch, 5 MB each, one second between images of a batch. */
export const MAX_CAPTION_IMAGES = 10;
export const MAX_CAPTION_IMAGE_BYTES = 5 * 1024 * 1024;
export const CAPTION_PAUSE_MS = 1_000;
export const MAX_CAPTION_CONTEXT = 500;

export const CAPTION_INVALID_FILES =
  "Please select valid image files. Supported formats: PNG, JPEG, GIF, WebP";
export const CAPTION_TOO_MANY = `Maximum ${MAX_CAPTION_IMAGES} images allowed at once`;
/** The picker's refusal of a file over 5 MB (the upload refuses it too, in the media words). */
export const captionImageTooLarge = (name: string) =>
  `${name} is larger than 5MB. Please select images under 5MB each.`;
export const NO_IMAGES_TO_PROCESS = "No images to process";
export const CAPTION_FAILED = "Failed to generate caption";
export const CAPTION_BATCH_FAILED = "Failed to process some images. Please try again.";
/** What a post gets when the model answers nothing usable (connections spec, Caption upload states). */
export const CAPTION_FALLBACK = "Generated caption for your image.";
export const CAPTION_IMAGE_NOT_FOUND = "Image not found";

/** The types a caption image may be; the server decides by the content, the picker by the declared type. */
const CAPTION_IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"];
const CAPTION_IMAGE_EXTENSIONS = ["png", "jpeg", "jpg", "gif", "webp"];

/**
 * The picker's check of a new selection (section 5): more than 10 at once in total, any file that does not
 * say it is one of the four types, or any file over the 5 MB the screen promises, refuses the selection with
 * the spec's text (the size by the file's name). A file that only claims to be an image (a renamed text
 * file) passes here and is refused by the upload, which reads the content and refuses over 5 MB as well.
 */
export function checkCaptionSelection(
  files: readonly { type: string; name: string; size: number }[],
  alreadyPicked: number,
): string | null {
  if (alreadyPicked + files.length > MAX_CAPTION_IMAGES) return CAPTION_TOO_MANY;
  const valid = (file: { type: string; name: string }) =>
    file.type
      ? CAPTION_IMAGE_TYPES.includes(file.type.toLowerCase())
      : CAPTION_IMAGE_EXTENSIONS.includes(file.name.split(".").pop()?.toLowerCase() ?? "");
  if (!files.every(valid)) return CAPTION_INVALID_FILES;
  const tooLarge = files.find((file) => file.size > MAX_CAPTION_IMAGE_BYTES);
  return tooLarge ? captionImageTooLarge(tooLarge.name) : null;
}

/** What a batch may run given the plan (getPlan's view): the spec's refusal, or null to go ahead. */
export function captionBatchRefusal(
  plan: { type: string; captionsRemaining: number | null; maxCaptions: number | null } | undefined,
  pending: number,
): string | null {
  if (pending === 0) return NO_IMAGES_TO_PROCESS;
  if (!plan || plan.captionsRemaining === null) return null;
  const left = Math.max(0, plan.captionsRemaining);
  if (left === 0)
    return plan.type === "free" ? captionLimitMessage(plan.maxCaptions ?? 0) : CAPTION_GENERATION_LIMIT;
  if (pending > left) return plan.type === "free" ? captionsLeftMessage(left) : CAPTION_GENERATION_LIMIT;
  return null;
}

/** captionFromImage: the captions screen's request, the chat tool's input and the script API's body. */
export const captionFromImageInput = z.object({
  /** An image of the brand's (uploaded first with POST /api/media, or one listImages shows). */
  imageId: z.uuid({ error: CAPTION_IMAGE_NOT_FOUND }),
  // Captions are written for the spec's two networks (the offline writer's phrases are theirs).
  platform: z.enum(metaPlatforms, { error: "Platform must be facebook or instagram" }).default("facebook"),
  /** What the user wants said about the image ("our new autumn menu"), optional. */
  context: safeText()
    .trim()
    .max(MAX_CAPTION_CONTEXT, `Context must be at most ${MAX_CAPTION_CONTEXT} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
});
export type CaptionFromImageInput = z.input<typeof captionFromImageInput>;
