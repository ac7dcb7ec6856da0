import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { BrandContext } from "../context";
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

/**
 * Posts a published post's first comment, once: the attempt is recorded (pending) before the network call,
 * so two publishers never both send it, and its failure is recorded on the post (shown with Retry) without
 * touching the post's own status. Returns the post as it is after.
 */
export async function postFirstComment(ctx: BrandContext, postId: string): Promise<Post | null> {
  // Claimed: only a post with a comment not yet posted or in progress, and already out.
  const [claimed] = await ctx.db
    .update(posts)
    .set({ firstCommentStatus: "pending", firstCommentError: null })
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
