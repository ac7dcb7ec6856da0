// How a network counts a post's text, without zod or drizzle: the composer's live counters (web) and the
// approval check (domain) count with the same function, so a version the counter shows as fitting is one the
// server accepts.

/**
 * - characters: UTF-16 code units, as JavaScript's length (Facebook, Instagram, Telegram, Discord, LinkedIn).
 * - graphemes: user-perceived characters (Bluesky: "300 graphemes"), with a UTF-8 byte cap beside it.
 * - mastodon: graphemes, every URL counting as `urlLength`, a remote mention `@user@domain` as `@user`.
 * - emoji-bytes: characters, each emoji counting as its UTF-8 bytes (Threads: "emojis count as their UTF-8
 *   byte length").
 */
export const textCountings = ["characters", "graphemes", "mastodon", "emoji-bytes"] as const;
export type TextCounting = (typeof textCountings)[number];

export interface TextLimit {
  maxLength: number;
  counting: TextCounting;
  /** A second cap in UTF-8 bytes (Bluesky's 3,000). */
  maxBytes?: number | undefined;
  /** What one link counts for (Mastodon: 23, whatever its length). */
  urlLength?: number | undefined;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/giu;
const REMOTE_MENTION = /(^|[^\p{L}\p{N}_])@([a-z0-9_]+(?:[a-z0-9_.-]+[a-z0-9_]+)?)@[a-z0-9.-]+\.[a-z]{2,}/giu;

let segmenter: Intl.Segmenter | null = null;

export function countGraphemes(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** Characters, each emoji (a whole grapheme: with its modifiers and joiners) as its UTF-8 bytes. */
function countWithEmojiBytes(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let length = 0;
  for (const { segment } of segmenter.segment(text))
    length += EMOJI.test(segment) ? utf8Length(segment) : segment.length;
  return length;
}

/** The text's length the network's way. */
export function countText(text: string, limit: Pick<TextLimit, "counting" | "urlLength">): number {
  if (limit.counting === "characters") return text.length;
  if (limit.counting === "graphemes") return countGraphemes(text);
  if (limit.counting === "emoji-bytes") return countWithEmojiBytes(text);
  const urlLength = limit.urlLength ?? 23;
  let links = 0;
  const withoutLinks = text.replace(URL_PATTERN, () => {
    links += 1;
    return "";
  });
  const local = withoutLinks.replace(
    REMOTE_MENTION,
    (_match, before: string, user: string) => `${before}@${user}`,
  );
  return countGraphemes(local) + links * urlLength;
}

export interface TextFit {
  count: number;
  max: number;
  /** Over the length or the byte cap. */
  over: boolean;
}

export function fitText(text: string, limit: TextLimit): TextFit {
  const count = countText(text, limit);
  const overBytes = limit.maxBytes !== undefined && utf8Length(text) > limit.maxBytes;
  return { count, max: limit.maxLength, over: count > limit.maxLength || overBytes };
}
