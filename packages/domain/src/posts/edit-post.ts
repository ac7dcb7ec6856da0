import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import {
  changedMeanwhile,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  toSocialRequest,
  updatePostIfUnchanged,
} from "./post";
import { type EditPostInput, editPostInput } from "./schemas";

export { type EditPostInput, editPostInput };

/**
 * Changes a post's text (and optionally its image). A post already on the network is updated there too;
 * if that fails the local edit stands and the spec's 'Post updated locally, but Facebook update failed: ...'
 * comes back as `warning`.
 */
export async function editPost(
  ctx: BrandContext,
  input: EditPostInput,
): Promise<{ post: PostView; warning: string | null }> {
  const { postId, content, imageUrl } = parseInput(editPostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "EDIT", { type: "EDIT", content });
  const nextImage = imageUrl === undefined ? post.imageUrl : imageUrl;
  // Unchanged text and image: nothing to save (the editor just closes).
  if (content === post.content && nextImage === post.imageUrl)
    return { post: toPostView(post), warning: null };

  const updated = await updatePostIfUnchanged(ctx, post, { content, imageUrl: nextImage });
  if (!updated) throw changedMeanwhile();

  let warning: string | null = null;
  if (updated.facebookPostId) {
    try {
      await ctx.social.update({
        ...toSocialRequest(ctx, updated),
        externalId: updated.facebookPostId,
        scheduledDate: updated.postedAt ? undefined : updated.scheduledDate,
      });
    } catch (error) {
      warning = `Post updated locally, but Facebook update failed: ${(error as Error).message}`;
    }
  }
  await publishPostChanged(ctx, post.id, "updated");
  return { post: toPostView(updated), warning };
}
