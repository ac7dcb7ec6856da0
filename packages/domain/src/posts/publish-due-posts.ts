import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { BrandContext, Deps } from "../context";
import { type NewPost, type Post, posts } from "../db/schema";
import { type ErrorReason, hasReason, isAppError } from "../errors";
import { type InstanceLiveness, instanceIsGone } from "../instances/liveness";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import type { NotificationView } from "../notifications/schemas";
import { postFirstComment } from "./first-comment";
import { publishPostChanged } from "./post";
import { toPublishRequest } from "./publish-request";
import {
  publishFailedMessage,
  rateLimitWaitMs,
  reconnectWaitingMessage,
  UNCONFIRMED_PREFIX,
} from "./publish-retry";

export const POST_PUBLISHED_MESSAGE = "Your scheduled post was published.";
/** Said when a publish was cut off and the network cannot tell whether it went out. */
export const POST_PUBLISH_UNKNOWN = `${UNCONFIRMED_PREFIX}. We could not confirm whether your scheduled post was published: the server stopped while posting it and the network could not be asked. Check your page before using Post now, so it does not go out twice.`;
/**
 * An attempt this old is treated as cut off even though the instance holding it still runs (no network
 * call takes this long). Attempts of an instance that stopped are taken over at once, not after this.
 */
export const PUBLISH_ATTEMPT_TIMEOUT_MS = 5 * 60_000;
/** Posts handled per query; a run goes on with the next batch while batches come back full. */
const BATCH_SIZE = 50;
const MAX_BATCHES = 20;
/**
 * Network calls one run has in flight at once: a call takes tens to hundreds of ms waiting on the network,
 * so one at a time an instance publishes ~20 posts a second at 50 ms; a minute's storm needs more.
 */
export const PUBLISH_CONCURRENCY = 8;

export interface PublishDuePostsOptions extends InstanceLiveness {
  limit?: number;
  /**
   * The server instance doing the run (server_instances.id), recorded on each attempt: if it dies
   * mid-call, the others know the attempt was cut off. Absent (tests): such attempts time out instead.
   */
  instanceId?: number | null;
  /** Posts published at once (PUBLISH_CONCURRENCY). */
  concurrency?: number;
}

type Outcome = "published" | "failed" | "waiting" | "skipped";

/**
 * The publish-post job: every approved post whose date has come and that has not gone out.
 *
 * Each post is claimed before the network is called (an attempt id on the row, written only if the row is
 * unchanged since it was read), so two runs at once - two instances, or a run that outlives its minute -
 * publish it once. The result, posted_at and the user's notification are written in one transaction, so a
 * crash loses either all of them or none. An attempt whose holder died (or that is far too old) has an
 * unknown outcome: the network is asked first, and the post is published again only when it holds no copy;
 * when it cannot be asked the user is told plainly instead of risking a second copy.
 *
 * A post the network already holds for that time (handed over when it was scheduled) went out there, so it
 * is only marked posted. A failure is kept on the post (not retried every minute) and told to the user, who
 * can use "Post now" to try again.
 */
export async function publishDuePosts(
  deps: Deps,
  options: PublishDuePostsOptions = {},
): Promise<{ published: number; failed: number }> {
  const limit = options.limit ?? BATCH_SIZE;
  let published = 0;
  let failed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const candidates = await selectCandidates(deps, options, limit);
    // Each post is claimed on its own row, so several at once are as safe as one after another.
    await forEachAtOnce(candidates, options.concurrency ?? PUBLISH_CONCURRENCY, async (post) => {
      const outcome = await publishOne(deps, post, options);
      if (outcome === "published") published += 1;
      else if (outcome === "failed") failed += 1;
    });
    if (candidates.length < limit) break;
  }
  return { published, failed };
}

/**
 * Works through `items` with at most `limit` at once, in their order; every started item finishes before it
 * returns, and then the first failure (if any) is thrown, so no work outlives the run.
 */
async function forEachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (errors.length > 0) throw errors[0];
}

/** Attempts cut off by a crash first (they are the oldest), then the due posts nobody is publishing. */
async function selectCandidates(deps: Deps, options: PublishDuePostsOptions, limit: number): Promise<Post[]> {
  const now = deps.now();
  const interrupted = await deps.db
    .select()
    .from(posts)
    .where(
      and(
        isNotNull(posts.publishAttemptId),
        eq(posts.status, "approved"),
        isNull(posts.postedAt),
        or(
          lt(posts.publishAttemptAt, new Date(now.getTime() - PUBLISH_ATTEMPT_TIMEOUT_MS)),
          and(isNotNull(posts.publishAttemptBy), instanceIsGone(posts.publishAttemptBy, options)),
        ),
      ),
    )
    .orderBy(asc(posts.publishAttemptAt))
    .limit(limit);
  if (interrupted.length >= limit) return interrupted;
  const due = await deps.db
    .select()
    .from(posts)
    .where(
      and(
        waitingToPublish(),
        lte(posts.scheduledDate, now),
        // A post waiting out a rate limit comes back when its wait is over.
        or(isNull(posts.publishRetryAt), lte(posts.publishRetryAt, now)),
      ),
    )
    .orderBy(asc(posts.scheduledDate))
    .limit(limit - interrupted.length);
  return [...interrupted, ...due];
}

