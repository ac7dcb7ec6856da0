import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  changedMeanwhile,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  updatePostIfUnchanged,
} from "./post";
import { postView } from "./post-view-schema";
import { type DenyPostInput, denyPostInput } from "./schemas";

export { type DenyPostInput, denyPostInput };

/** Denies a pending post with the user's feedback; the date goes, the post may be re-approved later. */
export async function denyPost(ctx: BrandContext, input: DenyPostInput): Promise<PostView> {
  const { postId, feedback } = parseInput(denyPostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "DENY", { type: "DENY", feedback });
  const updated = await updatePostIfUnchanged(ctx, post, { status: "denied", feedback, scheduledDate: null });
  if (!updated) throw changedMeanwhile();
  await publishPostChanged(ctx, post.id, "updated");
  return await toPostView(ctx, updated);
}

export const denyPostUseCase = declareUseCase({
  name: "denyPost",
  description: "Deny a pending post with feedback saying why.",
  scope: "brand",
  input: denyPostInput,
  output: postView,
  run: denyPost,
});
