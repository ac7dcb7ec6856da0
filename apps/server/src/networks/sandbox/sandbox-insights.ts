import { createHash } from "node:crypto";
import type {
  AudienceData,
  PageInsightDay,
  PageInsights,
  PageInsightsRequest,
  PostInsightDetail,
} from "@smm/domain/analytics";
import { metaPlatforms as allPlatforms } from "@smm/domain/posts";

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

/** A post's reach and engagement arrive over three days: most on the day, the rest after (cumulative). */
const ARRIVED = [0.6, 0.85, 1];
const DAY_MS = 86_400_000;

/**
 * One post's numbers: the same every time they are asked for. With `asOf`, only what had arrived by then
 * (the page's days are built from the same function, so no post ever shows more than its page counted).
 */
export function sandboxPostDetail(post: SandboxPostFacts, asOf?: Date): PostInsightDetail {
  const full = finalDetail(post);
  return asOf ? scaled(full, arrivedShare(post.publishedAt, asOf)) : full;
}

function finalDetail(post: SandboxPostFacts): PostInsightDetail {
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

/** How many of the post's days had begun by `asOf` (0 before it went out, 3 once it is all in). */
function arrivedDays(publishedAt: Date, asOf: Date): number {
  const elapsed = asOf.getTime() - publishedAt.getTime();
  return elapsed < 0 ? 0 : Math.min(ARRIVED.length, Math.floor(elapsed / DAY_MS) + 1);
}

const arrivedShare = (publishedAt: Date, asOf: Date) => {
  const days = arrivedDays(publishedAt, asOf);
  return days === 0 ? 0 : (ARRIVED[days - 1] ?? 1);
};

function scaled(detail: PostInsightDetail, share: number): PostInsightDetail {
  const part = (value: number) => Math.round(value * share);
  return {
    externalId: detail.externalId,
    reach: part(detail.reach),
    views: part(detail.views),
    likes: part(detail.likes),
    comments: part(detail.comments),
    shares: part(detail.shares),
    clicks: part(detail.clicks),
  };
}

const engagementOf = (detail: PostInsightDetail) =>
  detail.likes + detail.comments + detail.shares + detail.clicks;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** Each platform's own organic baseline: a filter to one platform shows that platform's page only. */
const BASELINE = {
  facebook: { views: [20, 30], reach: [15, 20], engagements: 4, follows: 3, followers: [120, 400] },
  instagram: { views: [12, 24], reach: [9, 16], engagements: 3, follows: 2, followers: [80, 300] },
} as const;

/**
 * The page's days in the window (one per date after `since` up to `until`, as the dashboard's series): a
 * small organic baseline per platform and day (seeded by brand, platform and date) plus what each published
 * post had gathered by `until`, spread over the days after it went out; followers grow with the posts. The
 * window's posts therefore never show more reach or engagement than the days counted for them.
 */
export function sandboxPageInsights(
  request: PageInsightsRequest,
  windowPosts: SandboxPostFacts[],
  publishedCounts: Record<"facebook" | "instagram", number>,
): PageInsights {
  const platforms = request.platform === "all" ? allPlatforms : ([request.platform] as const);
  const days = new Map<string, PageInsightDay>();
  for (let at = request.since.getTime() + DAY_MS; at <= request.until.getTime(); at += DAY_MS) {
    const date = dateOf(new Date(at));
    const day = { date, views: 0, reach: 0, engagements: 0, follows: 0 };
    for (const platform of platforms) {
      const seed = seedOf(`${request.brandId}:${platform}:${date}`);
      const base = BASELINE[platform];
      day.views += base.views[0] + ((seed[0] ?? 0) % base.views[1]);
      day.reach += base.reach[0] + ((seed[1] ?? 0) % base.reach[1]);
      day.engagements += (seed[2] ?? 0) % base.engagements;
      day.follows += (seed[3] ?? 0) % base.follows;
    }
    days.set(date, day);
  }
  const firstDate = days.keys().next().value;
  for (const post of windowPosts) {
    const arrived = arrivedDays(post.publishedAt, request.until);
    const full = finalDetail(post);
    for (let offset = 0; offset < arrived; offset += 1) {
      const before = scaled(full, offset === 0 ? 0 : (ARRIVED[offset - 1] ?? 1));
      const after = scaled(full, ARRIVED[offset] ?? 1);
      // A post from the window's first hours lands on its first day rather than the day before it.
      const date = dateOf(new Date(post.publishedAt.getTime() + offset * DAY_MS));
      const day = days.get(date) ?? (firstDate && date < firstDate ? days.get(firstDate) : undefined);
      if (!day) continue;
      day.views += after.views - before.views;
      day.reach += after.reach - before.reach;
      day.engagements += engagementOf(after) - engagementOf(before);
      if (offset === 0) day.follows += 1 + (engagementOf(full) % 3);
    }
  }
  const wanted = new Map(windowPosts.map((post) => [post.id, post]));
  const followers = platforms.reduce((total, platform) => {
    const seed = seedOf(`${request.brandId}:${platform}`);
    const [floor, spread] = BASELINE[platform].followers;
    return total + floor + ((seed[0] ?? 0) % spread) + publishedCounts[platform] * 3;
  }, 0);
  return {
    days: [...days.values()],
    followers,
    posts: request.posts.flatMap((ref) => {
      const post = wanted.get(ref.externalId);
      return post ? [sandboxPostDetail(post, request.until)] : [];
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
