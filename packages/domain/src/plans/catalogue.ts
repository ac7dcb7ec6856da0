/**
 * Plans, their limits and the billing catalogue (core spec sections 1, 3, 9; connections spec, landing
 * page). Pure data and rules: the web app imports it for the plan cards and the upgrade dialog.
 */
export const planTypes = ["free", "pro", "enterprise"] as const;
export type PlanType = (typeof planTypes)[number];

export interface PlanLimits {
  /** null = unlimited. */
  monthlyPosts: number | null;
  dailyPosts: number | null;
  monthlyCaptions: number | null;
}

/** Core spec section 9. */
export const planLimits: Record<PlanType, PlanLimits> = {
  free: { monthlyPosts: 5, dailyPosts: 1, monthlyCaptions: 25 },
  pro: { monthlyPosts: 30, dailyPosts: null, monthlyCaptions: null },
  enterprise: { monthlyPosts: null, dailyPosts: null, monthlyCaptions: null },
};

/**
 * Enterprise is sold as unlimited, but the spec's generation check still stops it at 100 posts a month
 * ("otherwise monthly used must be below 100"): a fair-use cap that protects the AI budget.
 */
export const ENTERPRISE_MONTHLY_POST_CAP = 100;

export const planNames: Record<PlanType, string> = { free: "Free", pro: "Pro", enterprise: "Enterprise" };

/**
 * A plan's monthly posts as the product says them: "5 posts per month", or "Unlimited posts" for a plan with
 * no limit (Enterprise is sold so, its fair-use cap aside). The feature lists and the landing page use it.
 */
export function describeMonthlyPosts(plan: PlanType): string {
  const posts = planLimits[plan].monthlyPosts;
  return posts === null ? "Unlimited posts" : `${posts} posts per month`;
}

export const PLAN_CURRENCY = "EUR";

/** Prices in euros (core spec section 3, Plan catalogue; the landing page's plan cards show the monthly). */
export const planMonthlyPrices: Record<PlanType, number> = { free: 0, pro: 15, enterprise: 75 };
/** A year is billed as ten months: "2 months free". */
export const planYearlyPrices: Record<Exclude<PlanType, "free">, number> = { pro: 150, enterprise: 750 };

/** A price as the plan cards show it: "€15". */
export function formatPlanPrice(price: number): string {
  return `€${price}`;
}

/** The feature hints of core spec section 1 (and the landing page's plan cards for the post counts). */
export const planFeatures: Record<PlanType, string[]> = {
  free: [describeMonthlyPosts("free"), "1 post per day", "Basic analytics", "Single platform"],
  pro: [
    describeMonthlyPosts("pro"),
    "Multi-platform",
    "Analytics",
    "Scheduling",
    "Team collaboration",
    "Priority support",
  ],
  enterprise: [
    describeMonthlyPosts("enterprise"),
    "AI agent for automation",
    "API access",
    "Dedicated account manager",
  ],
};

/**
 * What a plan lets the user do besides the counts of planLimits (getPlan sends it to the screens; its schema
 * is in views.ts, so this module stays plain data and the landing page's plan cards do not fetch zod).
 */
export interface PlanCapabilities {
  apiAccess: boolean;
}

/**
 * Decided here once: the server enforces it (requireApiAccess) and sends it with the plan (getPlan), and
 * the screens read it from there instead of deciding again from the plan's name.
 */
export const planCapabilities: Record<PlanType, PlanCapabilities> = {
  free: { apiAccess: false },
  pro: { apiAccess: false },
  enterprise: { apiAccess: true },
};

/** The plans' price ids at the billing provider; configured per deployment. */
export interface PlanPriceIds {
  proMonthly: string;
  proYearly: string;
  enterpriseMonthly: string;
  enterpriseYearly: string;
}

export const planProductIds = ["pro", "proYear", "aiAgent", "aiAgentYear"] as const;
export type PlanProductId = (typeof planProductIds)[number];

/** One purchasable product of the catalogue (core spec section 3, Plan catalogue). */
export interface PlanProduct {
  id: PlanProductId;
  plan: Exclude<PlanType, "free">;
  interval: "month" | "year";
  priceId: string;
  name: string;
  description: string;
  /** In currency units (EUR), as shown. */
  price: number;
  currency: typeof PLAN_CURRENCY;
  mode: "subscription";
  features: string[];
}

