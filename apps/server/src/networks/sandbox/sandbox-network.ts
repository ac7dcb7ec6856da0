import { randomBytes } from "node:crypto";
import type { PostInsightsSource } from "@smm/domain/agent";
import type { PageInsightsSource } from "@smm/domain/analytics";
import type { AdsNetwork } from "@smm/domain/campaigns";
import type { DbExecutor } from "@smm/domain/context";
import { type NewSandboxPost, sandboxPosts } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { PublishingNetwork, SocialPostRequest } from "@smm/domain/ports";
import { isMetaPlatform, metaPlatforms } from "@smm/domain/posts";
import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import { createSandboxAds } from "./sandbox-ads";
import { type SandboxPostFacts, sandboxPageInsights, sandboxPostDetail } from "./sandbox-insights";

/** Ids shaped like a Page post id ("{page}_{post}") so the UI treats them like the real thing. */
function newSandboxId(brandId: string): string {
  return `sbx${brandId.replaceAll("-", "").slice(0, 12)}_${randomBytes(8).toString("hex")}`;
}

/**
 * The embedded social network: a real implementation of the port that keeps what it was sent in the
 * sandbox_posts table instead of a page on Facebook. Labelled "Sandbox" wherever a post says where it went.
 */
export function createSandboxNetwork(
  db: DbExecutor,
  now: () => Date = () => new Date(),
): PublishingNetwork & PostInsightsSource & PageInsightsSource & AdsNetwork {
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
      format: request.format ?? "feed",
      media:
        request.media?.map((item) => ({ kind: item.kind, url: item.url, altText: item.altText })) ?? null,
      ...state,
    });
    return id;
  }

  return {
    kind: "sandbox",
    async describe() {
      throw new Error("The sandbox network's limits are its provider's (networks/sandbox)");
    },
    // The sandbox ad account: campaigns and ad sets (an optional part of the port, in its own file).
    ...createSandboxAds(db, now),
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
    async comment(request) {
      const row = await requireOwn(request.userId, request.brandId, request.externalId);
      await db.update(sandboxPosts).set({ firstComment: request.message }).where(eq(sandboxPosts.id, row.id));
      return { externalId: `${row.id}_c1` };
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
      const rows = await publishedFacts(
        and(...ownPublished(request), inArray(sandboxPosts.id, request.externalIds)),
      );
      return rows.map((post) => {
        const detail = sandboxPostDetail(post);
        return {
          externalId: post.id,
          reach: detail.reach,
          engagement: detail.likes + detail.comments + detail.shares + detail.clicks,
        };
      });
    },
    // The page's numbers come from what the sandbox holds: every post it published in the window.
    async readPageInsights(request) {
      const platform =
        request.platform === "all"
          ? inArray(sandboxPosts.platform, [...metaPlatforms])
          : eq(sandboxPosts.platform, request.platform);
      const [windowPosts, counts] = await Promise.all([
        publishedFacts(
          and(
            ...ownPublished(request),
            platform,
            gte(sandboxPosts.publishedAt, request.since),
            lt(sandboxPosts.publishedAt, request.until),
          ),
        ),
        db
          .select({ platform: sandboxPosts.platform, n: count() })
          .from(sandboxPosts)
          .where(and(...ownPublished(request)))
          .groupBy(sandboxPosts.platform),
      ]);
      const countOf = (platform: "facebook" | "instagram") =>
        counts.find((row) => row.platform === platform)?.n ?? 0;
      return sandboxPageInsights(request, windowPosts, {
        facebook: countOf("facebook"),
        instagram: countOf("instagram"),
      });
    },
  };

  function ownPublished(request: { userId: string; brandId: string }) {
    return [
      eq(sandboxPosts.userId, request.userId),
      eq(sandboxPosts.brandId, request.brandId),
      eq(sandboxPosts.state, "published"),
    ];
  }

  async function publishedFacts(where: ReturnType<typeof and>): Promise<SandboxPostFacts[]> {
    const rows = await db
      .select({
        id: sandboxPosts.id,
        platform: sandboxPosts.platform,
        content: sandboxPosts.content,
        imageUrl: sandboxPosts.imageUrl,
        publishedAt: sandboxPosts.publishedAt,
      })
      .from(sandboxPosts)
      .where(where);
    // The page's insights are Facebook's and Instagram's: the sandbox's other networks report none.
    return rows.flatMap((row) =>
      row.publishedAt && isMetaPlatform(row.platform)
        ? [
            {
              id: row.id,
              platform: row.platform,
              content: row.content,
              hasImage: Boolean(row.imageUrl),
              publishedAt: row.publishedAt,
            },
          ]
        : [],
    );
  }
}
