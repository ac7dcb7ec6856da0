import type { PostPage, PostView } from "@smm/domain/web";
import { useQuery } from "@tanstack/react-query";

import { call, callOptions, client } from "@/lib/api";
import { actionErrorMessage, DENY_FAILED_MESSAGE } from "@/lib/generation";
import { postKeys } from "@/lib/posts";

/*
 * Swipe review (core spec section 2 "Swipe review", section 9 "Swipe"): the pure rules (when a drag decides,
 * when the overlay shows, progress, time saved, the AI insights with their defaults) and the hooks the
 * screen uses (the oldest-first pending queue and the approve / deny calls).
 */

/** Core spec section 9: a drag over 100 px decides. */
export const SWIPE_DECIDE_PX = 100;
/** Core spec section 9: the APPROVE / DENY overlay shows after 50 px. */
export const SWIPE_OVERLAY_PX = 50;
/** Core spec section 9: 300 ms debounce against double decisions. */
export const SWIPE_DEBOUNCE_MS = 300;
/** Core spec section 9: 2.5 minutes saved per reviewed post. */
export const MINUTES_SAVED_PER_POST = 2.5;
/** Core spec section 9: the AI prediction shown when a post has none. */
export const DEFAULT_PREDICTION = { engagement: 85, audience: 80, trend: 75 } as const;
/** How far the card tilts per pixel dragged, and at most. */
const DEGREES_PER_PX = 1 / 20;
const MAX_ROTATION_DEG = 15;
/** The pending queue's page: the list endpoint's maximum. */
export const SWIPE_QUEUE_LIMIT = 100;

export type SwipeDecision = "approve" | "deny";

/** The decision a drag released at `dx` pixels makes: beyond 100 px right approves, left denies. */
export function swipeDecision(dx: number): SwipeDecision | null {
  if (dx > SWIPE_DECIDE_PX) return "approve";
  if (dx < -SWIPE_DECIDE_PX) return "deny";
  return null;
}

/** Which overlay a drag at `dx` shows: after 50 px, APPROVE to the right and DENY to the left. */
export function swipeOverlay(dx: number): SwipeDecision | null {
  if (dx > SWIPE_OVERLAY_PX) return "approve";
  if (dx < -SWIPE_OVERLAY_PX) return "deny";
  return null;
}

/** The card's tilt in degrees while dragged: slight, and capped. */
export function swipeRotation(dx: number): number {
  const degrees = dx * DEGREES_PER_PX;
  return Math.max(-MAX_ROTATION_DEG, Math.min(MAX_ROTATION_DEG, degrees)) || 0;
}

/** How visible the overlay is at `dx`: 0 up to 50 px, full at 100 px. */
export function overlayOpacity(dx: number): number {
  const distance = Math.abs(dx);
  if (distance <= SWIPE_OVERLAY_PX) return 0;
  return Math.min(1, (distance - SWIPE_OVERLAY_PX) / (SWIPE_DECIDE_PX - SWIPE_OVERLAY_PX));
}

/** Whether a decision at `now` is far enough from the previous one (at `lastAt`, ms) to count. */
export function acceptsDecision(now: number, lastAt: number | null): boolean {
  return lastAt === null || now - lastAt >= SWIPE_DEBOUNCE_MS;
}

/**
 * 'N of M': N is the post on screen, M what this session has seen to review. `reviewed` counts the posts
 * decided here; `remaining` those still pending (posts handled elsewhere drop out of it, new ones add).
 */
export function swipeProgress(reviewed: number, remaining: number): { current: number; total: number } {
  const done = Math.max(0, Math.floor(reviewed));
  const left = Math.max(0, Math.floor(remaining));
  const total = done + left;
  return { current: left > 0 ? done + 1 : total, total };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** The time saved by reviewing `reviewed` posts at 2.5 minutes each: '5 minutes', '1 hour 15 minutes'. */
export function formatTimeSaved(reviewed: number): string {
  const minutes = Math.max(0, reviewed) * MINUTES_SAVED_PER_POST;
  const hours = Math.floor(minutes / 60);
  const rest = minutes - hours * 60;
  const restText = Number.isInteger(rest) ? plural(rest, "minute") : `${rest} minutes`;
  if (hours === 0) return restText;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${restText}`;
}

export interface SwipeInsights {
  engagement: number;
  audience: number;
  trend: number;
  hashtags: string[];
  reasoning: string | null;
  /** The AI's optimal time as stored: an ISO date-time or a free text such as 'Tomorrow at 12:00 PM'. */
  optimalTime: string | null;
  /** Whether the scores are the AI's own (false: the spec's defaults). */
  predicted: boolean;
}

const score = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.round(Math.max(0, Math.min(100, value)))
    : fallback;

/** The AI insights panel's content, with the spec's defaults (85 / 80 / 75) where the AI gave none. */
export function swipeInsights(post: Pick<PostView, "aiSuggestions">): SwipeInsights {
  const ai = post.aiSuggestions;
  return {
    engagement: score(ai?.engagement_prediction, DEFAULT_PREDICTION.engagement),
    audience: score(ai?.audience_match, DEFAULT_PREDICTION.audience),
    trend: score(ai?.trend_score, DEFAULT_PREDICTION.trend),
    hashtags: (ai?.hashtags ?? [])
      .filter((tag) => typeof tag === "string" && tag.trim())
      .map((tag) => (tag.startsWith("#") ? tag : `#${tag}`)),
    reasoning: ai?.reasoning?.trim() || null,
    optimalTime: ai?.optimal_time?.trim() || null,
    predicted: Boolean(ai),
  };
}

/**
 * The cards still to show: the server's pending posts (oldest first) that are ready for review (not still
 * generating) and not already decided in this session.
 */
export function swipeQueue(posts: readonly PostView[], decided: ReadonlySet<string>): PostView[] {
  return posts.filter((post) => post.state === "pending" && !decided.has(post.id));
}

/** How many pending posts are left: the queue plus those beyond the loaded page. */
export function remainingCount(page: Pick<PostPage, "posts" | "total">, queueLength: number): number {
  return queueLength + Math.max(0, page.total - page.posts.length);
}

// ---- hooks ----

/** Under the lists' key, so post.changed (useLivePostQueries) and every review refresh it. */
export const swipeQueueKey = (brandId: string) => [...postKeys.all(brandId), "list", "swipe"] as const;

/** The brand's pending posts, oldest first (the order they waited in). */
export function usePendingQueue(brandId: string) {
  return useQuery({
    queryKey: swipeQueueKey(brandId),
    queryFn: ({ signal }) =>
      call(
        client.api.posts.$get(
          { query: { status: "pending", sort: "oldest", limit: String(SWIPE_QUEUE_LIMIT) } },
          callOptions({ brandId, signal }),
        ),
      ),
  });
}

export const APPROVE_FAILED_MESSAGE = "Failed to approve post. Please try again.";
export { DENY_FAILED_MESSAGE };

/** The toast text for a refused decision: the server's words for a 4xx, the spec's fallback otherwise. */
export function swipeErrorMessage(error: unknown, decision: SwipeDecision): string {
  return actionErrorMessage(error, decision === "approve" ? APPROVE_FAILED_MESSAGE : DENY_FAILED_MESSAGE);
}
