import type { BrandContext } from "../context";
import { AppError } from "../errors";
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
import { scheduleOnNetwork } from "./publish-request";
import { SCHEDULED_IN_PAST, type SchedulePostInput, schedulePostInput } from "./schemas";

export { type SchedulePostInput, schedulePostInput };

/** A future date, or the spec's refusal: posts cannot be scheduled in the past. */
export function requireFutureDate(ctx: BrandContext, iso: string): Date {
  const date = new Date(iso);
  if (date.getTime() <= ctx.now().getTime()) throw new AppError("invalid_input", SCHEDULED_IN_PAST);
  return date;
}

/** Gives an approved, undated post a future date and hands it to the network for that time. */
export async function schedulePost(ctx: BrandContext, input: SchedulePostInput): Promise<PostView> {
  const { postId, scheduledDate } = parseInput(schedulePostInput, input);
  const date = requireFutureDate(ctx, scheduledDate);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "SCHEDULE", { type: "SCHEDULE" });

  const { externalId, network } = await scheduleOnNetwork(ctx, post, date);
  const updated = await updatePostIfUnchanged(ctx, post, {
    scheduledDate: date,
    externalPostId: externalId,
    publishedVia: externalId ? network : null,
  });
  if (!updated) {
    if (externalId)
      await ctx.social
        .cancel({ userId: ctx.userId, brandId: ctx.brandId, platform: post.platform, externalId })
        .catch(() => {});
    throw changedMeanwhile();
  }
  await publishPostChanged(ctx, post.id, "updated");
  return await toPostView(ctx, updated);
}

export const schedulePostUseCase = declareUseCase({
  name: "schedulePost",
  description: "Schedule an approved post at a future date and time.",
  scope: "brand",
  input: schedulePostInput,
  output: postView,
  run: schedulePost,
});
