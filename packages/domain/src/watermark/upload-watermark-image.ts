import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { storeMedia } from "../media/media";
import { sniffImageType } from "../media/sniff-image-type";
import { parseInput } from "../parse-input";
import {
  type UploadWatermarkImageInput,
  uploadWatermarkImageInput,
  WATERMARK_INVALID_TYPE,
  WATERMARK_MAX_BYTES,
  WATERMARK_SVG_MAX_SIDE,
  WATERMARK_TOO_LARGE,
  type WatermarkImage,
} from "./schemas";

export { type UploadWatermarkImageInput, uploadWatermarkImageInput };

const ACCEPTED = new Set(["image/png", "image/jpeg", "image/webp", "image/svg+xml"]);

/**
 * Stores a watermark image for the editor to place. The type is read from the content (the name is only a
 * label); an SVG is drawn to a PNG on arrival and never kept or served as SVG. The saved settings do not
 * change: the editor holds the upload as an unsaved change until Save.
 */
export async function uploadWatermarkImage(
  ctx: BrandContext,
  rawInput: UploadWatermarkImageInput,
): Promise<WatermarkImage> {
  const input = parseInput(uploadWatermarkImageInput, rawInput);
  const sniffed = sniffImageType(input.bytes);
  if (!sniffed || !ACCEPTED.has(sniffed)) throw new AppError("image_type_invalid", WATERMARK_INVALID_TYPE);
  if (input.bytes.byteLength > WATERMARK_MAX_BYTES)
    throw new AppError("image_too_large", WATERMARK_TOO_LARGE);

  let bytes: Uint8Array = input.bytes;
  let name = input.name ?? null;
  if (sniffed === "image/svg+xml") {
    bytes = await ctx.imaging.rasteriseSvg(input.bytes, WATERMARK_SVG_MAX_SIDE).catch(() => {
      throw new AppError("image_type_invalid", WATERMARK_INVALID_TYPE);
    });
    if (name) name = `${name.replace(/\.svg$/i, "")}.png`;
  }
  // Decoding confirms what the first bytes claimed (a PNG header on a broken file is not an image).
  const facts = await ctx.imaging.probe(bytes).catch(() => null);
  const expected = sniffed === "image/svg+xml" ? "image/png" : sniffed;
  if (!facts || facts.mimeType !== expected) throw new AppError("image_type_invalid", WATERMARK_INVALID_TYPE);

  const row = await storeMedia(ctx, ctx, {
    kind: "watermark",
    bytes,
    mimeType: facts.mimeType,
    width: facts.width,
    height: facts.height,
    name,
  });
  return { mediaId: row.id, url: ctx.mediaUrls.sign(row.id, ctx.now()).url };
}
