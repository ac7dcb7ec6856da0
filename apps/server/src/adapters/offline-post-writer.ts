import type { ContentTone, LanguageCode } from "@smm/domain/brands";
import type { PostWritingRequest, WritingNetwork, WrittenPost } from "@smm/domain/ports";
import { isMetaPlatform, type MetaPlatform } from "@smm/domain/posts";
import { type Brief, readBrief } from "./offline-brief";
import { hashText, pick } from "./offline-choice";
import { english, type Phrases, phrasesByLanguage, withBrand } from "./offline-phrases";
import {
  clampWords,
  hashtagTerms,
  isForeignTo,
  isFunctionWord,
  lowerFirst,
  shortAudience,
  stripEndPunctuation,
  toHashtag,
  toSentence,
  withArticle,
} from "./offline-text";

/*
 * The embedded offline model's post writer: deterministic rules over the brand profile and the user's
 * prompt, no network. The same inputs give the same post; it is labelled "Offline model" in the UI.
 * It honours the brand's tone, audience, key messages, language, platform and do-not-mention list. The post
 * prompt override and template prompts are instructions (offline-brief.ts): followed, never copied.
 */

export const offlineWriterLanguages = Object.keys(phrasesByLanguage) as LanguageCode[];

/** Takes "write a post about X" style requests down to X. */
export function extractTopic(prompt: string): string {
  // A prompt typed as a sentence ("Our autumn blend") reads mid-sentence in the caption; proper nouns keep
  // their capital, so only everyday opening words are lowered.
  return prompt
    .trim()
    .replace(
      /^(please\s+)?((write|create|generate|make|draft)\s+)?(me\s+)?(an?\s+)?((facebook|instagram|social(\s+media)?)\s+)?(post|caption)s?\s*/i,
      "",
    )
    .replace(/^(about|on|for|regarding)\s+/i, "")
    .replace(/[.!?]+$/, "")
    .trim()
    .replace(/^(Our|The|A|An|My|New|This|These|Your|Some)\b/, (word) => word.toLowerCase());
}

