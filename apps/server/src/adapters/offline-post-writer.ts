import type { ContentTone, LanguageCode } from "@smm/domain/brands/constants";
import type { PostWritingRequest, WrittenPost } from "@smm/domain/ports";

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
  hooks: Record<ContentTone, readonly string[]>;
  about: (topic: string) => string;
  forAudience: (audience: string) => string;
  fromBrand: (brand: string, industry: string) => string;
  cta: Record<"facebook" | "instagram", readonly string[]>;
  defaultTopic: (brand: string) => string;
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
    humorous: ["Warning: may cause sudden happiness.", "Plot twist: it gets better.", "Not to brag, but..."],
    authoritative: [
      "The facts are clear.",
      "Here is what the experts know.",
      "Set the standard, don't follow it.",
    ],
  },
  about: (topic) => `Let's talk about ${topic}.`,
  forAudience: (audience) => `Made for ${audience}.`,
  fromBrand: (brand, industry) =>
    industry ? `${brand}, your partner in ${industry}.` : `That's the ${brand} way.`,
  cta: {
    facebook: [
      "Tell us what you think in the comments.",
      "Share this with someone who needs it.",
      "Learn more on our page.",
    ],
    instagram: ["Double tap if you agree.", "Save this for later.", "Tag a friend who'd love this."],
  },
  defaultTopic: (brand) => `what makes ${brand} different`,
};

const spanish: Phrases = {
  hooks: {
    professional: ["Esto es lo importante esta semana.", "Una novedad que merece su tiempo."],
    casual: ["Vale, esto está bueno.", "¿Adivina en qué hemos estado?"],
    friendly: ["¡Hola, amigos!", "Tenemos algo bonito que compartir."],
    humorous: ["Aviso: puede causar felicidad repentina.", "Giro inesperado: mejora aún más."],
    authoritative: ["Los datos son claros.", "Marque el estándar, no lo siga."],
  },
  about: (topic) => `Hablemos de ${topic}.`,
  forAudience: (audience) => `Pensado para ${audience}.`,
  fromBrand: (brand, industry) => (industry ? `${brand}, su aliado en ${industry}.` : `Así es ${brand}.`),
  cta: {
    facebook: ["Cuéntanos qué opinas en los comentarios.", "Compártelo con quien lo necesite."],
    instagram: ["Doble toque si estás de acuerdo.", "Guárdalo para después."],
  },
  defaultTopic: (brand) => `lo que hace diferente a ${brand}`,
};

const french: Phrases = {
  hooks: {
    professional: ["Voici ce qui compte cette semaine.", "Une nouveauté qui mérite votre attention."],
    casual: ["Bon, celle-ci est top.", "Devinez ce qu'on prépare ?"],
    friendly: ["Bonjour à tous !", "On a quelque chose de beau à partager."],
    humorous: ["Attention : peut provoquer un bonheur soudain.", "Rebondissement : c'est encore mieux."],
    authoritative: ["Les faits sont clairs.", "Fixez la norme, ne la suivez pas."],
  },
  about: (topic) => `Parlons de ${topic}.`,
  forAudience: (audience) => `Pensé pour ${audience}.`,
  fromBrand: (brand, industry) =>
    industry ? `${brand}, votre partenaire en ${industry}.` : `C'est l'esprit ${brand}.`,
  cta: {
    facebook: [
      "Dites-nous ce que vous en pensez en commentaire.",
      "Partagez-le avec quelqu'un qui en a besoin.",
    ],
    instagram: ["Double-tapez si vous êtes d'accord.", "Enregistrez-le pour plus tard."],
  },
  defaultTopic: (brand) => `ce qui rend ${brand} unique`,
};

const german: Phrases = {
  hooks: {
    professional: ["Das zählt diese Woche.", "Ein Update, das sich lohnt."],
    casual: ["Okay, das hier ist gut.", "Ratet mal, woran wir arbeiten?"],
    friendly: ["Hallo ihr Lieben!", "Wir haben etwas Schönes für euch."],
    humorous: ["Achtung: kann plötzliche Freude auslösen.", "Plottwist: Es wird noch besser."],
    authoritative: ["Die Fakten sind eindeutig.", "Setzen Sie den Standard, statt ihm zu folgen."],
  },
  about: (topic) => `Reden wir über ${topic}.`,
  forAudience: (audience) => `Gemacht für ${audience}.`,
  fromBrand: (brand, industry) => (industry ? `${brand}, Ihr Partner für ${industry}.` : `So ist ${brand}.`),
  cta: {
    facebook: ["Sagt uns eure Meinung in den Kommentaren.", "Teilt das mit jemandem, der es braucht."],
    instagram: ["Doppeltippen, wenn ihr zustimmt.", "Speichert euch das für später."],
  },
  defaultTopic: (brand) => `was ${brand} besonders macht`,
};

