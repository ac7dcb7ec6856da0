import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { parseInput } from "../parse-input";
import { isScheduledOnNetwork, publishPostChanged, requireBrandPost, requireTransition } from "./post";
import { type PostIdInput, postIdInput } from "./schemas";

export const deletePostInput = postIdInput;
export type DeletePostInput = PostIdInput;

/** Deletes a post of the brand; a copy still waiting on the network is withdrawn first (best effort). */
export async function deletePost(ctx: BrandContext, input: DeletePostInput): Promise<{ deleted: true }> {
  const { postId } = parseInput(deletePostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "DELETE", { type: "DELETE" });
  if (isScheduledOnNetwork(post) && post.facebookPostId) {
    await ctx.social
      .cancel({ userId: ctx.userId, brandId: ctx.brandId, externalId: post.facebookPostId })
      .catch(() => {});
  }
  await ctx.db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.brandId, ctx.brandId)));
  await publishPostChanged(ctx, post.id, "deleted");
  return { deleted: true };
}
