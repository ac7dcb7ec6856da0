import { type ContentTone, languageNames } from "@smm/domain/brands";
import type { EnhanceContentRequest } from "@smm/domain/ports";
import { capitalizeFirst, lowerFirst, stripEndPunctuation, withArticle } from "./offline-text";

/**
 * The offline model's Enhance: deterministic rules that tidy the text and weave in what the brand profile
 * knows (industry, audience, tone, first key message). Same request, same answer; enhancing an enhanced text
 * changes nothing more, because every addition is skipped once the text already says it. Terms on the
 * brand's do-not-mention list never appear in the result, whether they came from the brand or the user.
 */
export function enhanceOffline(request: EnhanceContentRequest): string {
  const english = request.language === "en";
  const terms = request.brand.doNotMention;
  // Running text loses whole clauses that name a banned term; names and short statements lose the words.
  const wordLevel = ["brandName", "industry", "keyMessage"].includes(request.fieldName);
  const input = tidy(request.currentValue);
  const text = wordLevel ? removeTerms(input, terms) : removeClauses(input, terms);
  const result = (() => {
    switch (request.fieldName) {
      case "brandName":
      case "industry": {
        const line = stripEndPunctuation(text.replace(/\s+/g, " "));
        return english ? titleCase(line) : capitalizeFirst(line);
      }
      case "targetAudience":
        return english ? enhanceAudience(text, request) : asSentences(text);
      case "description":
        return english ? enhanceDescription(text, request) : asSentences(text);
      case "keyMessage":
        return english ? enhanceKeyMessage(text, request) : asSentences(text);
      case "captionPrompt":
      case "prompt_template":
        return enhancePostPrompt(text, request);
      case "image_prompt_template":
        return enhanceImagePrompt(text, request);
    }
  })();
  // The additions come from the brand profile, which may itself name a banned term.
  return capitalizeFirst(tidy(removeTerms(result, terms)));
}

/** What each tone promises, in words a reader would use. */
const toneValues: Record<ContentTone, { approach: string; audienceValue: string }> = {
  professional: { approach: "a reliable, expert approach", audienceValue: "quality and expertise" },
  casual: { approach: "a relaxed, down-to-earth approach", audienceValue: "an easy, no-fuss experience" },
  friendly: { approach: "a warm, welcoming approach", audienceValue: "a warm, personal touch" },
  humorous: { approach: "a fun, light-hearted approach", audienceValue: "content that makes them smile" },
  authoritative: { approach: "a confident, expert-led approach", audienceValue: "trusted, expert advice" },
};

function enhanceAudience(text: string, { brand }: EnhanceContentRequest): string {
  let out = capitalizeFirst(stripEndPunctuation(text));
  const industry = stripEndPunctuation(tidy(brand.industry));
  const hasWhoClause = /\bwho\b/i.test(out);
  if (industry && !mentions(out, industry))
    out += hasWhoClause
      ? `, with an interest in ${lowerFirst(industry)}`
      : ` interested in ${lowerFirst(industry)}`;
  if (!hasWhoClause) out += `, who value ${toneValues[brand.tone].audienceValue}`;
  return `${out}.`;
}

/**
 * Sentences an earlier Enhance wrote from the profile as it was then: the tone's approach and the audience.
 * They are rewritten from the profile as it is now, so a changed tone or audience replaces its sentence
 * instead of stacking a contradicting one ("We bring a reliable, expert approach... We bring a warm...").
 */
const WRITTEN_APPROACH = /^(?:As an? [^,.]+ brand, )?we bring an? [^.]+ approach to everything we do\.$/i;
const WRITTEN_AUDIENCE = /^Made for [^.]+\.$/;