/** Case-insensitive, and also with spaces removed so "#SpecialtyCoffee" counts as "specialty coffee". */
function mentionsForbidden(text: string, forbidden: readonly string[]): boolean {
  const lower = text.toLowerCase();
  const squashed = lower.replace(/[\s#_-]+/g, "");
  return forbidden.some((term) => {
    const needle = term.trim().toLowerCase();
    return needle !== "" && (lower.includes(needle) || squashed.includes(needle.replace(/[\s#_-]+/g, "")));
  });
}

/** Caps on what the brand profile and the brief bring in, so no caption outgrows its platform. */
const MAX_TOPIC = 200;
const MAX_MESSAGE = 280;
const MAX_AUDIENCE = 160;
export const CAPTION_LIMITS = { instagram: 2200, facebook: 1000 } as const satisfies Record<
  MetaPlatform,
  number
>;

/** The spec's two networks as the writer knows them, for a request that carries no network's facts. */
const META_WRITING: Record<MetaPlatform, WritingNetwork> = {
  facebook: { label: "Facebook", maxLength: 63_206, habitHashtags: 3, voice: "feed", habits: "" },
  instagram: { label: "Instagram", maxLength: 2_200, habitHashtags: 8, voice: "visual", habits: "" },
};
/** Any other network without facts: a short feed post. */
const SHORT_FEED: WritingNetwork = { label: "", maxLength: 500, habitHashtags: 3, voice: "feed", habits: "" };

/**
 * How long the post may get, how many hashtags it carries, and whether it is a visual post (short lines, a
 * mark, a hashtag block): from the network's descriptor (its provider's folder), so a new network writes
 * its own way without touching the writer.
 */
function writingStyleOf(request: PostWritingRequest) {
  const network =
    request.network ?? (isMetaPlatform(request.platform) ? META_WRITING[request.platform] : SHORT_FEED);
  const visual = network.voice === "visual";
  // A feed post reads best short: at most 1,000 characters however much the network takes.
  const cap = visual ? network.maxLength : Math.min(network.maxLength, CAPTION_LIMITS.facebook);
  return { cap, hashtags: network.habitHashtags, visual, short: cap <= 500 };
}

/**
 * Writes a caption in one of a few structures a social media marketer uses: a hook, the topic as a headline,
 * the brand's key message, the audience, a call to action; Instagram in short lines with a hashtag block,
 * Facebook shorter, in one paragraph with a few tags. The user's words are placed where their capitals and
 * grammar stand on their own (headlines after a colon, whole sentences), never bent mid-sentence. What the
 * brief asks (a kind of post, tips, a closing question, a tone, a length, a call to action, emoji and
 * hashtags on or off) shapes the post; the brief's instructions themselves never appear in it.
 */
export function writePostOffline(request: PostWritingRequest): WrittenPost {
  const { brand, platform } = request;
  const style = writingStyleOf(request);
  const brief = readBrief(request.userPrompt, request.promptOverride, [
    brand.name,
    brand.industry,
    brand.targetAudience,
    brand.description,
    ...brand.keyMessages,
  ]);
  // "Write in French" in the override or a template is followed: the brief's language wins over the chosen one.
  const language = brief.language ?? request.language;
  const phrases = phrasesByLanguage[language] ?? english;
  // The five languages written in English offline are held to English for "one language per post".
  const postLanguage = phrasesByLanguage[language] ? language : "en";
  const tone = brief.tone ?? brand.tone;
  const topic = clampWords(extractTopic(brief.topic), MAX_TOPIC);
  // The seed of a plain prompt is what it always was, so the same prompt keeps its post.
  const raw = (request.promptOverride?.trim() || request.userPrompt?.trim()) ?? "";
  const seedText =
    request.promptOverride?.trim() && request.userPrompt?.trim() ? `${request.userPrompt}|${raw}` : raw;
  const seed = hashText([brand.name, seedText, platform, language, tone].join("|"));
  const forbidden = brand.doNotMention;
  const allowed = (text: string | null): text is string =>
    Boolean(text) && !mentionsForbidden(text as string, forbidden);
  // A profile phrase in another language than the post's is left out, never pasted mid-sentence.
  const fits = (text: string) => allowed(text) && !isForeignTo(text, postLanguage);
  const b = (text: string) => withBrand(text, brand.name);

  const kind = brief.kind && brief.kind !== "tips" ? phrases.kinds[brief.kind] : null;
  const topicLine = topic
    ? isForeignTo(topic, postLanguage)
      ? toSentence(topic)
      : writeHeadline(phrases, topic, brand.name, seed)
    : null;
  const headline = topicLine ?? (kind || brief.kind === "tips" ? null : phrases.defaultHeadline(brand.name));
  // A key message the brief already says is not repeated.
  const messages = brand.keyMessages
    .map((message) => stripEndPunctuation(message.trim()))
    .filter((message) => message !== "" && !topic.toLowerCase().includes(message.toLowerCase()))
    .filter(fits);
  const message = messages.length > 0 ? toSentence(clampWords(pick(messages, seed, 2), MAX_MESSAGE)) : null;
  const audienceText = shortAudience(clampWords(brand.targetAudience, MAX_AUDIENCE));
  const audience =
    audienceText && fits(audienceText)
      ? pick(phrases.audience, seed, 3)(phrases.keepsNounCapitals ? audienceText : lowerFirst(audienceText))
      : null;
  const hook = pick(phrases.hooks[tone], seed, 4);
  const signOff = allowed(brand.name) ? phrases.signOff(brand.name) : null;
  const end = writeEnding(
    phrases,
    brief,
    kind?.close ? b(kind.close) : null,
    style.visual ? "instagram" : "facebook",
    seed,
  );
  const closing = end.closing && b(end.closing);
  const cta = end.cta;

  // Kind and tips: the kind's opening, the user's topic, then the body the kind is written from.
  const body: string[] = [];
  if (kind) body.push(b(kind.lead), ...(topicLine ? [topicLine] : []), ...(kind.body ? [b(kind.body)] : []));
  else if (headline) body.push(headline);
  const list = brief.kind === "tips" ? writeTips(phrases, brief.items ?? 3, brand.name, seed, allowed) : [];
  if (list.length > 0 && kind === null && topicLine === null)
    body.unshift(b(phrases.tipsIntro(list.length, "{b}")));
  else if (list.length > 0) body.push(b(phrases.tipsIntro(list.length, "{b}")));

  const short = brief.length === "short";
  const long = brief.length === "long";
  const hashtags = brief.hashtags === false ? [] : chooseHashtags(brand, topic, style.hashtags, forbidden);
  // FNV's low bits follow the input's parity; a higher bit picks the structure.
  const hookFirst = !kind && list.length === 0 && !short && (long || ((seed >>> 16) & 1) === 0);
  // Instagram leads with the tone's mark; Facebook only when emoji were asked for.
  const mark =
    brief.emoji === false
      ? ""
      : brief.emoji
        ? TONE_MARKS[tone] || "✨ "
        : style.visual
          ? TONE_MARKS[tone]
          : "";
  // Emoji asked for: the hook carries the mark when it opens the post.
  const opening = hookFirst ? [brief.emoji ? `${mark}${hook}` : hook] : [];
  const [first, ...rest] = body;
  const lead = hookFirst || !first ? body : [`${mark}${first}`, ...rest];
  const extra = short ? [] : [message, style.visual || long ? audience : null];
  const ending = [cta, closing, closing ? null : signOff];

  let caption: string;
  if (style.short) {
    // A few hundred characters, tags included: the headline, then what ends the post (a question asked
    // for stays), then the key message, each only if it still fits whole; nothing is cut mid-sentence.
    const tagsLength = hashtags.length > 0 ? hashtags.join(" ").length + 2 : 0;
    caption = fitWhole(
      [
        [...opening, ...lead].filter(allowed).join(" "),
        list.join("\n"),
        closing ?? cta,
        short ? null : message,
      ],
      style.cap - tagsLength,
    );
  } else if (style.visual) {
    // Short lines with room around them, the tips as a numbered block, the tags in a block of their own.
    const lines = [...opening, ...lead, list.join("\n"), ...extra, ...ending];
    caption = lines.filter(allowed).join("\n\n");
  } else {
    // Facebook reads best short: one paragraph (the tips on lines of their own), the audience left to the
    // targeting unless a long post was asked for.
    const paragraph = [...opening, ...lead, ...(list.length ? [] : extra), ...(list.length ? [] : ending)];
    const after = list.length ? [...extra, ...ending].filter(allowed).join(" ") : "";
    caption = [paragraph.filter(allowed).join(" "), list.join("\n"), after].filter(Boolean).join("\n");
  }
  if (brief.emoji === false) caption = caption.replace(/\p{Extended_Pictographic}\uFE0F?\s?/gu, "").trim();
  if (!style.short) caption = clampWords(caption, style.cap - 300);
  if (hashtags.length > 0) caption += `\n\n${hashtags.join(" ")}`;

  const imagePrompt = [
    topic || brand.name,
    brand.industry &&
      !mentionsForbidden(brand.industry, forbidden) &&
      `for ${withArticle(brand.industry)} brand`,
    `${brand.imageStyle} style`,
    `brand colours ${brand.primaryColor}, ${brand.secondaryColor} and ${brand.accentColor}`,
  ]
    .filter(Boolean)
    .join(", ");

  return { caption, hashtags, imagePrompt };
}

/**
 * The parts in order of importance, each kept only if the post still fits `max` with it (the first is
 * clamped at a word if it alone is too long): a short network's post is never cut mid-sentence.
 */
function fitWhole(parts: (string | null)[], max: number): string {
  let text = "";
  for (const part of parts) {
    if (!part) continue;
    // The tips stay on lines of their own; everything else runs on as one paragraph.
    const joint = part.includes("\n") || text.includes("\n") ? "\n" : " ";
    const next = text === "" ? part : `${text}${joint}${part}`;
    if (next.length <= max) text = next;
    else if (text === "") text = clampWords(part, max);
  }
  return text;
}

/** The numbered tips: as many as asked, up to the ones the writer knows, in a stable order per post. */
function writeTips(
  phrases: Phrases,
  count: number,
  brand: string,
  seed: number,
  allowed: (text: string) => boolean,
): string[] {
  const start = seed % phrases.tips.length;
  // Rotated per post, and a tip naming a do-not-mention term (the brand's own name, say) left out.
  const tips = phrases.tips
    .map((_, index) => withBrand(phrases.tips[(start + index) % phrases.tips.length] ?? "", brand))
    .filter(allowed);
  return tips.slice(0, Math.max(count, 1)).map((tip, index) => `${index + 1}. ${tip}`);
}

/**
 * How the post ends: a call to action (the kind's own when it has one), and a closing question when the
 * brief asks for one, last, with no sign-off after it, so the post really ends with the question.
 */
function writeEnding(
  phrases: Phrases,
  brief: Brief,
  kindClose: string | null,
  platform: MetaPlatform,
  seed: number,
): { cta: string | null; closing: string | null } {
  const question =
    brief.kind === "question"
      ? phrases.askQuestion
      : brief.kind === "tips" && (brief.inviteToShare || brief.endWithQuestion)
        ? phrases.shareQuestion
        : pick(phrases.questions, seed, 6);
  const closing = brief.endWithQuestion || brief.inviteToShare ? question : null;
  // A kind's close that asks a question ("Got more questions? Ask us...") closes the post on its own.
  if (closing && kindClose && /[?？]/u.test(kindClose)) return { cta: null, closing: kindClose };
  const cta = kindClose ?? (closing && !brief.callToAction ? null : pick(phrases.cta[platform], seed, 5));
  return { cta, closing };
}

/** A topic that opens with a verb ("Meet the team", "Announcing ...") is a headline already. */
const OPENS_WITH_VERB =
  /^(?:announcing|introducing|meet|join|discover|celebrating|come|visit|try|get|save|don't|say|welcome|behind)\b/i;

/**
 * The topic as a headline: alone, or after a lead-in ("New at Sunny Scoops: ..."), where an opening article
 * or possessive is lowered ("our new flavour") and any other word keeps the capital the user gave it.
 */
function writeHeadline(phrases: Phrases, topic: string, brand: string, seed: number): string {
  const lead = pick(phrases.headlines, seed, 1);
  if (OPENS_WITH_VERB.test(topic)) return toSentence(topic);
  const first = topic.split(/\s+/)[0] ?? "";
  const inline = !phrases.keepsNounCapitals && isFunctionWord(first) ? lowerFirst(topic) : topic;
  return lead(inline, brand);
}

/** A mark before an Instagram headline, for the tones that use one. */
const TONE_MARKS: Record<ContentTone, string> = {
  professional: "",
  authoritative: "",
  casual: "👉 ",
  friendly: "✨ ",
  humorous: "😄 ",
};

/** The brand's tag, the industry's, then the topic's meaningful terms; none of them a banned term. */
function chooseHashtags(
  brand: PostWritingRequest["brand"],
  topic: string,
  count: number,
  forbidden: readonly string[],
): string[] {
  // Two-word terms ("morning routine") say more than single words, so they come first.
  const terms = hashtagTerms(topic).sort((a, b) => b.split(" ").length - a.split(" ").length);
  const sources = [brand.name, brand.industry, ...terms];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const source of sources) {
    const tag = toHashtag(source ?? "");
    if (tag === "" || seen.has(tag.toLowerCase()) || mentionsForbidden(tag, forbidden)) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.slice(0, count);
}
