import type { BrandContext } from "../context";
import { requireBrandMedia, requireOwnMediaLink } from "../media/media";
import { replaceFirstMedia } from "../media/post-media";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
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
import { postWithWarningView } from "./views";

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
  const { postId, content, imageUrl, imageId } = parseInput(editPostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "EDIT", { type: "EDIT", content });
  if (imageId) await requireBrandMedia(ctx, imageId);
  // A link to our stored images must name one of the brand's own (a copied link of another user's image is
  // not found), and is kept as that image: its link is then signed afresh whenever the post is read.
  const linked = !imageId && imageUrl ? await requireOwnMediaLink(ctx, imageUrl) : null;
  // A stored image wins over a URL; a URL (or null) replaces the stored one.
  const next = imageId
    ? { imageUrl: null, imageMediaId: imageId }
    : linked
      ? { imageUrl: null, imageMediaId: linked.id }
      : imageUrl !== undefined
        ? { imageUrl, imageMediaId: null }
        : { imageUrl: post.imageUrl, imageMediaId: post.imageMediaId };
  // Unchanged text and image: nothing to save (the editor just closes).
  if (content === post.content && next.imageUrl === post.imageUrl && next.imageMediaId === post.imageMediaId)
    return { post: await toPostView(ctx, post), warning: null };

  const updated = await updatePostIfUnchanged(ctx, post, { content, ...next });
  if (!updated) throw changedMeanwhile();
  if (next.imageMediaId !== post.imageMediaId || next.imageUrl !== post.imageUrl)
    await replaceFirstMedia(ctx.db, post.id, next.imageMediaId);

  let warning: string | null = null;
  if (updated.externalPostId) {
    try {
      await ctx.social.update({
        ...toSocialRequest(ctx, updated),
        externalId: updated.externalPostId,
        scheduledDate: updated.postedAt ? undefined : updated.scheduledDate,
      });
    } catch (error) {
      warning = `Post updated locally, but Facebook update failed: ${(error as Error).message}`;
    }
  }
  await publishPostChanged(ctx, post.id, "updated");
  return { post: await toPostView(ctx, updated), warning };
}

export const editPostUseCase = declareUseCase({
  name: "editPost",
  description:
    "Change a post's text (and optionally its image); a post already on the network is updated there too.",
  scope: "brand",
  input: editPostInput,
  output: postWithWarningView,
  run: editPost,
});