const italian: Phrases = {
  hooks: {
    professional: ["Ecco cosa conta questa settimana.", "Un aggiornamento che vale il tuo tempo."],
    casual: ["Ok, questa è bella.", "Indovina a cosa stiamo lavorando?"],
    friendly: ["Ciao a tutti!", "Abbiamo qualcosa di bello da condividere."],
    humorous: ["Attenzione: può causare felicità improvvisa.", "Colpo di scena: migliora ancora."],
    authoritative: ["I fatti sono chiari.", "Stabilisci lo standard, non seguirlo."],
  },
  about: (topic) => `Parliamo di ${topic}.`,
  forAudience: (audience) => `Pensato per ${audience}.`,
  fromBrand: (brand, industry) =>
    industry ? `${brand}, il tuo partner per ${industry}.` : `Questo è ${brand}.`,
  cta: {
    facebook: ["Dicci cosa ne pensi nei commenti.", "Condividilo con chi ne ha bisogno."],
    instagram: ["Doppio tap se sei d'accordo.", "Salvalo per dopo."],
  },
  defaultTopic: (brand) => `cosa rende unico ${brand}`,
};

const portuguese: Phrases = {
  hooks: {
    professional: ["Isto é o que importa esta semana.", "Uma novidade que vale o seu tempo."],
    casual: ["Ok, esta é boa.", "Adivinha no que estamos a trabalhar?"],
    friendly: ["Olá, amigos!", "Temos algo lindo para partilhar."],
    humorous: ["Aviso: pode causar felicidade repentina.", "Reviravolta: fica ainda melhor."],
    authoritative: ["Os factos são claros.", "Defina o padrão, não o siga."],
  },
  about: (topic) => `Vamos falar de ${topic}.`,
  forAudience: (audience) => `Feito para ${audience}.`,
  fromBrand: (brand, industry) =>
    industry ? `${brand}, o seu parceiro em ${industry}.` : `Assim é a ${brand}.`,
  cta: {
    facebook: ["Diga-nos o que pensa nos comentários.", "Partilhe com quem precisa."],
    instagram: ["Toque duas vezes se concorda.", "Guarde para mais tarde."],
  },
  defaultTopic: (brand) => `o que torna a ${brand} diferente`,
};

const dutch: Phrases = {
  hooks: {
    professional: ["Dit is wat er deze week toe doet.", "Een update die uw tijd waard is."],
    casual: ["Oké, deze is goed.", "Raad eens waar we mee bezig zijn?"],
    friendly: ["Hallo allemaal!", "We hebben iets moois om te delen."],
    humorous: ["Let op: kan plotseling geluk veroorzaken.", "Plotwending: het wordt nog beter."],
    authoritative: ["De feiten zijn duidelijk.", "Zet de standaard, volg hem niet."],
  },
  about: (topic) => `Laten we het hebben over ${topic}.`,
  forAudience: (audience) => `Gemaakt voor ${audience}.`,
  fromBrand: (brand, industry) =>
    industry ? `${brand}, uw partner in ${industry}.` : `Zo doet ${brand} het.`,
  cta: {
    facebook: ["Laat ons in de reacties weten wat je denkt.", "Deel dit met iemand die het nodig heeft."],
    instagram: ["Dubbeltik als je het eens bent.", "Bewaar dit voor later."],
  },
  defaultTopic: (brand) => `wat ${brand} anders maakt`,
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

const STOP_WORDS = new Set(
  "a an the and or of for to in on at with about our your my we us is are be post posts write create generate make new please some".split(
    " ",
  ),
);

/** Lowercase words of the topic worth a hashtag (no stop words, no duplicates). */
function keywords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

const toHashtag = (text: string) => {
  const joined = text
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join("");
  return joined ? `#${joined}` : "";
};

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

export function writePostOffline(request: PostWritingRequest): WrittenPost {
  const { brand, platform } = request;
  const phrases = phrasesByLanguage[request.language] ?? english;
  const brief = (request.promptOverride?.trim() || request.userPrompt?.trim()) ?? "";
  const topic = extractTopic(brief) || phrases.defaultTopic(brand.name);
  const seed = hash([brand.name, brief, platform, request.language, brand.tone].join("|"));
  const forbidden = brand.doNotMention;

  const sentences = [
    pick(phrases.hooks[brand.tone], seed, 1),
    phrases.about(topic),
    brand.keyMessages.length > 0 ? `${pick(brand.keyMessages, seed, 2).replace(/[.!]?$/, ".")}` : null,
    brand.targetAudience ? phrases.forAudience(brand.targetAudience.replace(/[.!]$/, "")) : null,
    phrases.fromBrand(brand.name, mentionsForbidden(brand.industry, forbidden) ? "" : brand.industry),
    pick(phrases.cta[platform], seed, 3),
  ].filter(
    (sentence): sentence is string => Boolean(sentence) && !mentionsForbidden(sentence as string, forbidden),
  );

  const tagSources = [brand.name, brand.industry, ...keywords(topic)].filter(Boolean);
  const maxTags = platform === "instagram" ? 8 : 3;
  const hashtags = [...new Set(tagSources.map(toHashtag).filter(Boolean))]
    .filter((tag) => !mentionsForbidden(tag, forbidden))
    .slice(0, maxTags);

  // Instagram reads in short lines with the tags set apart; Facebook as one paragraph.
  const body = platform === "instagram" ? sentences.join("\n\n") : sentences.join(" ");
  const caption = hashtags.length > 0 ? `${body}\n\n${hashtags.join(" ")}` : body;

  const imagePrompt = [
    `${topic}`,
    brand.industry && `for a ${brand.industry} brand`,
    `${brand.imageStyle} style`,
    `brand colours ${brand.primaryColor}, ${brand.secondaryColor} and ${brand.accentColor}`,
  ]
    .filter(Boolean)
    .join(", ");

  return { caption, hashtags, imagePrompt };
}
