import type { AltTextRequest } from "@smm/domain/ports";
import { type ImageMeasurements, measureImage } from "./offline-caption";
import { capitalizeFirst, clampWords, stripEndPunctuation } from "./offline-text";

/*
 * The offline model's alt text: no vision model, so it says what it can measure in the pixels (orientation,
 * dominant colours, light) and what the post says the image is about (the first sentence of its text, or a
 * file name that reads as words). Deterministic, English, labelled "Offline model" on the screens.
 */

/** The library's limit for alt text; the offline drafts stay far below it. */
export const OFFLINE_ALT_TEXT_MAX = 1_000;
/** The part taken from the post's text: one sentence, cut at a word when it runs on. */
const SUBJECT_MAX = 200;

const WARM = new Set(["red", "deep red", "orange", "brown", "golden", "pink"]);
const COOL = new Set(["blue", "deep blue", "teal", "green", "purple"]);

/** "in warm orange and brown tones", "in black and white tones", "in many colours". */
function colourPhrase(colours: readonly string[]): string {
  if (colours.length === 0) return "in many colours";
  const warmth = colours.every((c) => WARM.has(c))
    ? "warm "
    : colours.every((c) => COOL.has(c))
      ? "cool "
      : "";
  return `in ${warmth}${colours.join(" and ")} tones`;
}

/** "bright and colourful", "dark and muted", "softly lit". */
function lightPhrase(m: ImageMeasurements): string {
  const light = m.brightness < 80 ? "dark" : m.brightness > 175 ? "bright" : null;
  const colour = m.saturation > 0.45 ? "colourful" : m.saturation < 0.12 ? "muted" : null;
  const words = [light, colour].filter((word): word is string => word !== null);
  return words.length > 0 ? words.join(" and ") : "softly lit";
}

const orientationOf = (width: number | null, height: number | null) => {
  if (!width || !height) return null;
  const ratio = width / height;
  return ratio > 1.15 ? "landscape" : ratio < 0.87 ? "portrait" : "square";
};

/** A line's closing run of hashtags and mentions (a tag block), and the marks of those left inside it. */
const TRAILING_TAGS = /(?:(?:^|\s+)[#@][\p{L}\p{N}_]+)+\s*$/u;
const INLINE_TAG_MARK = /(^|\s)[#@](?=[\p{L}\p{N}_])/gu;

/**
 * The post's first sentence that has words: links, emojis and tag blocks dropped, a tag inside the sentence
 * read as its word ("our #autumn blend" -> "our autumn blend").
 */
export function firstSentence(text: string): string {
  const line =
    text
      .replace(/https?:\/\/\S+/g, " ")
      .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, "")
      .split("\n")
      .map((part) =>
        part
          .replace(TRAILING_TAGS, "")
          .replace(INLINE_TAG_MARK, "$1")
          .replace(/\s+/g, " ")
          // What an emoji or a link left before the punctuation ("here 🍂!" -> "here!").
          .replace(/ (?=[.!?,;:…])/g, "")
          .trim(),
      )
      .find((part) => /\p{L}/u.test(part)) ?? "";
  const sentence = (line.match(/^.*?[.!?…](?=\s|$)/u)?.[0] ?? line).trim();
  if (sentence.length <= SUBJECT_MAX) return sentence;
  return `${clampWords(sentence, SUBJECT_MAX)}…`;
}

/** Words a camera or a tool names files with, which say nothing about the picture. */
const NAMELESS = new Set([
  "img",
  "image",
  "dsc",
  "dscn",
  "dcim",
  "pxl",
  "photo",
  "pic",
  "screenshot",
  "screen",
  "shot",
  "untitled",
  "copy",
  "final",
  "edit",
  "post",
  "generated",
  "file",
  "scan",
  "whatsapp",
]);

/** A file name that reads as words ("croissants-on-a-tray.jpg" -> "croissants on a tray"), else "". */
export function subjectOfName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .split(/[\s_.-]+/)
    .filter((word) => /^\p{L}+$/u.test(word));
  const meaningful = words.filter((word) => !NAMELESS.has(word.toLowerCase()));
  if (!meaningful.some((word) => word.length >= 3)) return "";
  return clampWords(meaningful.join(" "), SUBJECT_MAX);
}

/** The alt text from the measurements (null when the image could not be read) and the request. */
export function writeAltTextOffline(request: AltTextRequest, m: ImageMeasurements | null): string {
  const orientation = m?.orientation ?? orientationOf(request.image.width, request.image.height);
  const shape = orientation ? `${orientation} photo` : "photo";
  const looks = m ? ` ${colourPhrase(m.colours)}, ${lightPhrase(m)},` : "";
  const brandName = request.brand.name.trim();
  const description = `A ${shape}${looks}${brandName ? ` for ${brandName}` : ""}`.replace(/,$/, "");
  const subject = capitalizeFirst(
    (request.caption ? firstSentence(request.caption) : "") || subjectOfName(request.name ?? ""),
  );
  const text = subject
    ? `${description}: ${/[.!?…]$/.test(subject) ? subject : `${stripEndPunctuation(subject)}.`}`
    : `${description}.`;
  return capitalizeFirst(clampWords(text, OFFLINE_ALT_TEXT_MAX));
}

/** The offline model's writeAltText: measure (when the bytes can be read), then write. Never empty. */
export async function writeAltTextOfflineFromImage(request: AltTextRequest): Promise<string> {
  const measured = await measureImage(request.image.bytes).catch(() => null);
  return writeAltTextOffline(request, measured);
}
