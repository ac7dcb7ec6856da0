import { z } from "zod";
import { type PlanCapabilities, planTypes } from "./catalogue";

/**
 * The answers of the plan use cases. Each is its use case's declared output (the tool's outputSchema, the
 * route's answer, the OpenAPI schema); the types are derived from them so they cannot drift.
 */

/** What a plan lets the user do besides the counts of planLimits. */
export const planCapabilitiesView = z
  .object({
    apiAccess: z.boolean().meta({
      description: 'API keys, the tool API and MCP (core spec: "API access" is an Enterprise feature).',
    }),
  })
  .meta({ id: "PlanCapabilities" }) satisfies z.ZodType<PlanCapabilities>;

const remaining = (description: string) => z.number().int().nullable().meta({ description });

/** The caller's plan with what is left of it this month and today; null means unlimited. */
export const userPlanView = z
  .object({
    type: z.enum(planTypes),
    name: z.string(),
    features: z.array(z.string()),
    capabilities: planCapabilitiesView.meta({
      description: "What the plan allows besides the counts; screens read it here rather than from the type.",
    }),
    postsRemaining: remaining("Posts left this month; null means unlimited."),
    maxPosts: remaining("The plan's posts per month; null means unlimited."),
    dailyPostsRemaining: remaining("Posts left today; null means unlimited."),
    maxDailyPosts: remaining("The plan's posts per day; null means unlimited."),
    captionsRemaining: remaining("Captions left this month; null means unlimited."),
    maxCaptions: remaining("The plan's captions per month; null means unlimited."),
    currentPeriodEnd: z.string().nullable().meta({ description: "ISO instant: the paid period's end." }),
    cancelAtPeriodEnd: z.boolean(),
    welcomePending: z.boolean().meta({
      description: "A paid plan reached whose upgrade welcome the user has not seen yet (on any device).",
    }),
  })
  .meta({ id: "UserPlan" });
export type UserPlan = z.infer<typeof userPlanView>;

/** The upgrade welcome is remembered for the plan (nothing to remember on free). */
export const planWelcomeSeenView = z
  .object({ plan: z.enum(planTypes), welcomePending: z.literal(false) })
  .meta({ id: "PlanWelcomeSeen" });
export type PlanWelcomeSeen = z.infer<typeof planWelcomeSeenView>;
