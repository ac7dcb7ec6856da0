import { AppError } from "@smm/domain/errors";
import type { Sharp } from "sharp";
import { loadSharp } from "../../adapters/lazy-sharp";

/** Bluesky's lexicon takes 2,000,000 bytes since 2026-04, its docs and older apps 1,000,000: the safe one. */
export const MAX_IMAGE_BYTES = 1_000_000;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

// The Bluesky app itself sends at most 2000 px a side; more only costs bytes nobody sees.
const MAX_SIDE = 2000;
const SCALES = [1, 0.75, 0.5, 0.35, 0.25];
const QUALITIES = [85, 70, 55];

const mimeOfFormat: Partial<Record<string, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

export interface FittedImage {
  bytes: Uint8Array;
  mimeType: string;
  width: number | null;
  height: number | null;
}

const toBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);

async function encode(pipeline: Sharp): Promise<FittedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return {
    bytes: toBytes(data),
    mimeType: mimeOfFormat[info.format] ?? "image/jpeg",
    width: info.width,
    height: info.height,
  };
}

/**
 * The image as Bluesky takes it: within 1,000,000 bytes, a type it shows, and without EXIF, XMP or IPTC
 * (a phone photo's location and camera should not go out with the post). An image that already is all of
 * that goes as it is; one with only metadata to lose is re-encoded in its own format; anything else
 * becomes a JPEG, smaller and at lower quality step by step until it fits.
 */
export async function fitImageForBluesky(bytes: Uint8Array, mimeType: string): Promise<FittedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  let carriesMetadata = false;
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    ({ width, height } = meta.autoOrient);
    carriesMetadata = format !== "gif" && Boolean(meta.exif || meta.xmp || meta.iptc);
  } catch {
    // Not an image sharp reads: it may still go as it is, if Bluesky would take it.
  }
  const detectedType = (format && mimeOfFormat[format]) || mimeType;
  const fits = bytes.byteLength <= MAX_IMAGE_BYTES && IMAGE_TYPES.includes(detectedType);
  if (fits && !carriesMetadata) {
    return { bytes, mimeType: detectedType, width: width ?? null, height: height ?? null };
  }
  if (!format || !width || !height) {
    throw new AppError(
      "invalid_input",
      "An image of this post could not be read, so it cannot go to Bluesky.",
    );
  }
  const source = () => sharp(bytes, { autoOrient: true });
  if (fits && (format === "jpeg" || format === "png" || format === "webp")) {
    const pipeline = source();
    const stripped = await encode(
      format === "jpeg"
        ? pipeline.jpeg({ quality: 90 })
        : format === "png"
          ? pipeline.png()
          : pipeline.webp(),
    );
    if (stripped.bytes.byteLength <= MAX_IMAGE_BYTES) return stripped;
  }
  const base = Math.min(1, MAX_SIDE / Math.max(width, height));
  for (const scale of SCALES) {
    const size = {
      width: Math.max(1, Math.round(width * base * scale)),
      height: Math.max(1, Math.round(height * base * scale)),
    };
    for (const quality of QUALITIES) {
      const jpeg = await encode(
        source()
          .resize({ ...size, fit: "inside", withoutEnlargement: true })
          .flatten({ background: "#ffffff" })
          .toColourspace("srgb")
          .jpeg({ quality }),
      );
      if (jpeg.bytes.byteLength <= MAX_IMAGE_BYTES) return jpeg;
    }
  }
  throw new AppError(
    "invalid_input",
    "An image of this post stays over 1 MB even made smaller; Bluesky cannot take it.",
  );
}
