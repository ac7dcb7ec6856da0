import type { NetworkView } from "@/lib/channels";
import type { LibraryItem, MediaCrop, PostFormat, PostMediaItem } from "@/lib/post-media";

/*
 * The composer's rules for a post's media, pure so they are tested on their own: the order (drag and
 * keyboard), the check against the network's declared format (the server's media_not_fitting, said before
 * anything is sent), alt text still missing, the crop inside the network's frame and a video's cover.
 */

export type FormatRule = NetworkView["formats"][number];

/** One item of the post being edited: the file, and what the user changed (alt text, cover, crop). */
export interface DraftItem {
  /** Null for an image at the user's own URL (older posts): shown, but not part of a new list. */
  mediaId: string | null;
  type: "image" | "video";
  url: string;
  thumbnailUrl: string;
  name: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  byteSize: number | null;
  /** The alt text as typed, and as the library holds it (a change is saved with the post). */
  altText: string;
  savedAltText: string;
  coverMs: number | null;
  crop: MediaCrop | null;
}

/** The id of an item's details (alt text, cover, crop) in the list under the row. */
export const detailsId = (item: Pick<DraftItem, "mediaId">, index: number) =>
  `media-details-${item.mediaId ?? `url-${index}`}`;

export const formatLabels: Record<PostFormat, string> = {
  feed: "Post",
  carousel: "Carousel",
  reel: "Reel",
  story: "Story",
};

/** How the rule's words name a format inside a sentence ("a Facebook carousel"). */
const formatWords: Record<PostFormat, string> = {
  feed: "post",
  carousel: "carousel",
  reel: "Reel",
  story: "Story",
};

const FORMAT_ORDER: PostFormat[] = ["feed", "carousel", "reel", "story"];

/** The formats a network declares, in the composer's order (Post, Carousel, Reel, Story). */
export function offeredFormats(network: Pick<NetworkView, "formats"> | null | undefined): FormatRule[] {
  if (!network) return [];
  return FORMAT_ORDER.flatMap((format) => network.formats.filter((rule) => rule.format === format));
}

export function ruleFor(network: Pick<NetworkView, "formats"> | null | undefined, format: PostFormat) {
  return network?.formats.find((rule) => rule.format === format) ?? null;
}

/** "Facebook (sandbox)" → "Facebook". */
export const networkName = (label: string) => label.replace(/ \(sandbox\)$/, "");

/** 14 s, 90 s, 15 min, 4 h: a limit in words. */
export function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}

/** 0:07, 1:30, 1:02:03: a video's length or a moment in it. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

function kindsOf(rule: FormatRule, plural: boolean): string {
  if (rule.images && rule.videos) return plural ? "images or videos" : "image or video";
  if (rule.videos) return plural ? "videos" : "video";
  return plural ? "images" : "image";
}

/** What a format takes, in one line: "2–10 images · 1:1", "1 video · 3–90 s · 9:16". */
export function formatLimits(rule: FormatRule): string {
  const parts: string[] = [];
  if (rule.maxItems === 1) parts.push(`1 ${kindsOf(rule, false)}`);
  else if (rule.minItems >= 2) parts.push(`${rule.minItems}–${rule.maxItems} ${kindsOf(rule, true)}`);
  else parts.push(`Up to ${rule.maxItems} ${kindsOf(rule, true)}`);
  if (rule.videos) {
    // "video" only where images go too: a Reel's "1 video · 3–90 s" needs no second word.
    const what = rule.images ? "video " : "";
    parts.push(
      rule.minVideoSeconds > 0
        ? `${what}${Math.round(rule.minVideoSeconds)}–${formatSeconds(rule.maxVideoSeconds)}`
        : `${what}up to ${formatSeconds(rule.maxVideoSeconds)}`,
    );
  }
  if (rule.preferredAspect !== "original") parts.push(rule.preferredAspect);
  return parts.join(" · ");
}

export interface FitProblem {
  kind:
    | "unsupported"
    | "too_many"
    | "mixed"
    | "image_not_taken"
    | "video_not_taken"
    | "video_too_large"
    | "video_too_long"
    | "video_too_short";
  message: string;
  /** The item (0-based) the problem is about, when it is one item's. */
  index?: number;
}

export interface FitCheck {
  /** What the server would refuse (media_not_fitting, format_unsupported): saving waits until they are fixed. */
  problems: FitProblem[];
  /** What is fine while editing but not for approval (a carousel of one). */
  notes: string[];
  /** A format of the network that takes these items when the chosen one takes too few or too many. */
  suggestion: PostFormat | null;
}

type FitItem = Pick<DraftItem, "type" | "durationMs" | "byteSize">;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

