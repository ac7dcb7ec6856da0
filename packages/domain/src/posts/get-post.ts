import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type PostView, requireBrandPost, toPostView } from "./post";
import { postView } from "./post-view-schema";
import { type PostIdInput, postIdInput } from "./schemas";

export const getPostInput = postIdInput;
export type GetPostInput = PostIdInput;

export async function getPost(ctx: BrandContext, input: GetPostInput): Promise<PostView> {
  const { postId } = parseInput(getPostInput, input);
  return await toPostView(ctx, await requireBrandPost(ctx.db, ctx, postId));
}

export const getPostUseCase = declareUseCase({
  name: "getPost",
  description: "Read one post of the active brand by id.",
  scope: "brand",
  input: getPostInput,
  output: postView,
  run: getPost,
});