function enhanceDescription(input: string, { brand }: EnhanceContentRequest): string {
  const isKeyMessage = (sentence: string) =>
    brand.keyMessages.some(
      (message) => message.trim() !== "" && asSentences(message).toLowerCase() === sentence.toLowerCase(),
    );
  const text = splitSentences(asSentences(input))
    .filter(
      (sentence) =>
        !WRITTEN_APPROACH.test(sentence) && !WRITTEN_AUDIENCE.test(sentence) && !isKeyMessage(sentence),
    )
    .join(" ");
  const sentences = [asSentences(text)].filter((sentence) => sentence !== "");
  const industry = stripEndPunctuation(tidy(brand.industry));
  const approach = toneValues[brand.tone].approach;
  if (!mentions(text, approach)) {
    sentences.push(
      industry && !mentions(text, industry)
        ? `As ${withArticle(lowerFirst(industry))} brand, we bring ${approach} to everything we do.`
        : `We bring ${approach} to everything we do.`,
    );
  }
  const audience = stripEndPunctuation(tidy(brand.targetAudience));
  if (audience && !mentions(text, audience)) sentences.push(`Made for ${lowerFirst(audience)}.`);
  const keyMessage = firstUsable(brand.keyMessages, brand.doNotMention);
  if (keyMessage && !mentions(text, stripEndPunctuation(keyMessage))) sentences.push(asSentences(keyMessage));
  return sentences.join(" ");
}

const fillers =
  /\b(?:really|very|just|basically|actually|quite|truly|literally|totally|simply|definitely|extremely)\s+/gi;
const hedges = /\b(?:i|we)\s+(?:think|believe|feel|guess)\s+(?:that\s+)?/gi;
const offerOpeners =
  /^(?:we|our (?:company|team|brand))\s+(?:offers?|provides?|sells?|makes?|delivers?|creates?)\s+/i;

/** A crisper benefit statement: filler and hedges out, the offer first, the audience named once. */
function enhanceKeyMessage(text: string, { brand }: EnhanceContentRequest): string {
  let core = text
    .replace(fillers, "")
    .replace(hedges, "")
    .replace(/\bin order to\b/gi, "to")
    .replace(/\b(?:is|are) able to\b/gi, "can")
    .replace(/\bmake sure\b/gi, "ensure")
    .replace(/\ba lot of\b/gi, "plenty of")
    .replace(/\bhigh quality\b/gi, "high-quality");
  core = stripEndPunctuation(tidy(core)).replace(offerOpeners, "");
  core = capitalizeFirst(core);
  const audience = stripEndPunctuation(tidy(brand.targetAudience));
  if (audience && !mentions(core, audience) && wordCount(core) <= 12 && !/\bfor\b/i.test(core)) {
    core += `, made for ${lowerFirst(audience)}`;
  }
  return `${core}.`;
}

/** The tone sentence an earlier Enhance added, replaced when the tone or audience has changed since. */
const WRITTEN_TONE = /^Write in an? \w+ tone(?: for [^.]+)?\.$/i;

function enhancePostPrompt(input: string, request: EnhanceContentRequest): string {
  const { brand } = request;
  const audience = stripEndPunctuation(tidy(brand.targetAudience));
  const toneSentence = audience
    ? `Write in ${withArticle(brand.tone)} tone for ${lowerFirst(audience)}.`
    : `Write in ${withArticle(brand.tone)} tone.`;
  // In place, so enhancing again keeps the order of the sentences.
  const text = splitSentences(asSentences(input))
    .map((sentence) => (WRITTEN_TONE.test(sentence) ? toneSentence : sentence))
    .filter((sentence, index, all) => sentence !== toneSentence || all.indexOf(sentence) === index)
    .join(" ");
  const parts = [asSentences(text)].filter((part) => part !== "");
  addOnce(parts, toneSentence, `${brand.tone} tone`);
  const industry = stripEndPunctuation(tidy(brand.industry));
  if (industry) addOnce(parts, `Keep it relevant to ${lowerFirst(industry)}.`, "keep it relevant to");
  const keyMessage = firstUsable(brand.keyMessages, brand.doNotMention);
  if (keyMessage) addOnce(parts, `Highlight: ${stripEndPunctuation(keyMessage)}.`, "highlight:");
  addOnce(parts, "End with a clear call to action.", "call to action");
  if (request.language !== "en") {
    const language = `Write in ${languageNames[request.language]}.`;
    addOnce(parts, language, language);
  }
  return parts.join(" ");
}

function enhanceImagePrompt(text: string, { brand }: EnhanceContentRequest): string {
  const parts = [asSentences(text)];
  addOnce(
    parts,
    `Use the brand colours ${brand.primaryColor}, ${brand.secondaryColor} and ${brand.accentColor}.`,
    "brand colours",
  );
  if (brand.imageStyle !== "custom") addOnce(parts, `${capitalizeFirst(brand.imageStyle)} style.`, " style.");
  addOnce(parts, "Clean composition with a clear focal point.", "focal point");
  return parts.join(" ");
}

