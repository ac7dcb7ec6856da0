import { safeText } from "../text";

/**
 * Image links a caller may give (a post's image, a brand's logo): a web address (http or https only: no
 * `javascript:`, `data:`, `file:` and the like, which a browser would run or read locally), or a link to one
 * of our own stored images. Ours look like `/api/media/{id}/file?expires=...&signature=...` (relative, or on
 * the app's public address); whose image it is, the use case checks against the caller's media.
 *
 * Pure zod and string work: the web bundle imports this with the forms' schemas.
 */

export const MAX_IMAGE_LINK_LENGTH = 2048;

/** Our stored files' path (the media route's `/:id/file`); case and doubled slashes tolerated. */
const mediaFilePath = /^\/api\/media\/([^/]+)\/file\/?$/i;
const RELATIVE_BASE = "http://relative.invalid";

const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The media id a link to one of our stored files names, or null for any other link. Read the way the
 * router reads it (the URL parser's normalisation, percent-decoding), so no spelling of our own link passes
 * as a foreign one. A foreign site with the same path is taken for ours too: refusing it costs little.
 */
export function mediaIdOfLink(link: string): string | null {
  const trimmed = link.trim();
  if (!URL.canParse(trimmed, RELATIVE_BASE)) return null;
  const pathname = new URL(trimmed, RELATIVE_BASE).pathname.replace(/\/{2,}/g, "/");
  const match = mediaFilePath.exec(pathname);
  return match?.[1] ? decodeSegment(match[1]) : null;
}

/** An absolute http(s) address, or a link (relative or absolute) to one of our stored files. */
export function isImageLink(link: string): boolean {
  const trimmed = link.trim();
  // A relative link is ours or nothing; "//host/..." names another host without saying http or https.
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return mediaIdOfLink(trimmed) !== null;
  if (!URL.canParse(trimmed)) return false;
  const { protocol, hostname } = new URL(trimmed);
  return (protocol === "http:" || protocol === "https:") && hostname !== "";
}

/** The schema of an image-link field, with the field's own messages. */
export const imageLinkSchema = (message: string, label = "Image link") =>
  safeText({ error: message })
    .trim()
    .max(MAX_IMAGE_LINK_LENGTH, `${label} must be at most ${MAX_IMAGE_LINK_LENGTH} characters`)
    .refine(isImageLink, { message });
