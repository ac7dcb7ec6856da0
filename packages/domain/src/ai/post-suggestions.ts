import type { AiSuggestions } from "../db/schema/posts";
import { isMetaPlatform, type MetaPlatform, type PostPlatform } from "../posts/messages";

/** Core spec section 9: the default AI prediction when a model's answer is missing or invalid. */
export const DEFAULT_PREDICTION = { engagement: 85, audience: 80, trend: 75 } as const;

/** Core spec section 9: the best hour to post, Sunday (0) to Saturday (6). */
export const HEURISTIC_POSTING_HOURS = {
  facebook: [13, 9, 12, 15, 18, 17, 11],
  instagram: [14, 12, 19, 15, 20, 17, 12],
  // Text networks read most on weekday mornings and lunch (UTC, as the spec's two above).
} as const satisfies Record<MetaPlatform, readonly number[]>;
/** A network whose provider declared no hours: weekday lunch, UTC. */
const DEFAULT_POSTING_HOURS = [13, 12, 12, 12, 12, 12, 13] as const;

const DAY_MS = 86_400_000;

/**
 * The spec's optimal-time heuristic: the next day at that weekday's posting hour; minutes random 0-9
 * when the engagement score exceeds 90, :30 above 75, else :45; a score under 60 pushes it one more day.
 * Computed in UTC (the server's clock); `random` is injectable so tests are exact.
 */
export function suggestOptimalTime(
  platform: PostPlatform,
  now: Date,
  engagementScore: number,
  random: () => number = Math.random,
  /** The network's hour per weekday (its provider's descriptor); absent: the spec's Facebook/Instagram ones. */
  hours: readonly number[] = isMetaPlatform(platform)
    ? HEURISTIC_POSTING_HOURS[platform]
    : DEFAULT_POSTING_HOURS,
): Date {
  const days = engagementScore < 60 ? 2 : 1;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);
  const hour = hours[day.getUTCDay()] ?? 12;
  const minutes = engagementScore > 90 ? Math.floor(random() * 10) : engagementScore > 75 ? 30 : 45;
  day.setUTCHours(hour, minutes, 0, 0);
  return day;
}

const isScore = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 100;

/**
 * Core spec section 5: all five properties required; optimal_time a date or a string; reasoning a string;
 * the three scores numbers 0 to 100. Anything else is replaced by the defaults (the time by the heuristic).
 */
export function validateAiSuggestions(
  raw: unknown,
  fallback: { platform: PostPlatform; now: Date; random?: () => number; hours?: readonly number[] },
): AiSuggestions {
  const value = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const valid =
    (typeof value.optimal_time === "string" || value.optimal_time instanceof Date) &&
    typeof value.reasoning === "string" &&
    isScore(value.engagement_prediction) &&
    isScore(value.audience_match) &&
    isScore(value.trend_score);
  const hashtags = Array.isArray(value.hashtags)
    ? value.hashtags.filter((tag): tag is string => typeof tag === "string").slice(0, 30)
    : [];
  if (valid) {
    return {
      optimal_time:
        value.optimal_time instanceof Date
          ? value.optimal_time.toISOString()
          : (value.optimal_time as string),
      reasoning: value.reasoning as string,
      engagement_prediction: Math.round(value.engagement_prediction as number),
      audience_match: Math.round(value.audience_match as number),
      trend_score: Math.round(value.trend_score as number),
      hashtags,
    };
  }
  const time = suggestOptimalTime(
    fallback.platform,
    fallback.now,
    DEFAULT_PREDICTION.engagement,
    fallback.random,
    fallback.hours,
  );
  return {
    optimal_time: time.toISOString(),
    reasoning: `Posts on ${fallback.platform} tend to do best around this hour on that weekday.`,
    engagement_prediction: DEFAULT_PREDICTION.engagement,
    audience_match: DEFAULT_PREDICTION.audience,
    trend_score: DEFAULT_PREDICTION.trend,
    hashtags,
  };
}