// ---- text helpers ----

function addOnce(parts: string[], sentence: string, marker: string): void {
  if (!parts.some((part) => part.toLowerCase().includes(marker.toLowerCase()))) parts.push(sentence);
}

function firstUsable(entries: readonly string[], banned: readonly string[]): string | undefined {
  return entries.map(tidy).find((entry) => entry !== "" && !banned.some((term) => containsTerm(entry, term)));
}

/** Collapses whitespace, fixes spacing around punctuation and repeated marks, and the lone lowercase "i". */
export function tidy(value: string): string {
  return value
    .replace(/[ \t\f\v]+/g, " ")
    .replace(/ ?\r?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/([!?])\1+/g, "$1")
    .replace(/\.{2,}/g, ".")
    .replace(/,{2,}/g, ",")
    .replace(/([,;])(?=\p{L})/gu, "$1 ")
    .replace(/(^|\s)i(?=\s|'|$)/g, "$1I")
    .replace(/^[\s,;:.]+/, "")
    .replace(/[\s,;:]+$/, "")
    .trim();
}

const smallWords = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

function titleCase(value: string): string {
  return value
    .split(" ")
    .map((word, index) => {
      // Words the user already capitalised on purpose (iPhone, SaaS, B2B) are theirs.
      if (word !== word.toLowerCase()) return word;
      if (index > 0 && smallWords.has(word)) return word;
      return capitalizeFirst(word);
    })
    .join(" ");
}

function capitalizeSentences(value: string): string {
  return capitalizeFirst(value).replace(
    /([.!?]\s+)(\p{Ll})/gu,
    (_, end: string, letter: string) => end + letter.toUpperCase(),
  );
}

/** Capitalised sentences ending in a full stop (or the user's own ! or ?). */
function asSentences(value: string): string {
  const text = capitalizeSentences(tidy(value));
  if (text === "") return text;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Sentences of a text, each with its end mark. */
function splitSentences(value: string): string[] {
  return value.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== "");
}

function wordCount(value: string): number {
  return value.split(/\s+/).filter(Boolean).length;
}

function mentions(text: string, phrase: string): boolean {
  return phrase.trim() !== "" && text.toLowerCase().includes(phrase.trim().toLowerCase());
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function termPattern(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term.trim())}(?![\\p{L}\\p{N}])`, "giu");
}

function containsTerm(text: string, term: string): boolean {
  return term.trim() !== "" && termPattern(term).test(text);
}

/**
 * For running text: drops each clause (between commas or semicolons) that names a do-not-mention term, and
 * a sentence left with no clause, so "We roast coffee, better than X." becomes "We roast coffee." rather
 * than "We roast coffee, better than." Falls back to cutting the words when nothing would remain.
 */
export function removeClauses(text: string, terms: readonly string[]): string {
  const banned = terms.filter((term) => term.trim() !== "");
  if (banned.length === 0) return text;
  const hasTerm = (part: string) => banned.some((term) => containsTerm(part, term));
  const kept = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => {
      if (!hasTerm(sentence)) return sentence;
      const end = sentence.match(/[.!?]$/)?.[0] ?? "";
      const clauses = stripEndPunctuation(sentence)
        .split(/\s*[,;]\s*/)
        .filter((clause) => clause !== "" && !hasTerm(clause));
      return clauses.length === 0 ? "" : capitalizeFirst(clauses.join(", ")) + end;
    })
    .filter((sentence) => sentence !== "")
    .join(" ");
  return removeTerms(kept === "" ? text : kept, banned);
}

/** Cuts every do-not-mention term and repairs the punctuation the cut leaves behind. */
export function removeTerms(text: string, terms: readonly string[]): string {
  let out = text;
  for (const term of terms) {
    if (term.trim() === "") continue;
    out = out.replace(termPattern(term), "");
  }
  return out
    .replace(/\(\s*\)/g, "")
    .replace(/\b(and|or|with|for|of|to|in)\s*([,.;:!?])/gi, "$2")
    .replace(/,\s*,/g, ",")
    .replace(/[ \t]+/g, " ")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/([,;:])\s*([.!?])/g, "$2")
    .trim();
}
