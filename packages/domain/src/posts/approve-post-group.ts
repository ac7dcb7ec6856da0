import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { AppError } from "../errors";
import { availableActionsOf } from "../machines/post-actions";
import { derivePostState } from "../machines/post-lifecycle";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { approvePost, requireFitsNetwork } from "./approve-post";
import { type PostView, toPostView } from "./post";
import { postView } from "./post-view-schema";
import { type ApprovePostGroupInput, approvePostGroupInput } from "./schemas";

export const POST_GROUP_NOT_FOUND = "Post group not found";

export const approvedGroupSchema = z.object({
  /** Every post of the group after the call, approved ones and those that were not approvable. */
  posts: z.array(postView),
});

/**
 * Approves every approvable post of a group written for several channels, for one time. Each version is
 * checked against its own network first, so a version over its limit stops the whole group before any of
 * it is approved or sent; posts already approved or still being written are left as they are.
 */
export async function approvePostGroup(
  ctx: BrandContext,
  input: ApprovePostGroupInput,
): Promise<{ posts: PostView[] }> {
  const { groupId, scheduledDate } = parseInput(approvePostGroupInput, input);
  const group = await ctx.db
    .select()
    .from(posts)
    .where(and(eq(posts.groupId, groupId), eq(posts.userId, ctx.userId), eq(posts.brandId, ctx.brandId)))
    .orderBy(asc(posts.createdAt), asc(posts.id));
  if (group.length === 0) throw new AppError("not_found", POST_GROUP_NOT_FOUND);
  const approvable = group.filter(
    (post) => !post.publishAttemptId && availableActionsOf(derivePostState(post)).includes("approve"),
  );
  for (const post of approvable) await requireFitsNetwork(ctx, post);
  const byId = new Map<string, PostView>();
  for (const post of approvable)
    byId.set(post.id, await approvePost(ctx, { postId: post.id, scheduledDate }));
  return {
    posts: await Promise.all(group.map(async (post) => byId.get(post.id) ?? (await toPostView(ctx, post)))),
  };
}

export const approvePostGroupUseCase = declareUseCase({
  name: "approvePostGroup",
  description:
    "Approve at once every post of a group written for several channels (the groupId generatePost answered), with one scheduledDate as approvePost takes it. A version over its network's limit stops the whole group.",
  scope: "brand",
  input: approvePostGroupInput,
  output: approvedGroupSchema,
  run: approvePostGroup,
});
