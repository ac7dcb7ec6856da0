import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { type Post, posts } from "../db/schema";
import { postFirstComment } from "./first-comment";
import { changedMeanwhile } from "./post";
import { toPublishRequest } from "./publish-request";
import { rateLimitWaitMs } from "./publish-retry";

/**
 * Publishes a post now, from a user's request ("Post now", or approving with a date that has come), under
 * the same claim the publish job uses, so the two can never both send it.
 *
 * The claim already makes the post approved and due now: if this process dies during the network call, the
 * publish job finds a due post with an attempt whose answer was lost, asks the network whether it holds a
 * copy, and records or sends it (publish-due-posts). A refusal by the network puts the post back as it was.
 * `cancelFirst` is a copy waiting on the network for later, taken back before the post goes out now.
 */
export async function publishFromRequest(
  ctx: BrandContext,
  read: Post,
  options: { cancelFirst?: string | null } = {},
): Promise<Post> {
  const attemptId = randomUUID();
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(posts)
    .set({
      status: "approved",
      feedback: null,
      scheduledDate: now,
      publishError: null,
      publishErrorReason: null,
      externalPostId: null,
      // The user asked for now: a wait for a rate limit is over, and its count starts again.
      publishRetryAt: null,
      publishTries: 0,
      publishAttemptId: attemptId,
      publishAttemptBy: null,
      publishAttemptAt: now,
      updatedAt: later(now, read),
    })
    .where(
      and(
        eq(posts.id, read.id),
        eq(posts.brandId, ctx.brandId),
        isNull(posts.publishAttemptId),
        sql`date_trunc('milliseconds', ${posts.updatedAt}) = ${read.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!claimed) throw changedMeanwhile();

  let externalId: string;
  let network: Post["publishedVia"];
  let url: string | null = null;
  try {
    if (options.cancelFirst)
      await ctx.social.cancel({
        userId: ctx.userId,
        brandId: ctx.brandId,
        platform: claimed.platform,
        externalId: options.cancelFirst,
      });
    ({
      externalId,
      network,
      url = null,
    } = await ctx.social.publish({
      ...(await toPublishRequest(ctx, claimed)),
      marker: attemptId,
      attemptAt: claimed.publishAttemptAt ?? undefined,
    }));
  } catch (error) {
    const wait = rateLimitWaitMs(error, 0);
    if (wait !== null) {
      // Not a refusal: the post stays approved and due, and the publish job sends it when the wait is over.
      const [waiting] = await ctx.db
        .update(posts)
        .set({
          publishRetryAt: new Date(ctx.now().getTime() + wait),
          publishTries: 1,
          publishAttemptId: null,
          publishAttemptBy: null,
          publishAttemptAt: null,
          updatedAt: later(ctx.now(), claimed),
        })
        .where(and(eq(posts.id, read.id), eq(posts.publishAttemptId, attemptId)))
        .returning();
      if (waiting) return waiting;
    }
    // Nothing went out: the post is as it was (a copy cancelled above is gone, so its id is not kept).
    await ctx.db
      .update(posts)
      .set({
        status: read.status,
        feedback: read.feedback,
        scheduledDate: read.scheduledDate,
        publishError: read.publishError,
        publishErrorReason: read.publishErrorReason,
        externalPostId: options.cancelFirst ? null : read.externalPostId,
        publishAttemptId: null,
        publishAttemptBy: null,
        publishAttemptAt: null,
        updatedAt: later(ctx.now(), claimed),
      })
      .where(and(eq(posts.id, read.id), eq(posts.publishAttemptId, attemptId)));
    throw error;
  }

  const [done] = await ctx.db
    .update(posts)
    .set({
      postedAt: ctx.now(),
      externalPostId: externalId,
      externalUrl: url,
      publishedVia: network,
      publishAttemptId: null,
      publishAttemptBy: null,
      publishAttemptAt: null,
      updatedAt: later(ctx.now(), claimed),
    })
    .where(and(eq(posts.id, read.id), eq(posts.publishAttemptId, attemptId)))
    .returning();
  // The post is out: its first comment follows (its failure stays on the comment, never on the post).
  if (done) return done.firstComment ? ((await postFirstComment(ctx, done.id)) ?? done) : done;
  // Only the job settling an attempt it believed lost can have taken it over (it asked the network first):
  // what it recorded is the truth.
  const [current] = await ctx.db.select().from(posts).where(eq(posts.id, read.id));
  if (!current) throw changedMeanwhile();
  return current;
}

/** Strictly later than the version read, so two writes in the same millisecond still differ. */
function later(now: Date, read: Post): Date {
  return new Date(Math.max(now.getTime(), read.updatedAt.getTime() + 1));
}
