import type { NetworkDescriptor } from "../channels/network-descriptor";
import { type FormatRule, findFormatRule } from "../channels/post-formats";
import type { Media } from "../db/schema";
import type { PostFormat } from "../db/schema/enums";
import { AppError } from "../errors";
import { mediaTypeOf } from "./post-media";

/** "A Facebook Reel", "An Instagram post". */
const an = (word: string, capital: boolean) =>
  `${capital ? "A" : "a"}${/^[AEIOU]/i.test(word) ? "n" : ""} ${word}`;

export const formatLabels: Record<PostFormat, string> = {
  feed: "post",
  carousel: "carousel",
  reel: "Reel",
  story: "Story",
};

export const formatUnsupported = (network: string, format: PostFormat) =>
  `${network} does not publish ${an(formatLabels[format], false)}.`;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Why these files do not fit the format on that network, item by item, or null when they do. `complete`:
 * the post is about to go out, so too few items is refused too (while editing, a carousel may still grow).
 */
export function explainMediaMisfit(
  descriptor: Pick<NetworkDescriptor, "label" | "formats">,
  format: PostFormat,
  files: readonly Pick<Media, "mimeType" | "durationMs" | "byteSize">[],
  options: { complete: boolean },
): string | null {
  const network = descriptor.label.replace(/ \(sandbox\)$/, "");
  const rule = findFormatRule(descriptor as NetworkDescriptor, format);
  if (!rule) return formatUnsupported(network, format);
  const what = formatLabels[format];
  if (files.length > rule.maxItems)
    return rule.maxItems === 1
      ? `${an(network, true)} ${what} carries one image or video; this one has ${files.length}.`
      : `${an(network, true)} ${what} carries at most ${rule.maxItems} items; this one has ${files.length}.`;
  if (options.complete && files.length < rule.minItems)
    return rule.minItems === 1
      ? `${an(network, true)} ${what} needs ${rule.images && rule.videos ? "an image or a video" : rule.videos ? "a video" : "an image"}.`
      : `${an(network, true)} ${what} needs at least ${rule.minItems} items; this one has ${files.length}.`;
  const types = new Set(files.map(mediaTypeOf));
  if (types.size > 1 && !rule.mixed) return `${an(network, true)} ${what} cannot mix images and videos.`;
  for (const [index, file] of files.entries()) {
    const problem = explainItemMisfit(rule, file, `${network} ${what}`);
    if (problem) return files.length > 1 ? `Item ${index + 1}: ${problem}` : problem;
  }
  return null;
}

function explainItemMisfit(
  rule: FormatRule,
  file: Pick<Media, "mimeType" | "durationMs" | "byteSize">,
  /** "Instagram Reel" */
  where: string,
): string | null {
  const type = mediaTypeOf(file);
  if (type === "image" && !rule.images) return `${an(where, false)} takes a video, not an image.`;
  if (type === "video" && !rule.videos) return `${an(where, false)} takes images, not a video.`;
  if (type !== "video") return null;
  const network = where.split(" ")[0];
  if (file.byteSize > rule.maxVideoBytes)
    return `the video is ${megabytes(file.byteSize)} MB; ${network} takes at most ${megabytes(rule.maxVideoBytes)} MB here.`;
  if (file.durationMs !== null && file.durationMs > rule.maxVideoSeconds * 1000)
    return `the video is ${seconds(file.durationMs)} s long; ${an(where, false)} is at most ${rule.maxVideoSeconds} s.`;
  if (file.durationMs !== null && file.durationMs < rule.minVideoSeconds * 1000)
    return `the video is ${seconds(file.durationMs)} s long; ${an(where, false)} is at least ${rule.minVideoSeconds} s.`;
  return null;
}

/** explainMediaMisfit as a refusal: format_unsupported or media_not_fitting, with its message. */
export function requireMediaFits(...args: Parameters<typeof explainMediaMisfit>): void {
  const problem = explainMediaMisfit(...args);
  if (!problem) return;
  const supported = findFormatRule(args[0] as NetworkDescriptor, args[1]) !== null;
  throw new AppError(supported ? "media_not_fitting" : "format_unsupported", problem);
}
