import {
  PLAN_CURRENCY,
  type PlanLimits,
  type PlanType,
  planLimits,
  planMonthlyPrices,
  planNames,
  planYearlyPrices,
} from "@smm/domain/web";

type PaidPlan = Exclude<PlanType, "free">;

/** The catalogue the sentence is built from; the page passes the real one, a test may pass another. */
export interface PlanTermsCatalogue {
  limits: Record<PlanType, PlanLimits>;
  monthlyPrices: Record<PlanType, number>;
  yearlyPrices: Record<PaidPlan, number>;
}

const catalogue: PlanTermsCatalogue = {
  limits: planLimits,
  monthlyPrices: planMonthlyPrices,
  yearlyPrices: planYearlyPrices,
};

function describeCount(count: number | null, period: string): string {
  if (count === null) return `unlimited posts per ${period}`;
  return `${count} ${count === 1 ? "post" : "posts"} per ${period}`;
}

function describePaidPlan(plan: PaidPlan, from: PlanTermsCatalogue): string {
  return `${planNames[plan]} at ${from.monthlyPrices[plan]} ${PLAN_CURRENCY} per month or ${from.yearlyPrices[plan]} ${PLAN_CURRENCY} per year`;
}

/**
 * The Terms' sentence on plans and prices, built from the plan catalogue so that a changed price or quota
 * changes the Terms with it instead of leaving a stale promise in a legal text.
 */
export function describePlanTerms(from: PlanTermsCatalogue = catalogue): string {
  const free = from.limits.free;
  const freeLimits = [describeCount(free.monthlyPosts, "month")];
  if (free.dailyPosts !== null) freeLimits.push(describeCount(free.dailyPosts, "day"));
  const paid = (["pro", "enterprise"] as const).map((plan) => describePaidPlan(plan, from)).join(", ");
  return `The ${planNames.free} plan includes ${freeLimits.join(" and ")}. Paid plans (${paid}) raise these limits and add features as described on our pricing page. Prices include the taxes stated at checkout.`;
}
