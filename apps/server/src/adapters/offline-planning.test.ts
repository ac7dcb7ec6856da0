import type { AiBrandContext, CampaignPlanRequest, CampaignSlot } from "@smm/domain/ports";
import { describe, expect, it } from "vitest";
import { planCampaignOffline, suggestContentIdeasOffline } from "./offline-planning";

const sunnyScoops: AiBrandContext = {
  name: "Sunny Scoops",
  description: "",
  industry: "ice cream",
  tone: "friendly",
  targetAudience: "Families and tourists interested in ice cream, who value a warm, personal touch",
  keyMessages: ["Open until midnight in summer"],
  doNotMention: [],
  primaryColor: "#F59E0B",
  secondaryColor: "#FDE68A",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const slots: CampaignSlot[] = Array.from({ length: 9 }, (_, index) => ({
  scheduledDate: new Date(Date.UTC(2026, 5, 1 + index * 3, 10)).toISOString(),
  weekday: ["Monday", "Wednesday", "Friday"][index % 3] ?? "Monday",
  time: "12:00",
  platform: index % 2 ? "instagram" : "facebook",
  week: Math.floor(index / 3) + 1,
}));

const plan = (goal: string, brand = sunnyScoops) =>
  planCampaignOffline({ brand, language: "en", goal, slots } satisfies CampaignPlanRequest);

describe("the offline campaign plan", () => {
  it("reads as a marketer writes: the audience named, not the profile pasted, no form-letter phrasing", () => {
    for (const goal of ["our summer festival", "the pistachio season", "Launch our sourdough subscription"]) {
      const items = plan(goal);
      expect(items).toHaveLength(slots.length);
      for (const { contentSuggestion } of items) {
        expect(contentSuggestion).not.toMatch(/has planned|who value|personal touch|interested in ice cream/);
        // The audience is lowercase mid-sentence, as a common noun.
        expect(contentSuggestion).not.toMatch(/\S (?:for|tell|ask) Families/);
        // A goal that opens with a verb is not pasted after another verb ("announce Launch ...").
        expect(contentSuggestion).not.toMatch(/(?:announce|for|to|about|into) Launch/);
      }
      expect(items[0]?.contentSuggestion).toMatch(/^Kick-off: announce /);
      expect(items.at(-1)?.contentSuggestion).toMatch(/^Last call: /);
    }
    expect(plan("our summer festival")[0]?.contentSuggestion).toContain("families and tourists");
    expect(plan("Launch our sourdough subscription")[0]?.contentSuggestion).toContain(
      "the push to launch our sourdough subscription",
    );
  });

  it("is deterministic", () => {
    expect(plan("our summer festival")).toEqual(plan("our summer festival"));
  });

  it("names the audience the same way in content ideas", () => {
    const ideas = suggestContentIdeasOffline({
      brand: sunnyScoops,
      language: "en",
      topic: "pistachio gelato",
      count: 6,
      platforms: ["facebook", "instagram"],
    });
    for (const { angle } of ideas) expect(angle).not.toMatch(/who value|personal touch|Families/);
  });
});
