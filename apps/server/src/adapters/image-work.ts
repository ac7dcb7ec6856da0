import type { WatermarkPlacement } from "@smm/domain/ports";
import type SharpFactory from "sharp";
import type { Sharp } from "sharp";
import { checkSvgWork, type SvgWorkLimits } from "./svg-work";

/**
 * The pixel work of the image processor, run inside the image workers (image-worker.ts): what arrives is
 * a job, what leaves is the result's bytes or the reason it failed. Nothing here touches the server.
 */

type SharpModule = typeof SharpFactory;

export interface SvgRasteriseLimits {
  work: SvgWorkLimits;
  /** The drawn width x height, checked before drawing (a huge SVG cannot be drawn smaller than 1 dpi). */
  maxOutputPixels: number;
  /** The decoded size of each raster image embedded in an SVG. */
  maxEmbeddedImagePixels: number;
}

export type ImageJob =
  | { op: "rasteriseSvg"; svg: Uint8Array; maxSide: number; limits: SvgRasteriseLimits }
  | { op: "applyWatermark"; image: Uint8Array; watermark: Uint8Array; placement: WatermarkPlacement }
  | { op: "removeBackground"; image: Uint8Array; threshold: number; targetColor: string }
  | { op: "fitForInstagram"; image: Uint8Array };

/** `refused`: the input was judged too costly (or unsafe) to process, before any pixel work. */
export type ImageJobResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; refused: boolean; message: string };

/** An input refused by a limit, as opposed to one that failed to decode. */
export class ImageRefusedError extends Error {
  override readonly name = "ImageRefusedError";
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
// librsvg's own ceiling; far above anything a watermark needs.
const MAX_SVG_DENSITY = 100_000;
const EMBEDDED_FORMATS = new Set(["png", "jpeg", "gif", "webp"]);

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
const toBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);

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

/** A data: URI's bytes (base64 or percent-encoded). */
function decodeDataUri(uri: string): Buffer {
  const comma = uri.indexOf(",");
  const header = uri.slice(0, comma);
  const body = uri.slice(comma + 1);
  return /;base64$/i.test(header)
    ? Buffer.from(body, "base64")
    : Buffer.from(decodeURIComponent(body), "latin1");
}

/**
 * An SVG drawn to PNG, its longer side at most `maxSide`. Refused, before librsvg draws anything, when its
 * work is over the limits (svg-work.ts says why that must come first), when an embedded image would decode
 * too large, or when the drawing itself would have too many pixels.
 */
export async function rasteriseSvg(
  sharp: SharpModule,
  svg: Uint8Array,
  maxSide: number,
  limits: SvgRasteriseLimits,
): Promise<Uint8Array> {
  if (!Number.isInteger(maxSide) || maxSide < 1) throw new Error(`invalid maxSide ${maxSide}`);
  const verdict = checkSvgWork(svg, limits.work);
  if (!verdict.ok) throw new ImageRefusedError(`SVG refused: ${verdict.reason}`);
  for (const uri of verdict.embeddedImages) {
    // Only the header is read: a few bytes of PNG can claim a gigapixel.
    const meta = await sharp(decodeDataUri(uri)).metadata();
    if (!EMBEDDED_FORMATS.has(meta.format))
      throw new ImageRefusedError(`SVG refused: an embedded ${meta.format}`);
    if (!(meta.width * meta.height * (meta.pages ?? 1) <= limits.maxEmbeddedImagePixels))
      throw new ImageRefusedError("SVG refused: an embedded image over the pixel limit");
  }
  // A header read (no pixels); the size it gives is checked below, with the limit that applies to drawing.
  const meta = await sharp(svg, { limitInputPixels: false }).metadata();
  if (meta.format !== "svg") throw new Error(`not an SVG but ${meta.format}`);
  // Draw at the density that makes the longer side maxSide: a tiny viewBox drawn at 72 dpi and scaled up
  // would be blurry, a huge one would waste memory before the resize.
  const longer = Math.max(meta.width || 1, meta.height || 1);
  const density = clamp((72 * maxSide) / longer, 1, MAX_SVG_DENSITY);
  const drawnPixels =
    Math.ceil(((meta.width || 1) * density) / 72) * Math.ceil(((meta.height || 1) * density) / 72);
  if (!(drawnPixels <= limits.maxOutputPixels))
    throw new ImageRefusedError(`SVG refused: ${drawnPixels} pixels to draw`);
  const png = await sharp(svg, { density, limitInputPixels: limits.maxOutputPixels })
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  return toBytes(png);
}

/**
 * The mark as straight RGBA pixels, sized, mirrored, rotated and faded. Flips come before the rotation, as in
 * a CSS `rotate() scale()` preview: a mirrored mark still turns clockwise.
 */
