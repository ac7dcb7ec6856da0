import { and, asc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { BrandContext, Deps } from "../context";
import { type Post, posts } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { publishPostChanged, requireBrandPost, toPostView } from "./post";
import { postView } from "./post-view-schema";
import { postIdInput } from "./schemas";

export const FIRST_COMMENT_NOT_FAILED =
  "This post's first comment has not failed: there is nothing to retry.";
export const FIRST_COMMENT_NOT_PUBLISHED = "The first comment goes out once the post is published.";
/** A send cut off by a crash: whether the network took it is not known, so it is never sent again unasked. */
export const FIRST_COMMENT_INTERRUPTED =
  "We could not confirm this first comment went out: sending it was interrupted. Check the post on the network before you retry.";
/** A published post's comment that was never sent and is now too old to follow the post. */
export const FIRST_COMMENT_NOT_SENT =
  "This first comment was not sent when the post went out. Retry sends it now.";

/** How long a send may take before its attempt counts as cut off (a network call times out well before). */
export const FIRST_COMMENT_ATTEMPT_TIMEOUT_MS = 10 * 60_000;
/** A comment not sent this long after its post goes out is sent late only by the user's Retry. */
export const FIRST_COMMENT_LATE_MS = 24 * 60 * 60_000;
/** The comment goes out with its post; the sweep takes over only after this. */
const FIRST_COMMENT_GRACE_MS = 60_000;
const SWEEP_BATCH = 50;

/**
 * Posts a published post's first comment, once: the attempt is recorded (pending) before the network call,
 * so two publishers never both send it, and its failure is recorded on the post (shown with Retry) without
 * touching the post's own status. Returns the post as it is after.
 */
export async function postFirstComment(ctx: BrandContext, postId: string): Promise<Post | null> {
  // Claimed: only a post with a comment not yet posted or in progress, and already out.
  const [claimed] = await ctx.db
    .update(posts)
    .set({ firstCommentStatus: "pending", firstCommentError: null, firstCommentAttemptAt: ctx.now() })
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.brandId, ctx.brandId),
        or(isNull(posts.firstCommentStatus), eq(posts.firstCommentStatus, "failed")),
        ne(posts.firstComment, ""),
      ),
    )
    .returning();
  if (!claimed?.firstComment || !claimed.externalPostId || !claimed.postedAt) {
    if (claimed) await ctx.db.update(posts).set({ firstCommentStatus: null }).where(eq(posts.id, claimed.id));
    return claimed ?? null;
  }
  let result: Partial<Post>;
  try {
    const comment = await ctx.social.comment({
      userId: ctx.userId,
      brandId: ctx.brandId,
      postId: claimed.id,
      platform: claimed.platform,
      externalId: claimed.externalPostId,
      message: claimed.firstComment,
    });
    result = {
      firstCommentStatus: "posted",
      firstCommentExternalId: comment.externalId,
      firstCommentError: null,
    };
  } catch (error) {
    const message = isAppError(error) ? error.message : "The network did not take the first comment.";
    result = { firstCommentStatus: "failed", firstCommentError: message };
  }
  const [done] = await ctx.db.update(posts).set(result).where(eq(posts.id, claimed.id)).returning();
  await publishPostChanged(ctx, claimed.id, "updated");
  return done ?? null;
}

/**
 * The minute sweep's part for first comments a crash left behind (run by the publish job): a published
 * post whose comment was never sent gets it now, or, a day after the post, is marked failed for the user's
 * Retry; a send cut off mid-call (pending past its time) has an unknown outcome, so it is marked failed with
 * words that say so, and is never sent again without the user. Returns how many it settled.
 */
export async function settleFirstComments(deps: Deps): Promise<number> {
  const now = deps.now().getTime();
  const interrupted = await deps.db
    .update(posts)
    .set({ firstCommentStatus: "failed", firstCommentError: FIRST_COMMENT_INTERRUPTED })
    .where(
      and(
        eq(posts.firstCommentStatus, "pending"),
        or(
          lt(posts.firstCommentAttemptAt, new Date(now - FIRST_COMMENT_ATTEMPT_TIMEOUT_MS)),
          isNull(posts.firstCommentAttemptAt),
        ),
      ),
    )
    .returning({ id: posts.id, userId: posts.userId, brandId: posts.brandId });
  const unsent = await deps.db
    .select({ id: posts.id, userId: posts.userId, brandId: posts.brandId, postedAt: posts.postedAt })
    .from(posts)
    .where(
      and(
        // The predicate of posts_first_comment_unsent_idx, as written there.
        sql`${posts.firstCommentStatus} is null and ${posts.firstComment} <> '' and ${posts.postedAt} is not null and ${posts.externalPostId} is not null`,
        lt(posts.postedAt, new Date(now - FIRST_COMMENT_GRACE_MS)),
      ),
    )
    .orderBy(asc(posts.postedAt))
    .limit(SWEEP_BATCH);
  for (const post of interrupted) {
    await publishPostChanged({ ...deps, userId: post.userId, brandId: post.brandId }, post.id, "updated");
  }
  for (const post of unsent) {
    const ctx: BrandContext = { ...deps, userId: post.userId, brandId: post.brandId };
    if (post.postedAt && post.postedAt.getTime() >= now - FIRST_COMMENT_LATE_MS) {
      await postFirstComment(ctx, post.id);
      continue;
    }
    const [marked] = await deps.db
      .update(posts)
      .set({ firstCommentStatus: "failed", firstCommentError: FIRST_COMMENT_NOT_SENT })
      .where(and(eq(posts.id, post.id), isNull(posts.firstCommentStatus)))
      .returning({ id: posts.id });
    if (marked) await publishPostChanged(ctx, post.id, "updated");
  }
  return interrupted.length + unsent.length;
}

/** The post's failed first comment, sent again. */
export async function retryFirstComment(ctx: BrandContext, input: { postId: string }) {
  const { postId } = parseInput(postIdInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  if (!post.postedAt || !post.externalPostId) throw new AppError("conflict", FIRST_COMMENT_NOT_PUBLISHED);
  if (post.firstCommentStatus !== "failed") throw new AppError("conflict", FIRST_COMMENT_NOT_FAILED);
  const after = await postFirstComment(ctx, post.id);
  return toPostView(ctx, after ?? post);
}

export const retryFirstCommentUseCase = declareUseCase({
  name: "retryFirstComment",
  description:
    "Send a published post's failed first comment again (the post itself stays published; its firstComment says how it went).",
  scope: "brand",
  input: postIdInput,
  output: postView,
  run: retryFirstComment,
});
