import type { ImageFacts, ImageProcessor, StoredImageMimeType, WatermarkPlacement } from "@smm/domain/ports";
import type SharpFactory from "sharp";
import type { Sharp } from "sharp";
import { loadSharp } from "./lazy-sharp";

/** Bound on first use (see lazy-sharp.ts); every public method awaits it before any pixel work. */
let sharp: typeof SharpFactory;

const mimeByFormat: Partial<Record<string, StoredImageMimeType>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
// librsvg's own ceiling; far above anything a watermark needs.
const MAX_SVG_DENSITY = 100_000;

/** A colour as '#RRGGBB', '#RGB' or without the '#'; anything else is the caller's bug, not a colour. */
function parseHex(color: string): { r: number; g: number; b: number } {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) throw new Error(`not a hex colour: ${color}`);
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

const finiteOr = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Re-encodes in the base image's own format, so a JPEG post stays a JPEG (and small). */
function encodeAs(pipeline: Sharp, format: string): Sharp {
  switch (format) {
    case "png":
      return pipeline.png();
    case "jpeg":
      return pipeline.jpeg({ quality: 90 });
    case "webp":
      return pipeline.webp({ quality: 90 });
    case "gif":
      return pipeline.gif();
    default:
      throw new Error(`cannot watermark a ${format} image`);
  }
}

/**
 * The mark as straight RGBA pixels, sized, mirrored, rotated and faded. Flips come before the rotation, as in
 * a CSS `rotate() scale()` preview: a mirrored mark still turns clockwise.
 */
async function prepareMark(
  watermark: Uint8Array,
  longerSide: number,
  placement: WatermarkPlacement,
): Promise<{ data: Buffer; width: number; height: number }> {
  let mark = sharp(watermark, { autoOrient: true }).resize({
    width: longerSide,
    height: longerSide,
    fit: "inside",
  });
  if (placement.flipHorizontal) mark = mark.flop();
  if (placement.flipVertical) mark = mark.flip();
  // Greyscale or palette marks would otherwise come out with 1-2 channels.
  let { data, info } = await mark
    .ensureAlpha()
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const rotation = ((finiteOr(placement.rotation, 0) % 360) + 360) % 360;
  if (rotation !== 0) {
    // A second pipeline: within one, sharp orders rotate and resize itself, and the mark must be sized first.
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .rotate(rotation, { background: TRANSPARENT })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true }));
  }
  if (info.channels !== 4) throw new Error(`unexpected ${info.channels}-channel watermark`);
  const opacity = clamp(finiteOr(placement.opacity, 1), 0, 1);
  if (opacity < 1)
    for (let i = 3; i < data.length; i += 4) data[i] = Math.round((data[i] as number) * opacity);
  return { data, width: info.width, height: info.height };
}

/** Pixel work with sharp (libvips); every call runs in libuv's threadpool. */
export function createSharpImageProcessor(): ImageProcessor {
  return {
    async probe(bytes) {
      sharp = await loadSharp();
      try {
        const meta = await sharp(bytes).metadata();
        const mimeType = mimeByFormat[meta.format];
        if (!mimeType) return null;
        // The header can be fine while the pixels are cut off; a tiny decode proves the file is whole (JPEG
        // decodes at 1/8 scale here, so it stays cheap).
        await sharp(bytes).resize(8, 8, { fit: "inside" }).raw().toBuffer();
        // The size a viewer shows: EXIF-rotated photos are stored sideways.
        const { width, height } = meta.autoOrient;
        if (!width || !height) return null;
        return { mimeType, width, height } satisfies ImageFacts;
      } catch {
        return null;
      }
    },

    async rasteriseSvg(svg, maxSide) {
      sharp = await loadSharp();
      if (!Number.isInteger(maxSide) || maxSide < 1) throw new Error(`invalid maxSide ${maxSide}`);
      const meta = await sharp(svg).metadata();
      if (meta.format !== "svg") throw new Error(`not an SVG but ${meta.format}`);
      // Draw at the density that makes the longer side maxSide: a tiny viewBox drawn at 72 dpi and scaled up
      // would be blurry, a huge one would waste memory before the resize.
      const longer = Math.max(meta.width || 1, meta.height || 1);
      const density = clamp((72 * maxSide) / longer, 1, MAX_SVG_DENSITY);
      const png = await sharp(svg, { density })
        .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
        .png()
        .toBuffer();
      return new Uint8Array(png.buffer, png.byteOffset, png.length);
    },

    async applyWatermark(image, watermark, placement) {
      sharp = await loadSharp();
      const meta = await sharp(image).metadata();
      const format = meta.format;
      // Fail before any pixel work on a type we would not store.
      if (!mimeByFormat[format]) throw new Error(`cannot watermark a ${format} image`);
      const { width, height } = meta.autoOrient;
      const size = clamp(finiteOr(placement.size, 30), 0, 100);
      const longerSide = Math.max(1, Math.round((Math.min(width, height) * size) / 100));
      const mark = await prepareMark(watermark, longerSide, placement);

      // Centre the (possibly rotated) mark on the position; whatever falls outside the image is cut off.
      const centreX = (width * finiteOr(placement.position.x, 50)) / 100;
      const centreY = (height * finiteOr(placement.position.y, 50)) / 100;
      const left = Math.round(centreX - mark.width / 2);
      const top = Math.round(centreY - mark.height / 2);
      const cropLeft = Math.max(0, -left);
      const cropTop = Math.max(0, -top);
      const visibleWidth = Math.min(mark.width - cropLeft, width - Math.max(0, left));
      const visibleHeight = Math.min(mark.height - cropTop, height - Math.max(0, top));

      const base = sharp(image, { autoOrient: true });
      if (visibleWidth > 0 && visibleHeight > 0) {
        const visible = await sharp(mark.data, {
          raw: { width: mark.width, height: mark.height, channels: 4 },
        })
          .extract({ left: cropLeft, top: cropTop, width: visibleWidth, height: visibleHeight })
          .raw()
          .toBuffer();
        base.composite([
          {
            input: visible,
            raw: { width: visibleWidth, height: visibleHeight, channels: 4 },
            left: Math.max(0, left),
            top: Math.max(0, top),
          },
        ]);
      }
      // Re-encoded even when the mark misses entirely, so the result is always oriented the same way.
      const out = await encodeAs(base, format).toBuffer();
      return new Uint8Array(out.buffer, out.byteOffset, out.length);
    },

    async removeBackground(image, options) {
      sharp = await loadSharp();
      const target = parseHex(options.targetColor);
      const { data, info } = await sharp(image, { autoOrient: true })
        .ensureAlpha()
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
      if (info.channels !== 4) throw new Error(`unexpected ${info.channels}-channel image`);
      // Tolerance as a Euclidean RGB distance; the threshold is a percent of the largest possible one, so 100
      // clears everything. Squared, to keep a square root out of a loop over every pixel.
      const threshold = clamp(finiteOr(options.threshold, 30), 0, 100) / 100;
      const limit = threshold * threshold * 3 * 255 * 255;
      for (let i = 0; i < data.length; i += 4) {
        const dr = (data[i] as number) - target.r;
        const dg = (data[i + 1] as number) - target.g;
        const db = (data[i + 2] as number) - target.b;
        if (dr * dr + dg * dg + db * db <= limit) data[i + 3] = 0;
      }
      const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
        .png()
        .toBuffer();
      return new Uint8Array(png.buffer, png.byteOffset, png.length);
    },
  };
}
