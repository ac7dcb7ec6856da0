import { createHash } from "node:crypto";
import type {
  PageInsightDay,
  PageInsights,
  PageInsightsRequest,
  PostInsightDetail,
} from "@smm/domain/analytics/insights-source";
import type { AudienceData } from "@smm/domain/analytics/schemas";

/**
 * The sandbox's audience model: deterministic, plausible numbers for the posts it published, so analytics
 * and the agent page mean something offline. Everything is seeded from ids, never random.
 */

/** Weekday (Sunday first) and hour shapes of the sandbox's audience: busy midweek, at lunch and after work. */
const DAY_FACTOR = [0.7, 0.9, 1, 1.1, 1.05, 0.95, 0.75];
const hourFactor = (hour: number) => (hour >= 11 && hour <= 13 ? 1.3 : hour >= 17 && hour <= 19 ? 1.2 : 0.8);
/** Instagram engages more per view; very short and very long captions do worse; images help. */
const PLATFORM_FACTOR = { facebook: 1, instagram: 1.25 } as const;
const captionFactor = (length: number) => (length < 40 ? 0.8 : length <= 280 ? 1.1 : 0.9);

const seedOf = (text: string) => createHash("sha256").update(text).digest();

export interface SandboxPostFacts {
  id: string;
  platform: "facebook" | "instagram";
  content: string;
  hasImage: boolean;
  publishedAt: Date;
}

/** One post's numbers: the same every time they are asked for. */
export function sandboxPostDetail(post: SandboxPostFacts): PostInsightDetail {
  const seed = seedOf(post.id);
  const jitter = 0.8 + ((seed[0] ?? 0) / 255) * 0.4;
  const engagement = Math.max(
    1,
    Math.round(
      60 *
        (DAY_FACTOR[post.publishedAt.getUTCDay()] ?? 1) *
        hourFactor(post.publishedAt.getUTCHours()) *
        PLATFORM_FACTOR[post.platform] *
        captionFactor(post.content.length) *
        (post.hasImage ? 1.2 : 0.85) *
        jitter,
    ),
  );
  const reach = engagement * (15 + ((seed[1] ?? 0) % 16));
  const comments = Math.round(engagement * 0.15);
  const shares = Math.round(engagement * (0.05 + ((seed[2] ?? 0) % 6) / 100));
  const clicks = Math.round(engagement * 0.12);
  return {
    externalId: post.id,
    reach,
    views: Math.round(reach * (1.3 + ((seed[3] ?? 0) % 5) / 10)),
    likes: engagement - comments - shares - clicks,
    comments,
    shares,
    clicks,
  };
}

const dateOf = (at: Date) => at.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
/** A post's reach and engagement arrive over three days: most on the day, the rest after. */
const DECAY = [0.6, 0.25, 0.15];

/**
 * The page's days in the window: a small organic baseline per day (seeded by brand and date) plus each
 * published post's numbers spread over the days after it went out; followers grow with the posts.
 */
export function sandboxPageInsights(
  request: PageInsightsRequest,
  windowPosts: SandboxPostFacts[],
  allPublishedCount: number,
): PageInsights {
  const days = new Map<string, PageInsightDay>();
  for (let at = request.since.getTime() + DAY_MS; at <= request.until.getTime(); at += DAY_MS) {
    const date = dateOf(new Date(at));
    const seed = seedOf(`${request.brandId}:${date}`);
    days.set(date, {
      date,
      views: 20 + ((seed[0] ?? 0) % 30),
      reach: 15 + ((seed[1] ?? 0) % 20),
      engagements: (seed[2] ?? 0) % 4,
      follows: (seed[3] ?? 0) % 3,
    });
  }
  for (const post of windowPosts) {
    const detail = sandboxPostDetail(post);
    const engagement = detail.likes + detail.comments + detail.shares + detail.clicks;
    DECAY.forEach((share, offset) => {
      const day = days.get(dateOf(new Date(post.publishedAt.getTime() + offset * DAY_MS)));
      if (!day) return;
      day.views += Math.round(detail.views * share);
      day.reach += Math.round(detail.reach * share);
      day.engagements += Math.round(engagement * share);
      if (offset === 0) day.follows += 1 + (engagement % 3);
    });
  }
  const wanted = new Map(windowPosts.map((post) => [post.id, post]));
  const seed = seedOf(request.brandId);
  return {
    days: [...days.values()],
    followers: 120 + ((seed[0] ?? 0) % 400) + allPublishedCount * 3,
    posts: request.posts.flatMap((ref) => {
      const post = wanted.get(ref.externalId);
      return post ? [sandboxPostDetail(post)] : [];
    }),
    audience: sandboxAudience(request.brandId),
  };
}

const AGE_RANGES = ["13-17", "18-24", "25-34", "35-44", "45-54", "55-64", "65+"];
const AGE_SHAPE = [2, 18, 30, 22, 14, 9, 5];
const COUNTRIES = ["US", "GB", "CA", "DE", "FR", "AU", "ES", "IT", "NL", "BR"];

/** Percentages that add up to 100 (one decimal), shaped by `weights` and nudged by the brand's seed. */
function percentages(weights: number[], seed: Buffer): number[] {
  const nudged = weights.map((weight, index) => weight * (0.8 + ((seed[index] ?? 0) % 40) / 100));
  const total = nudged.reduce((a, b) => a + b, 0);
  const values = nudged.map((value) => Math.round((value / total) * 1000) / 10);
  const drift = Math.round((100 - values.reduce((a, b) => a + b, 0)) * 10) / 10;
  values[0] = Math.round(((values[0] ?? 0) + drift) * 10) / 10;
  return values;
}

export function sandboxAudience(brandId: string): AudienceData {
  const seed = seedOf(`audience:${brandId}`);
  const ages = percentages(AGE_SHAPE, seed);
  const countryWeights = COUNTRIES.map((_, index) => 40 / (index + 1));
  const countries = percentages(countryWeights, seed.subarray(10));
  const female = 45 + ((seed[30] ?? 0) % 15);
  return {
    ageRanges: AGE_RANGES.map((range, index) => ({ range, percentage: ages[index] ?? 0 })),
    gender: { male: 100 - female, female },
    locations: COUNTRIES.map((country, index) => ({ country, percentage: countries[index] ?? 0 })).sort(
      (a, b) => b.percentage - a.percentage,
    ),
  };
}
