import type { ContentTone, LanguageCode } from "@smm/domain/brands";

/*
 * How the offline writer reads what it is asked. A prompt override or a template prompt is an instruction to
 * a writer ("Always end with a question.", "Write a casual post with three tips..."), not text for the post:
 * the writer recognises what it asks (a kind of post, a number of tips, a closing question, a tone, a length,
 * a call to action, emoji or hashtags on or off) and never copies it. What it does not understand is dropped.
 * The user's own prompt may mix both (a template filled into the prompt box, then a topic typed after it);
 * its sentences that read as instructions are read the same way, the rest is the topic.
 */

/** The kinds of post the community templates ask for; each is written from the brand's profile. */
export const postKinds = [
  "beforeAfter",
  "behindScenes",
  "milestone",
  "testimonial",
  "event",
  "faq",
  "team",
  "offer",
  "greeting",
  "launch",
  "tips",
  "question",
] as const;
export type PostKind = (typeof postKinds)[number];

export interface Brief {
  /** What the post is about, in the user's words; "" when only instructions were given. */
  topic: string;
  kind: PostKind | null;
  /** How many tips or items, when a list was asked for. */
  items: number | null;
  endWithQuestion: boolean;
  /** Whether the brief asks the post to end by inviting readers to share their own. */
  inviteToShare: boolean;
  tone: ContentTone | null;
  length: "short" | "long" | null;
  callToAction: boolean;
  /** null: not said; the writer's default holds. */
  emoji: boolean | null;
  hashtags: boolean | null;
  /** A language the brief asks the post to be written in ("Write in French"); null: the chosen one holds. */
  language: LanguageCode | null;
  /** Every instruction recognised or not, for the writer's seed only: none of it is ever written out. */
  instructions: string;
}

/** Splits text into sentences, at end marks (including CJK and Arabic ones) and line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？؟])\s*|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const VARIABLE = /\{\{?\s*[A-Za-z_]+\s*\}?\}/;
const LABEL =
  /^(?:tone|audience|target audience|language|style|format|length|platform|goal|cta|hashtags?|emojis?|tono|público|idioma|ton|public|langue|zielgruppe|sprache|pubblico|lingua|tom|idioma|toon|doelgroep|taal)\s*:/iu;

/** What a sentence opens with when it tells a writer what to do, in the seven languages the writer speaks. */
const DIRECTIVE_VERBS = new RegExp(
  `^(?:${[
    // English
    "write|rewrite|create|generate|draft|compose|end|finish|conclude|close|begin|start|open|use|include|add|keep|avoid|mention|number|list|state|describe|highlight|focus|emphasi[sz]e|explain|ensure|limit|format|respond|reply|answer|weave|connect|recall|tie|thank|give|ask|invite|say|introduce|share|show|tell|make|be|sound|speak|talk|target|aim|put|encourage|promote|quote|remind|stress|sign|address|don't|dont|do not|never|always|please|only",
    // Spanish
    "escribe|escriba|redacta|redacte|crea|cree|genera|termina|termine|acaba|acabe|cierra|cierre|finaliza|empieza|comienza|usa|use|utiliza|utilice|incluye|incluya|añade|añada|agrega|agregue|evita|evite|menciona|mencione|numera|enumera|destaca|describe|explica|mantén|mantenga|haz|haga|pregunta|invita|da|dé|sé|sea|siempre|nunca|no|por favor",
    // French
    "écris|écrivez|rédige|rédigez|crée|créez|génère|générez|termine|terminez|finis|finissez|conclus|concluez|commence|commencez|utilise|utilisez|inclus|incluez|ajoute|ajoutez|évite|évitez|mentionne|mentionnez|numérote|numérotez|décris|décrivez|explique|expliquez|garde|gardez|fais|faites|pose|posez|invite|invitez|donne|donnez|sois|soyez|toujours|jamais|ne|n'|veuillez|s'il",
    // German
    "schreib|schreibe|schreiben|erstelle|erstellen|verfasse|beende|beenden|schließe|schließen|beginne|beginnen|verwende|verwenden|nutze|nutzen|füge|fügen|vermeide|vermeiden|erwähne|erwähnen|nummeriere|beschreibe|erkläre|halte|halten|mach|mache|stelle|stellen|frage|lade|gib|sei|seien|immer|nie|niemals|keine|bitte",
    // Italian
    "scrivi|scriva|crea|generi|genera|termina|termini|concludi|chiudi|inizia|comincia|usa|usi|utilizza|includi|aggiungi|evita|menziona|numera|descrivi|spiega|mantieni|fai|poni|chiedi|invita|dai|sii|sempre|mai|non|per favore",
    // Portuguese
    "escreve|escreva|cria|crie|gera|gere|termina|termine|conclui|conclua|fecha|feche|começa|comece|usa|use|utiliza|utilize|inclui|inclua|adiciona|adicione|acrescenta|evita|evite|menciona|mencione|numera|numere|descreve|descreva|explica|explique|mantém|mantenha|faz|faça|pergunta|pergunte|convida|convide|dá|dê|sê|seja|sempre|nunca|não|por favor",
    // Dutch
    "schrijf|maak|genereer|eindig|sluit|begin|start|gebruik|voeg|vermijd|noem|nummer|beschrijf|leg|houd|stel|vraag|nodig|geef|wees|altijd|nooit|geen|niet|alsjeblieft",
  ].join("|")})(?![\\p{L}])`,
  "iu",
);

