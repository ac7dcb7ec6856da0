import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  isScheduledOnNetwork,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
} from "./post";
import { postView } from "./post-view-schema";
import { publishFromRequest } from "./publish-from-request";
import { type PostIdInput, postIdInput } from "./schemas";

export const publishPostNowInput = postIdInput;
export type PublishPostNowInput = PostIdInput;

/**
 * Posts now (a card's "Post now"): a copy waiting on the network for later is cancelled first. Claimed like
 * the publish job's attempts, so a Post now and the job at the same instant send one copy.
 */
export async function publishPostNow(ctx: BrandContext, input: PublishPostNowInput): Promise<PostView> {
  const { postId } = parseInput(publishPostNowInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "PUBLISH_NOW", { type: "PUBLISH_NOW" });

  const updated = await publishFromRequest(ctx, post, {
    cancelFirst: isScheduledOnNetwork(post) ? post.externalPostId : null,
  });
  await publishPostChanged(ctx, post.id, "updated");
  return await toPostView(ctx, updated);
}

export const publishPostNowUseCase = declareUseCase({
  name: "publishPostNow",
  description: "Publish an approved post right away.",
  scope: "brand",
  input: publishPostNowInput,
  output: postView,
  run: publishPostNow,
});