export interface PlanCatalogue {
  products: PlanProduct[];
  /** The plan a subscription's price id buys, or null for a price that is not ours. */
  planForPriceId(priceId: string | null | undefined): Exclude<PlanType, "free"> | null;
}

export function createPlanCatalogue(priceIds: PlanPriceIds): PlanCatalogue {
  const products: PlanProduct[] = [
    {
      id: "pro",
      plan: "pro",
      interval: "month",
      priceId: priceIds.proMonthly,
      name: "Pro",
      description: `${describeMonthlyPosts("pro")}, multi-platform, analytics and scheduling`,
      price: planMonthlyPrices.pro,
      currency: PLAN_CURRENCY,
      mode: "subscription",
      features: planFeatures.pro,
    },
    {
      id: "proYear",
      plan: "pro",
      interval: "year",
      priceId: priceIds.proYearly,
      name: "Pro (annual)",
      description: "Pro billed yearly: 2 months free",
      price: planYearlyPrices.pro,
      currency: PLAN_CURRENCY,
      mode: "subscription",
      features: planFeatures.pro,
    },
    {
      id: "aiAgent",
      plan: "enterprise",
      interval: "month",
      priceId: priceIds.enterpriseMonthly,
      name: "Enterprise",
      description: `${describeMonthlyPosts("enterprise")} with the AI agent for automation`,
      price: planMonthlyPrices.enterprise,
      currency: PLAN_CURRENCY,
      mode: "subscription",
      features: planFeatures.enterprise,
    },
    {
      id: "aiAgentYear",
      plan: "enterprise",
      interval: "year",
      priceId: priceIds.enterpriseYearly,
      name: "Enterprise (annual)",
      description: "Enterprise billed yearly: 2 months free",
      price: planYearlyPrices.enterprise,
      currency: PLAN_CURRENCY,
      mode: "subscription",
      features: planFeatures.enterprise,
    },
  ];
  return {
    products,
    planForPriceId(priceId) {
      if (!priceId) return null;
      return products.find((product) => product.priceId === priceId)?.plan ?? null;
    },
  };
}

/** The price ids used when none are configured (the local checkout); real deployments set their own. */
export const localPlanPriceIds: PlanPriceIds = {
  proMonthly: "price_pro_monthly",
  proYearly: "price_pro_yearly",
  enterpriseMonthly: "price_enterprise_monthly",
  enterpriseYearly: "price_enterprise_yearly",
};

/**
 * The landing page's "14-day free trial" (connections spec: Plans and prices, "Free trial 14 days, no card
 * required"): a first paid subscription starts with it; a user who has had one before pays from the start.
 */
export const FREE_TRIAL_DAYS = 14;

/** The subscription facts the plan is derived from (the stripe_user_subscriptions read model). */
export interface SubscriptionFacts {
  subscriptionStatus: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * Statuses that grant the paid plan. The spec says "active only when subscription_status is active"; a
 * trial is treated as active too, because Stripe reports a paid plan's free trial as `trialing`.
 */
export const payingStatuses: readonly string[] = ["active", "trialing"];

export interface DerivedPlan {
  type: PlanType;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Core spec section 4 (Plan): free by default; pro or enterprise by price id while paying and in period. */
export function derivePlan(
  subscription: SubscriptionFacts | null | undefined,
  catalogue: PlanCatalogue,
  now: Date,
): DerivedPlan {
  const free: DerivedPlan = { type: "free", currentPeriodEnd: null, cancelAtPeriodEnd: false };
  if (!subscription || !payingStatuses.includes(subscription.subscriptionStatus)) return free;
  const plan = catalogue.planForPriceId(subscription.priceId);
  if (!plan) return free;
  if (subscription.currentPeriodEnd && subscription.currentPeriodEnd.getTime() <= now.getTime()) return free;
  return {
    type: plan,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

export const SUBSCRIPTION_ENDED_MESSAGE =
  "Your subscription has ended. You have been moved to the free plan.";
export const UPGRADE_SUCCESS_MESSAGE = "Successfully upgraded your plan! Enjoy the new features.";

/** A paid subscription set to cancel whose period is over: the user is told once that they are on free now. */
export function hasSubscriptionEnded(
  subscription: SubscriptionFacts | null | undefined,
  catalogue: PlanCatalogue,
  now: Date,
): boolean {
  return Boolean(
    subscription?.cancelAtPeriodEnd &&
      subscription.currentPeriodEnd &&
      subscription.currentPeriodEnd.getTime() <= now.getTime() &&
      catalogue.planForPriceId(subscription.priceId),
  );
}
