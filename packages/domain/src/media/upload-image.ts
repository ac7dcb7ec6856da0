import type { BrandContext } from "../context";
import type { Media } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { invalidReferenceImage } from "../templates/schemas";
import { applyBrandWatermark } from "../watermark/apply-brand-watermark";
import { type MediaView, storeMedia, toMediaView } from "./media";
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_UPLOAD_BYTES, uploadImageInput } from "./schemas";
import { sniffImageType } from "./sniff-image-type";

/**
 * An image the user uploads (a custom post image, a chat image). The type is read from the content and
 * confirmed by decoding it; the name is only a label.
 */
export async function uploadImage(ctx: BrandContext, rawInput: unknown): Promise<MediaView> {
  const { row } = await storeUploadedImage(ctx, rawInput);
  return toMediaView(ctx, row);
}

/** uploadImage's work, also telling whether the brand's watermark went on (only with `applyWatermark`). */
export async function storeUploadedImage(
  ctx: BrandContext,
  rawInput: unknown,
): Promise<{ row: Media; watermarked: boolean }> {
  const input = parseInput(uploadImageInput, rawInput);
  const refuse = (reason: "image_too_large" | "image_type_invalid", message: string) =>
    new AppError(
      reason,
      input.purpose === "templateReference" ? invalidReferenceImage(input.name || "image") : message,
    );
  // MAX_UPLOAD_BYTES is MAX_REFERENCE_IMAGE_BYTES: 5 MB, 5242880 bytes.
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw refuse("image_too_large", IMAGE_TOO_LARGE);
  const sniffed = sniffImageType(input.bytes);
  if (!sniffed || sniffed === "image/svg+xml") throw refuse("image_type_invalid", INVALID_IMAGE_TYPE);
  const facts = await ctx.imaging.probe(input.bytes).catch(() => null);
  if (!facts || facts.mimeType !== sniffed) throw refuse("image_type_invalid", INVALID_IMAGE_TYPE);
  let bytes = input.bytes;
  let watermarked = false;
  if (input.applyWatermark) {
    const marked = await applyBrandWatermark(ctx, input.bytes);
    // The mark keeps the image's format; anything else is a failure, and the original is kept.
    const markedFacts = marked.applied ? await ctx.imaging.probe(marked.bytes).catch(() => null) : null;
    if (markedFacts && markedFacts.mimeType === facts.mimeType) {
      bytes = marked.bytes;
      watermarked = true;
    }
  }
  const row = await storeMedia(ctx, ctx, {
    kind: "upload",
    bytes,
    mimeType: facts.mimeType,
    width: facts.width,
    height: facts.height,
    name: input.name,
  });
  return { row, watermarked };
}