/**
 * Dated, approved posts not out yet that nobody is publishing and whose publish did not fail: what the due
 * query takes once its time has come, read through posts_due_for_publishing_idx (whose predicate it extends).
 */
function waitingToPublish() {
  return and(
    // posts_due_for_publishing_idx's predicate as written there, in literals (a parameter in its place would
    // keep a prepared statement's generic plan off the index).
    sql`${posts.status} = 'approved' and ${posts.postedAt} is null and ${posts.scheduledDate} is not null and ${posts.publishError} is null`,
    isNull(posts.publishAttemptId),
  );
}

/**
 * When the due query will next find a post: the soonest scheduled date, or a rate-limited post's end of wait
 * (which may already be past: a backlog). Null when nothing waits. A failed post, one being published, or
 * one still waiting out a rate limit does not count before its time, so a watcher timed by this never spins.
 */
export async function nextDueAt(deps: Pick<Deps, "db" | "now">): Promise<Date | null> {
  const [[scheduled], [retried]] = await Promise.all([
    // In the index's order: the first row that qualifies ends the scan.
    deps.db
      .select({ at: posts.scheduledDate })
      .from(posts)
      .where(and(waitingToPublish(), isNull(posts.publishRetryAt)))
      .orderBy(asc(posts.scheduledDate))
      .limit(1),
    // A post waits out a rate limit only after its date (reschedulePost clears the wait), so the index's
    // range of past dates holds every one.
    deps.db
      .select({ at: posts.publishRetryAt })
      .from(posts)
      .where(and(waitingToPublish(), isNotNull(posts.publishRetryAt), lte(posts.scheduledDate, deps.now())))
      .orderBy(asc(posts.publishRetryAt))
      .limit(1),
  ]);
  const times = [scheduled?.at, retried?.at].filter((at): at is Date => at instanceof Date);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((at) => at.getTime())));
}

async function publishOne(deps: Deps, read: Post, options: PublishDuePostsOptions): Promise<Outcome> {
  const ctx: BrandContext = { ...deps, userId: read.userId, brandId: read.brandId };
  const attemptId = randomUUID();
  const post = await claim(ctx, read, attemptId, options.instanceId ?? null);
  // Someone else claimed it, or it changed since it was read (the next batch or run reads it again).
  if (!post) return "skipped";

  if (post.externalPostId) {
    return recordPublished(ctx, post, attemptId, {
      externalId: post.externalPostId,
      postedAt: post.scheduledDate ?? ctx.now(),
      network: post.publishedVia,
    });
  }

  if (read.publishAttemptId) {
    // The previous attempt's answer was lost with its process: did the network take the post?
    // Asked by the lost attempt's own marker (its id, which the network keeps with the copy it made).
    let copy: Awaited<ReturnType<Deps["social"]["findPublished"]>>;
    try {
      copy = await ctx.social.findPublished({
        userId: post.userId,
        brandId: post.brandId,
        postId: post.id,
        platform: post.platform,
        marker: read.publishAttemptId,
        since: read.publishAttemptAt,
      });
    } catch (error) {
      // Either way nobody knows whether the post is on the page: it is unconfirmed, never sent again.
      const said = hasReason(error, "publish_unconfirmed") ? error.message : POST_PUBLISH_UNKNOWN;
      await recordFailure(ctx, post, attemptId, said, "publish_unconfirmed");
      return "failed";
    }
    if (copy) {
      return recordPublished(ctx, post, attemptId, {
        externalId: copy.externalId,
        postedAt: copy.publishedAt ?? ctx.now(),
        network: copy.network,
        url: copy.url ?? null,
      });
    }
  }

  let externalId: string;
  let network: Post["publishedVia"];
  let url: string | null = null;
  try {
    // The attempt id goes with the post as its marker: a lost answer is settled by it (above).
    ({
      externalId,
      network,
      url = null,
    } = await ctx.social.publish({
      ...(await toPublishRequest(ctx, post)),
      marker: attemptId,
      attemptAt: post.publishAttemptAt ?? undefined,
    }));
  } catch (error) {
    const wait = rateLimitWaitMs(error, post.publishTries);
    if (wait !== null) {
      await recordWaiting(ctx, post, attemptId, new Date(ctx.now().getTime() + wait));
      return "waiting";
    }
    const message = (error as Error).message;
    // "Unconfirmed: check your page" is said as it is: it is not a refusal.
    if (hasReason(error, "publish_unconfirmed"))
      await recordFailure(ctx, post, attemptId, message, "publish_unconfirmed");
    // The connection expired: the post waits for the user to reconnect (releasePostsWaitingForReconnect).
    else if (hasReason(error, "network_token_expired"))
      await recordFailure(
        ctx,
        post,
        attemptId,
        reconnectWaitingMessage(post.platform),
        "network_token_expired",
      );
    else
      await recordFailure(
        ctx,
        post,
        attemptId,
        publishFailedMessage(post.platform, message),
        isAppError(error) ? error.reason : "internal",
      );
    return "failed";
  }
  // A database failure from here on leaves the attempt on the post; it is settled with the network later.
  return recordPublished(ctx, post, attemptId, { externalId, postedAt: ctx.now(), network, url });
}

