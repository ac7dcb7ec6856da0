import { describe, expect, it } from "vitest";
import { defaultBrandSettings, defaultCompanyProfile } from "./constants";
import { applyBrandSettingsPatch, applyCompanyProfilePatch } from "./rules";
import {
  addListEntry,
  createBrandInput,
  normalizeList,
  removeListEntry,
  updateBrandFieldInput,
  updateBrandSettingsInput,
  updateCompanyProfileInput,
} from "./schemas";

/** The first message a form would show for this input, or null when it is valid. */
function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "?");
}

describe("brand defaults (core spec section 3)", () => {
  it("are exactly the spec's", () => {
    expect(defaultBrandSettings).toEqual({
      name: "Your Brand",
      primaryColor: "#3B82F6",
      secondaryColor: "#8B5CF6",
      accentColor: "#10B981",
      watermarkEnabled: true,
      defaultLanguage: "en",
      imageStyle: "professional",
    });
    expect(defaultCompanyProfile).toEqual({
      description: "",
      industry: "",
      tone: "professional",
      targetAudience: "",
      keyMessages: [],
      doNotMention: [],
    });
  });
});

describe("brand name", () => {
  it("must be non-blank after trimming", () => {
    expect(messageOf(createBrandInput.safeParse({ name: "   " }))).toBe("Brand name is required");
    expect(messageOf(createBrandInput.safeParse({ name: "" }))).toBe("Brand name is required");
    expect(messageOf(createBrandInput.safeParse({}))).toBe("Brand name is required");
    expect(createBrandInput.parse({ name: "  Acme  " })).toEqual({ name: "Acme" });
    expect(messageOf(updateBrandSettingsInput.safeParse({ name: " \t" }))).toBe("Brand name is required");
  });
});

describe("colours", () => {
  const cases = [
    ["primaryColor", "Primary color must be a valid hex color"],
    ["secondaryColor", "Secondary color must be a valid hex color"],
    ["accentColor", "Accent color must be a valid hex color"],
  ] as const;

  it.each(cases)("%s accepts 3 or 6 hex digits with or without #", (field) => {
    for (const [input, stored] of [
      ["#3B82F6", "#3B82F6"],
      ["3b82f6", "#3b82f6"],
      ["#abc", "#abc"],
      ["ABC", "#ABC"],
      [" #10B981 ", "#10B981"],
    ]) {
      expect(updateBrandSettingsInput.parse({ [field]: input })).toEqual({ [field]: stored });
    }
  });

  it.each(cases)("%s rejects anything else with the spec's message", (field, message) => {
    for (const bad of ["#12345", "#1234567", "blue", "#GGGGGG", "", "##abc", "#ab", 123, null]) {
      expect(messageOf(updateBrandSettingsInput.safeParse({ [field]: bad }))).toBe(message);
    }
  });
});

describe("image style and language", () => {
  it("image style is one of professional, cartoon, realistic", () => {
    for (const style of ["professional", "cartoon", "realistic"])
      expect(updateBrandSettingsInput.parse({ imageStyle: style })).toEqual({ imageStyle: style });
    for (const bad of ["custom", "anime", "", 1])
      expect(messageOf(updateBrandSettingsInput.safeParse({ imageStyle: bad }))).toBe(
        "Image style must be one of: professional, cartoon, realistic",
      );
  });

  it("language is one of the 12 codes", () => {
    for (const code of ["en", "es", "fr", "de", "it", "pt", "nl", "ru", "zh", "ja", "ko", "ar"])
      expect(updateBrandSettingsInput.parse({ defaultLanguage: code })).toEqual({ defaultLanguage: code });
    for (const bad of ["EN", "sv", "english", ""])
      expect(messageOf(updateBrandSettingsInput.safeParse({ defaultLanguage: bad }))).toBe(
        "Invalid language code",
      );
  });
});

describe("the other brand-settings fields", () => {
  it("validate their types and ranges", () => {
    expect(messageOf(updateBrandSettingsInput.safeParse({ watermarkEnabled: "yes" }))).toBe(
      "Watermark enabled must be true or false",
    );
    expect(messageOf(updateBrandSettingsInput.safeParse({ watermarkSettings: { opacity: 0 } }))).toBe(
      "Watermark opacity must be between 0.1 and 1",
    );
    expect(messageOf(updateBrandSettingsInput.safeParse({ watermarkSettings: { size: 5 } }))).toBe(
      "Watermark size must be between 10 and 100",
    );
    expect(messageOf(updateBrandSettingsInput.safeParse({ watermarkSettings: { rotation: 361 } }))).toBe(
      "Watermark rotation must be between 0 and 360",
    );
    expect(
      updateBrandSettingsInput.parse({
        logo: null,
        postPromptOverride: "  Be brief ",
        imagePromptOverride: null,
      }),
    ).toEqual({ logo: null, postPromptOverride: "Be brief", imagePromptOverride: null });
  });
});

