import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import type { PostPlatform } from "./messages";
import { publishPostChanged } from "./post";

/**
 * A channel was connected again: the brand's posts that waited for it (their network had stopped
 * accepting the old connection) lose that note and are due again, so the publish job sends them on its
 * next run; a post still scheduled later waits for its time as before. Returns how many were released.
 */
export async function releasePostsWaitingForReconnect(
  ctx: Pick<BrandContext, "db" | "userId" | "brandId" | "now" | "events">,
  platforms: readonly PostPlatform[],
): Promise<number> {
  const released = await ctx.db
    .update(posts)
    .set({ publishError: null, publishErrorReason: null, updatedAt: ctx.now() })
    .where(
      and(
        eq(posts.userId, ctx.userId),
        eq(posts.brandId, ctx.brandId),
        inArray(posts.platform, [...platforms]),
        eq(posts.publishErrorReason, "network_token_expired"),
        isNull(posts.postedAt),
      ),
    )
    .returning({ id: posts.id });
  for (const { id } of released) await publishPostChanged(ctx as BrandContext, id, "updated").catch(() => {});
  return released.length;
}
