import type { VideoContainer } from "../ports";

/** How many first bytes sniffVideoType reads (an EBML header names its DocType within them). */
export const VIDEO_HEAD_BYTES = 64;

export const videoMimeTypes = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
} as const satisfies Record<VideoContainer, string>;
export type VideoMimeType = (typeof videoMimeTypes)[VideoContainer];

export const videoExtensionFor: Record<VideoContainer, string> = { mp4: "mp4", mov: "mov", webm: "webm" };

const ascii = (bytes: Uint8Array, from: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** ISO BMFF brands of still images (HEIC, AVIF): an `ftyp` box, but no video. */
const IMAGE_BRANDS = new Set([
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);
/** Top-level QuickTime atoms an old .mov may begin with instead of `ftyp`. */
const QUICKTIME_FIRST_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip"]);

/**
 * The container a file really is, judged by its first bytes (never by its name or a browser's claim): an
 * ISO BMFF `ftyp` box (MP4, or MOV with the `qt  ` brand), a QuickTime file's first atom, or an EBML header
 * whose DocType is `webm`. Anything else (a text file renamed .mp4, an image, Matroska) is null. ffprobe,
 * forced to that container's demuxer, then decides whether it holds a video.
 */
export function sniffVideoType(head: Uint8Array): VideoContainer | null {
  if (head.length < 12) return null;
  const firstBox = ascii(head, 4, 4);
  if (firstBox === "ftyp") {
    const brand = ascii(head, 8, 4);
    if (IMAGE_BRANDS.has(brand)) return null;
    return brand === "qt  " ? "mov" : "mp4";
  }
  if (QUICKTIME_FIRST_ATOMS.has(firstBox)) return "mov";
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The DocType element (0x4282) names the flavour: "webm" (Matroska files are not taken).
    const text = ascii(head, 4, Math.min(head.length, VIDEO_HEAD_BYTES) - 4);
    const docType = text.indexOf("\u0042\u0082");
    if (docType >= 0 && text.slice(docType + 3, docType + 7) === "webm") return "webm";
  }
  return null;
}

/** The container of a stored video row, from the MIME type it was stored with. */
export function containerOfMimeType(mimeType: string): VideoContainer | null {
  for (const [container, type] of Object.entries(videoMimeTypes))
    if (type === mimeType) return container as VideoContainer;
  return null;
}
