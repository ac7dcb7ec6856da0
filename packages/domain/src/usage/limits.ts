import type { ErrorReason } from "../errors";
import { ENTERPRISE_MONTHLY_POST_CAP, type PlanType, planLimits } from "../plans/catalogue";

/** The error reasons that mean "the plan's allowance is spent": where an upgrade is the way on. */
const PLAN_LIMIT_REASONS: ReadonlySet<string> = new Set<ErrorReason>([
  "quota_monthly",
  "quota_daily",
  "quota_captions",
]);
export const isPlanLimitReason = (reason: string | undefined): boolean =>
  reason !== undefined && PLAN_LIMIT_REASONS.has(reason);

/** Quota texts of core spec section 8 and connections spec section 5, verbatim. */
export const DAILY_POST_LIMIT_MESSAGE =
  "You have reached your daily limit of 1 post. Please try again tomorrow or upgrade to Pro for unlimited daily posts.";
export const FREE_MONTHLY_POST_LIMIT_MESSAGE =
  "You have reached your monthly limit of 5 posts. Please upgrade to continue posting.";
export const monthlyPostLimitMessage = (limit: number) =>
  `You have reached the monthly limit of ${limit} posts.`;
export const captionLimitMessage = (max: number) =>
  `You have reached your monthly caption limit of ${max}. Please upgrade to continue.`;
export const captionsLeftMessage = (left: number) =>
  `You can only process ${left} more images this month. Please upgrade for more captions.`;
/** The caption limit text for a plan other than free (none has a caption limit today). */
export const CAPTION_GENERATION_LIMIT = "Caption generation limit reached. Please upgrade to continue.";

/** The monthly post limit the server enforces (enterprise's "unlimited" has the spec's fair-use cap). */
export function enforcedMonthlyPostLimit(plan: PlanType): number {
  return planLimits[plan].monthlyPosts ?? ENTERPRISE_MONTHLY_POST_CAP;
}

export function monthlyLimitMessageFor(plan: PlanType): string {
  return plan === "free"
    ? FREE_MONTHLY_POST_LIMIT_MESSAGE
    : monthlyPostLimitMessage(enforcedMonthlyPostLimit(plan));
}

/** Usage windows are UTC calendar months and days, whatever the user's time zone. */
export function usagePeriod(now: Date): { month: number; year: number; day: string } {
  return {
    month: now.getUTCMonth() + 1,
    year: now.getUTCFullYear(),
    day: now.toISOString().slice(0, 10),
  };
}

export interface UsageCounts {
  monthlyPosts: number;
  dailyPosts: number;
  monthlyCaptions: number;
}

/** The spec's pre-check (section 5), for screens that disable Generate before asking the server. */
export function canCreatePost(plan: PlanType, usage: UsageCounts): boolean {
  const limits = planLimits[plan];
  if (limits.dailyPosts !== null && usage.dailyPosts >= limits.dailyPosts) return false;
  return usage.monthlyPosts < enforcedMonthlyPostLimit(plan);
}
