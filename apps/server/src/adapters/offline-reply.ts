import type { ContentTone } from "@smm/domain/brands";
import { triageCommentOffline } from "@smm/domain/inbox";
import type { ReplyDraftRequest } from "@smm/domain/ports";
import { hashText, pick } from "./offline-choice";
import { englishReplyPhrases, type ReplyPhrases, replyPhrasesByLanguage } from "./offline-reply-phrases";
import { clampWords, stripEndPunctuation, toSentence } from "./offline-text";

/*
 * The offline model's replies to comments: deterministic rules, no network, labelled "Offline model" on
 * screen. A reply answers the comment's shape (thanks for praise, an apology and an offer to help for a
 * complaint, "Great question" and where to find the answer for a question), in the brand's tone, greeting
 * the author by first name, and follows plain instructions ("thank her and mention Friday", "say we open at
 * 8", "apologise", "offer a discount"). No sentence naming a do-not-mention topic survives, and the reply
 * fits the network's length.
 */

/** One sentence of the reply and how much it matters when the reply must be shortened. */
interface Line {
  text: string;
  /** Higher stays longer: what the user asked for outranks the writer's own courtesy lines. */
  weight: number;
}

/** The greeting's weight: it goes after the closing line when the reply must be shortened. */
const GREETING = 2;
/** What the instructions asked to say. */
const ASKED = 7;

