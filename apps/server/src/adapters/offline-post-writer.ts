import type { ContentTone, LanguageCode } from "@smm/domain/brands/constants";
import type { PostWritingRequest, WrittenPost } from "@smm/domain/ports";
import {
  clampWords,
  hashtagTerms,
  isFunctionWord,
  lowerFirst,
  stripEndPunctuation,
  toHashtag,
  toSentence,
  withArticle,
} from "./offline-text";

/*
 * The embedded offline model's post writer: deterministic rules over the brand profile and the user's
 * prompt, no network. The same inputs give the same post; it is labelled "Offline model" in the UI.
 * It honours the brand's tone, audience, key messages, language, platform and do-not-mention list, and
 * the post prompt override (treated as the brief when present).
 */

/** FNV-1a: a small, stable hash so the writer's choices are deterministic. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pick<T>(items: readonly T[], seed: number, salt: number): T {
  return items[(seed + salt * 2654435761) % items.length] as T;
}

interface Phrases {
  /** Opening lines by tone; standalone sentences, so no user text is bent to fit them. */
  hooks: Record<ContentTone, readonly string[]>;
  /** The topic as a headline: alone (first letter raised) or after a colon, as the user wrote it. */
  headlines: readonly ((topic: string, brand: string) => string)[];
  /** The audience named once; `lowerFirst` is applied for languages that lowercase common nouns. */
  audience: readonly ((audience: string) => string)[];
  signOff: (brand: string) => string;
  cta: Record<"facebook" | "instagram", readonly string[]>;
  /** The headline when the user gave no brief. */
  defaultHeadline: (brand: string) => string;
  /** German capitalises nouns: an audience keeps its first capital mid-sentence. */
  keepsNounCapitals?: boolean;
}

const english: Phrases = {
  hooks: {
    professional: [
      "Here is what matters this week.",
      "A quick update worth your time.",
      "Quality is in the details.",
    ],
    casual: ["Okay, this one's good.", "Real talk for a second.", "Guess what we've been up to?"],
    friendly: ["Hello, friends!", "We've got something lovely to share.", "Happy to see you here!"],
    humorous: [
      "Warning: may cause sudden happiness.",
      "Plot twist: it gets better.",
      "Not to brag, but we're excited.",
    ],
    authoritative: [
      "The facts are clear.",
      "Here is what the experts know.",
      "Set the standard, don't follow it.",
    ],
  },
  headlines: [
    (topic) => toSentence(topic),
    (topic, brand) => toSentence(`New at ${brand}: ${topic}`),
    (topic) => toSentence(`On our minds this week: ${topic}`),
  ],
  audience: [
    (audience) => `Perfect for ${audience}.`,
    (audience) => `Made with ${audience} in mind.`,
    (audience) => `Just right for ${audience}.`,
  ],
  signOff: (brand) => `— The ${brand} team`,
  cta: {
    facebook: [
      "Tell us what you think in the comments.",
      "Share this with someone who needs it.",
      "Visit our page to learn more.",
    ],
    instagram: ["Double tap if you agree.", "Save this for later.", "Tag a friend who'd love this."],
  },
  defaultHeadline: (brand) => `Why people choose ${brand}.`,
};

const spanish: Phrases = {
  hooks: {
    professional: ["Esto es lo importante esta semana.", "Una novedad que merece su tiempo."],
    casual: ["Vale, esto está muy bien.", "¿Adivina en qué hemos estado?"],
    friendly: ["¡Hola, amigos!", "Tenemos algo bonito que compartir."],
    humorous: ["Aviso: puede causar felicidad repentina.", "Giro inesperado: mejora aún más."],
    authoritative: ["Los datos son claros.", "Marque el estándar, no lo siga."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novedad en ${brand}: ${topic}`)],
  audience: [(audience) => `Pensado para ${audience}.`, (audience) => `Hecho para ${audience}.`],
  signOff: (brand) => `— El equipo de ${brand}`,
  cta: {
    facebook: ["Cuéntanos qué opinas en los comentarios.", "Compártelo con quien lo necesite."],
    instagram: ["Doble toque si estás de acuerdo.", "Guárdalo para después."],
  },
  defaultHeadline: (brand) => `Por qué la gente elige ${brand}.`,
};

const french: Phrases = {
  hooks: {
    professional: ["Voici ce qui compte cette semaine.", "Une nouveauté qui mérite votre attention."],
    casual: ["Bon, celle-ci est top.", "Devinez ce qu'on prépare ?"],
    friendly: ["Bonjour à tous !", "On a quelque chose de beau à partager."],
    humorous: ["Attention : peut provoquer un bonheur soudain.", "Rebondissement : c'est encore mieux."],
    authoritative: ["Les faits sont clairs.", "Fixez la norme, ne la suivez pas."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Nouveau chez ${brand} : ${topic}`)],
  audience: [(audience) => `Pensé pour ${audience}.`, (audience) => `Conçu pour ${audience}.`],
  signOff: (brand) => `— L'équipe ${brand}`,
  cta: {
    facebook: [
      "Dites-nous ce que vous en pensez en commentaire.",
      "Partagez-le avec quelqu'un qui en a besoin.",
    ],
    instagram: ["Double-tapez si vous êtes d'accord.", "Enregistrez-le pour plus tard."],
  },
  defaultHeadline: (brand) => `Pourquoi choisir ${brand}.`,
};

