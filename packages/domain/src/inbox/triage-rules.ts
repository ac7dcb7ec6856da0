import type { CommentTriage } from "../ports";

/*
 * The offline model's reading of a comment (labelled "offline" on screen): a small English lexicon with
 * negation, question rules and spam hints. Pure and deterministic, so the same comment always reads the same;
 * the AI provider's reading replaces it when one is configured.
 */

const POSITIVE = new Set([
  "love",
  "loved",
  "loving",
  "lovely",
  "great",
  "good",
  "nice",
  "amazing",
  "awesome",
  "excellent",
  "fantastic",
  "perfect",
  "beautiful",
  "delicious",
  "yummy",
  "best",
  "wonderful",
  "brilliant",
  "cool",
  "thanks",
  "thank",
  "happy",
  "glad",
  "enjoy",
  "enjoyed",
  "favourite",
  "favorite",
  "recommend",
  "recommended",
  "superb",
  "tasty",
  "gorgeous",
  "congrats",
  "congratulations",
  "wow",
  "yay",
  "impressed",
  "helpful",
  "friendly",
]);

const NEGATIVE = new Set([
  "bad",
  "awful",
  "terrible",
  "horrible",
  "worst",
  "hate",
  "hated",
  "disappointed",
  "disappointing",
  "disgusting",
  "rude",
  "stale",
  "broken",
  "late",
  "refund",
  "scam",
  "poor",
  "sad",
  "angry",
  "annoyed",
  "annoying",
  "overpriced",
  "expensive",
  "dirty",
  "slow",
  "wrong",
  "problem",
  "issue",
  "complaint",
  "unacceptable",
  "useless",
  "gross",
  "sucks",
  "waste",
  "missing",
  "ugh",
]);

const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "dont",
  "don't",
  "didnt",
  "didn't",
  "isnt",
  "isn't",
  "wasnt",
  "wasn't",
  "aint",
  "ain't",
  "cant",
  "can't",
  "won't",
  "wont",
  "hardly",
]);

const INTENSIFIERS = new Set(["very", "so", "too", "that", "really", "at", "all", "quite", "exactly"]);

const POSITIVE_EMOJI = /[😀😃😄😁😊😍🥰😘🤩👍👏🙌💯🎉❤💕💖💗🔥✨😋🤤]/u;
const NEGATIVE_EMOJI = /[😠😡🤬😞😢😭👎💩🤮😤😒🙄]/u;

const WH_START =
  /^(who|what|when|where|why|how|which|whose|can you|could you|would you|will you|do you|does|did you|are you|is there|is it|are there|any chance|how much|how many)\b/i;

/** A link: an address, "www.", or a bare domain with a common top-level domain. */
export const LINK_PATTERN =
  /(https?:\/\/\S+|\bwww\.\S+|\b[a-z0-9][a-z0-9-]*\.(com|net|org|io|co|me|ly|app|shop|store|xyz|info|biz|link|site|online|top|club|live|tv|gg|ru|cn|click|pro)\b)/i;

const PROMO =
  /\b(dm me|dm us|message me|follow me|follow back|check my (profile|page|bio)|link in (my )?bio|promo|promotion|discount code|free followers|earn \$?\d+|make money|crypto|giveaway winner|click here|whatsapp)\b/i;

/** Words of a comment, lower case, apostrophes kept ("don't"), other marks dropped. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

/** Whether the comment asks something: a question mark, or a sentence opening like a question. */
export function isQuestion(text: string): boolean {
  if (text.includes("?")) return true;
  return text
    .split(/[.!\n]+/)
    .map((sentence) => sentence.trim())
    .some((sentence) => WH_START.test(sentence));
}

/** Positive minus negative words (a negation just before a word flips it), plus emoji. */
function sentimentScore(text: string): number {
  const words = wordsOf(text);
  let score = 0;
  words.forEach((word, index) => {
    const polarity = POSITIVE.has(word) ? 1 : NEGATIVE.has(word) && !NEGATIONS.has(word) ? -1 : 0;
    if (polarity === 0) return;
    const previous = words[index - 1] ?? "";
    // "not good", "not very good": a negation reaches the next word, over one intensifier.
    const negated =
      NEGATIONS.has(previous) || (INTENSIFIERS.has(previous) && NEGATIONS.has(words[index - 2] ?? ""));
    score += negated ? -polarity : polarity;
  });
  if (POSITIVE_EMOJI.test(text)) score += 1;
  if (NEGATIVE_EMOJI.test(text)) score -= 1;
  return score;
}

/**
 * Spam hints the offline model can see: selling and bait phrases, or a comment that is little more than a
 * link. A plain link from a regular is not spam here; the domain adds its own checks (a link from an
 * account that never wrote before, the same text repeated).
 */
function looksLikeSpam(text: string): boolean {
  if (PROMO.test(text)) return true;
  if (!LINK_PATTERN.test(text)) return false;
  const rest = wordsOf(text.replace(new RegExp(LINK_PATTERN.source, "gi"), " "));
  return rest.length <= 3;
}

/** The offline reading of one comment: sentiment, whether it asks something, spam hint. */
export function triageCommentOffline(text: string): CommentTriage {
  const score = sentimentScore(text);
  return {
    sentiment: score > 0 ? "positive" : score < 0 ? "negative" : "neutral",
    question: isQuestion(text),
    spam: looksLikeSpam(text),
  };
}
