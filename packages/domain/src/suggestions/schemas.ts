import { z } from "zod";
import { type MetaPlatform, PLATFORM_INVALID } from "../posts/messages";
import { postPlatforms, postStatusFilters } from "../posts/schemas";
import { safeText } from "../text";

/**
 * Inputs and constants of the planning use cases (campaign plans, content ideas, written posts, post
 * suggestions). Pure data plus zod, so the web bundle can import it for the chat's cards.
 */

export type SuggestionPlatform = (typeof postPlatforms)[number];

export const SUGGESTION_NOT_FOUND = "Suggestion not found";
/** The suggestion's post is waiting for review or is scheduled: its button reads Post Pending / Scheduled. */
export const SUGGESTION_ALREADY_GENERATED =
  "A post was already generated from this suggestion. Review it, or deny it to generate another.";
export const CAMPAIGN_PLAN_FAILED = "Failed to create campaign plan";
export const CONTENT_IDEAS_FAILED = "Failed to generate content ideas";
export const CAMPAIGN_GOAL_REQUIRED = "Please describe the campaign's goal";
export const TOPIC_REQUIRED = "Please say what the post should be about";

// Connections spec section 9: "default posts per week 5, input range 1 to 30".
export const DEFAULT_POSTS_PER_WEEK = 5;
export const MIN_POSTS_PER_WEEK = 1;
export const MAX_POSTS_PER_WEEK = 30;
export const DEFAULT_CAMPAIGN_WEEKS = 4;
export const MIN_CAMPAIGN_WEEKS = 1;
// A quarter: beyond that a plan is guesswork, and one plan stays a size the chat can show.
export const MAX_CAMPAIGN_WEEKS = 12;
/** How many ideas generateContentIdea offers at once ("a few"). */
export const CONTENT_IDEA_COUNT = 3;
export const MAX_TOPIC_LENGTH = 500;
/** listSuggestions returns at most this many, soonest first (a full 12-week plan at 30 a week is 360). */
export const MAX_LISTED_SUGGESTIONS = 400;

/**
 * The spec's placeholder engagement curve by weekday, Sunday to Saturday (connections spec section 9). Its
 * order gives the best days: Wednesday, Thursday, Tuesday, then the rest.
 */
export const ENGAGEMENT_BY_WEEKDAY = [5.5, 7, 7.5, 8, 7.8, 7.2, 6] as const;
/**
 * Posting times, best first, as 24-hour wall-clock times: the spec's best times 12:00 PM, 5:00 PM and
 * 10:00 AM, then two more used only when a week asks for more posts than 7 days x 3 times can hold.
 */
export const POSTING_TIMES = ["12:00", "17:00", "10:00", "14:00", "19:00"] as const;
/** How many of POSTING_TIMES are the spec's best times. */
export const BEST_TIME_COUNT = 3;
/** How many of the top-ranked weekdays are the spec's best days. */
export const BEST_DAY_COUNT = 3;

/**
 * What a caption may hold on each network: Instagram cuts captions at 2,200 characters and refuses more
 * than 30 hashtags; Facebook's own limit for a Page post's text is 63,206 characters.
 */
export const PLATFORM_RULES: Record<MetaPlatform, { maxCaptionLength: number; maxHashtags: number }> = {
  instagram: { maxCaptionLength: 2_200, maxHashtags: 30 },
  facebook: { maxCaptionLength: 63_206, maxHashtags: 30 },
};