/** Directive openings of the five languages the writer does not write, so an override in them is read too. */
const OTHER_SCRIPT_DIRECTIVE =
  /^(?:всегда|никогда|пиши|напиши|заканчивай|закончи|завершай|используй|добавь|не\s|избегай|начни|начинай|сделай|задай|пожалуйста)|总是|始终|永远|请|必须|不要|别|结尾|使用|写|常に|必ず|ください|ないで|終え|書いて|使って|항상|반드시|하세요|마세요|끝내|쓰세요|사용|دائم|اختم|اكتب|استخدم|لا\s|أضف|تجنب|ابدأ|انه/iu;

/** Words about writing a post: a sentence with a directive verb and one of these is an instruction. */
const WRITER_WORDS =
  /(?<![\p{L}])(?:posts?|caption|captions|tone|question|questions|hashtags?|emojis?|emoticons?|tips?|sentences?|words?|paragraphs?|call to action|readers?|audience|followers|language|comments?|brand|key message|publicación|publicaciones|texto|tono|pregunta|preguntas|consejos|frase|frases|palabras|párrafo|lectores|audiencia|seguidores|idioma|comentarios|marca|publication|légende|ton|conseils|phrase|phrases|mots|paragraphe|lecteurs|abonnés|langue|commentaires|marque|beitrag|beiträge|text|ton|frage|fragen|tipps|satz|sätze|wörter|absatz|leser|zielgruppe|sprache|kommentare|marke|pubblicazione|testo|tono|domanda|domande|consigli|frase|parole|paragrafo|lettori|pubblico|lingua|commenti|publicação|texto|tom|pergunta|perguntas|dicas|frase|palavras|parágrafo|leitores|público|idioma|comentários|bericht|tekst|toon|vraag|vragen|tips|zin|zinnen|woorden|alinea|lezers|doelgroep|taal|reacties|merk)(?![\p{L}])/iu;

/** Verbs that always address the writer, with or without the words above. */
const STRONG_VERBS =
  /^(?:please\s+)?(?:write|rewrite|generate|draft|compose|escribe|escriba|redacta|écris|écrivez|rédige|rédigez|schreib|schreibe|verfasse|scrivi|escreve|escreva|schrijf)(?![\p{L}])/iu;

/** Whether one sentence of the user's prompt is an instruction rather than what the post is about. */
export function isInstruction(sentence: string, instructionMode: boolean): boolean {
  const text = sentence.trim();
  if (VARIABLE.test(text) || LABEL.test(text) || OTHER_SCRIPT_DIRECTIVE.test(text)) return true;
  if (STRONG_VERBS.test(text)) return true;
  if (!DIRECTIVE_VERBS.test(text)) return false;
  // After a sentence that was an instruction ("Write a post ... Say what happens ..."), imperatives continue
  // it; on their own they need a word about writing, so "Try our new sundae" stays a topic.
  return instructionMode || WRITER_WORDS.test(text);
}

/** "Write a post about X" in the writer's languages: X, cut before any further instruction. */
const ABOUT =
  /^(?:please\s+|por favor,?\s+)?(?:(?:write|create|generate|make|draft|compose|escribe|escriba|crea|cree|haz|redacta|écris|écrivez|rédige|rédigez|crée|créez|schreib|schreibe|erstelle|verfasse|scrivi|crea|fai|escreve|escreva|cria|crie|faz|schrijf|maak)\s+)?(?:me\s+)?(?:an?|un|una|une|einen|ein|eine|uno|um|uma|een)?\s*(?:[\p{L}-]+,?\s+){0,3}?(?:(?:facebook|instagram|social(?:\s+media)?)\s+)?(?:posts?|captions?|publicación|publicacion|entrada|publication|message|beitrag|post|pubblicazione|publicação|bericht)\s+(?:about|on|regarding|sobre|acerca de|de|sur|à propos de|über|zu|su|sul|sulla|riguardo a|over)\s+(.+)$/iu;

