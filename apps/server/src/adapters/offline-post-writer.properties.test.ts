import { brandImageStyles, contentTones } from "@smm/domain/brands";
import { countGraphemes, writingNetworkOf } from "@smm/domain/channels";
import type { AiBrandContext, PostWritingRequest } from "@smm/domain/ports";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeBluesky } from "../networks/bluesky/descriptor";
import { CAPTION_LIMITS, offlineWriterLanguages, writePostOffline } from "./offline-post-writer";
import { isHashtagWord } from "./offline-text";

/*
 * Properties over random but realistic brand profiles: what a marketer would never post, whatever the
 * profile. The pools are phrases people type into the brand form and the generator.
 */
const names = [
  "Sunny Scoops",
  "Bean There",
  "Atlas Fitness",
  "Olive & Oak",
  "Urban Bloom",
  "Eco Nest",
  "iFix Repairs",
  "Harbor Yoga",
  "Elm Street Bakery",
  "Orbit Labs",
];
const industries = [
  "ice cream shop",
  "specialty coffee",
  "fitness studio",
  "interior design",
  "organic skincare",
  "accounting",
  "e-commerce",
  "architecture",
  "yoga",
  "hotel",
  "SEO agency",
  "university bookshop",
  "electric bikes",
  "urban gardening",
];
const audiences = [
  "Families and students in town",
  "young professionals who love good coffee",
  "Busy parents",
  "Owners of small businesses",
  "Gen Z shoppers",
  "Eco-conscious homeowners",
  "",
  "Runners training for their first marathon",
];
const messages = [
  "Two-for-one waffle cones every Friday in December",
  "Made fresh daily with local milk",
  "Free delivery over 30 euros",
  "Every session is led by a certified coach",
  "Open late on weekends",
  "Sustainably sourced ingredients",
];
const prompts = [
  "",
  "Write a post about our new pistachio flavour",
  "Two-for-one waffle cones every Friday in December",
  "Create an Instagram post about the spring sale",
  "Our autumn menu",
  "Opening hours over the holidays",
  "Meet the team behind the counter",
  "3 tips for a better morning routine",
  "Announcing our second location in Lisbon",
  "Behind the scenes of our photo shoot",
];

const profile: fc.Arbitrary<AiBrandContext> = fc.record({
  name: fc.constantFrom(...names),
  description: fc.constant(""),
  industry: fc.constantFrom(...industries),
  tone: fc.constantFrom(...contentTones),
  targetAudience: fc.constantFrom(...audiences),
  keyMessages: fc.subarray(messages, { maxLength: 3 }),
  doNotMention: fc.subarray(["waffle", "delivery", "coffee", "sale", "Lisbon", "team", "spring"], {
    maxLength: 2,
  }),
  primaryColor: fc.constant("#3B82F6"),
  secondaryColor: fc.constant("#8B5CF6"),
  accentColor: fc.constant("#10B981"),
  imageStyle: fc.constantFrom(...brandImageStyles),
});

const requests: fc.Arbitrary<PostWritingRequest> = fc.record({
  brand: profile,
  language: fc.constantFrom(...offlineWriterLanguages),
  platform: fc.constantFrom("facebook" as const, "instagram" as const),
  userPrompt: fc.constantFrom(...prompts),
  // Overrides are instructions: whatever they ask, the post still holds to every property below.
  promptOverride: fc.constantFrom(
    undefined,
    "Always end with a question.",
    "Keep it short.",
    "Share 5 quick tips.",
    "No emojis, no hashtags.",
    "Use a humorous tone and add emojis.",
    "Write a long post and include a call to action.",
    "Write a behind-the-scenes post and end with a question.",
    "Write a promotional post announcing a limited-time offer.",
  ),
});

/** English "a" before a vowel sound, or "an" before a consonant sound, in the words the writer chose. */
const WRONG_ARTICLE = /\b(?:a (?:[aeio]|u(?!ni|s|ro))|an (?![aeiouh]|SEO|e-)[a-z])/i;

