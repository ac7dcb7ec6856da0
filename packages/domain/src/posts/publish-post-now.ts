import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import {
  changedMeanwhile,
  isScheduledOnNetwork,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  toSocialRequest,
  updatePostIfUnchanged,
} from "./post";
import { type PostIdInput, postIdInput } from "./schemas";

export const publishPostNowInput = postIdInput;
export type PublishPostNowInput = PostIdInput;

/** Posts now (a card's "Post now"): a copy waiting on the network for later is cancelled first. */
export async function publishPostNow(ctx: BrandContext, input: PublishPostNowInput): Promise<PostView> {
  const { postId } = parseInput(publishPostNowInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "PUBLISH_NOW", { type: "PUBLISH_NOW" });

  if (isScheduledOnNetwork(post) && post.facebookPostId)
    await ctx.social.cancel({ userId: ctx.userId, brandId: ctx.brandId, externalId: post.facebookPostId });
  const { externalId } = await ctx.social.publish(toSocialRequest(ctx, post));
  const now = ctx.now();
  const updated = await updatePostIfUnchanged(ctx, post, {
    status: "approved",
    feedback: null,
    scheduledDate: now,
    postedAt: now,
    facebookPostId: externalId,
    publishedVia: ctx.social.kind,
    publishError: null,
  });
  if (!updated) throw changedMeanwhile();
  await publishPostChanged(ctx, post.id, "updated");
  return toPostView(ctx, updated);
}
