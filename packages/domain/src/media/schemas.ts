import { z } from "zod";
import { safeText } from "../text";

export { UPLOADED_IMAGE_PART, type UploadedImagePartData } from "./chat-parts";

/** Chat and generator uploads (core spec sections 8 and 9). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "Image too large. Please select an image under 5MB.";
export const INVALID_IMAGE_TYPE = "Please upload a valid image file (JPEG, PNG, GIF, WebP)";
export const MEDIA_NOT_FOUND = "Image not found";

/** The image types an upload may be (core spec: jpeg, jpg, png, gif, webp); "image/jpg" is a common alias. */
const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"];
const UPLOAD_IMAGE_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "webp"];
/** What an upload's file picker offers. */
export const UPLOAD_IMAGE_ACCEPT = [
  ...UPLOAD_IMAGE_TYPES,
  ...UPLOAD_IMAGE_EXTENSIONS.map((e) => `.${e}`),
].join(",");

/**
 * The browser's quick check before a byte is sent (size first, then the declared type, or the name's
 * extension when the browser declares none). The server still decides by the content (uploadImage).
 */
export function checkImageUpload(file: { size: number; type: string; name: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const typeOk = file.type
    ? UPLOAD_IMAGE_TYPES.includes(file.type.toLowerCase())
    : UPLOAD_IMAGE_EXTENSIONS.includes(extension);
  return typeOk ? null : INVALID_IMAGE_TYPE;
}

/** Generated images and chat images are linked for an hour (core spec section 9). */
export const SIGNED_URL_SECONDS = 3600;
/** A link is never handed out within 5 minutes of its expiry. */
export const SIGNED_URL_REFRESH_SECONDS = 300;

export const uploadImageInput = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: INVALID_IMAGE_TYPE }),
  /** The file's name as the user knows it; shown by listImages / showImage. */
  name: safeText().trim().max(255).optional(),
  /**
   * Chat uploads: the brand's watermark goes on when it is enabled (core spec section 4); on any watermark
   * failure the original image is kept. Custom post images are marked later, by the generation.
   */
  applyWatermark: z.boolean().optional(),
  /**
   * A template's reference image is refused in the template form's words ('Invalid file: {filename}. Please
   * use images under 5MB.'); the checks themselves are the same.
   */
  purpose: z.enum(["image", "templateReference"]).optional(),
});
export type UploadImageInput = z.infer<typeof uploadImageInput>;