const german: Phrases = {
  hooks: {
    professional: ["Das zählt diese Woche.", "Ein Update, das sich lohnt."],
    casual: ["Okay, das hier ist gut.", "Ratet mal, woran wir arbeiten?"],
    friendly: ["Hallo ihr Lieben!", "Wir haben etwas Schönes für euch."],
    humorous: ["Achtung: kann plötzliche Freude auslösen.", "Plottwist: Es wird noch besser."],
    authoritative: ["Die Fakten sind eindeutig.", "Setzen Sie den Standard, statt ihm zu folgen."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Neu bei ${brand}: ${topic}`)],
  audience: [(audience) => `Gemacht für ${audience}.`, (audience) => `Ideal für ${audience}.`],
  signOff: (brand) => `— Euer Team von ${brand}`,
  cta: {
    facebook: ["Sagt uns eure Meinung in den Kommentaren.", "Teilt das mit jemandem, der es braucht."],
    instagram: ["Doppeltippen, wenn ihr zustimmt.", "Speichert euch das für später."],
  },
  defaultHeadline: (brand) => `Darum ${brand}.`,
  keepsNounCapitals: true,
};

const italian: Phrases = {
  hooks: {
    professional: ["Ecco cosa conta questa settimana.", "Un aggiornamento che vale il tuo tempo."],
    casual: ["Ok, questa è bella.", "Indovina a cosa stiamo lavorando?"],
    friendly: ["Ciao a tutti!", "Abbiamo qualcosa di bello da condividere."],
    humorous: ["Attenzione: può causare felicità improvvisa.", "Colpo di scena: migliora ancora."],
    authoritative: ["I fatti sono chiari.", "Stabilisci lo standard, non seguirlo."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novità da ${brand}: ${topic}`)],
  audience: [(audience) => `Pensato per ${audience}.`, (audience) => `Creato per ${audience}.`],
  signOff: (brand) => `— Il team di ${brand}`,
  cta: {
    facebook: ["Dicci cosa ne pensi nei commenti.", "Condividilo con chi ne ha bisogno."],
    instagram: ["Doppio tap se sei d'accordo.", "Salvalo per dopo."],
  },
  defaultHeadline: (brand) => `Perché scegliere ${brand}.`,
};