/** Opening words of a statement that read as well lowercased after "Hello Anna,". */
const COMMON_OPENING =
  /^(?:we|we're|we'll|we'd|our|the|it|it's|you|you're|your|there|there's|could|don't|hope|wishing|this|that|a|an)\b/i;

/** What the user's instructions ask for, read clause by clause. */
export interface ReplyInstructions {
  thank: boolean;
  /** "thank her for the photo": what to thank for, in the reply's words. */
  thankFor: string | null;
  apologise: boolean;
  apologiseFor: string | null;
  /** Sentences the instructions want said, in order, already written. */
  says: string[];
  /** Whether a said sentence answers the comment (so no "send us a message" pointer is needed). */
  answers: boolean;
  tone: ContentTone | null;
  short: boolean;
  /** Terms the instructions say to leave out ("don't mention prices"). */
  avoid: string[];
}

const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
/** "Friday", "this weekend", "tomorrow", "next Tuesday", "on the 12th": when the commenter is expected. */
const TIME_PHRASE = new RegExp(
  `^(?:on\\s+)?(?:(?:this|next|on)\\s+)?(?:(?:${WEEKDAYS})s?|weekend|today|tonight|tomorrow|week|month|soon|the\\s+\\d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\w*\\s+\\d{1,2})(?:\\s+(?:morning|afternoon|evening|night))?$`,
  "i",
);
/** A verb or contraction: the phrase is a statement to make ("we open at 8"), not a thing to name. */
const HAS_VERB =
  /\b(?:is|are|was|were|will|won't|can|can't|have|has|had|open|opens|close|closes|start|starts|end|ends|do|does|did|get|gets|be|comes?|arrives?|runs?|returns?|back)\b|'(?:s|re|ll|ve|d)\b/i;
/** Words an instruction clause starts with; anything else continues the clause before it. */
const INSTRUCTION_START =
  /^(?:please\s+)?(?:thank|thanks|say|tell|let|mention|remind|note|point|add|include|apologi[sz]e|offer|invite|ask|wish|congratulate|recommend|suggest|explain|confirm|reassure|be|keep|make|use|sound|don't|do\s+not|never|avoid|no)\b/i;
/** Who the instruction speaks of: a pronoun or a name (capitalised, so these patterns are case-sensitive). */
const OBJECT = "(?:her|him|them|you|everyone|the\\s+customer|the\\s+author|\\p{Lu}\\p{Ll}+)";

const TONE_WORDS: [RegExp, ContentTone][] = [
  [/\b(?:funny|humou?rous|playful|witty|joke)\b/i, "humorous"],
  [/\b(?:formal|professional|polite)\b/i, "professional"],
  [/\b(?:casual|relaxed|chill|laid[- ]back)\b/i, "casual"],
  [/\b(?:friendly|warm|kind|nice)\b/i, "friendly"],
  [/\b(?:firm|authoritative|confident|expert)\b/i, "authoritative"],
];

/** The commenter as "you": "her order" becomes "your order", "she'll love it" becomes "you'll love it". */
export function toSecondPerson(text: string): string {
  return text
    .replace(/\b(?:she|he)\s+is\b/gi, "you are")
    .replace(/\b(?:she|he)\s+was\b/gi, "you were")
    .replace(/\b(?:she|he)\s+has\b/gi, "you have")
    .replace(/\b(?:she|he)'s\b/gi, "you're")
    .replace(/\b(?:she|he)'(ll|d)\b/gi, "you'$1")
    .replace(/\b(?:she|he)\b/gi, "you")
    .replace(
      /\b(?:his|her)(?=\s+(?!(?:and|or|for|to|at|on|in|with|about|that|if|when|know)\b)\p{L})/giu,
      "your",
    )
    .replace(/\b(?:him|her)\b/gi, "you")
    .replace(/\bhers\b/gi, "yours");
}

/** Splits "thank her and mention Friday, then say we open at 8" into its instructions. */
function splitClauses(instructions: string): string[] {
  // A full stop ends a clause only before a space ("at 8.30" stays whole).
  const pieces = instructions.split(/(\s*(?:[,;\n]|[.!?](?=\s|$)|\band\b|\bthen\b|\balso\b|\bplus\b)\s*)/i);
  const clauses: string[] = [];
  let current = "";
  for (let index = 0; index < pieces.length; index += 2) {
    const piece = (pieces[index] ?? "").trim();
    const separator = pieces[index - 1] ?? "";
    if (piece === "") continue;
    // "say we have waffles and pancakes" keeps its "and": only a new instruction verb, or a new sentence,
    // starts a clause.
    if (current === "" || INSTRUCTION_START.test(piece) || /[.!?\n]/.test(separator)) {
      if (current !== "") clauses.push(current);
      current = piece;
    } else current = `${current}${/[,;]/.test(separator) ? ", " : ` ${separator.trim()} `}${piece}`;
  }
  if (current !== "") clauses.push(current);
  return clauses.map((clause) => clause.replace(/^please\s+/i, "").trim());
}

/** A statement for the reply: "we open at 8" becomes "We open at 8." */
const statement = (text: string) => toSentence(toSecondPerson(stripEndPunctuation(text)));
const phrase = (text: string) => toSecondPerson(stripEndPunctuation(text.trim()));

/**
 * Reads the user's instructions: thanks and apologies (with what for), what to say or mention, offers,
 * invitations, questions to ask, a tone, "keep it short", topics to avoid. Clauses it cannot read are left
 * out rather than pasted into the reply.
 */
export function readReplyInstructions(
  instructions: string | undefined,
  phrases: ReplyPhrases,
): ReplyInstructions {
  const read: ReplyInstructions = {
    thank: false,
    thankFor: null,
    apologise: false,
    apologiseFor: null,
    says: [],
    answers: false,
    tone: null,
    short: false,
    avoid: [],
  };
  if (!instructions?.trim()) return read;
  const rules = instructionRules(read, phrases);
  for (const written of splitClauses(instructions)) {
    // The verb's capital is dropped so the case-sensitive patterns (names are capitalised) read it.
    const clause = written.charAt(0).toLowerCase() + written.slice(1);
    for (const [pattern, follow] of rules) {
      const match = clause.match(pattern);
      if (match) {
        follow(match, clause);
        break;
      }
    }
  }
  return read;
}

type InstructionRule = [RegExp, (match: RegExpMatchArray, clause: string) => void];

/** The instructions the writer understands, first match wins; each writes what it asks into `read`. */
function instructionRules(read: ReplyInstructions, phrases: ReplyPhrases): InstructionRule[] {
  const say = (text: string, answers = false) => {
    if (text.trim() === "") return;
    read.says.push(text);
    if (answers) read.answers = true;
  };
  const pattern = (source: string) => new RegExp(source, "u");
  return [
    [
      /^(?:don't|do\s+not|never|avoid|no)\s+(?:mention(?:ing)?|talk(?:ing)?\s+about|bring\s+up)?\s*(.+)$/i,
      (match) => {
        const term = stripEndPunctuation(match[1] ?? "").replace(/^(?:the|any|our)\s+/i, "");
        if (term && !/^emojis?$/i.test(term)) read.avoid.push(term);
      },
    ],
    [
      pattern(
        `^(?:say\\s+)?(?:thank(?:s|\\s+you)?|say\\s+thanks)(?:\\s+${OBJECT})?(?:\\s+(?:so\\s+much|a\\s+lot|warmly))?(?:\\s+for\\s+(.+))?$`,
      ),
      (match) => {
        read.thank = true;
        if (match[1]) read.thankFor = phrase(match[1]);
      },
    ],
    [
      pattern(
        `^(?:apologi[sz]e|say\\s+(?:sorry|we(?:'re|\\s+are)\\s+sorry))(?:\\s+to\\s+${OBJECT})?(?:\\s+(?:for|about)\\s+(.+))?$`,
      ),
      (match) => {
        read.apologise = true;
        if (match[1]) read.apologiseFor = phrase(match[1]);
      },
    ],
    [
      pattern(`^offer(?:\\s+${OBJECT}(?=\\s))?\\s+(.+)$`),
      (match) => {
        const what = match[1] ?? "";
        say(
          /^to\s+/i.test(what)
            ? phrases.offerTo(phrase(what.replace(/^to\s+/i, "")))
            : phrases.offer(phrase(what)),
        );
      },
    ],
    [
      pattern(
        `^(?:mention|remind(?:\\s+${OBJECT})?(?:\\s+(?:of|about))?|note|point\\s+out|add|include)\\s+(?:that\\s+)?(.+)$`,
      ),
      (match, clause) => {
        const what = stripEndPunctuation(match[1] ?? "");
        // "mention that we open at 8" and "mention we open at 8" are statements; "mention Friday" is a
        // time to meet; "mention our autumn blend" a thing not to miss.
        if (/\bthat\s/i.test(clause.slice(0, clause.length - what.length)) || HAS_VERB.test(what))
          say(statement(what), true);
        else if (TIME_PHRASE.test(what)) say(phrases.seeYou(withWeekdayPreposition(what, phrases)));
        else say(phrases.dontMiss(phrase(what)));
      },
    ],
    [
      pattern(
        `^(?:say|tell(?:\\s+${OBJECT})?|let\\s+${OBJECT}\\s+know|explain|confirm|reassure\\s+${OBJECT})\\s+(?:that\\s+)?(.+)$`,
      ),
      (match) => say(statement(match[1] ?? ""), true),
    ],
    [
      pattern(`^ask(?:\\s+${OBJECT})?\\s+(to|for)\\s+(.+)$`),
      (match) => {
        const what = phrase(match[2] ?? "");
        say(match[1] === "to" ? phrases.askTo(what) : phrases.askFor(what));
      },
    ],
    [
      pattern(`^invite(?:\\s+${OBJECT})?\\s+(?:to\\s+)?(.+)$`),
      (match) => say(phrases.invite(phrase(match[1] ?? ""))),
    ],
    [pattern(`^wish(?:\\s+${OBJECT})?\\s+(.+)$`), (match) => say(phrases.wish(phrase(match[1] ?? "")))],
    [
      pattern(`^congratulate(?:\\s+${OBJECT})?(?:\\s+on\\s+(.+))?$`),
      (match) => say(phrases.congratulate(match[1] ? phrase(match[1]) : null)),
    ],
    [/^(?:recommend|suggest)\s+(.+)$/i, (match) => say(phrases.recommend(phrase(match[1] ?? "")), true)],
    [
      /\b(?:short|brief|concise|one\s+line|few\s+words)\b/i,
      () => {
        read.short = true;
      },
    ],
    [
      /^(?:be|keep|make|sound|use)\b/i,
      (_, clause) => {
        const tone = TONE_WORDS.find(([words]) => words.test(clause));
        if (tone) read.tone = tone[1];
      },
    ],
    // "we open at 8" given as is: a statement to make.
    [
      /^(?:we|we're|we'll|our|it's|the|there)\b.*\b(?:is|are|was|will|open|opens|close|closes|have|has|can|be|back)\b|^(?:we|it|there)'(?:re|ll|s)\b/i,
      (_, clause) => say(statement(clause), true),
    ],
  ];
}

/** "Friday" as the reply's language says it, with its "on" where the language has one ("on Friday"). */
function withWeekdayPreposition(when: string, phrases: ReplyPhrases): string {
  const trimmed = when.trim().replace(/^on\s+/i, "");
  const weekday = new RegExp(`^(?:${WEEKDAYS})`, "i").test(trimmed);
  const translated = phrases.times[trimmed.toLowerCase()];
  const named =
    translated ??
    trimmed.replace(new RegExp(`\\b(${WEEKDAYS})\\b`, "gi"), (day) => {
      const lower = day.toLowerCase();
      return phrases.times[lower] ?? lower.charAt(0).toUpperCase() + lower.slice(1);
    });
  return weekday && phrases.onWeekday ? `${phrases.onWeekday} ${named}` : named;
}

/**
 * The author's first name, when their display name starts with one: "Anna Schmidt" gives "Anna"; a handle,
 * an emoji or a shop name ("bakery_fan_92", "@anna") gives none.
 */
export function firstNameOf(authorName: string | null): string | null {
  const first = authorName?.trim().split(/\s+/)[0] ?? "";
  if (!/^\p{Lu}[\p{Ll}'’-]{1,23}$/u.test(first)) return null;
  return first;
}

/** Case-insensitive, and also with spaces removed so "#SpecialtyCoffee" counts as "specialty coffee". */
function mentionsAny(text: string, terms: readonly string[]): boolean {
  const lower = text.toLowerCase();
  const squashed = lower.replace(/[\s#_-]+/g, "");
  return terms.some((term) => {
    const needle = term.trim().toLowerCase();
    return needle !== "" && (lower.includes(needle) || squashed.includes(needle.replace(/[\s#_-]+/g, "")));
  });
}

/**
 * The reply, in the brand's language where the offline writer has it (else English): a greeting with the
 * author's first name, the answer to the comment's shape unless the instructions already say it, what the
 * instructions ask for, and the tone's closing line. Lines naming a do-not-mention topic are dropped, and
 * the least important go first when the network's limit is near.
 */
export function draftReplyOffline(request: ReplyDraftRequest): string {
  const phrases = replyPhrasesByLanguage[request.language] ?? englishReplyPhrases;
  const asked = readReplyInstructions(request.instructions, phrases);
  const tone = asked.tone ?? request.brand.tone;
  const seed = hashText(
    [request.brand.name, request.comment.text, request.instructions ?? "", tone, request.language].join("|"),
  );
  const reading = triageCommentOffline(request.comment.text);
  const forbidden = [...request.brand.doNotMention, ...asked.avoid];

  const lines: Line[] = [];
  const add = (text: string | null | undefined, weight: number) => {
    if (text) lines.push({ text, weight });
  };
  // A complaint's apology comes first even when the user also asked to thank; praise is thanked once.
  const complaint = reading.sentiment === "negative";
  // A joke of a greeting ("Tom, you star!") does not open an apology.
  const greetingTone = complaint && tone === "humorous" ? "casual" : tone;
  add(phrases.greet[greetingTone](firstNameOf(request.comment.authorName)), GREETING);
  if (asked.apologise || complaint)
    add(
      asked.apologiseFor ? phrases.apologyFor(asked.apologiseFor) : pick(phrases.apology[tone], seed, 1),
      5,
    );
  if (asked.thank) {
    const thanks = reading.sentiment === "positive" ? phrases.thanks : phrases.thankYou;
    add(asked.thankFor ? phrases.thanksFor(asked.thankFor) : pick(thanks[tone], seed, 2), 6);
  } else if (reading.sentiment === "positive" && !complaint) add(pick(phrases.thanks[tone], seed, 2), 4);
  if (reading.question) add(pick(phrases.greatQuestion[tone], seed, 3), 3);
  else if (
    !complaint &&
    !asked.thank &&
    !asked.apologise &&
    reading.sentiment !== "positive" &&
    asked.says.length === 0
  )
    add(pick(phrases.acknowledge[tone], seed, 4), 4);
  for (const said of asked.says) add(said, ASKED);
  if (complaint) add(pick(phrases.help[tone], seed, 5), 4);
  else if (reading.question && !asked.answers) add(pick(phrases.pointer[tone], seed, 6), 3);
  if (!complaint && !asked.apologise && !asked.short && phrases.close[tone].length > 0) {
    const close = pick(phrases.close[tone], seed, 7);
    // "Hope to see you on Friday! Hope to see you soon!" says it twice: the asked line is enough.
    const opening = close.toLowerCase().split(/\s+/).slice(0, 2).join(" ");
    if (!lines.some((line) => line.text.toLowerCase().includes(opening))) add(close, 1);
  }

  const kept = lines.filter((line) => !mentionsAny(line.text, forbidden));
  const chosen = asked.short ? dropToShort(kept) : kept;
  return fitLines(chosen, request.maxLength);
}

/** "Keep it short": the greeting and what the user asked for, or the single most important line. */
function dropToShort(lines: Line[]): Line[] {
  const asked = lines.filter((line) => line.weight >= 5);
  const greeting = lines.find((line) => line.weight === GREETING);
  if (asked.length > 0) return greeting ? [greeting, ...asked] : asked;
  const best = [...lines].sort((a, b) => b.weight - a.weight)[0];
  return best ? (greeting && greeting !== best ? [greeting, best] : [best]) : [];
}

/**
 * The lines in order, the least important dropped until the reply fits `max`; a single line still too
 * long is cut at a word.
 */
function fitLines(lines: Line[], max: number): string {
  const kept = [...lines];
  const join = () => joinLines(kept);
  while (kept.length > 1 && join().length > max) {
    let lowest = 0;
    kept.forEach((line, index) => {
      // Among equals the later line goes first: the opening of a reply matters most.
      if (line.weight <= (kept[lowest]?.weight ?? 0)) lowest = index;
    });
    kept.splice(lowest, 1);
  }
  const text = join();
  return text.length > max ? clampWords(text, max) : text;
}

/**
 * One paragraph: a greeting ending in a comma ("Hello Anna,") runs on into the next line, lowercased when
 * its first word allows it; otherwise the greeting ends with "!" so no capital follows a comma.
 */
function joinLines(lines: Line[]): string {
  return lines
    .map((line, index) => {
      const previous = lines[index - 1];
      if (previous?.weight !== GREETING || !previous.text.endsWith(",")) return line.text;
      const lowerable = line.weight !== ASKED || COMMON_OPENING.test(line.text);
      return lowerable ? line.text.charAt(0).toLowerCase() + line.text.slice(1) : line.text;
    })
    .map((text, index) => {
      const line = lines[index];
      const next = lines[index + 1];
      const lowerable = next && (next.weight !== ASKED || COMMON_OPENING.test(next.text));
      return line?.weight === GREETING && text.endsWith(",") && !lowerable ? `${text.slice(0, -1)}!` : text;
    })
    .join(" ");
}
