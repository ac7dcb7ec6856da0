import { describe, expect, it } from "vitest";
import type { PostWritingRequest } from "../ports";
import { buildPostPrompt } from "./prompts";

const request: PostWritingRequest = {
  brand: {
    name: "Sunny Scoops",
    description: "",
    industry: "ice cream",
    tone: "casual",
    targetAudience: "Families",
    keyMessages: [],
    doNotMention: [],
    primaryColor: "#F59E0B",
    secondaryColor: "#FDE68A",
    accentColor: "#10B981",
    imageStyle: "professional",
  },
  language: "es",
  platform: "instagram",
  userPrompt: "Our pistachio gelato is back",
  promptOverride: "Always end with a question.",
};

describe("buildPostPrompt", () => {
  it("gives the model the override as an instruction and keeps the user's topic as the brief", () => {
    const { system, prompt } = buildPostPrompt(request);
    expect(system).toContain("Always end with a question.");
    expect(system).toMatch(/not text for the post/);
    expect(prompt).toContain("Brief: Our pistachio gelato is back");
    expect(prompt).not.toContain("Always end with a question.");
  });

  it("without a user prompt, the brief points at the instructions", () => {
    const { prompt } = buildPostPrompt({ ...request, userPrompt: "" });
    expect(prompt).toContain("Brief: Follow the brand's instructions.");
  });
});