/** Marks the attempt on the row, only if nobody changed the row since it was read. */
async function claim(
  ctx: BrandContext,
  read: Post,
  attemptId: string,
  instanceId: number | null,
): Promise<Post | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(posts)
    .set({
      publishAttemptId: attemptId,
      publishAttemptBy: instanceId,
      publishAttemptAt: now,
      // A new version: a change read before the claim (a second tab) is refused when it is saved.
      updatedAt: later(now, read),
    })
    .where(
      and(
        eq(posts.id, read.id),
        sql`${posts.publishAttemptId} is not distinct from ${read.publishAttemptId}`,
        sql`date_trunc('milliseconds', ${posts.updatedAt}) = ${read.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

async function recordPublished(
  ctx: BrandContext,
  post: Post,
  attemptId: string,
  /** `network`: the one that took the post (null only for a legacy row handed over before it was recorded). */
  result: { externalId: string; postedAt: Date; network: Post["publishedVia"]; url?: string | null },
): Promise<Outcome> {
  const done = await finishAttempt(
    ctx,
    post,
    attemptId,
    {
      postedAt: result.postedAt,
      externalPostId: result.externalId,
      externalUrl: result.url ?? null,
      publishedVia: result.network ?? post.publishedVia,
      publishRetryAt: null,
      publishTries: 0,
    },
    { message: POST_PUBLISHED_MESSAGE, type: "success" },
  );
  if (done && post.scheduledDate)
    ctx.observe?.postPublished?.({ scheduledAt: post.scheduledDate, publishedAt: result.postedAt });
  if (done && post.firstComment) await postFirstComment(ctx, post.id);
  return done ? "published" : "skipped";
}

async function recordFailure(
  ctx: BrandContext,
  post: Post,
  attemptId: string,
  message: string,
  reason: ErrorReason,
) {
  await finishAttempt(
    ctx,
    post,
    attemptId,
    { publishError: message, publishErrorReason: reason, publishRetryAt: null, publishTries: 0 },
    { message, type: "error" },
  );
}

/** A rate limit: the post stays approved and due, and the job takes it again at `retryAt`. */
async function recordWaiting(ctx: BrandContext, post: Post, attemptId: string, retryAt: Date) {
  const [row] = await ctx.db
    .update(posts)
    .set({
      publishRetryAt: retryAt,
      publishTries: post.publishTries + 1,
      publishAttemptId: null,
      publishAttemptBy: null,
      publishAttemptAt: null,
      updatedAt: later(ctx.now(), post),
    })
    .where(and(eq(posts.id, post.id), eq(posts.publishAttemptId, attemptId)))
    .returning({ id: posts.id });
  if (row) await publishPostChanged(ctx, post.id, "updated").catch(() => {});
}

/**
 * The attempt's result and its notification in one transaction, only while the attempt is still ours;
 * the pages hear of both once they are committed.
 */
async function finishAttempt(
  ctx: BrandContext,
  post: Post,
  attemptId: string,
  changes: Partial<NewPost>,
  notice: { message: string; type: NotificationView["type"] },
): Promise<boolean> {
  const notification = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(posts)
      .set({
        ...changes,
        publishAttemptId: null,
        publishAttemptBy: null,
        publishAttemptAt: null,
        updatedAt: later(ctx.now(), post),
      })
      .where(and(eq(posts.id, post.id), eq(posts.publishAttemptId, attemptId)))
      .returning({ id: posts.id });
    if (!row) return null;
    return insertNotification(tx, ctx.userId, { ...notice, createdAt: ctx.now() });
  });
  if (!notification) return false;
  // Signals to open pages; what they announce is already stored, so a lost signal loses nothing.
  await publishPostChanged(ctx, post.id, "updated").catch(() => {});
  await publishNotificationCreated(ctx, notification).catch(() => {});
  return true;
}

/** Strictly later than the version read, so two writes in the same millisecond still differ. */
function later(now: Date, read: Post): Date {
  return new Date(Math.max(now.getTime(), read.updatedAt.getTime() + 1));
}