const portuguese: Phrases = {
  hooks: {
    professional: ["Isto é o que importa esta semana.", "Uma novidade que vale o seu tempo."],
    casual: ["Ok, esta é boa.", "Adivinha no que estamos a trabalhar?"],
    friendly: ["Olá, amigos!", "Temos algo lindo para partilhar."],
    humorous: ["Aviso: pode causar felicidade repentina.", "Reviravolta: fica ainda melhor."],
    authoritative: ["Os factos são claros.", "Defina o padrão, não o siga."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Novidade na ${brand}: ${topic}`)],
  audience: [(audience) => `Feito para ${audience}.`, (audience) => `Pensado para ${audience}.`],
  signOff: (brand) => `— A equipa ${brand}`,
  cta: {
    facebook: ["Diga-nos o que pensa nos comentários.", "Partilhe com quem precisa."],
    instagram: ["Toque duas vezes se concorda.", "Guarde para mais tarde."],
  },
  defaultHeadline: (brand) => `Porque escolher ${brand}.`,
};

const dutch: Phrases = {
  hooks: {
    professional: ["Dit is wat er deze week toe doet.", "Een update die uw tijd waard is."],
    casual: ["Oké, deze is goed.", "Raad eens waar we mee bezig zijn?"],
    friendly: ["Hallo allemaal!", "We hebben iets moois om te delen."],
    humorous: ["Let op: kan plotseling geluk veroorzaken.", "Plotwending: het wordt nog beter."],
    authoritative: ["De feiten zijn duidelijk.", "Zet de standaard, volg hem niet."],
  },
  headlines: [(topic) => toSentence(topic), (topic, brand) => toSentence(`Nieuw bij ${brand}: ${topic}`)],
  audience: [(audience) => `Gemaakt voor ${audience}.`, (audience) => `Speciaal voor ${audience}.`],
  signOff: (brand) => `— Het team van ${brand}`,
  cta: {
    facebook: ["Laat ons in de reacties weten wat je denkt.", "Deel dit met iemand die het nodig heeft."],
    instagram: ["Dubbeltik als je het eens bent.", "Bewaar dit voor later."],
  },
  defaultHeadline: (brand) => `Waarom mensen voor ${brand} kiezen.`,
};

/**
 * Phrase tables for the seven interface languages. The other five generation languages (ru, zh, ja, ko,
 * ar) fall back to English offline: writing them well needs a real model, which the UI says.
 */
const phrasesByLanguage: Partial<Record<LanguageCode, Phrases>> = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  nl: dutch,
};

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
export const CAPTION_LIMITS = { instagram: 2200, facebook: 1000 } as const;
const MAX_HASHTAGS = { instagram: 8, facebook: 3 } as const;

/**
 * Writes a caption in one of a few structures a social media marketer uses: a hook, the topic as a headline,
 * the brand's key message, the audience, a call to action; Instagram in short lines with a hashtag block,
 * Facebook shorter, in one paragraph with a few tags. The user's words are placed where their capitals and
 * grammar stand on their own (headlines after a colon, whole sentences), never bent mid-sentence.
 */
export function writePostOffline(request: PostWritingRequest): WrittenPost {
  const { brand, platform } = request;
  const phrases = phrasesByLanguage[request.language] ?? english;
  const brief = (request.promptOverride?.trim() || request.userPrompt?.trim()) ?? "";
  const topic = clampWords(extractTopic(brief), MAX_TOPIC);
  const seed = hash([brand.name, brief, platform, request.language, brand.tone].join("|"));
  const forbidden = brand.doNotMention;
  const allowed = (text: string | null): text is string =>
    Boolean(text) && !mentionsForbidden(text as string, forbidden);

  const headline = topic
    ? writeHeadline(phrases, topic, brand.name, seed)
    : phrases.defaultHeadline(brand.name);
  // A key message the brief already says is not repeated.
  const messages = brand.keyMessages
    .map((message) => stripEndPunctuation(message.trim()))
    .filter((message) => message !== "" && !topic.toLowerCase().includes(message.toLowerCase()))
    .filter(allowed);
  const message = messages.length > 0 ? toSentence(clampWords(pick(messages, seed, 2), MAX_MESSAGE)) : null;
  const audienceText = clampWords(stripEndPunctuation(brand.targetAudience.trim()), MAX_AUDIENCE);
  const audience = audienceText
    ? pick(phrases.audience, seed, 3)(phrases.keepsNounCapitals ? audienceText : lowerFirst(audienceText))
    : null;
  const hook = pick(phrases.hooks[brand.tone], seed, 4);
  const cta = pick(phrases.cta[platform], seed, 5);
  const signOff = allowed(brand.name) ? phrases.signOff(brand.name) : null;

  const hashtags = chooseHashtags(brand, topic, platform, forbidden);
  // FNV's low bits follow the input's parity; a higher bit picks the structure.
  const hookFirst = ((seed >>> 16) & 1) === 0;
  let caption: string;
  if (platform === "instagram") {
    // Short lines with room around them, the tags in a block of their own.
    const lines = hookFirst
      ? [hook, headline, message, audience, cta, signOff]
      : [`${TONE_MARKS[brand.tone]}${headline}`, message, audience, cta, signOff];
    caption = lines.filter(allowed).join("\n\n");
  } else {
    // Facebook reads best short: one paragraph, the audience left to the targeting.
    const sentences = hookFirst ? [hook, headline, message, cta, signOff] : [headline, message, cta, signOff];
    caption = sentences.filter(allowed).join(" ");
  }
  caption = clampWords(caption, CAPTION_LIMITS[platform] - 300);
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
  platform: "facebook" | "instagram",
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
  return tags.slice(0, MAX_HASHTAGS[platform]);
}
