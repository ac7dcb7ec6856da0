import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { type MediaView, storeMedia, toMediaView } from "./media";
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_UPLOAD_BYTES, uploadImageInput } from "./schemas";
import { sniffImageType } from "./sniff-image-type";

/**
 * An image the user uploads (a custom post image, a chat image). The type is read from the content and
 * confirmed by decoding it; the name is only a label.
 */
export async function uploadImage(ctx: BrandContext, rawInput: unknown): Promise<MediaView> {
  const input = parseInput(uploadImageInput, rawInput);
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("invalid_input", IMAGE_TOO_LARGE);
  const sniffed = sniffImageType(input.bytes);
  if (!sniffed || sniffed === "image/svg+xml") throw new AppError("invalid_input", INVALID_IMAGE_TYPE);
  const facts = await ctx.imaging.probe(input.bytes).catch(() => null);
  if (!facts || facts.mimeType !== sniffed) throw new AppError("invalid_input", INVALID_IMAGE_TYPE);
  const row = await storeMedia(ctx, ctx, {
    kind: "upload",
    bytes: input.bytes,
    mimeType: facts.mimeType,
    width: facts.width,
    height: facts.height,
    name: input.name,
  });
  return toMediaView(ctx, row);
}