describe("the offline writer, over random brand profiles", () => {
  it("never puts a wrong English article before a word", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const post = writePostOffline(request);
        // "a" is an article of Portuguese and Italian too; only English text is held to English rules.
        if (request.language === "en") expect(post.caption).not.toMatch(WRONG_ARTICLE);
        expect(post.imagePrompt).not.toMatch(WRONG_ARTICLE);
      }),
      { numRuns: 400 },
    );
  });

  it("makes hashtags of meaningful words only: no stopwords, numbers or fragments", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const { hashtags, caption } = writePostOffline(request);
        for (const tag of hashtags) {
          expect(tag).toMatch(/^#[\p{L}\p{N}]{3,}$/u);
          // Every tag is built from words that could stand as a tag on their own, or from the brand's name.
          const words = tag.slice(1).split(/(?=\p{Lu})/u);
          expect(
            words.some((word) => isHashtagWord(word)),
            tag,
          ).toBe(true);
          expect(caption).toContain(tag);
        }
        expect(new Set(hashtags.map((tag) => tag.toLowerCase())).size).toBe(hashtags.length);
      }),
      { numRuns: 400 },
    );
  });

  it("never names a do-not-mention term, in the caption, the tags or the image prompt", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const post = writePostOffline(request);
        const all = `${post.caption} ${post.hashtags.join(" ")} ${post.imagePrompt}`.toLowerCase();
        for (const term of request.brand.doNotMention) {
          if (request.userPrompt?.toLowerCase().includes(term.toLowerCase())) continue;
          expect(all).not.toContain(term.toLowerCase());
        }
      }),
      { numRuns: 400 },
    );
  });

  it("stays within the platform's limits, Facebook shorter, Instagram in short lines", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const post = writePostOffline(request);
        expect(post.caption.length).toBeLessThanOrEqual(
          CAPTION_LIMITS[request.platform === "instagram" ? "instagram" : "facebook"],
        );
        expect(post.hashtags.length).toBeLessThanOrEqual(request.platform === "instagram" ? 8 : 3);
        if (request.platform === "instagram") {
          for (const line of post.caption.split("\n")) expect(line.length).toBeLessThanOrEqual(300);
        } else {
          expect(post.caption.split("\n\n").length).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("writes a short network's post within its descriptor's length and hashtags, whole sentences only", () => {
    const networks = [
      writingNetworkOf(describeBluesky("bluesky")),
      { label: "Mastodon", maxLength: 500, habitHashtags: 3, voice: "feed" as const, habits: "" },
    ];
    fc.assert(
      fc.property(requests, fc.constantFrom(...networks), (request, network) => {
        const post = writePostOffline({ ...request, platform: "bluesky", network });
        expect(countGraphemes(post.caption)).toBeLessThanOrEqual(network.maxLength);
        expect(post.hashtags.length).toBeLessThanOrEqual(network.habitHashtags);
        expect(post.caption.trim()).not.toBe("");
        // Nothing cut mid-sentence: the text before the hashtags ends as a sentence ends.
        const body = post.caption.replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, "").trim();
        if (body) expect(body).toMatch(/(?:[.!?…)"”]|\p{Extended_Pictographic}|\uFE0F)$/u);
      }),
      { numRuns: 300 },
    );
  });

  it("writes whole sentences: every line starts with a capital or a mark, no doubled words or stops", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const { caption } = writePostOffline(request);
        for (const line of caption.split("\n").filter(Boolean))
          expect(line).toMatch(/^(?:[\p{Lu}\p{N}¡¿#—]|\p{Extended_Pictographic})/u);
        expect(caption).not.toMatch(/(?<!\p{L})(\p{L}+) \1(?!\p{L})/iu);
        expect(caption).not.toMatch(/[.!?]\./);
      }),
      { numRuns: 400 },
    );
  });

  it("is deterministic for a given input", () => {
    fc.assert(
      fc.property(requests, (request) => {
        expect(writePostOffline(request)).toEqual(writePostOffline(structuredClone(request)));
      }),
      { numRuns: 100 },
    );
  });
});
