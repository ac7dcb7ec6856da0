import { eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { agentSettings, postSuggestions } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import { metaPlatforms } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { removeForbidden } from "./do-not-mention";
import { planCampaignSlots } from "./plan-campaign-slots";
import {
  CAMPAIGN_PLAN_FAILED,
  type CampaignPlanView,
  type CreateCampaignPlanInput,
  campaignPlanView,
  createCampaignPlanInput,
  DEFAULT_CAMPAIGN_WEEKS,
  DEFAULT_POSTS_PER_WEEK,
  type SuggestionPlatform,
} from "./schemas";
import { readAiBrand, toSuggestionView } from "./suggestion";

export { type CreateCampaignPlanInput, createCampaignPlanInput };

// The spec's plan alternates Facebook and Instagram; other networks are planned when asked for.
const DEFAULT_PLATFORMS: SuggestionPlatform[] = [...metaPlatforms];
// The spec's text columns are unbounded; a model's runaway answer is cut rather than stored whole.
const MAX_IDEA_LENGTH = 1_000;

/**
 * Plans a campaign: dated post ideas for the coming weeks on the spec's best days and times, written by the
 * text model for the brand and the goal, saved as the brand's post suggestions (type generate_new) that the
 * agent page and listSuggestions show and generateFromSuggestion turns into posts.
 */
export async function createCampaignPlan(
  ctx: BrandContext,
  input: CreateCampaignPlanInput,
): Promise<CampaignPlanView> {
  const parsed = parseInput(createCampaignPlanInput, input);
  const weeks = parsed.weeks ?? DEFAULT_CAMPAIGN_WEEKS;
  const postsPerWeek = parsed.postsPerWeek ?? (await readPostsPerWeek(ctx));
  const platforms = parsed.platforms ?? DEFAULT_PLATFORMS;
  const { brand, language } = await readAiBrand(ctx);
  const slots = planCampaignSlots({
    now: ctx.now(),
    weeks,
    postsPerWeek,
    platforms,
    utcOffsetMinutes: parsed.utcOffsetMinutes ?? 0,
  });

  let ideas: Awaited<ReturnType<typeof ctx.ai.planCampaign>>;
  try {
    ideas = await ctx.ai.planCampaign({
      brand,
      language,
      goal: parsed.goal,
      slots: slots.map(({ engagementScore: _score, ...slot }) => slot),
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", CAMPAIGN_PLAN_FAILED);
  }
  const rows = slots.map((slot, index) => {
    const idea = ideas[index];
    const contentSuggestion = removeForbidden(idea?.contentSuggestion ?? "", brand.doNotMention);
    // A plan with a gap would silently lose a date the user asked for; the whole plan is refused instead.
    if (contentSuggestion === "") throw new AppError("upstream_failed", CAMPAIGN_PLAN_FAILED);
    return {
      brandId: ctx.brandId,
      type: "generate_new" as const,
      platform: slot.platform,
      scheduledDate: new Date(slot.scheduledDate),
      contentSuggestion: contentSuggestion.slice(0, MAX_IDEA_LENGTH),
      reason: removeForbidden(idea?.reason ?? "", brand.doNotMention).slice(0, MAX_IDEA_LENGTH) || null,
      engagementScore: slot.engagementScore,
    };
  });

  const saved = await ctx.db.insert(postSuggestions).values(rows).returning();
  saved.sort((a, b) => (a.scheduledDate?.getTime() ?? 0) - (b.scheduledDate?.getTime() ?? 0));
  return {
    goal: parsed.goal,
    weeks,
    postsPerWeek,
    platforms,
    suggestions: saved.map((row) => toSuggestionView(row)),
    model: ctx.ai.kind,
  };
}

/** The user's agent setting (posts per week), else the spec's default when none is stored. */
export async function readPostsPerWeek(ctx: BrandContext): Promise<number> {
  const [settings] = await ctx.db
    .select({ postsPerWeek: agentSettings.postsPerWeek })
    .from(agentSettings)
    .where(eq(agentSettings.userId, ctx.userId));
  return settings?.postsPerWeek ?? DEFAULT_POSTS_PER_WEEK;
}

export const createCampaignPlanUseCase = declareUseCase({
  name: "createCampaignPlan",
  description:
    "Plan a campaign for the active brand: dated post ideas for the coming weeks (default 4 weeks, the user's posts per week) on the best days and times, alternating between the given platforms. Saves them as post suggestions and returns them.",
  scope: "brand",
  input: createCampaignPlanInput,
  output: campaignPlanView,
  run: createCampaignPlan,
});