describe("company profile", () => {
  it("tone is one of the five", () => {
    for (const tone of ["professional", "casual", "friendly", "humorous", "authoritative"])
      expect(updateCompanyProfileInput.parse({ tone })).toEqual({ tone });
    expect(messageOf(updateCompanyProfileInput.safeParse({ tone: "sarcastic" }))).toBe(
      "Tone must be one of: professional, casual, friendly, humorous, authoritative",
    );
  });

  it("key messages and do-not-mention must be arrays", () => {
    expect(messageOf(updateCompanyProfileInput.safeParse({ keyMessages: "Fresh coffee" }))).toBe(
      "Key messages must be an array",
    );
    expect(messageOf(updateCompanyProfileInput.safeParse({ doNotMention: "Competitors" }))).toBe(
      "Do not mention list must be an array",
    );
    expect(messageOf(updateCompanyProfileInput.safeParse({ keyMessages: [1] }))).toBe(
      "Each key message must be text",
    );
  });

  it("lists are trimmed, without blanks and unique", () => {
    expect(
      updateCompanyProfileInput.parse({
        keyMessages: ["  Fresh daily ", "", "   ", "Fresh daily", "fresh DAILY", "Fair  trade"],
        doNotMention: [" Starbucks", "starbucks", ""],
      }),
    ).toEqual({ keyMessages: ["Fresh daily", "Fair trade"], doNotMention: ["Starbucks"] });
  });

  it("text fields are trimmed", () => {
    expect(updateCompanyProfileInput.parse({ description: "  We roast.  ", industry: " Coffee " })).toEqual({
      description: "We roast.",
      industry: "Coffee",
    });
  });
});

describe("list entry rules (add on Enter, remove individually)", () => {
  it("adds only non-blank, new entries", () => {
    expect(addListEntry([], "  Fresh  ")).toEqual(["Fresh"]);
    expect(addListEntry(["Fresh"], "   ")).toEqual(["Fresh"]);
    expect(addListEntry(["Fresh"], "fresh")).toEqual(["Fresh"]);
    expect(addListEntry(["Fresh"], "Local")).toEqual(["Fresh", "Local"]);
    expect(removeListEntry(["a", "b", "c"], 1)).toEqual(["a", "c"]);
    expect(normalizeList([" x ", "X", "y"])).toEqual(["x", "y"]);
  });
});

describe("updateBrandField", () => {
  it("validates the value with the named field's rule", () => {
    expect(messageOf(updateBrandFieldInput.safeParse({ field: "primaryColor", value: "red" }))).toBe(
      "Primary color must be a valid hex color",
    );
    expect(messageOf(updateBrandFieldInput.safeParse({ field: "tone", value: "loud" }))).toBe(
      "Tone must be one of: professional, casual, friendly, humorous, authoritative",
    );
    expect(messageOf(updateBrandFieldInput.safeParse({ field: "keyMessages", value: "one" }))).toBe(
      "Key messages must be an array",
    );
    expect(messageOf(updateBrandFieldInput.safeParse({ field: "name", value: " " }))).toBe(
      "Brand name is required",
    );
    expect(messageOf(updateBrandFieldInput.safeParse({ field: "facebookPageToken", value: "x" }))).toMatch(
      /^Field must be one of: name, logo, primaryColor/,
    );
    expect(updateBrandFieldInput.parse({ field: "accentColor", value: "fff" })).toEqual({
      field: "accentColor",
      value: "#fff",
    });
  });
});

describe("partial saves", () => {
  it("change only the fields present, merging the watermark", () => {
    const current = { ...defaultBrandSettings, watermarkSettings: null };
    const next = applyBrandSettingsPatch(current, { primaryColor: "#000", watermarkSettings: { size: 50 } });
    expect(next.primaryColor).toBe("#000");
    expect(next.secondaryColor).toBe("#8B5CF6");
    expect(next.watermarkSettings).toMatchObject({ size: 50, opacity: 0.7, position: { x: 50, y: 50 } });
    expect(applyBrandSettingsPatch(next, { watermarkSettings: null }).watermarkSettings).toBeNull();
    expect(applyCompanyProfilePatch(defaultCompanyProfile, { industry: "Coffee" })).toEqual({
      ...defaultCompanyProfile,
      industry: "Coffee",
    });
  });
});