/** The topic a single instruction sentence names ("Write a post about our loyalty card." gives "our loyalty card"). */
export function topicOfInstruction(sentence: string): string {
  const match = ABOUT.exec(sentence.trim());
  const about = match?.[1];
  if (!about || VARIABLE.test(about)) return "";
  // What follows a comma or "and <verb>" is a further instruction, never the topic.
  return (
    about
      .split(
        /\s*[,;:(]\s*|\s+(?:and|y|et|und|e|en)\s+(?=\p{L}+\s)(?=(?:end|finish|use|add|include|keep|make|ask|termina|termine|usa|añade|ajoute|beende|verwende|aggiungi|eindig)\b)/iu,
      )[0]
      ?.replace(/[.!?。！？]+$/u, "")
      .trim() ?? ""
  );
}

const has = (pattern: RegExp, text: string) => pattern.test(text);

const QUESTION =
  /(?<![\p{L}])(?:questions?|preguntas?|fragen?|domand[ae]|perguntas?|vra(?:a)?g(?:en)?)(?![\p{L}])|вопрос|问题|提问|質問|問いかけ|질문|سؤال/iu;
const END =
  /(?<![\p{L}])(?:end|ends|ending|finish|close|closing|conclude|last|termina|termine|terminar|acaba|acabe|cierra|finaliza|al final|finis|finissez|conclus|concluez|à la fin|beende|beenden|ende|schließe|schluss|am ende|concludi|chiudi|alla fine|conclua|feche|no final|eindig|eindigen|sluit|aan het eind)(?![\p{L}])|заканчива|законч|заверш|в конце|结尾|结束|最后|終え|終わ|締め|最後|끝|마무리|اختم|اختتم|أنه|نهاية/iu;
const ASKING =
  /(?<![\p{L}])(?:ask|asking|pregunta|preguntando|pose|posez|demande|stelle|stellt|frage|chiedi|poni|pergunte|pergunta|stel|vraag)(?![\p{L}])|спроси|задай|задавай|问|尋ね|聞い|물어|اسأل/iu;
const INVITE_SHARE =
  /(?<![\p{L}])(?:invit\w*|encourag\w*)(?![\p{L}])[^.]*\b(?:share|comment|tell)\w*\b[^.]*\b(?:own|theirs|their)\b/iu;
const LIST_WORDS =
  /(?<![\p{L}])(?:tips?|ideas?|ways|reasons|steps|items|points|facts|hacks|consejos|razones|pasos|puntos|conseils|idées|astuces|raisons|étapes|tipps|ideen|gründe|schritte|consigli|idee|motivi|passi|dicas|ideias|razões|passos|ideeën|redenen|stappen)(?![\p{L}])|совет|иде[йяи]|шаг|建议|技巧|ヒント|팁|نصائح/iu;
const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  due: 2,
  tre: 3,
  quattro: 4,
  sei: 6,
  sette: 7,
  duas: 2,
  três: 3,
  quatro: 4,
  sete: 7,
  twee: 2,
  drie: 3,
  zes: 6,
  zeven: 7,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  两: 2,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
};
const NEGATION =
  /(?<![\p{L}])(?:no|not|without|avoid|never|don't|do not|none|zero|sin|evita|evite|nunca|ningún|sans|pas|jamais|évite|évitez|aucun|ohne|keine|kein|nie|niemals|vermeide|senza|non|niente|nessun|mai|sem|nenhum|não|zonder|geen|nooit|niet)(?![\p{L}])|без|не\s|不|别|禁止|なし|使わない|ないで|없이|말고|마세요|بدون|لا\s/iu;
const EMOJI =
  /emojis?|emoticon|emoticonos|émojis|эмодзи|смайл|表情|絵文字|이모지|이모티콘|إيموجي|رموز تعبيرية/iu;
const HASHTAG = /hashtags?|#|хештег|хэштег|话题标签|标签|ハッシュタグ|해시태그|هاشتاغ|هاشتاج|وسوم|وسم/iu;

/** Each generation language's name in the seven languages the writer reads instructions in. */
const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: "english|inglés|ingles|anglais|englisch|inglese|inglês|engels",
  es: "spanish|español|espanol|castellano|espagnol|spanisch|spagnolo|espanhol|spaans",
  fr: "french|francés|frances|français|francais|französisch|franzosisch|francese|francês|frans",
  de: "german|alemán|aleman|allemand|deutsch|tedesco|alemão|alemao|duits",
  it: "italian|italiano|italien|italienisch|italiaans",
  pt: "portuguese|portugués|portugues|portugais|portugiesisch|portoghese|português|portugees",
  nl: "dutch|neerlandés|holandés|néerlandais|niederländisch|holländisch|olandese|holandês|neerlandês|nederlands",
  ru: "russian|ruso|russe|russisch|russo|russisch",
  zh: "chinese|mandarin|chino|chinois|chinesisch|cinese|chinês|chinees",
  ja: "japanese|japonés|japonais|japanisch|giapponese|japonês|japans",
  ko: "korean|coreano|coréen|koreanisch|koreaans",
  ar: "arabic|árabe|arabe|arabisch|arabo",
};

