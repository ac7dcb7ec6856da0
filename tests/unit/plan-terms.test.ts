import { planLimits, planMonthlyPrices, planYearlyPrices } from "@smm/domain/plans";
import { describe, expect, it } from "vitest";
import { describePlanTerms } from "../../apps/web/src/pages/legal/plan-terms";

describe("describePlanTerms", () => {
  it("says today's catalogue in the Terms' words", () => {
    expect(describePlanTerms()).toBe(
      "The Free plan includes 5 posts per month and 1 post per day. Paid plans (Pro at 15 EUR per month or 150 EUR per year, Enterprise at 75 EUR per month or 750 EUR per year) raise these limits and add features as described on our pricing page. Prices include the taxes stated at checkout.",
    );
  });

  it("follows a change of the catalogue's prices and quotas", () => {
    const text = describePlanTerms({
      limits: { ...planLimits, free: { monthlyPosts: 10, dailyPosts: 2, monthlyCaptions: 25 } },
      monthlyPrices: { ...planMonthlyPrices, pro: 19 },
      yearlyPrices: { ...planYearlyPrices, enterprise: 900 },
    });
    expect(text).toContain("The Free plan includes 10 posts per month and 2 posts per day.");
    expect(text).toContain("Pro at 19 EUR per month or 150 EUR per year");
    expect(text).toContain("Enterprise at 75 EUR per month or 900 EUR per year");
  });

  it("leaves out a daily limit the free plan does not have", () => {
    const text = describePlanTerms({
      limits: { ...planLimits, free: { monthlyPosts: 5, dailyPosts: null, monthlyCaptions: 25 } },
      monthlyPrices: planMonthlyPrices,
      yearlyPrices: planYearlyPrices,
    });
    expect(text).toMatch(/^The Free plan includes 5 posts per month\. Paid plans/);
  });
});
