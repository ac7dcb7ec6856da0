import { z } from "zod";
import { watermarkSettingsPatchSchema } from "../brands/schemas";
import { safeText } from "../text";

/**
 * The watermark editor's vocabulary (connections spec sections 4, 5 and 7): limits, messages and input
 * schemas. The server validates with these objects and the Settings > Watermark tab checks files and
 * values with the same ones, so this file imports nothing server-only.
 */

// The spec's messages, verbatim.
export const WATERMARK_INVALID_TYPE = "Only image files (JPG, PNG, SVG, WEBP) are allowed";
export const WATERMARK_TOO_LARGE = "Image file size must be less than 5MB";
export const WATERMARK_UPLOAD_FAILED = "Failed to upload watermark image";
export const WATERMARK_SAVED = "Watermark settings saved successfully";
export const WATERMARK_SAVE_FAILED = "Failed to save watermark settings";
export const WATERMARK_REMOVED = "Watermark removed successfully";
export const WATERMARK_REMOVE_FAILED = "Failed to remove watermark";
export const BACKGROUND_REMOVAL_FAILED = "Failed to remove background";
export const NO_IMAGE_FOR_PROCESSING = "No image available for processing";
/** The spec names "a background removal success message" without its text. */
export const BACKGROUND_REMOVED = "Background removed successfully";
/** Not in the spec: a save needs a mark to place. */
export const WATERMARK_IMAGE_REQUIRED = "Upload a watermark image before saving";

export const WATERMARK_MAX_BYTES = 5 * 1024 * 1024;
export const WATERMARK_EXTENSIONS = ["jpg", "jpeg", "png", "svg", "webp"] as const;
export const WATERMARK_MIME_TYPES = ["image/jpeg", "image/png", "image/svg+xml", "image/webp"] as const;
/** What the file picker offers. */
export const WATERMARK_ACCEPT = [
  ...WATERMARK_EXTENSIONS.map((ext) => `.${ext}`),
  ...WATERMARK_MIME_TYPES,
].join(",");
/** An SVG is drawn to a PNG of at most this many pixels on its longer side; the SVG itself is never kept. */
export const WATERMARK_SVG_MAX_SIDE = 1024;

export const WATERMARK_SIZE = { min: 10, max: 100, step: 5 } as const;
export const WATERMARK_ROTATION = { min: 0, max: 360, step: 45 } as const;
export const WATERMARK_OPACITY = { min: 0.1, max: 1, step: 0.05 } as const;
export const BACKGROUND_THRESHOLD = { min: 5, max: 100, default: 30 } as const;
/** Background removal makes pixels close to white transparent. */
export const BACKGROUND_TARGET_COLOR = "#FFFFFF";

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
};

/**
 * The browser's first look at a picked file (its name, the type the browser claims, its size), with the
 * spec's messages; null when it may be sent. The server decides by the file's content.
 */
export function watermarkFileProblem(file: { name: string; type: string; size: number }): string | null {
  const byName = (WATERMARK_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const byType = (WATERMARK_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!byName && !byType) return WATERMARK_INVALID_TYPE;
  if (file.size > WATERMARK_MAX_BYTES) return WATERMARK_TOO_LARGE;
  return null;
}

export const uploadWatermarkImageInput = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: WATERMARK_INVALID_TYPE }),
  /** The file's name as the user knows it (a label only: the type comes from the content). */
  name: safeText().trim().max(255).optional(),
});
export type UploadWatermarkImageInput = z.infer<typeof uploadWatermarkImageInput>;

export const removeWatermarkBackgroundInput = z.object({
  /** The image to clear: the original upload (Reset to Original keeps it), never a processed one twice. */
  mediaId: safeText({ error: NO_IMAGE_FOR_PROCESSING }).trim().min(1, NO_IMAGE_FOR_PROCESSING),
  /** Colour tolerance in percent; pixels this close to white become transparent. */
  threshold: watermarkSettingsPatchSchema.shape.backgroundRemovalThreshold
    .unwrap()
    .default(BACKGROUND_THRESHOLD.default),
});
export type RemoveWatermarkBackgroundInput = z.input<typeof removeWatermarkBackgroundInput>;

const placement = watermarkSettingsPatchSchema.shape;

/** Everything the editor holds; a save replaces the stored watermark with it and turns the watermark on. */
export const saveWatermarkInput = z.object({
  imageMediaId: safeText({ error: WATERMARK_IMAGE_REQUIRED }).trim().min(1, WATERMARK_IMAGE_REQUIRED),
  /** The background-removed version, when the user made one and kept it. */
  processedImageMediaId: safeText().trim().min(1).nullish(),
  position: placement.position.unwrap(),
  size: placement.size.unwrap(),
  opacity: placement.opacity.unwrap(),
  rotation: placement.rotation.unwrap(),
  flipHorizontal: placement.flipHorizontal.unwrap(),
  flipVertical: placement.flipVertical.unwrap(),
  backgroundRemovalThreshold: placement.backgroundRemovalThreshold,
});
export type SaveWatermarkInput = z.input<typeof saveWatermarkInput>;

/** The watermark's placement as stored, with the defaults filled in (brands/constants.ts WatermarkSettings). */
export const watermarkSettingsView = z
  .object({
    imageMediaId: z.string().nullable().optional().meta({ description: "The uploaded mark's image id." }),
    processedImageMediaId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The background-removed mark's image id." }),
    imageUrl: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "Kept from settings of the old product." }),
    processedImageUrl: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "Kept from settings of the old product." }),
    position: z
      .object({ x: z.number(), y: z.number() })
      .meta({ description: "Percent of the image, 0-100, of the mark's centre." }),
    size: z.number().meta({ description: "Percent of the smaller image side, 10-100." }),
    opacity: z.number().meta({ description: "0.1-1." }),
    rotation: z.number().meta({ description: "Degrees, 0-360." }),
    flipHorizontal: z.boolean(),
    flipVertical: z.boolean(),
    backgroundRemovalThreshold: z
      .number()
      .optional()
      .meta({ description: "Colour tolerance of the last background removal (5-100)." }),
  })
  .meta({ id: "WatermarkSettings" });

/** The brand's watermark as the editor shows it: settings with defaults, and signed links to its images. */
export const watermarkView = z
  .object({
    enabled: z
      .boolean()
      .meta({ description: "Whether generated images get the mark (brand setting watermarkEnabled)." }),
    settings: watermarkSettingsView,
    imageUrl: z.string().nullable().meta({ description: "The uploaded mark; null when there is none." }),
    processedImageUrl: z
      .string()
      .nullable()
      .meta({ description: "The background-removed mark; null when there is none." }),
  })
  .meta({ id: "Watermark" });
export type WatermarkView = z.infer<typeof watermarkView>;

/** A stored watermark image: the id a save refers to and a signed link for the preview. */
export const watermarkImageView = z
  .object({
    mediaId: z.string(),
    url: z.string().meta({ description: "A signed, expiring link." }),
  })
  .meta({ id: "WatermarkImage" });
export type WatermarkImage = z.infer<typeof watermarkImageView>;
