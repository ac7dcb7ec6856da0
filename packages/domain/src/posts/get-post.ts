import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { type PostView, requireBrandPost, toPostView } from "./post";
import { type PostIdInput, postIdInput } from "./schemas";

export const getPostInput = postIdInput;
export type GetPostInput = PostIdInput;

export async function getPost(ctx: BrandContext, input: GetPostInput): Promise<PostView> {
  const { postId } = parseInput(getPostInput, input);
  return toPostView(ctx, await requireBrandPost(ctx.db, ctx, postId));
}
