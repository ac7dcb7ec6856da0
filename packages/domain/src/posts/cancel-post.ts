import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  changedMeanwhile,
  isScheduledOnNetwork,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  updatePostIfUnchanged,
} from "./post";
import { POST_CANCELLED_FEEDBACK, type PostIdInput, postIdInput } from "./schemas";
import { postWithWarningView } from "./views";

export const cancelPostInput = postIdInput;
export type CancelPostInput = PostIdInput;

/**
 * Cancels an approved or scheduled post: the network's scheduled post is cancelled first; the post then
 * becomes denied with the spec's feedback. A network failure does not stop the local cancel (the spec's
 * 'Post cancelled locally, but Facebook cancellation failed: ...'), it comes back as `warning`.
 */
export async function cancelPost(
  ctx: BrandContext,
  input: CancelPostInput,
): Promise<{ post: PostView; warning: string | null }> {
  const { postId } = parseInput(cancelPostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "CANCEL", { type: "CANCEL" });

  let warning: string | null = null;
  if (isScheduledOnNetwork(post) && post.externalPostId) {
    try {
      await ctx.social.cancel({
        userId: ctx.userId,
        brandId: ctx.brandId,
        platform: post.platform,
        externalId: post.externalPostId,
      });
    } catch (error) {
      warning = `Post cancelled locally, but Facebook cancellation failed: ${(error as Error).message}`;
    }
  }
  const updated = await updatePostIfUnchanged(ctx, post, {
    status: "denied",
    feedback: POST_CANCELLED_FEEDBACK,
    scheduledDate: null,
    publishRetryAt: null,
    publishTries: 0,
    externalPostId: null,
    publishedVia: null,
  });
  if (!updated) throw changedMeanwhile();
  await publishPostChanged(ctx, post.id, "updated");
  return { post: await toPostView(ctx, updated), warning };
}

export const cancelPostUseCase = declareUseCase({
  name: "cancelPost",
  description:
    "Cancel a scheduled post: it is taken off the network and marked denied ('Post cancelled by user').",
  scope: "brand",
  input: cancelPostInput,
  output: postWithWarningView,
  run: cancelPost,
});