/**
 * "Write in French", "en français", "auf Deutsch", "em português", "in het Nederlands", "Language: Dutch":
 * the language named after a preposition or a label, never a language word in the topic ("our French
 * pastries"), which is content, not an instruction.
 */
const LANGUAGE_PATTERNS = Object.entries(LANGUAGE_NAMES).map(
  ([code, names]) =>
    [
      code as LanguageCode,
      new RegExp(
        `(?:(?<![\\p{L}])(?:in|en|auf|em|na|no)\\s+(?:(?:het|el|le|la|il|o|lingua|langue|idioma|sprache|taal)\\s+)?|(?:language|idioma|langue|sprache|lingua|taal)\\s*:\\s*)(?:${names})(?![\\p{L}])`,
        "iu",
      ),
    ] as const,
);
const SHORT =
  /(?<![\p{L}])(?:short|shorter|brief|concise|corto|corta|breve|court|courte|concis|kurz|kurze|knapp|curto|curta|kort|korte)(?![\p{L}])|коротк|кратк|简短|简洁|短く|短い|짧|قصير|مختصر/iu;
const LONG =
  /(?<![\p{L}])(?:long|longer|detailed|in-depth|largo|larga|detallado|détaillé|lang|lange|ausführlich|lungo|lunga|dettagliato|longo|longa|detalhado|uitgebreid)(?![\p{L}])|длинн|подробн|详细|長め|長く|자세|길게|طويل|مفصل/iu;
const CTA =
  /call[- ]to[- ]action|(?<![\p{L}])cta(?![\p{L}])|llamad[ao] a la acción|appel à l'action|handlungsaufforderung|invito all'azione|chiamata all'azione|chamada (?:para|à) ação|oproep tot actie|призыв к действию|行动号召|行動喚起|행동\s?유도|دعوة (?:إلى|لاتخاذ)|how to (?:claim|reserve|book|order|buy|get)|invitation to get/iu;

const TONE_WORDS: [ContentTone, RegExp][] = [
  [
    "humorous",
    /(?<![\p{L}])(?:humou?rous|funny|playful|witty|divertido|gracioso|humor|drôle|humoristique|lustig|humorvoll|witzig|divertente|spiritoso|engraçado|grappig|humoristisch)(?![\p{L}])|юмор|смешн|幽默|ユーモア|유머|فكاه|مضحك/iu,
  ],
  [
    "authoritative",
    /(?<![\p{L}])(?:authoritative|expert|confident|autoritario|experto|autorité|autoritativ|kompetent|autorevole|autoritário|gezaghebbend)(?![\p{L}])|авторитетн|экспертн|权威|権威|권위|موثوق/iu,
  ],
  [
    "friendly",
    /(?<![\p{L}])(?:friendly|warm|cercano|amable|amigable|cálido|amical|chaleureux|freundlich|herzlich|amichevole|caloroso|amigável|vriendelijk)(?![\p{L}])|дружелюбн|友好|亲切|フレンドリー|親しみ|친근|ودود/iu,
  ],
  [
    "casual",
    /(?<![\p{L}])(?:casual|relaxed|informal|laid-back|desenfadado|décontracté|locker|lässig|informale|rilassato|descontraído|informeel|ontspannen)(?![\p{L}])|непринужд|неформальн|轻松|随意|カジュアル|캐주얼|غير رسمي/iu,
  ],
  [
    "professional",
    /(?<![\p{L}])(?:professional|formal|profesional|professionnel|professionnelle|professionell|seriös|professionale|profissional|professioneel)(?![\p{L}])|профессиональн|专业|プロフェッショナル|丁寧|전문|احترافي|رسمي/iu,
  ],
];

