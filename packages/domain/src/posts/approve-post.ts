import { fitText } from "../channels/text-count";
import type { BrandContext } from "../context";
import type { Post } from "../db/schema";
import { AppError } from "../errors";
import { loadPostMedia, requireBrandMediaList } from "../media/post-media";
import { requireMediaFits } from "../media/post-media-rules";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { platformLabels } from "./messages";
import {
  changedMeanwhile,
  futureOptimalTime,
  type PostView,
  publishPostChanged,
  requireBrandPost,
  requireTransition,
  toPostView,
  updatePostIfUnchanged,
} from "./post";
import { postView } from "./post-view-schema";
import { publishFromRequest } from "./publish-from-request";
import { scheduleOnNetwork } from "./publish-request";
import { type ApprovePostInput, approvePostInput } from "./schemas";

export { type ApprovePostInput, approvePostInput };

export const NO_OPTIMAL_TIME =
  "This post has no optimal time still ahead. Choose a date and time to schedule it.";

function requireOptimalTime(post: Post, now: Date): Date {
  const optimal = futureOptimalTime(post, now);
  if (!optimal) throw new AppError("optimal_time_unavailable", NO_OPTIMAL_TIME);
  return optimal;
}

/**
 * A version over its network's limit (counted the network's way: graphemes on Bluesky, a link as 23 on
 * Mastodon) cannot be approved: it would only fail when it falls due.
 */
export async function requireFitsNetwork(ctx: BrandContext, post: Post): Promise<void> {
  const network = await ctx.social.describe({
    userId: ctx.userId,
    brandId: ctx.brandId,
    platform: post.platform,
  });
  const fit = fitText(post.content, network.text);
  if (fit.over)
    throw new AppError(
      "text_over_limit",
      `This ${platformLabels[post.platform]} post is ${fit.count} characters long; ${platformLabels[post.platform]} takes ${fit.max}. Shorten it before approving.`,
    );
  // Its media must fit its format there (a Reel's one video, a carousel's 2 to 10 items) before it can go.
  const items = (await loadPostMedia(ctx, [post])).get(post.id) ?? [];
  const stored = items.flatMap((item) => (item.mediaId ? [item.mediaId] : []));
  const files = await requireBrandMediaList(ctx, stored).catch(() => []);
  requireMediaFits(network, post.format, files, { complete: post.format !== "feed" });
}

/**
 * Approves (or re-approves) a pending or denied post. With a future date the post is handed to the network
 * for that time; with a date that is not in the future it is posted now; without a date it waits in the
 * calendar's Approved Content list.
 */
export async function approvePost(ctx: BrandContext, input: ApprovePostInput): Promise<PostView> {
  const { postId, scheduledDate, atOptimalTime } = parseInput(approvePostInput, input);
  const post = await requireBrandPost(ctx.db, ctx, postId);
  const now = ctx.now();
  const date = atOptimalTime ? requireOptimalTime(post, now) : scheduledDate ? new Date(scheduledDate) : null;
  const when = !date ? "unscheduled" : date.getTime() > now.getTime() ? "future" : "now";
  requireTransition(post, "APPROVE", { type: "APPROVE", when });
  await requireFitsNetwork(ctx, post);

  if (when === "now") {
    // Claimed like the publish job's attempts: the job and this request never both send it.
    const published = await publishFromRequest(ctx, post);
    await publishPostChanged(ctx, post.id, "updated");
    return await toPostView(ctx, published);
  }

  let externalId: string | null = null;
  let network: PostView["publishedVia"] = null;
  if (when === "future" && date) {
    ({ externalId, network } = await scheduleOnNetwork(ctx, post, date));
  }

  const updated = await updatePostIfUnchanged(ctx, post, {
    status: "approved",
    feedback: null,
    scheduledDate: date,
    postedAt: null,
    externalPostId: externalId,
    publishedVia: externalId ? network : null,
    publishError: null,
    publishErrorReason: null,
    publishRetryAt: null,
    publishTries: 0,
  });
  if (!updated) {
    // Someone else changed the post while the network call ran: take back what we handed over, if we can.
    if (when === "future" && externalId)
      await ctx.social
        .cancel({ userId: ctx.userId, brandId: ctx.brandId, platform: post.platform, externalId })
        .catch(() => {});
    throw changedMeanwhile();
  }
  await publishPostChanged(ctx, post.id, "updated");
  return await toPostView(ctx, updated);
}

export const approvePostUseCase = declareUseCase({
  name: "approvePost",
  description:
    "Approve a pending or denied post. With a future scheduledDate it is scheduled, with a past or present one it is published now, without one it waits in the calendar's Approved Content.",
  scope: "brand",
  input: approvePostInput,
  output: postView,
  run: approvePost,
});