function itemProblem(rule: FormatRule, item: FitItem, where: string): Omit<FitProblem, "index"> | null {
  if (item.type === "image" && !rule.images)
    return { kind: "image_not_taken", message: `a ${where} takes a video, not an image.` };
  if (item.type === "video" && !rule.videos)
    return { kind: "video_not_taken", message: `a ${where} takes images, not a video.` };
  if (item.type !== "video") return null;
  if (item.byteSize !== null && item.byteSize > rule.maxVideoBytes)
    return {
      kind: "video_too_large",
      message: `the video is ${megabytes(item.byteSize)} MB; a ${where} takes at most ${megabytes(rule.maxVideoBytes)} MB.`,
    };
  if (item.durationMs !== null && item.durationMs > rule.maxVideoSeconds * 1000)
    return {
      kind: "video_too_long",
      message: `the video is ${seconds(item.durationMs)} s long; a ${where} is at most ${formatSeconds(rule.maxVideoSeconds)}.`,
    };
  if (item.durationMs !== null && item.durationMs < rule.minVideoSeconds * 1000)
    return {
      kind: "video_too_short",
      message: `the video is ${seconds(item.durationMs)} s long; a ${where} is at least ${formatSeconds(rule.minVideoSeconds)}.`,
    };
  return null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether these items fit a rule (no problem at all, too few included): for suggesting a format. */
function fitsRule(rule: FormatRule, items: readonly FitItem[]): boolean {
  if (items.length > rule.maxItems || items.length < Math.max(rule.minItems, 1)) return false;
  if (!rule.mixed && new Set(items.map((item) => item.type)).size > 1) return false;
  return items.every((item) => itemProblem(rule, item, "") === null);
}

/**
 * The network's declaration applied to the items in the browser, as the server applies it before saving
 * (setPostMedia's media_not_fitting): too many items, images and videos mixed, an item of a kind the
 * format does not take, a video too large, long or short. Too few items is only a note while editing.
 */
export function checkMediaFit(
  network: Pick<NetworkView, "label" | "formats"> | null | undefined,
  format: PostFormat,
  items: readonly FitItem[],
): FitCheck {
  if (!network) return { problems: [], notes: [], suggestion: null };
  const name = networkName(network.label);
  const rule = ruleFor(network, format);
  const suggest = () =>
    offeredFormats(network).find((other) => other.format !== format && fitsRule(other, items))?.format ??
    null;
  if (!rule)
    return {
      problems: [{ kind: "unsupported", message: `${name} does not publish a ${formatWords[format]}.` }],
      notes: [],
      suggestion: suggest(),
    };
  const where = `${name} ${formatWords[format]}`;
  const problems: FitProblem[] = [];
  const notes: string[] = [];
  if (items.length > rule.maxItems)
    problems.push({
      kind: "too_many",
      message:
        rule.maxItems === 1
          ? `A ${where} carries one ${kindsOf(rule, false)}; this one has ${items.length}.`
          : `A ${where} carries at most ${rule.maxItems} items; this one has ${items.length}.`,
    });
  if (items.length < rule.minItems)
    notes.push(
      rule.minItems === 1
        ? `A ${where} needs ${rule.images && rule.videos ? "an image or a video" : rule.videos ? "a video" : "an image"} before it can be approved.`
        : `A ${where} needs at least ${rule.minItems} items before it can be approved; this one has ${items.length}.`,
    );
  if (!rule.mixed && new Set(items.map((item) => item.type)).size > 1)
    problems.push({ kind: "mixed", message: `A ${where} cannot mix images and videos.` });
  for (const [index, item] of items.entries()) {
    const problem = itemProblem(rule, item, where);
    if (problem)
      problems.push({
        ...problem,
        index,
        message: items.length > 1 ? `Item ${index + 1}: ${problem.message}` : capitalise(problem.message),
      });
  }
  const offFit = problems.length > 0 || items.length < rule.minItems;
  return { problems, notes, suggestion: offFit ? suggest() : null };
}

// ---- order ----

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (items.length === 0) return [...items];
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** Alt+Arrow on a focused item: left/up one place earlier, right/down one later, Home/End to the ends. */
export function keyboardMoveTarget(
  key: string,
  index: number,
  count: number,
  altKey: boolean,
): number | null {
  if (key === "Home" && altKey) return 0;
  if (key === "End" && altKey) return count - 1;
  if (!altKey) return null;
  if (key === "ArrowLeft" || key === "ArrowUp") return index > 0 ? index - 1 : null;
  if (key === "ArrowRight" || key === "ArrowDown") return index < count - 1 ? index + 1 : null;
  return null;
}

// ---- alt text ----

/** Images (videos need none) whose alt text is still empty. */
export const imagesMissingAltText = (items: readonly Pick<DraftItem, "type" | "altText">[]) =>
  items.filter((item) => item.type === "image" && item.altText.trim() === "").length;

/** "2 images need alt text"; null when none does. */
export function altTextNeededLabel(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? "1 image needs alt text" : `${count} images need alt text`;
}

// ---- crop ----

/** "9:16" → 0.5625; "original" (or anything else) → null. */
export function parseAspect(label: string): number | null {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(label.trim());
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? width / height : null;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The centred part of an item (its width / height) that fills a frame of `frameAspect`: object-fit cover. */
export function centreCrop(itemAspect: number, frameAspect: number): MediaCrop {
  if (itemAspect > frameAspect) {
    const width = round(frameAspect / itemAspect);
    return { x: round((1 - width) / 2), y: 0, width, height: 1 };
  }
  const height = round(itemAspect / frameAspect);
  return { x: 0, y: round((1 - height) / 2), width: 1, height };
}

/** The crop shown: the saved one when it has the frame's shape, else the centred one. */
export function shownCrop(saved: MediaCrop | null, itemAspect: number, frameAspect: number): MediaCrop {
  if (saved && saved.height > 0) {
    const savedAspect = (saved.width * itemAspect) / saved.height;
    if (Math.abs(savedAspect - frameAspect) / frameAspect < 0.03) return saved;
  }
  return centreCrop(itemAspect, frameAspect);
}

/** The crop moved by fractions of the item, kept inside it. */
export function moveCrop(crop: MediaCrop, dx: number, dy: number): MediaCrop {
  return {
    ...crop,
    x: round(Math.max(0, Math.min(1 - crop.width, crop.x + dx))),
    y: round(Math.max(0, Math.min(1 - crop.height, crop.y + dy))),
  };
}

/**
 * A pointer drag of (dx, dy) pixels over a frame of (frameWidth, frameHeight) pixels, as the crop's move:
 * the picture follows the pointer, so the window over it moves the other way.
 */
export function dragToCropDelta(
  crop: MediaCrop,
  dx: number,
  dy: number,
  frameWidth: number,
  frameHeight: number,
): { dx: number; dy: number } {
  return {
    dx: frameWidth > 0 ? (-dx * crop.width) / frameWidth : 0,
    dy: frameHeight > 0 ? (-dy * crop.height) / frameHeight : 0,
  };
}

/** The CSS object-position that shows this crop of an item drawn with object-fit: cover. */
export function objectPosition(crop: MediaCrop): string {
  const x = crop.width < 1 ? (crop.x / (1 - crop.width)) * 100 : 50;
  const y = crop.height < 1 ? (crop.y / (1 - crop.height)) * 100 : 50;
  return `${round(x)}% ${round(y)}%`;
}

// ---- cover ----

/** Where a video's cover is taken when none was chosen: 1 s in, or the middle of a shorter video. */
export function defaultCoverMs(durationMs: number | null): number {
  if (!durationMs || durationMs <= 0) return 0;
  return durationMs > 2_000 ? 1_000 : Math.floor(durationMs / 2);
}

// ---- the draft against the post ----

export function fromPostMedia(item: PostMediaItem): DraftItem {
  return {
    mediaId: item.mediaId,
    type: item.type,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    name: item.name ?? (item.type === "video" ? "Video" : "Image"),
    mimeType: item.mimeType,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
    byteSize: item.byteSize,
    altText: item.altText ?? "",
    savedAltText: item.altText ?? "",
    coverMs: item.coverMs,
    crop: item.crop,
  };
}

export function fromLibraryItem(item: LibraryItem): DraftItem {
  return {
    mediaId: item.id,
    type: item.type,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    name: item.name,
    mimeType: item.mimeType,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
    byteSize: item.byteSize,
    altText: item.altText ?? "",
    savedAltText: item.altText ?? "",
    coverMs: null,
    crop: null,
  };
}

/** setPostMedia's `media`: the stored files in order, with a video's cover and a moved crop. */
export function toMediaInput(items: readonly DraftItem[]) {
  return items.flatMap((item) =>
    item.mediaId
      ? [
          {
            mediaId: item.mediaId,
            ...(item.type === "video" && item.coverMs !== null ? { coverMs: Math.round(item.coverMs) } : {}),
            ...(item.crop ? { crop: item.crop } : {}),
          },
        ]
      : [],
  );
}

const sameCrop = (a: MediaCrop | null, b: MediaCrop | null) =>
  a === b ||
  (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);

/** Whether the list (order, files, covers, crops) differs from the post's. */
export function mediaChanged(initial: readonly DraftItem[], draft: readonly DraftItem[]): boolean {
  if (initial.length !== draft.length) return true;
  return initial.some((before, index) => {
    const after = draft[index] as DraftItem;
    return (
      before.mediaId !== after.mediaId ||
      (before.coverMs ?? null) !== (after.coverMs ?? null) ||
      !sameCrop(before.crop, after.crop)
    );
  });
}

/** The stored images whose alt text was changed (saved on the file, for every post that uses it). */
export const altTextChanges = (items: readonly DraftItem[]) =>
  items.filter(
    (item): item is DraftItem & { mediaId: string } =>
      item.mediaId !== null && item.type === "image" && item.altText.trim() !== item.savedAltText.trim(),
  );

/** The first comment as typed, compared with the post's: undefined when unchanged, null to remove it. */
export function firstCommentChange(saved: string | null, typed: string): string | null | undefined {
  const next = typed.trim();
  if (next === (saved ?? "").trim()) return undefined;
  return next === "" ? null : next;
}