const KIND_PATTERNS: [PostKind, RegExp][] = [
  ["beforeAfter", /before[- ]and[- ]after|transformation/i],
  ["behindScenes", /behind[- ]the[- ]scenes/i],
  ["milestone", /\b(?:milestone|anniversary)\b/i],
  ["testimonial", /\b(?:testimonial|review from|customer said|what they said)\b/i],
  ["event", /\b(?:event|invitation to|an invitation)\b/i],
  ["faq", /\b(?:faq|frequently asked|answering a question|answer a question)\b/i],
  ["team", /\b(?:team member|member of the [^.]+? team|meet the team)\b/iu],
  ["offer", /\b(?:offer|promotion|promotional|discount|promo)\b/i],
  ["greeting", /\b(?:greeting|seasonal|holiday)\b/i],
  ["launch", /\b(?:launch|announcing a new|new product)\b/i],
  ["question", /\b(?:open question|asking [\p{L} ,]+ question|ask [\p{L} ,]+ question)\b/iu],
];

function itemCount(text: string): number | null {
  if (!LIST_WORDS.test(text)) return null;
  const digits = /(?<!\d)([2-9])(?!\d)/.exec(text)?.[1];
  if (digits) return Math.min(Number(digits), 7);
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    const value = NUMBER_WORDS[word];
    if (value) return value;
  }
  for (const char of text) {
    const value = NUMBER_WORDS[char];
    if (value) return value;
  }
  return 3;
}

/** The sentence of the instructions that speaks of a thing, so a negation elsewhere does not flip it. */
function flag(sentences: readonly string[], subject: RegExp): boolean | null {
  const said = sentences.filter((sentence) => subject.test(sentence));
  if (said.length === 0) return null;
  return !said.some((sentence) => NEGATION.test(sentence));
}

/** Reads the directives out of instruction sentences. */
function readDirectives(sentences: readonly string[]): Omit<Brief, "topic" | "instructions"> {
  const all = sentences.join(" ");
  const endWithQuestion = sentences.some(
    (sentence) =>
      (QUESTION.test(sentence) && (END.test(sentence) || ASKING.test(sentence))) ||
      (END.test(sentence) && INVITE_SHARE.test(sentence)),
  );
  const items = sentences.map(itemCount).find((count) => count !== null) ?? null;
  const kind =
    KIND_PATTERNS.find(([, pattern]) => pattern.test(all))?.[0] ?? (items !== null ? "tips" : null);
  return {
    kind,
    items: kind === "tips" ? (items ?? 3) : null,
    endWithQuestion: endWithQuestion || kind === "question",
    inviteToShare: INVITE_SHARE.test(all),
    tone: TONE_WORDS.find(([, pattern]) => pattern.test(all))?.[0] ?? null,
    length: has(SHORT, all) ? "short" : has(LONG, all) ? "long" : null,
    callToAction: has(CTA, all),
    emoji: flag(sentences, EMOJI),
    hashtags: flag(sentences, HASHTAG),
    language: LANGUAGE_PATTERNS.find(([, pattern]) => pattern.test(all))?.[0] ?? null,
  };
}

/**
 * The brief the writer works from: the user's prompt split into topic and instructions, and the override
 * (always instructions) read for what it asks. A topic named in the override ("Post about our loyalty
 * card.") is used only when the user gave none.
 */
export function readBrief(
  userPrompt: string | null | undefined,
  override: string | null | undefined,
  profile: readonly string[] = [],
): Brief {
  const userSentences = splitSentences(userPrompt ?? "");
  const overrideSentences = splitSentences(override ?? "");
  const instructions: string[] = [...overrideSentences];
  const content: string[] = [];
  let instructionMode = false;
  for (const sentence of userSentences) {
    if (isInstruction(sentence, instructionMode)) {
      instructions.push(sentence);
      instructionMode = true;
    } else content.push(sentence);
  }
  const named = (sentences: readonly string[]) =>
    sentences.map(topicOfInstruction).find((topic) => topic !== "") ?? "";
  const userInstructions = instructions.slice(overrideSentences.length);
  const topic =
    content.length > 0
      ? content.join(" ").replace(/[.!?。！？]+$/u, "")
      : named(userInstructions) || named(overrideSentences);
  // A template filled with the brand's values says them back ("for event planners who value a warm touch");
  // they are the brand's facts, not directives, so they are blanked before the directives are read.
  const values = profile.map((value) => value.trim()).filter((value) => value.length > 2);
  const blank = (sentence: string) =>
    values.reduce((text, value) => text.split(value).join("{value}"), sentence);
  return { topic, instructions: instructions.join(" "), ...readDirectives(instructions.map(blank)) };
}
