import { contentTones } from "@smm/domain/brands";
import type { AiBrandContext, PostWritingRequest } from "@smm/domain/ports";
import { describe, expect, it } from "vitest";
import { english } from "./offline-phrases";
import { extractTopic, offlineWriterLanguages, writePostOffline } from "./offline-post-writer";

const brand: AiBrandContext = {
  name: "Bean There",
  description: "A neighbourhood roastery",
  industry: "specialty coffee",
  tone: "friendly",
  targetAudience: "young professionals who love good coffee",
  keyMessages: ["Roasted fresh every morning"],
  doNotMention: [],
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const request = (overrides: Partial<PostWritingRequest> = {}): PostWritingRequest => ({
  brand,
  language: "en",
  platform: "facebook",
  userPrompt: "Write a post about our new autumn blend",
  ...overrides,
});

describe("writePostOffline", () => {
  it("writes a brand-specific caption from the prompt, the key message and the audience", () => {
    const post = writePostOffline(request());
    expect(post.caption.toLowerCase()).toContain("our new autumn blend");
    expect(post.caption).toContain("Roasted fresh every morning.");
    expect(post.caption).toContain("Bean There");
    expect(post.hashtags).toEqual(["#BeanThere", "#SpecialtyCoffee", "#AutumnBlend"]);
    const instagram = writePostOffline(request({ platform: "instagram" }));
    expect(instagram.caption).toContain("young professionals who love good coffee");
    expect(post.imagePrompt).toContain("#3B82F6");
    expect(post.imagePrompt).toContain("professional style");
  });

  it("is deterministic: the same inputs give the same post, another prompt another one", () => {
    expect(writePostOffline(request())).toEqual(writePostOffline(request()));
    expect(writePostOffline(request({ userPrompt: "Monday opening hours" })).caption).not.toEqual(
      writePostOffline(request()).caption,
    );
  });

  it("shapes the post for the platform: Instagram gets short lines and more hashtags", () => {
    const facebook = writePostOffline(request());
    const instagram = writePostOffline(
      request({ platform: "instagram", userPrompt: "latte art weekend workshop" }),
    );
    // One paragraph and the tags.
    expect(facebook.caption.split("\n\n")).toHaveLength(2);
    expect(facebook.caption.length).toBeLessThan(instagram.caption.length);
    expect(instagram.caption.split("\n\n").length).toBeGreaterThan(4);
    expect(instagram.hashtags.length).toBeGreaterThan(3);
    expect(instagram.hashtags.length).toBeLessThanOrEqual(8);
    expect(facebook.hashtags.length).toBeLessThanOrEqual(3);
  });

  it("never says what the brand must not mention", () => {
    const post = writePostOffline(
      request({ brand: { ...brand, doNotMention: ["specialty coffee", "autumn"] } }),
    );
    expect(post.caption.toLowerCase()).not.toContain("specialty coffee");
    expect(post.caption.toLowerCase()).not.toContain("autumn");
    expect(post.hashtags.join(" ").toLowerCase()).not.toContain("autumn");
    expect(post.hashtags).not.toContain("#SpecialtyCoffee");
    expect(post.caption).toContain("Bean There");
  });

  it("follows the tone and the language", () => {
    const humorous = writePostOffline(request({ brand: { ...brand, tone: "humorous" } }));
    const professional = writePostOffline(request({ brand: { ...brand, tone: "professional" } }));
    expect(humorous.caption.split(" ").slice(0, 3)).not.toEqual(professional.caption.split(" ").slice(0, 3));
    const german = writePostOffline(
      request({
        language: "de",
        platform: "instagram",
        userPrompt: "Neue Röstung aus Äthiopien",
        brand: { ...brand, targetAudience: "Familien in Berlin" },
      }),
    );
    expect(german.caption).toContain("Neue Röstung aus Äthiopien.");
    // German nouns keep their capital mid-sentence.
    expect(german.caption).toMatch(/(Gemacht|Ideal) für Familien in Berlin\./);
    const spanish = writePostOffline(request({ language: "es", userPrompt: "" }));
    expect(spanish.caption).toContain("Por qué la gente elige Bean There.");
  });

  it("takes the topic of a prompt override only when the user gave none; the override is never the text", () => {
    const own = writePostOffline(request({ userPrompt: "", promptOverride: "Post about our loyalty card" }));
    expect(own.caption.toLowerCase()).toContain("our loyalty card");
    // The user's topic wins over the override's: the override instructs, the prompt says what about.
    const both = writePostOffline(request({ promptOverride: "Post about our loyalty card" }));
    expect(both.caption).toContain("autumn blend");
    expect(both.caption).not.toContain("Post about");
  });
});

describe("the offline writer's copy", () => {
  const prompts = [
    "Our autumn blend is back",
    "Monday opening hours",
    "Latte art workshop on Saturday",
    "Meet our new barista",
    "Free refills all week",
    "Our new oat milk",
    "Holiday gift cards",
    "The story of our roastery",
    "",
  ];

  it("opens without filler such as 'Okay, this one's good.', in every language and tone", () => {
    const filler =
      /^(?:\p{Extended_Pictographic}\s*)?(?:okay|ok|oké|vale|bon),|this one's good|esto está muy bien|celle-ci est top|das hier ist gut|questa è bella|esta é boa|deze is goed/iu;
    for (const language of offlineWriterLanguages)
      for (const tone of contentTones)
        for (const platform of ["facebook", "instagram"] as const)
          for (const userPrompt of prompts) {
            const { caption } = writePostOffline(
              request({ language, platform, userPrompt, brand: { ...brand, tone } }),
            );
            expect(caption, caption).not.toMatch(filler);
          }
  });

  it("varies its openings, and a hook that opens a post is one of the brand's tone", () => {
    for (const tone of contentTones) {
      const openings = new Set<string>();
      for (const userPrompt of prompts) {
        const { caption } = writePostOffline(
          request({ platform: "instagram", userPrompt, brand: { ...brand, tone } }),
        );
        const first = caption.split("\n")[0] ?? "";
        openings.add(first);
        const hookOf = contentTones.find((other) => english.hooks[other].includes(first));
        if (hookOf) expect(hookOf, first).toBe(tone);
      }
      expect(openings.size, tone).toBeGreaterThanOrEqual(4);
    }
  });

  it("names the audience as a reader would, not the profile's description pasted whole", () => {
    const described = {
      ...brand,
      targetAudience: "Families and tourists interested in ice cream, who value a warm, personal touch",
    };
    for (const userPrompt of prompts) {
      const { caption } = writePostOffline(request({ platform: "instagram", userPrompt, brand: described }));
      expect(caption).not.toMatch(/in mind|who value|personal touch/);
    }
  });

  it("keeps one language per post: English profile phrases stay out of a Spanish post", () => {
    const english = {
      ...brand,
      targetAudience: "Families and tourists in town",
      keyMessages: ["Open until midnight in summer"],
    };
    const { caption } = writePostOffline(
      request({
        language: "es",
        platform: "instagram",
        userPrompt: "Nuestro helado de pistacho",
        brand: english,
      }),
    );
    expect(caption).toContain("Nuestro helado de pistacho");
    expect(caption).not.toMatch(/families|tourists|until midnight/i);
    // "in" is German too; "until" tells the key message is English.
    const german = writePostOffline(
      request({ language: "de", platform: "instagram", userPrompt: "Unser Pistazieneis", brand: english }),
    );
    expect(german.caption).not.toMatch(/until midnight|families/i);
    const local = writePostOffline(
      request({
        language: "de",
        platform: "instagram",
        userPrompt: "Unser Pistazieneis",
        brand: { ...brand, targetAudience: "Familien in Berlin", keyMessages: ["Jeden Morgen frisch"] },
      }),
    );
    expect(local.caption).toContain("Familien in Berlin");
    expect(local.caption).toContain("Jeden Morgen frisch.");
  });
});

describe("extractTopic", () => {
  it("strips the request around the subject", () => {
    expect(extractTopic("Write a post about our new autumn blend.")).toBe("our new autumn blend");
    expect(extractTopic("create an instagram post on latte art")).toBe("latte art");
    expect(extractTopic("Summer opening hours")).toBe("Summer opening hours");
    expect(extractTopic("   ")).toBe("");
  });

  it("lowers an everyday opening word so the topic reads mid-sentence, but keeps proper nouns", () => {
    expect(extractTopic("Our autumn blend")).toBe("our autumn blend");
    expect(extractTopic("The Paris roastery opening")).toBe("the Paris roastery opening");
    expect(extractTopic("Paris roastery opening")).toBe("Paris roastery opening");
    expect(extractTopic("Another day")).toBe("Another day");
  });
});
