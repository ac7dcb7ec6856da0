import { readFileSync } from "node:fs";
import { languageCodes, languageNames } from "@smm/domain/brands";
import type { AiBrandContext, PostWritingRequest } from "@smm/domain/ports";
import { describe, expect, it } from "vitest";
import { splitSentences } from "./offline-brief";
import { english } from "./offline-phrases";
import { writePostOffline } from "./offline-post-writer";
import { isForeignTo } from "./offline-text";

/*
 * Prompt overrides and template prompts are instructions to the writer (issue 28, items 1 and 2): the post
 * does what they ask and never contains them. The community library is read from the migration that seeds
 * it, so every template a user can pick is covered, including ones added later.
 */

const sunnyScoops: AiBrandContext = {
  name: "Sunny Scoops",
  description: "",
  industry: "ice cream",
  tone: "casual",
  targetAudience: "Families and tourists interested in ice cream, who value a warm, personal touch",
  keyMessages: ["Open until midnight in summer"],
  doNotMention: [],
  primaryColor: "#F59E0B",
  secondaryColor: "#FDE68A",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const beanThere: AiBrandContext = {
  ...sunnyScoops,
  name: "Bean There Coffee",
  industry: "coffee shop",
  tone: "professional",
  targetAudience: "Young professionals who love good coffee",
  keyMessages: ["Roasted fresh every morning"],
};

/** The caption without its hashtag block. */
const bodyOf = (caption: string) => caption.replace(/\n\n(?:#[\p{L}\p{N}]+ ?)+$/u, "").trim();
const endsWithQuestion = (caption: string) => /[?？؟]$/u.test(bodyOf(caption));
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * No sentence, nor any clause of four words or more, of the instructions appears in the caption; a clause
 * that is one of the brand's own values (a filled-in key message) may.
 */
function expectNothingPasted(caption: string, instructions: string, brand?: AiBrandContext) {
  const text = caption.toLowerCase();
  const values = brand ? [brand.name, brand.industry, brand.targetAudience, ...brand.keyMessages] : [];
  // What is left of a clause once the brand's own values are taken out is what the template wrote.
  const ownWords = (clause: string) =>
    values
      .reduce((rest, value) => rest.split(value).join(" "), clause)
      .split(/\s+/)
      .filter(Boolean).length;
  for (const sentence of splitSentences(instructions)) {
    expect(text, `pasted: ${sentence}`).not.toContain(sentence.toLowerCase().replace(/[.!?。]$/u, ""));
    for (const clause of sentence.split(/\s*[,;:()]\s*/)) {
      const words = clause.replace(/[.!?。]$/u, "").trim();
      if (ownWords(words) >= 4) expect(text, `pasted: ${words}`).not.toContain(words.toLowerCase());
    }
  }
}

/** Every hashtag is made of the brand's name, its industry or the user's topic, never of instruction words. */
function expectTagsFromBrandOrTopic(hashtags: string[], brand: AiBrandContext, topic = "") {
  const sources = squash(`${brand.name} ${brand.industry} ${topic}`);
  for (const tag of hashtags) expect(sources, `hashtag ${tag}`).toContain(squash(tag));
}

describe("the issue's reproductions", () => {
  it("follows the override 'Always end with a question.' in Spanish, in Spanish only, without pasting it", () => {
    const post = writePostOffline({
      brand: sunnyScoops,
      language: "es",
      platform: "instagram",
      userPrompt: "Our pistachio gelato is back",
      promptOverride: "Always end with a question.",
    });
    expectNothingPasted(post.caption, "Always end with a question.");
    expect(post.caption).not.toMatch(/question/i);
    expect(post.hashtags).not.toContain("#End");
    expect(post.hashtags).not.toContain("#Question");
    expectTagsFromBrandOrTopic(post.hashtags, sunnyScoops, "pistachio gelato");
    expect(endsWithQuestion(post.caption)).toBe(true);
    expect(bodyOf(post.caption)).toMatch(/¿[^?]+\?$/u);
    // The topic is the user's; the English profile phrases are not pasted into a Spanish post.
    expect(post.caption).toContain("pistachio gelato is back");
    expect(post.caption).not.toMatch(/families|tourists|warm, personal touch|until midnight/i);
  });

  it("follows the community template 'Tips and How-To' for Bean There Coffee: numbered tips, no template text", () => {
    const template = communityTemplates.find((t) => t.name === "Tips and How-To");
    if (!template) throw new Error("the community library has no 'Tips and How-To'");
    const prompt = fill(template.prompt, beanThere);
    const post = writePostOffline({
      brand: beanThere,
      language: "en",
      platform: "facebook",
      userPrompt: prompt,
    });
    expectNothingPasted(post.caption, prompt, beanThere);
    expect(post.caption).not.toMatch(/on our minds this week|inviting readers|practical tips about/i);
    expect(post.hashtags).not.toContain("#InvitingReaders");
    expect(post.hashtags).not.toContain("#Professional");
    expectTagsFromBrandOrTopic(post.hashtags, beanThere);
    expect(post.caption).toMatch(/^1\. .+\n2\. .+\n3\. .+$/m);
    expect(post.caption).not.toMatch(/^4\. /m);
    expect(endsWithQuestion(post.caption)).toBe(true);
  });
});

interface CommunityTemplate {
  name: string;
  prompt: string;
}

/** The seeded community library, read from its migration. */
const communityTemplates: CommunityTemplate[] = (() => {
  const sql = readFileSync(
    new URL("../../../../drizzle/0013_templates-community-seed.sql", import.meta.url),
    "utf8",
  );
  const quoted = "'((?:[^']|'')*)'";
  const row = new RegExp(
    `\\(NULL, NULL, ${quoted}, ${quoted}, '\\w+', ARRAY\\[[^\\]]*\\]::text\\[\\], ${quoted}`,
    "g",
  );
  return [...sql.matchAll(row)].map((match) => ({
    name: (match[1] ?? "").replace(/''/g, "'"),
    prompt: (match[3] ?? "").replace(/''/g, "'"),
  }));
})();

/** The template with the brand's values in place of its variables, as choosing it in the generator does. */
const fill = (prompt: string, brand: AiBrandContext) =>
  prompt
    .replace(/\{brandName\}/g, brand.name)
    .replace(/\{industry\}/g, brand.industry)
    .replace(/\{targetAudience\}/g, brand.targetAudience)
    .replace(/\{keyMessage\}/g, brand.keyMessages.join("; "))
    .replace(/\{contentTone\}/g, brand.tone)
    .replace(/\{language\}/g, "English");

/** What each template asks that can be checked in the post. */
const asks: Record<string, (caption: string) => void> = {
  "Product Launch Announcement": (caption) => expect(caption).toContain(english.kinds.launch.close),
  "Event Invitation": (caption) => expect(caption).toContain(english.kinds.event.close),
  "Customer Testimonial": (caption) => expect(caption).toMatch(/thank/i),
  "Behind the Scenes": (caption) => {
    expect(caption).toMatch(/behind the scenes/i);
    expect(endsWithQuestion(caption)).toBe(true);
  },
  "Tips and How-To": (caption) => {
    expect(caption).toMatch(/^1\. .+\n2\. .+\n3\. .+$/m);
    expect(caption).not.toMatch(/^4\. /m);
    expect(endsWithQuestion(caption)).toBe(true);
  },
  "Limited-Time Offer": (caption) => expect(caption).toContain(english.kinds.offer.close),
  "Meet the Team": (caption) => expect(caption).toMatch(/meet the people/i),
  "Frequently Asked Question": (caption) => {
    expect(caption).toMatch(/\?/);
    expect(caption).toMatch(/questions/i);
  },
  "Milestone Celebration": (caption) => expect(caption).toMatch(/milestone[\s\S]*thank/i),
  "Seasonal Greeting": (caption) => {
    expect(caption).toMatch(/wishes/i);
    // Short: no key message or audience lines on top of the greeting.
    expect(caption).not.toContain("Roasted fresh every morning");
  },
  "Before and After": (caption) => expect(caption).toContain(english.kinds.beforeAfter.close),
  "Engagement Question": (caption) => expect(endsWithQuestion(caption)).toBe(true),
};

describe("every template of the community library", () => {
  it("is read from the seed", () => {
    expect(communityTemplates.length).toBeGreaterThanOrEqual(12);
    for (const template of communityTemplates) expect(asks, template.name).toHaveProperty([template.name]);
  });

  const cases: [string, (template: CommunityTemplate) => Partial<PostWritingRequest>][] = [
    // Chosen in the generator: the filled template becomes the prompt.
    ["filled into the prompt", (template) => ({ userPrompt: fill(template.prompt, beanThere) })],
    // Sent with a templateId: the raw template is the override, the user's prompt the topic.
    ["as the override", (template) => ({ promptOverride: template.prompt, userPrompt: "" })],
  ];
  for (const [how, requestFor] of cases)
    for (const platform of ["facebook", "instagram"] as const)
      it(`is followed and never pasted, ${how}, on ${platform}`, () => {
        for (const template of communityTemplates) {
          const request: PostWritingRequest = {
            brand: beanThere,
            language: "en",
            platform,
            ...requestFor(template),
          };
          const post = writePostOffline(request);
          expectNothingPasted(post.caption, fill(template.prompt, beanThere), beanThere);
          expectNothingPasted(post.caption, template.prompt, beanThere);
          expect(post.caption, template.name).not.toMatch(/\{\w+\}|write in english/i);
          expectTagsFromBrandOrTopic(post.hashtags, beanThere);
          asks[template.name]?.(post.caption);
        }
      });

  it("writes about the user's topic when one is typed after the template", () => {
    const template = communityTemplates.find((t) => t.name === "Event Invitation");
    if (!template) throw new Error("no 'Event Invitation'");
    const post = writePostOffline({
      brand: beanThere,
      language: "en",
      platform: "instagram",
      userPrompt: `${fill(template.prompt, beanThere)} Latte art workshop on Saturday.`,
    });
    expect(post.caption).toContain("Latte art workshop on Saturday");
    expect(post.caption).toContain(english.kinds.event.close);
    expectTagsFromBrandOrTopic(post.hashtags, beanThere, "latte art workshop saturday");
  });
});

/** "Always end with a question. Do not use hashtags." in each of the twelve generation languages. */
const overrides: Record<(typeof languageCodes)[number], string> = {
  en: "Always end with a question. Do not use hashtags.",
  es: "Termina siempre con una pregunta. No uses hashtags.",
  fr: "Termine toujours par une question. N'utilise pas de hashtags.",
  de: "Beende jeden Beitrag mit einer Frage. Verwende keine Hashtags.",
  it: "Termina sempre con una domanda. Non usare hashtag.",
  pt: "Termine sempre com uma pergunta. Não use hashtags.",
  nl: "Eindig altijd met een vraag. Gebruik geen hashtags.",
  ru: "Всегда заканчивай пост вопросом. Не используй хештеги.",
  zh: "每篇帖子都以一个问题结尾。不要使用话题标签。",
  ja: "投稿は必ず質問で終えてください。ハッシュタグは使わないでください。",
  ko: "게시물은 항상 질문으로 끝내세요. 해시태그는 사용하지 마세요.",
  ar: "اختم المنشور دائمًا بسؤال. لا تستخدم الهاشتاغات.",
};

describe("overrides in the twelve languages", () => {
  for (const language of languageCodes)
    it(`follows an override in ${languageNames[language]} and pastes none of it`, () => {
      for (const platform of ["facebook", "instagram"] as const)
        for (const userPrompt of ["", "Summer opening hours"]) {
          const post = writePostOffline({
            brand: sunnyScoops,
            language,
            platform,
            userPrompt,
            promptOverride: overrides[language],
          });
          expectNothingPasted(post.caption, overrides[language]);
          for (const sentence of splitSentences(overrides[language]))
            expect(post.caption).not.toContain(sentence.slice(0, 8));
          expect(endsWithQuestion(post.caption), post.caption).toBe(true);
          expect(post.hashtags).toEqual([]);
          expect(post.caption).not.toContain("#");
        }
    });
});

describe("what an override asks", () => {
  const write = (promptOverride: string, overrides: Partial<PostWritingRequest> = {}) =>
    writePostOffline({
      brand: beanThere,
      language: "en",
      platform: "instagram",
      userPrompt: "Our autumn blend is back",
      promptOverride,
      ...overrides,
    });

  it("writes the number of tips asked, numbered", () => {
    const post = write("Share 5 quick tips with our followers.");
    expect(post.caption).toMatch(/^1\. [\s\S]*^5\. /m);
    expect(post.caption).not.toMatch(/^6\. /m);
    expect(post.caption).toContain("autumn blend is back");
  });

  it("takes a tone, a length, emoji and hashtags on or off", () => {
    const plain = write("");
    const humorous = write("Use a humorous tone.");
    expect(humorous.caption).not.toEqual(plain.caption);
    expect(humorous.caption).toMatch(/😄|Warning|Plot twist|Not to brag/);
    const short = write("Keep it short.");
    expect(bodyOf(short.caption).length).toBeLessThan(bodyOf(plain.caption).length);
    expect(write("No emojis.", { brand: { ...beanThere, tone: "casual" } }).caption).not.toMatch(
      /\p{Extended_Pictographic}/u,
    );
    expect(write("Add a few emojis.").caption).toMatch(/\p{Extended_Pictographic}/u);
    expect(write("No hashtags, please.").hashtags).toEqual([]);
  });

  it("adds a call to action when asked, even before a closing question", () => {
    const post = write("End with a question and include a call to action.", { platform: "facebook" });
    expect(endsWithQuestion(post.caption)).toBe(true);
    expect(english.cta.facebook.some((cta) => post.caption.includes(cta))).toBe(true);
  });

  it("ignores what it does not understand, and copies none of it", () => {
    const override = "Channel the spirit of a Renaissance painter. Mention the moon landing subtly.";
    const post = write(override);
    expectNothingPasted(post.caption, override);
    expect(post.caption).not.toMatch(/renaissance|moon|painter/i);
    expectTagsFromBrandOrTopic(post.hashtags, beanThere, "autumn blend");
  });

  it("uses a topic the override names when the user gives none", () => {
    const post = write("Post about our loyalty card.", { userPrompt: "" });
    expect(post.caption).toContain("loyalty card");
  });

  it("writes in the language the override or template asks for, whatever language was chosen", () => {
    const cases = [
      ["Write in French. Always end with a question.", "es", "fr"],
      ["Escribe en francés.", "en", "fr"],
      ["Schreibe den Beitrag auf Deutsch.", "en", "de"],
      ["Language: Dutch", "es", "nl"],
      ["Scrivi in italiano, con un tono amichevole.", "en", "it"],
    ] as const;
    for (const [override, chosen, asked] of cases) {
      const post = write(override, { language: chosen, userPrompt: "" });
      expectNothingPasted(post.caption, override);
      expect(isForeignTo(bodyOf(post.caption), asked), `${override}: ${post.caption}`).toBe(false);
      expect(isForeignTo(bodyOf(post.caption), chosen), `${override}: ${post.caption}`).toBe(true);
    }
    expect(endsWithQuestion(write(cases[0][0], { language: "es", userPrompt: "" }).caption)).toBe(true);
  });

  it("keeps the chosen language when a language word is part of the topic, not an instruction", () => {
    const chosen = write("", { language: "es", userPrompt: "Nuestros croissants franceses" });
    const topic = write("", { language: "es", userPrompt: "Our French pastries are back" });
    expect(isForeignTo(bodyOf(chosen.caption), "es")).toBe(false);
    expect(topic.caption).toContain("French pastries are back");
    expect(topic.caption).toMatch(/[¿¡]|nuestr|hoy|para/iu);
  });

  it("stays deterministic", () => {
    const request: PostWritingRequest = {
      brand: beanThere,
      language: "es",
      platform: "instagram",
      userPrompt: "Nuestro café de otoño",
      promptOverride: "Always end with a question.",
    };
    expect(writePostOffline(request)).toEqual(writePostOffline(structuredClone(request)));
  });
});
