import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import { updateCompanyProfile } from "../brands/update-company-profile";
import { AppError } from "../errors";
import type { AiProvider, EnhanceContentRequest } from "../ports";
import { enhanceContent } from "./enhance-content";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** A provider that records what it was asked, to check the brand context the use case assembles. */
function recordingProvider(answer: () => string): AiProvider & { requests: EnhanceContentRequest[] } {
  const requests: EnhanceContentRequest[] = [];
  return {
    kind: "openai",
    requests,
    async enhanceContent(request) {
      requests.push(request);
      return answer();
    },
    async writePost() {
      throw new Error("not used by these tests");
    },
    async analyzeWebsite() {
      throw new Error("not used by these tests");
    },
    async planCampaign() {
      throw new Error("not used by these tests");
    },
    async suggestContentIdeas() {
      throw new Error("not used by these tests");
    },
    async captionFromImage() {
      throw new Error("not used by these tests");
    },
    async writeAltText() {
      throw new Error("not used by these tests");
    },
    async triageComments() {
      throw new Error("not used by these tests");
    },
    async draftReply() {
      throw new Error("not used by these tests");
    },
  };
}

describe("enhanceContent", () => {
  it("improves text from the stored brand with the offline model", async () => {
    const userId = await t.createUser();
    const brand = await createBrand(t.as(userId), { name: "Bean There" });
    await updateCompanyProfile(await resolveBrand(t.as(userId)), {
      industry: "Specialty coffee",
      targetAudience: "Young professionals",
      doNotMention: ["Starbucks"],
    });
    const result = await enhanceContent(t.as(userId), {
      fieldName: "description",
      currentValue: "we roast coffee, unlike starbucks",
    });
    expect(result.model).toBe("offline");
    expect(result.enhancedContent).toContain("As a specialty coffee brand");
    expect(result.enhancedContent).toContain("Made for young professionals.");
    expect(result.enhancedContent.toLowerCase()).not.toContain("starbucks");
    expect(brand.id).toBeTruthy();
  });

  it("works before any brand exists, from the caller's unsaved values", async () => {
    const provider = recordingProvider(() => "Better");
    const ctx = { ...t.as(await t.createUser()), ai: provider };
    expect(
      await enhanceContent(ctx, {
        fieldName: "keyMessage",
        currentValue: " fresh beans ",
        brandName: "Draft Co",
        industry: "Tea",
        tone: "humorous",
        keyMessages: ["One", "one", " "],
        language: "es",
      }),
    ).toEqual({ enhancedContent: "Better", model: "openai" });
    expect(provider.requests[0]).toEqual({
      fieldName: "keyMessage",
      currentValue: "fresh beans",
      context: undefined,
      language: "es",
      brand: {
        name: "Draft Co",
        description: "",
        industry: "Tea",
        tone: "humorous",
        targetAudience: "",
        keyMessages: ["One"],
        doNotMention: [],
        primaryColor: "#3B82F6",
        secondaryColor: "#8B5CF6",
        accentColor: "#10B981",
        imageStyle: "professional",
      },
    });
  });

  it("uses a brand named by id only when it is the caller's", async () => {
    const owner = await t.createUser();
    const ownerBrand = await createBrand(t.as(owner), { name: "Owner" });
    const intruder = await t.createUser();
    await expect(
      enhanceContent(
        { ...t.as(intruder), brandId: ownerBrand.id },
        { fieldName: "industry", currentValue: "x" },
      ),
    ).rejects.toMatchObject({ code: "not_found", message: "Brand not found" });
  });

  it("refuses empty text and reports a failing model as 'Failed to enhance content'", async () => {
    const ctx = t.as(await t.createUser());
    await expect(
      enhanceContent(ctx, { fieldName: "description", currentValue: "   " }),
    ).rejects.toMatchObject({
      code: "invalid_input",
      message: "Enter some text to enhance",
    });
    const broken = recordingProvider(() => {
      throw new Error("socket hang up");
    });
    const error = await enhanceContent(
      { ...ctx, ai: broken },
      { fieldName: "industry", currentValue: "tea" },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "upstream_failed", message: "Failed to enhance content" });
    const empty = recordingProvider(() => "  ");
    await expect(
      enhanceContent({ ...ctx, ai: empty }, { fieldName: "industry", currentValue: "tea" }),
    ).rejects.toMatchObject({ code: "upstream_failed" });
  });
});
