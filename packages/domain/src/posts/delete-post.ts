import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { media, posts } from "../db/schema";
import { deleteMedia } from "../media/media";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { isScheduledOnNetwork, publishPostChanged, requireBrandPost, requireTransition } from "./post";
import { type PostIdInput, postIdInput } from "./schemas";
import { deletedView } from "./views";

export const deletePostInput = postIdInput;
export type DeletePostInput = PostIdInput;

/** Deletes a post of the brand; a copy still waiting on the network is withdrawn first (best effort). */
export async function deletePost(ctx: BrandContext, input: DeletePostInput): Promise<{ deleted: true }> {
  const { postId } = parseInput(deletePostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "DELETE", { type: "DELETE" });
  if (isScheduledOnNetwork(post) && post.externalPostId) {
    await ctx.social
      .cancel({ userId: ctx.userId, brandId: ctx.brandId, externalId: post.externalPostId })
      .catch(() => {});
  }
  await ctx.db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.brandId, ctx.brandId)));
  // A generated image belongs to its post alone; uploads stay in the brand's library.
  if (post.imageMediaId) {
    const [image] = await ctx.db
      .select()
      .from(media)
      .where(and(eq(media.id, post.imageMediaId), eq(media.kind, "generated")));
    const [stillUsed] = await ctx.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.imageMediaId, post.imageMediaId))
      .limit(1);
    if (image && !stillUsed) await deleteMedia(ctx, image);
  }
  await publishPostChanged(ctx, post.id, "deleted");
  return { deleted: true };
}

export const deletePostUseCase = declareUseCase({
  name: "deletePost",
  description: "Delete a post for good.",
  scope: "brand",
  input: deletePostInput,
  output: deletedView,
  run: deletePost,
});