async function prepareMark(
  sharp: SharpModule,
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

const mimeFormats = new Set(["png", "jpeg", "gif", "webp"]);

/** The image with the mark composited on top, in the image's own format. */
export async function applyWatermark(
  sharp: SharpModule,
  image: Uint8Array,
  watermark: Uint8Array,
  placement: WatermarkPlacement,
): Promise<Uint8Array> {
  const meta = await sharp(image).metadata();
  const format = meta.format;
  // Fail before any pixel work on a type we would not store.
  if (!mimeFormats.has(format)) throw new Error(`cannot watermark a ${format} image`);
  const { width, height } = meta.autoOrient;
  const size = clamp(finiteOr(placement.size, 30), 0, 100);
  const longerSide = Math.max(1, Math.round((Math.min(width, height) * size) / 100));
  const mark = await prepareMark(sharp, watermark, longerSide, placement);

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
  return toBytes(await encodeAs(base, format).toBuffer());
}

/** Pixels within `threshold` (0-100) of `targetColor` become transparent; the result is a PNG. */
export async function removeBackground(
  sharp: SharpModule,
  image: Uint8Array,
  threshold: number,
  targetColor: string,
): Promise<Uint8Array> {
  const target = parseHex(targetColor);
  const { data, info } = await sharp(image, { autoOrient: true })
    .ensureAlpha()
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`unexpected ${info.channels}-channel image`);
  // Tolerance as a Euclidean RGB distance; the threshold is a percent of the largest possible one, so 100
  // clears everything. Squared, to keep a square root out of a loop over every pixel.
  const share = clamp(finiteOr(threshold, 30), 0, 100) / 100;
  const limit = share * share * 3 * 255 * 255;
  for (let i = 0; i < data.length; i += 4) {
    const dr = (data[i] as number) - target.r;
    const dg = (data[i + 1] as number) - target.g;
    const db = (data[i + 2] as number) - target.b;
    if (dr * dr + dg * dg + db * db <= limit) data[i + 3] = 0;
  }
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
  return toBytes(png);
}

/** Instagram's accepted shapes (contracts/meta-and-stripe.md section 3): 4:5 to 1.91:1, 320-1440 px wide. */
export const INSTAGRAM_MIN_RATIO = 4 / 5;
export const INSTAGRAM_MAX_RATIO = 1.91;
const INSTAGRAM_MAX_WIDTH = 1440;
const INSTAGRAM_MIN_WIDTH = 320;
const INSTAGRAM_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The image as Instagram takes it: a baseline sRGB JPEG (no alpha, no MPO), 320-1440 px wide, its aspect
 * ratio brought into 4:5 .. 1.91:1 by PADDING, not cropping: our images carry the brand's name and text
 * near their edges (generated ones) or were framed by the user (uploads), and a crop would cut those off
 * without asking; bars in the image's own dominant colour lose nothing and read as part of the picture.
 */
export async function fitForInstagram(sharp: SharpModule, image: Uint8Array): Promise<Uint8Array> {
  const meta = await sharp(image).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new Error("image has no size");
  const ratio = width / height;
  // The canvas: the image's own size, widened (too tall) or heightened (too wide) to the nearest limit.
  let canvasWidth = ratio < INSTAGRAM_MIN_RATIO ? height * INSTAGRAM_MIN_RATIO : width;
  let canvasHeight = ratio > INSTAGRAM_MAX_RATIO ? width / INSTAGRAM_MAX_RATIO : height;
  const scale =
    canvasWidth > INSTAGRAM_MAX_WIDTH
      ? INSTAGRAM_MAX_WIDTH / canvasWidth
      : canvasWidth < INSTAGRAM_MIN_WIDTH
        ? INSTAGRAM_MIN_WIDTH / canvasWidth
        : 1;
  canvasWidth = Math.max(1, Math.round(canvasWidth * scale));
  canvasHeight = Math.max(1, Math.round(canvasHeight * scale));
  // Rounding must not push the shape back out of the range.
  if (canvasWidth / canvasHeight < INSTAGRAM_MIN_RATIO)
    canvasHeight = Math.floor(canvasWidth / INSTAGRAM_MIN_RATIO);
  if (canvasWidth / canvasHeight > INSTAGRAM_MAX_RATIO)
    canvasHeight = Math.ceil(canvasWidth / INSTAGRAM_MAX_RATIO);
  const { dominant } = await sharp(image).stats();
  const background = { r: dominant.r, g: dominant.g, b: dominant.b, alpha: 1 };
  const fitted = () =>
    sharp(image, { autoOrient: true })
      .resize({ width: canvasWidth, height: canvasHeight, fit: "contain", background })
      .flatten({ background })
      .toColourspace("srgb");
  for (const quality of [90, 80, 70, 60]) {
    const jpeg = await fitted().jpeg({ quality, progressive: false }).toBuffer();
    if (jpeg.byteLength <= INSTAGRAM_MAX_BYTES) return toBytes(jpeg);
  }
  throw new ImageRefusedError("The image is too large for Instagram even as a JPEG.");
}

/** One job, answered as a result message (errors included: a worker never throws at its pool). */
export async function runImageJob(sharp: SharpModule, job: ImageJob): Promise<ImageJobResult> {
  try {
    const bytes =
      job.op === "rasteriseSvg"
        ? await rasteriseSvg(sharp, job.svg, job.maxSide, job.limits)
        : job.op === "applyWatermark"
          ? await applyWatermark(sharp, job.image, job.watermark, job.placement)
          : job.op === "fitForInstagram"
            ? await fitForInstagram(sharp, job.image)
            : await removeBackground(sharp, job.image, job.threshold, job.targetColor);
    return { ok: true, bytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, refused: error instanceof ImageRefusedError, message };
  }
}
