import type { EnhanceFieldName } from "@smm/domain/ai";
import type { AiBrandContext, EnhanceContentRequest } from "@smm/domain/ports";
import { describe, expect, it } from "vitest";
import { enhanceOffline } from "./offline-enhance";

const brand: AiBrandContext = {
  name: "Bean There",
  description: "",
  industry: "specialty coffee",
  tone: "friendly",
  targetAudience: "Young professionals in Berlin",
  keyMessages: ["Roasted fresh every morning", "Fair trade"],
  doNotMention: ["Starbucks", "cheap"],
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const enhance = (
  fieldName: EnhanceFieldName,
  currentValue: string,
  overrides: Partial<EnhanceContentRequest> = {},
) => enhanceOffline({ fieldName, currentValue, brand, language: "en", ...overrides });

describe("offline Enhance", () => {
  it("tidies names: spacing and capitalisation, nothing added", () => {
    expect(enhance("brandName", "  bean   there coffee co ")).toBe("Bean There Coffee Co");
    expect(enhance("brandName", "the iPhone shop for B2B")).toBe("The iPhone Shop for B2B");
    expect(enhance("industry", "specialty coffee roasting.")).toBe("Specialty Coffee Roasting");
  });

  it("weaves industry, audience, tone and a key message into a description", () => {
    const out = enhance("description", "we roast coffee ,and run a cafe..");
    expect(out).toBe(
      "We roast coffee, and run a cafe. As a specialty coffee brand, we bring a warm, welcoming approach to everything we do. Made for young professionals in Berlin. Roasted fresh every morning.",
    );
  });

  it("agrees the article with the next word's sound", () => {
    const shop = { ...brand, industry: "ice cream shop", tone: "authoritative" as const };
    expect(enhance("description", "We scoop every day.", { brand: shop })).toContain(
      "As an ice cream shop brand, we bring",
    );
    expect(enhance("captionPrompt", "Post about sundaes", { brand: shop })).toContain(
      "Write in an authoritative tone for young professionals in Berlin.",
    );
    expect(
      enhance("description", "We study.", { brand: { ...brand, industry: "university bookshop" } }),
    ).toContain("As a university bookshop brand");
  });

  it("describes the audience with the industry and what the tone promises", () => {
    expect(enhance("targetAudience", "young professionals")).toBe(
      "Young professionals interested in specialty coffee, who value a warm, personal touch.",
    );
    expect(
      enhance("targetAudience", "students who need caffeine", { brand: { ...brand, tone: "professional" } }),
    ).toBe("Students who need caffeine, with an interest in specialty coffee.");
  });

  it("turns a key message into a crisper benefit statement", () => {
    expect(
      enhance(
        "keyMessage",
        "we really think that we offer very high quality coffee in order to start your day",
      ),
    ).toBe("High-quality coffee to start your day, made for young professionals in Berlin.");
  });

  it("adds brand guidance to prompts, and the language when it is not English", () => {
    expect(enhance("captionPrompt", "write about our autumn blend")).toBe(
      "Write about our autumn blend. Write in a friendly tone for young professionals in Berlin. Keep it relevant to specialty coffee. Highlight: Roasted fresh every morning. End with a clear call to action.",
    );
    expect(enhance("prompt_template", "Post about {topic}", { language: "fr" })).toContain(
      "Write in French.",
    );
    expect(enhance("image_prompt_template", "a cup on a table")).toBe(
      "A cup on a table. Use the brand colours #3B82F6, #8B5CF6 and #10B981. Professional style. Clean composition with a clear focal point.",
    );
  });

  it("never includes a do-not-mention term, from the user or from the brand", () => {
    const fromUser = enhance(
      "description",
      "We roast coffee, better than Starbucks and never cheap. Open daily.",
    );
    expect(fromUser).toMatch(/^We roast coffee\. Open daily\./);
    const fromBrand = enhance("captionPrompt", "autumn blend", {
      brand: {
        ...brand,
        targetAudience: "students on a cheap budget",
        keyMessages: ["Cheaper than Starbucks", "Local"],
      },
    });
    expect(fromBrand).toContain("Highlight: Local.");
    for (const out of [
      fromUser,
      fromBrand,
      enhance("keyMessage", "we make cheap coffee"),
      enhance("brandName", "starbucks killer"),
    ])
      expect(out.toLowerCase()).not.toMatch(/starbucks|cheap/);
  });

  it("keeps other languages' copy as written, only tidied", () => {
    expect(enhance("description", "nous torréfions du café ,chaque matin", { language: "fr" })).toBe(
      "Nous torréfions du café, chaque matin.",
    );
  });

  it("is deterministic and stable: enhancing the result again changes nothing", () => {
    const fields: [EnhanceFieldName, string][] = [
      ["brandName", "bean there"],
      ["industry", "coffee"],
      ["description", "we roast coffee"],
      ["targetAudience", "young professionals"],
      ["keyMessage", "we offer fresh coffee"],
      ["captionPrompt", "autumn blend"],
      ["prompt_template", "Post about {topic}"],
      ["image_prompt_template", "a cup"],
    ];
    for (const [field, value] of fields) {
      const once = enhance(field, value);
      expect(enhance(field, value)).toBe(once);
      expect(enhance(field, once)).toBe(once);
      expect(once).not.toBe(value);
    }
  });

  it("rewrites what an earlier Enhance said when the tone or audience changed, instead of stacking it", () => {
    const professional = enhance("description", "We scoop ice cream by the sea.", {
      brand: { ...brand, tone: "professional" },
    });
    expect(professional).toContain("a reliable, expert approach");
    const friendly = enhance("description", professional, {
      brand: { ...brand, tone: "friendly", targetAudience: "Families on holiday" },
    });
    expect(friendly).toContain("we bring a warm, welcoming approach");
    expect(friendly).not.toContain("reliable, expert");
    expect(friendly.match(/approach to everything we do/g)).toHaveLength(1);
    expect(friendly).toContain("Made for families on holiday.");
    expect(friendly).not.toContain("Made for young professionals");
    expect(friendly.startsWith("We scoop ice cream by the sea.")).toBe(true);

    const prompt = enhance("captionPrompt", "autumn blend", { brand: { ...brand, tone: "professional" } });
    const again = enhance("captionPrompt", prompt, { brand: { ...brand, tone: "humorous" } });
    expect(again).toContain("Write in a humorous tone");
    expect(again).not.toContain("professional tone");
  });
});
