import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  changedMeanwhile,
  isScheduledOnNetwork,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  toSocialRequest,
  updatePostIfUnchanged,
} from "./post";
import { postView } from "./post-view-schema";
import { scheduleOnNetwork } from "./publish-request";
import { requireFutureDate } from "./schedule-post";
import { type ReschedulePostInput, reschedulePostInput } from "./schemas";

export { type ReschedulePostInput, reschedulePostInput };

/**
 * Moves an approved post to another future date, or (null) takes its date away so it goes back to the
 * calendar's Approved Content list. Only the date changes; the network's copy follows.
 */
export async function reschedulePost(ctx: BrandContext, input: ReschedulePostInput): Promise<PostView> {
  const { postId, scheduledDate } = parseInput(reschedulePostInput, input);
  const date = scheduledDate === null ? null : requireFutureDate(ctx, scheduledDate);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  requireTransition(post, "RESCHEDULE", { type: "RESCHEDULE", unschedule: date === null });

  let externalId = isScheduledOnNetwork(post) ? post.externalPostId : null;
  let network = post.publishedVia;
  const handedOver = !externalId && date !== null;
  // A copy the network holds moves with the date while the network can hold it for the new one (Meta: 11
  // minutes to 30 days ahead); past that it is taken back, and the publish job fires the post at its time.
  const stillHeld =
    externalId !== null &&
    date !== null &&
    (await ctx.social.canSchedule({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform: post.platform,
      scheduledDate: date,
    }));
  if (externalId && date && stillHeld) {
    await ctx.social.update({ ...toSocialRequest(ctx, post), externalId, scheduledDate: date });
  } else if (externalId) {
    await ctx.social.cancel({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform: post.platform,
      externalId,
    });
    externalId = null;
  } else if (date) {
    ({ externalId, network } = await scheduleOnNetwork(ctx, post, date));
  }

  const updated = await updatePostIfUnchanged(ctx, post, {
    scheduledDate: date,
    externalPostId: externalId,
    publishedVia: externalId ? network : null,
    publishRetryAt: null,
    publishTries: 0,
  });
  if (!updated) {
    // Someone else changed the post meanwhile: take back a copy this call handed to the network.
    if (handedOver && externalId)
      await ctx.social
        .cancel({ userId: ctx.userId, brandId: ctx.brandId, platform: post.platform, externalId })
        .catch(() => {});
    throw changedMeanwhile();
  }
  await publishPostChanged(ctx, post.id, "updated");
  return await toPostView(ctx, updated);
}

export const reschedulePostUseCase = declareUseCase({
  name: "reschedulePost",
  description: "Move a scheduled post to another future date and time, or take its date away with null.",
  scope: "brand",
  input: reschedulePostInput,
  output: postView,
  run: reschedulePost,
});
