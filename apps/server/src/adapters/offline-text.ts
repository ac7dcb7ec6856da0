/*
 * Small text rules the offline models share, so what they write reads like a person wrote it: articles that
 * agree with the next word's sound, sentence case, and hashtags made of meaningful words only.
 */

/** Words whose first letter is a vowel but whose sound is not ("a university", "a one-off", "a European"). */
const CONSONANT_SOUND = /^(?:uni|use|usu|uti|uro|eu|one|once|ubi)/i;
/** Words whose first letter is a consonant but whose sound is a vowel ("an hour", "an honest"). */
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;

/** "a" or "an" for the phrase that follows, by its first sound (letters of acronyms by their name). */
export function indefiniteArticle(phrase: string): "a" | "an" {
  const word = phrase.trim().split(/\s+/)[0] ?? "";
  if (word === "") return "a";
  // An acronym is read letter by letter: "an SEO agency", "a B2B brand".
  if (/^[A-Z0-9]{2,}\b/.test(word)) return /^[AEFHILMNORSX8]/.test(word) ? "an" : "a";
  if (VOWEL_SOUND.test(word)) return "an";
  if (CONSONANT_SOUND.test(word)) return "a";
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** The phrase with its indefinite article: "an ice cream shop", "a bakery". */
export const withArticle = (phrase: string) => `${indefiniteArticle(phrase)} ${phrase}`;

/** Raises the first letter, past opening marks ("¿", "«") but not past a number ("3 tips" stays). */
export function capitalizeFirst(value: string): string {
  return value.replace(
    /^([^\p{L}\p{N}\s]*)(\p{L})/u,
    (_, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
}

/**
 * Lowercases the first letter so the phrase reads mid-sentence, unless its first word looks like a name or
 * an acronym (Gen Z, SMEs, UK, New Yorkers): a capital inside the word, or a capitalised second word.
 */
export function lowerFirst(value: string): string {
  const words = value.split(" ");
  const first = words[0] ?? "";
  if (first.length > 1 && first.slice(1) !== first.slice(1).toLowerCase()) return value;
  if (words.length > 1 && /^\p{Lu}/u.test(words[1] ?? "")) return value;
  return value.charAt(0).toLowerCase() + value.slice(1);
}

export function stripEndPunctuation(value: string): string {
  return value.replace(/[\s.!?,;:…]+$/, "");
}

/** A capitalised sentence ending in a full stop, or in the writer's own ! or ?. */
export function toSentence(value: string): string {
  const text = capitalizeFirst(value.trim().replace(/\s+/g, " "));
  if (text === "") return text;
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** Cuts a phrase to at most `max` characters at a word boundary, so no word is broken. */
export function clampWords(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return stripEndPunctuation(lastSpace > max / 2 ? cut.slice(0, lastSpace) : value.slice(0, max));
}

/*
 * Words that never make a hashtag: function words of the seven languages the writer speaks, number words,
 * weekdays, request words ("write a post about") and vague filler.
 */
const NOT_HASHTAGS = new Set(
  [
    // English
    "a an the and or but nor so yet of for to in on at by with about from into over under after before",
    "our your my their his her its we us you they it this that these those is are was were be been am",
    "has have had do does did will would can could should may might must shall not no yes all any each",
    "every some more most much many few other such only own same than too very just also here there",
    "when where why how what which who whom whose again once new get got make made let lets",
    "post posts write create generate draft caption captions please something things thing stuff",
    "one two three four five six seven eight nine ten first second third half dozen",
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight week weeks day days",
    "now next last soon always never ever",
    // Words that say nothing on their own as a tag
    "back behind meet join discover announcing announce introducing introduce celebrating celebrate latest",
    "free best better great big small little good nice amazing awesome available open closed here's whats tips",
    "ways reasons things ideas guide look inside",
    // Spanish, Portuguese, Italian
    "el la los las un una unos unas y o de del al en con por para sin sobre que es son nuestro nuestra",
    "nuestros nuestras su sus mi mis este esta estos estas muy más o os um uma e do da dos das no na nos",
    "nas com por para sem sobre que é são nosso nossa nossos nossas seu sua il lo gli le uno e di dei",
    "durante desde entre hasta antes después",
    "degli delle nel nella con per su che è sono nostro nostra nostri nostre questo questa",
    // French
    "le la les un une des et ou de du au aux en avec pour par sur dans que qui est sont notre nos votre",
    "vos ce cette ces très plus pendant avant après chez sans sous entre depuis",
    // German
    "der die das den dem des ein eine einen einem einer und oder von zu im in mit für auf über aus bei",
    "ist sind unser unsere unseren euer eure ihr ihre dieser diese dieses sehr mehr während vor nach neu neue",
    // Dutch
    "de het een en of van voor naar in op met over uit bij is zijn onze ons jullie deze dit dat heel meer",
    "tijdens nieuw nieuwe",
  ]
    .join(" ")
    .split(" "),
);

/** Whether a word can stand in a hashtag: a real word of three letters or more, not filler or a number. */
export function isHashtagWord(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word) && !NOT_HASHTAGS.has(word.toLowerCase());
}

/** Whether a word is a function word (article, possessive, number, filler) of one of the seven languages. */
export const isFunctionWord = (word: string) => NOT_HASHTAGS.has(word.toLowerCase());

/** "#WaffleCones" from "waffle cones"; "" when nothing meaningful is left. */
export function toHashtag(phrase: string): string {
  // Letters keep their accents: #Bäckerei is the tag people use, #Backerei a misspelling.
  const words = phrase
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || !words.some(isHashtagWord)) return "";
  // Words capitalised inside on purpose (iPhone, SaaS) keep their shape.
  return `#${words.map((word) => (/\p{Lu}/u.test(word.slice(1)) ? word : capitalizeFirst(word))).join("")}`;
}

/**
 * The meaningful terms of a phrase, for hashtags: runs of content words between function words and
 * punctuation, each kept to its last two words, where English puts the noun a phrase is about ("Our free
 * website audit in December" gives "website audit", "December"). Elided articles (d', l') split off.
 */
export function hashtagTerms(phrase: string): string[] {
  const terms: string[] = [];
  let run: string[] = [];
  // Pairs are cut from the end of a run: "latte art weekend workshop" gives "latte art", "weekend workshop".
  const flushLastTwo = () => {
    const pairs: string[] = [];
    for (let end = run.length; end > 0; end -= 2)
      pairs.unshift(run.slice(Math.max(0, end - 2), end).join(" "));
    terms.push(...pairs);
    run = [];
  };
  for (const word of phrase.split(/[\s\-–—/,.;:!?()"“”«»'’]+/u)) {
    if (isHashtagWord(word)) run.push(word);
    else flushLastTwo();
  }
  flushLastTwo();
  return terms;
}

/*
 * One language per post: a profile phrase in another language than the post's ("families and tourists" in a
 * Spanish post) is left out rather than pasted mid-sentence. The phrase's language is told by its function
 * words, the only words a short phrase reliably has.
 */
const LANGUAGE_MARKERS: Record<string, ReadonlySet<string>> = {
  en: new Set(
    "the and of for with who that our your their to is are every from by at on as in until you we it all after than just only love loves value values want need".split(
      " ",
    ),
  ),
  es: new Set(
    "de en la al el los las y para con que nuestro nuestra nuestros cada del por sus una unos muy es son".split(
      " ",
    ),
  ),
  fr: new Set(
    "de la en à le les et pour avec qui que notre nos chaque du des au aux est sont une leur".split(" "),
  ),
  de: new Set(
    "in im der die das und für mit von jeden jede unser unsere aus den dem ist sind ein eine".split(" "),
  ),
  it: new Set(
    "di da la a in il gli e per con che ogni nostro nostra del della dei degli è sono una uno".split(" "),
  ),
  pt: new Set("de em no na o os as e para com que cada nosso nossa do da dos das é são uma um".split(" ")),
  nl: new Set("in de het en voor met van die elke onze is zijn een naar".split(" ")),
};

/**
 * Whether a phrase is in another language than `language` (one of the seven the writer writes): another
 * language has more of its function words than the post's language ("in" is German and English alike,
 * "until" only English), or it is written in another script.
 */
export function isForeignTo(phrase: string, language: string): boolean {
  const own = LANGUAGE_MARKERS[language];
  if (!own) return false;
  if (/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(phrase)) return true;
  const words = phrase
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const hits = (markers: ReadonlySet<string>) => words.filter((word) => markers.has(word)).length;
  const ownHits = hits(own);
  return Object.entries(LANGUAGE_MARKERS).some(
    ([code, markers]) => code !== language && hits(markers) > ownHits,
  );
}

/**
 * The audience as a reader would name it: the profile's head noun phrase ("families and tourists interested
 * in ice cream" from "Families and tourists interested in ice cream, who value a warm, personal touch"),
 * or null when even that is too long to say in passing.
 */
export function shortAudience(audience: string): string | null {
  let phrase = stripEndPunctuation(audience.trim()).split(/\s*[,;(]\s*|\s+[—–-]\s+/)[0] ?? "";
  const words = () => phrase.split(/\s+/).filter(Boolean).length;
  if (words() > 6)
    phrase =
      phrase.split(
        /\s+(?=(?:who|that|which|interested|looking|seeking|wanting|with|que|qui|die|der|che|cuja|welche)\s)/iu,
      )[0] ?? "";
  if (phrase === "" || words() > 8) return null;
  return phrase;
}
