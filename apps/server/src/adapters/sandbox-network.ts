import { createHash, randomBytes } from "node:crypto";
import type { PostInsight, PostInsightsSource } from "@smm/domain/agent/post-insights";
import type { DbExecutor } from "@smm/domain/context";
import { type NewSandboxPost, sandboxPosts } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { SocialNetwork, SocialPostRequest } from "@smm/domain/ports";
import { and, asc, eq, inArray } from "drizzle-orm";

/** Ids shaped like a Page post id ("{page}_{post}") so the UI treats them like the real thing. */
function newSandboxId(brandId: string): string {
  return `sbx${brandId.replaceAll("-", "").slice(0, 12)}_${randomBytes(8).toString("hex")}`;
}

/**
 * The embedded social network: a real implementation of the port that keeps what it was sent in the
 * sandbox_posts table instead of a page on Facebook. Labelled "Sandbox" wherever a post says where it went.
 */
/** Weekday (Sunday first) and hour shapes of the sandbox's audience: busy midweek, at lunch and after work. */
const SANDBOX_DAY_FACTOR = [0.7, 0.9, 1, 1.1, 1.05, 0.95, 0.75];
const sandboxHourFactor = (hour: number) =>
  hour >= 11 && hour <= 13 ? 1.3 : hour >= 17 && hour <= 19 ? 1.2 : 0.8;

/**
 * The sandbox's insights for one published post: plausible numbers (engagement 20-160, reach 15-30 times
 * that) shaped by when it went out, the same every time they are asked for (from the post's id).
 */
export function sandboxInsight(id: string, publishedAt: Date): PostInsight {
  const seed = createHash("sha256").update(id).digest();
  const jitter = 0.8 + ((seed[0] ?? 0) / 255) * 0.4;
  const base =
    60 * (SANDBOX_DAY_FACTOR[publishedAt.getUTCDay()] ?? 1) * sandboxHourFactor(publishedAt.getUTCHours());
  const engagement = Math.round(base * jitter);
  return { externalId: id, engagement, reach: engagement * (15 + ((seed[1] ?? 0) % 16)) };
}

export function createSandboxNetwork(
  db: DbExecutor,
  now: () => Date = () => new Date(),
): SocialNetwork & PostInsightsSource {
  async function requireOwn(userId: string, brandId: string, externalId: string) {
    const [row] = await db
      .select()
      .from(sandboxPosts)
      .where(
        and(
          eq(sandboxPosts.id, externalId),
          eq(sandboxPosts.userId, userId),
          eq(sandboxPosts.brandId, brandId),
        ),
      );
    if (!row) throw new AppError("upstream_failed", "Sandbox network: post not found");
    return row;
  }

  /** Stores the post as the network would hold it and returns its new id. */
  async function record(
    request: SocialPostRequest,
    state: Pick<NewSandboxPost, "state" | "publishedAt" | "scheduledFor">,
  ): Promise<string> {
    const id = newSandboxId(request.brandId);
    await db.insert(sandboxPosts).values({
      id,
      userId: request.userId,
      brandId: request.brandId,
      postId: request.postId,
      platform: request.platform,
      content: request.content,
      imageUrl: request.imageUrl,
      ...state,
    });
    return id;
  }

  return {
    kind: "sandbox",
    async publish(request) {
      return {
        externalId: await record(request, { state: "published", publishedAt: now() }),
        network: "sandbox",
      };
    },
    async schedule(request) {
      const { scheduledDate, ...post } = request;
      return {
        externalId: await record(post, { state: "scheduled", scheduledFor: scheduledDate }),
        network: "sandbox",
      };
    },
    // The sandbox holds a post for any future time.
    async canSchedule() {
      return true;
    },
    async cancel(request) {
      const row = await requireOwn(request.userId, request.brandId, request.externalId);
      if (row.state === "published") throw new AppError("upstream_failed", "Failed to cancel Facebook post");
      await db.update(sandboxPosts).set({ state: "cancelled" }).where(eq(sandboxPosts.id, row.id));
    },
    async update(request) {
      const row = await requireOwn(request.userId, request.brandId, request.externalId);
      await db
        .update(sandboxPosts)
        .set({
          content: request.content,
          imageUrl: request.imageUrl,
          ...(request.scheduledDate !== undefined && row.state === "scheduled"
            ? { scheduledFor: request.scheduledDate }
            : {}),
        })
        .where(eq(sandboxPosts.id, row.id));
    },
    async findPublished(request) {
      const [row] = await db
        .select({ id: sandboxPosts.id, publishedAt: sandboxPosts.publishedAt })
        .from(sandboxPosts)
        .where(
          and(
            eq(sandboxPosts.postId, request.postId),
            eq(sandboxPosts.userId, request.userId),
            eq(sandboxPosts.brandId, request.brandId),
            eq(sandboxPosts.state, "published"),
          ),
        )
        .orderBy(asc(sandboxPosts.publishedAt))
        .limit(1);
      return row ? { externalId: row.id, publishedAt: row.publishedAt, network: "sandbox" } : null;
    },
    async readPostInsights(request) {
      if (request.externalIds.length === 0) return [];
      const rows = await db
        .select({ id: sandboxPosts.id, publishedAt: sandboxPosts.publishedAt })
        .from(sandboxPosts)
        .where(
          and(
            inArray(sandboxPosts.id, request.externalIds),
            eq(sandboxPosts.userId, request.userId),
            eq(sandboxPosts.brandId, request.brandId),
            eq(sandboxPosts.state, "published"),
          ),
        );
      return rows.flatMap((row) => (row.publishedAt ? [sandboxInsight(row.id, row.publishedAt)] : []));
    },
  };
}
