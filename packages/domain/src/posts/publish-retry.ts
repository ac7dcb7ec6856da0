import type { Post } from "../db/schema";
import { AppError } from "../errors";
import { type PostPlatform, platformLabels } from "./messages";

/**
 * Rate limits (Meta's 4/17/32/613/80001): nothing was made, the same call is worth sending later. The post
 * waits (approved, not failed) and the publish job tries it again when the wait is over, at most this many
 * times in all; then it fails with the network's message like any other refusal.
 */
export const MAX_PUBLISH_TRIES = 5;
/** When the network did not say how long: 5 minutes, doubling with each try. */
export const DEFAULT_RETRY_MS = 5 * 60_000;
/** A network asking for more than a day is not waited for blindly. */
const LONGEST_WAIT_MS = 24 * 3_600_000;

export const UNCONFIRMED_PREFIX = "Unconfirmed: check your page";

/** The wait before the next try, or null when the error is not a rate limit or the tries are used up. */
export function rateLimitWaitMs(error: unknown, triesSoFar: number): number | null {
  if (!(error instanceof AppError) || error.retryAfterMs === undefined) return null;
  if (triesSoFar + 1 >= MAX_PUBLISH_TRIES) return null;
  const wait = error.retryAfterMs > 0 ? error.retryAfterMs : DEFAULT_RETRY_MS * 2 ** triesSoFar;
  return Math.min(wait, LONGEST_WAIT_MS);
}

/** What the post says while it waits (the screens show retryAt in the user's time). */
export const waitingMessage = (tries: number, platform: PostPlatform) =>
  `Waiting: ${platformLabels[platform]}'s rate limit was reached. It will be tried again automatically (try ${tries + 1} of ${MAX_PUBLISH_TRIES}).`;

/**
 * Said on a post whose network stopped accepting the connection (a LinkedIn token past its 60 days): it
 * is not failed, it waits, and goes out by itself once the channel is reconnected.
 */
export const reconnectWaitingMessage = (platform: PostPlatform) =>
  `Waiting for you to reconnect ${platformLabels[platform]}: this post goes out as soon as the channel is reconnected in Settings > Channels.`;

/** Said when a network refused a post: the network's name, then its reason. */
export const publishFailedMessage = (platform: PostPlatform, message: string) =>
  `${platformLabels[platform]} posting failed: ${message}`;

export interface PublishingView {
  /**
   * waiting: a rate limit, tried again at retryAt; reconnect: the connection expired, it goes out once
   * the channel is reconnected; failed: refused; unconfirmed: check the page.
   */
  status: "waiting" | "reconnect" | "failed" | "unconfirmed";
  message: string;
  retryAt: string | null;
}

/** Where a post that has not gone out stands with the network, for the card and the tools. */
export function toPublishingView(
  row: Pick<
    Post,
    "postedAt" | "publishError" | "publishErrorReason" | "publishRetryAt" | "publishTries" | "platform"
  >,
): PublishingView | null {
  if (row.postedAt) return null;
  if (row.publishError) {
    return {
      status:
        row.publishErrorReason === "publish_unconfirmed"
          ? "unconfirmed"
          : row.publishErrorReason === "network_token_expired"
            ? "reconnect"
            : "failed",
      message: row.publishError,
      retryAt: null,
    };
  }
  if (row.publishRetryAt) {
    return {
      status: "waiting",
      message: waitingMessage(row.publishTries, row.platform),
      retryAt: row.publishRetryAt.toISOString(),
    };
  }
  return null;
}