const platformSchema = z.enum(postPlatforms, { error: PLATFORM_INVALID });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number from ${min} to ${max}` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const createCampaignPlanInput = z.object({
  goal: safeText({ error: CAMPAIGN_GOAL_REQUIRED })
    .trim()
    .min(1, CAMPAIGN_GOAL_REQUIRED)
    .max(MAX_TOPIC_LENGTH, `The goal must be at most ${MAX_TOPIC_LENGTH} characters`),
  weeks: wholeNumber("Weeks", MIN_CAMPAIGN_WEEKS, MAX_CAMPAIGN_WEEKS).optional(),
  /** Absent: the user's agent setting (posts per week), else the spec's default 5. */
  postsPerWeek: wholeNumber("Posts per week", MIN_POSTS_PER_WEEK, MAX_POSTS_PER_WEEK).optional(),
  /** The posts alternate among these, in this order. Absent: facebook and instagram. */
  platforms: z
    .array(platformSchema)
    .min(1, "Choose at least one platform")
    .max(postPlatforms.length)
    .refine((list) => new Set(list).size === list.length, "Each platform may be listed once")
    .optional(),
  /**
   * Minutes to add to UTC for the user's wall clock (the browser's -getTimezoneOffset()), so "12:00 PM" is
   * noon where the user is. Absent: UTC.
   */
  utcOffsetMinutes: wholeNumber("UTC offset", -14 * 60, 14 * 60).optional(),
});
export type CreateCampaignPlanInput = z.infer<typeof createCampaignPlanInput>;

export const generateContentIdeaInput = z.object({
  topic: safeText()
    .trim()
    .max(MAX_TOPIC_LENGTH, `The topic must be at most ${MAX_TOPIC_LENGTH} characters`)
    .optional(),
});
export type GenerateContentIdeaInput = z.infer<typeof generateContentIdeaInput>;

export const writeSocialPostInput = z.object({
  topic: safeText({ error: TOPIC_REQUIRED })
    .trim()
    .min(1, TOPIC_REQUIRED)
    .max(MAX_TOPIC_LENGTH, `The topic must be at most ${MAX_TOPIC_LENGTH} characters`),
  platform: platformSchema,
});
export type WriteSocialPostInput = z.infer<typeof writeSocialPostInput>;

export const suggestionIdInput = z.object({
  suggestionId: safeText({ error: "Suggestion id is required" }).trim().min(1, "Suggestion id is required"),
});
export type SuggestionIdInput = z.infer<typeof suggestionIdInput>;

/** The suggestion_type enum's values (db/schema/enums.ts); repeated so the web bundle needs no drizzle. */
export const suggestionTypes = ["generate_new", "schedule_existing", "other"] as const;
const models = z.enum(["offline", "openai"]).meta({
  description: "Which model wrote it, so the chat can label the offline model honestly.",
});

/** A post suggestion as the API, the tools and the chat's cards see it. */
export const suggestionView = z
  .object({
    id: z.string(),
    brandId: z.string(),
    type: z.enum(suggestionTypes),
    platform: z.enum(postPlatforms),
    scheduledDate: z.string().nullable(),
    reason: z.string().nullable(),
    contentSuggestion: z.string().nullable(),
    engagementScore: z.number().nullable().meta({ description: "Predicted engagement in percent." }),
    isUsed: z.boolean(),
    postId: z.string().nullable(),
    post: z
      .object({
        id: z.string(),
        status: z.enum(postStatusFilters),
        scheduledDate: z.string().nullable(),
        postedAt: z.string().nullable(),
      })
      .nullable()
      .meta({
        description:
          "The post generated from it, for the spec's button states (Post Pending, Scheduled, Published).",
      }),
    createdAt: z.string(),
  })
  .meta({ id: "Suggestion" });
export type SuggestionView = z.infer<typeof suggestionView>;

export const suggestionListView = z
  .object({ suggestions: z.array(suggestionView).meta({ description: "Soonest first." }) })
  .meta({ id: "SuggestionList" });
export type SuggestionList = z.infer<typeof suggestionListView>;

/** The agent page's range selector (connections spec): the last 7 or the last 30 days. */
export const calendarRanges = ["7d", "30d"] as const;
export type CalendarRange = (typeof calendarRanges)[number];
/** Connections spec section 9: the next optimal time is this fixed text (while the best times are estimated). */
export const NEXT_OPTIMAL_POST_TIME = "Tomorrow at 12:00 PM";
/** Connections spec section 9: the analysis is reused for 1 hour on the agent page, 6 hours on the dashboard. */
export const ANALYSIS_FRESH_MS = { page: 3_600_000, dashboard: 6 * 3_600_000 } as const;
export type AnalysisReader = keyof typeof ANALYSIS_FRESH_MS;
/** How many of the active suggestions an analysis carries (the agent page lists them all itself). */
export const ANALYSIS_SUGGESTION_COUNT = 5;

export const analyzeCalendarInput = z.object({
  range: z.enum(calendarRanges, { error: "Range must be 7d or 30d" }).default("7d"),
  /** Minutes to add to UTC for the user's wall clock: the week runs Sunday to Saturday where the user is. */
  utcOffsetMinutes: wholeNumber("UTC offset", -14 * 60, 14 * 60).optional(),
  /** Who reads it, for how long a cached analysis stays fresh (1 hour on the page, 6 on the dashboard). */
  freshFor: z.enum(["page", "dashboard"], { error: "freshFor must be page or dashboard" }).default("page"),
  /** Recompute even when the cached analysis is fresh (the page's Refresh and Analyze Now). */
  forceRefresh: z.boolean({ error: "forceRefresh must be true or false" }).default(false),
});
export type AnalyzeCalendarInput = z.input<typeof analyzeCalendarInput>;

/** The agent page's first read of a range: the same clock and freshness, never a new analysis. */
export const readCalendarAnalysisInput = analyzeCalendarInput.omit({ forceRefresh: true });
export type ReadCalendarAnalysisInput = z.input<typeof readCalendarAnalysisInput>;

/** The agent page's calendar analysis (connections spec, "Calendar analysis"). */
export const calendarAnalysisView = z
  .object({
    range: z.enum(calendarRanges),
    scheduledPostsCount: z.number().int().meta({
      description:
        "Approved posts dated this week (Sunday to Saturday on the user's clock), published or still to go.",
    }),
    pendingPostsCount: z
      .number()
      .int()
      .meta({ description: "Posts waiting for approval (the generating ones are not yet)." }),
    weeklyTarget: z
      .number()
      .int()
      .meta({ description: "The user's agent setting (posts per week), else 5." }),
    contentGap: z.number().int().meta({ description: "The target less this week's posts, never below 0." }),
    targetMet: z.boolean(),
    nextScheduledPost: z
      .object({
        id: z.string(),
        platform: z.enum(postPlatforms),
        scheduledDate: z.string(),
        excerpt: z.string(),
      })
      .nullable(),
    nextOptimalPostTime: z.string().meta({
      description:
        'The spec\'s fixed text while the times are estimated; "Tomorrow at" the best learned time otherwise.',
    }),
    engagementData: z
      .object({
        dayOfWeek: z.array(z.object({ day: z.string(), engagement: z.number() })),
        bestDays: z.array(z.string()),
        bestTimes: z.array(z.string()),
        source: z.enum(["learned", "estimate"]),
        sampleSize: z.number().int(),
      })
      .meta({
        description:
          'Engagement by weekday and the best days and times: learned from the brand\'s published posts with insights ("learned", with how many), else the spec\'s placeholder curve ("estimate").',
      }),
    weeklyPerformance: z
      .object({
        totalPosts: z.number().int(),
        averageEngagement: z.number(),
        topPerformingDay: z.string(),
        topPerformingTime: z.string(),
      })
      .meta({
        description:
          "The range's approved posts (published, or dated within it) and the curve's estimate for them.",
      }),
    suggestions: z.array(suggestionView).meta({ description: "The soonest active suggestions." }),
    activeSuggestionCount: z.number().int(),
    analyzedAt: z
      .string()
      .meta({ description: "When this analysis was computed (a cached one is reused while fresh)." }),
    utcOffsetMinutes: z.number().int().meta({
      description:
        "The user's clock the week was read on (a cached analysis is reused only for the same clock).",
    }),
  })
  .meta({ id: "CalendarAnalysis" });
export type CalendarAnalysisView = z.infer<typeof calendarAnalysisView>;

/** The agent page's first read: the analysis, or null when the range was never analysed. */
export const cachedCalendarAnalysisView = z
  .object({ analysis: calendarAnalysisView.nullable() })
  .meta({ id: "CachedCalendarAnalysis" });
export type CachedCalendarAnalysisAnswer = z.infer<typeof cachedCalendarAnalysisView>;

/** What brand_analytics keeps of an analysis; the rest is read live on every call. */
export type CachedCalendarAnalysis = Omit<
  CalendarAnalysisView,
  "pendingPostsCount" | "weeklyTarget" | "contentGap" | "targetMet" | "suggestions" | "activeSuggestionCount"
>;

export const campaignPlanView = z
  .object({
    goal: z.string(),
    weeks: z.number().int(),
    postsPerWeek: z.number().int(),
    platforms: z.array(z.enum(postPlatforms)),
    suggestions: z.array(suggestionView).meta({ description: "The saved suggestions, soonest first." }),
    model: models,
  })
  .meta({ id: "CampaignPlan" });
export type CampaignPlanView = z.infer<typeof campaignPlanView>;

export const contentIdeaView = z
  .object({ title: z.string(), angle: z.string(), platform: z.enum(postPlatforms) })
  .meta({ id: "ContentIdea" });
export type ContentIdeaView = z.infer<typeof contentIdeaView>;

export const contentIdeasView = z
  .object({ topic: z.string().nullable(), ideas: z.array(contentIdeaView), model: models })
  .meta({ id: "ContentIdeas" });
export type ContentIdeasView = z.infer<typeof contentIdeasView>;

export const writtenSocialPostView = z
  .object({
    topic: z.string(),
    platform: z.enum(postPlatforms),
    caption: z.string().meta({
      description: "The caption with its hashtags at the end, ready to paste or to turn into a post.",
    }),
    hashtags: z.array(z.string()),
    characterCount: z.number().int(),
    maxCaptionLength: z.number().int(),
    model: models,
  })
  .meta({ id: "WrittenSocialPost" });
export type WrittenSocialPostView = z.infer<typeof writtenSocialPostView>;
