import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { BrandContext, Deps } from "../context";
import { posts } from "../db/schema";
import { createNotification } from "../notifications/create-notification";
import { publishPostChanged, toSocialRequest, updatePostIfUnchanged } from "./post";

export const POST_PUBLISHED_MESSAGE = "Your scheduled post was published.";
export const POST_PUBLISH_FAILED_PREFIX = "Facebook posting failed: ";

/**
 * The publish-post job: every approved post whose date has come and that has not gone out. A post the
 * network already holds for that time went out there, so it is only marked posted; one the network does not
 * hold is published now. A failure is kept on the post (not retried every minute) and told to the user,
 * who can use "Post now" to try again.
 */
export async function publishDuePosts(
  deps: Deps,
  options: { limit?: number } = {},
): Promise<{ published: number; failed: number }> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.status, "approved"),
        isNull(posts.postedAt),
        isNull(posts.publishError),
        isNotNull(posts.scheduledDate),
        lte(posts.scheduledDate, now),
      ),
    )
    .orderBy(asc(posts.scheduledDate))
    .limit(options.limit ?? 50);

  let published = 0;
  let failed = 0;
  for (const post of due) {
    const ctx: BrandContext = { ...deps, userId: post.userId, brandId: post.brandId };
    try {
      let externalId = post.facebookPostId;
      let postedAt = post.scheduledDate ?? now;
      if (!externalId) {
        ({ externalId } = await deps.social.publish(toSocialRequest(ctx, post)));
        postedAt = now;
      }
      const updated = await updatePostIfUnchanged(ctx, post, {
        postedAt,
        facebookPostId: externalId,
        publishedVia: post.publishedVia ?? deps.social.kind,
      });
      // Changed meanwhile (cancelled, rescheduled): the next run sees the new state.
      if (!updated) continue;
      published += 1;
      await publishPostChanged(ctx, post.id, "updated");
      await createNotification(ctx, { message: POST_PUBLISHED_MESSAGE, type: "success" });
    } catch (error) {
      failed += 1;
      const message = `${POST_PUBLISH_FAILED_PREFIX}${(error as Error).message}`;
      await updatePostIfUnchanged(ctx, post, { publishError: message });
      await publishPostChanged(ctx, post.id, "updated");
      await createNotification(ctx, { message, type: "error" });
    }
  }
  return { published, failed };
}
