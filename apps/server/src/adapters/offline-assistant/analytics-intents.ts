import { abbreviateNumber } from "@smm/domain/analytics";
import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

/*
 * The offline assistant's understanding of analytics: "how did my posts do this month?", "show my analytics
 * for Instagram this week", "what was my reach in the last 90 days", and the reply that sums the numbers up
 * (the chat shows the card with the details).
 */

export type AnalyticsTurnDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

const ASKS_ANALYTICS =
  /\bhow\b.*\b(?:posts?|page|content)\b.*\b(?:do|did|doing|done|perform(?:ed|ing)?|going)\b|\b(?:analytics|insights|performance|engagement rate|reach)\b(?!.*\bcalendar\b)|\bhow many (?:people|likes|views)\b/;

/** The decision for an analytics request, or null when the message is about something else. */
export function decideAnalyticsTurn(lower: string, tools: OfferedTools): AnalyticsTurnDecision | null {
  if (!ASKS_ANALYTICS.test(lower) || /\bcalendar\b/.test(lower)) return null;
  if (!tools.has("getAnalytics"))
    return { kind: "say", text: "I can't read your analytics in this version yet." };
  const range = /\b(?:90|ninety)\b|\bquarter\b|\bthree months\b|\b3 months\b/.test(lower)
    ? "90d"
    : /\bweek\b|\b7 days\b|\bseven days\b/.test(lower)
      ? "7d"
      : "30d";
  const platform = /\binstagram\b|\binsta\b|\big\b/.test(lower)
    ? "instagram"
    : /\bfacebook\b|\bfb\b/.test(lower)
      ? "facebook"
      : "all";
  return { kind: "call", call: { toolName: "getAnalytics", input: { range, platform } } };
}

const RANGE_WORDS: Record<string, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };

/** The reply after getAnalytics: the headline numbers, the change and the best post. */
export function describeAnalyticsOutcome(toolName: ToolName, result: unknown): string | null {
  if (toolName !== "getAnalytics") return null;
  const { metrics, previous, totalPosts, bestPost: best, ...value } = result as ToolOutput<"getAnalytics">;
  const range = RANGE_WORDS[value.range] ?? "30 days";
  const where =
    value.platform === "instagram" ? " on Instagram" : value.platform === "facebook" ? " on Facebook" : "";
  if (totalPosts === 0) {
    return `You published no posts${where} in the last ${range}, so there is nothing to compare yet. Your page reached ${abbreviateNumber(metrics.totalReach)} people. Approve a post and publish it to see how it does.`;
  }
  const reach = metrics.totalReach;
  const before = previous.reach;
  const change = before > 0 ? Math.round(((reach - before) / before) * 100) : null;
  const trend =
    change === null
      ? ""
      : change >= 0
        ? ` That is ${change}% more than the ${range} before.`
        : ` That is ${Math.abs(change)}% less than the ${range} before.`;
  const rate = metrics.engagementRate === null ? "N/A" : `${metrics.engagementRate.toFixed(2)}%`;
  const bestText =
    best && best.engagement > 0
      ? ` Your best post (${abbreviateNumber(best.engagement)} engagements) was “${best.content.slice(0, 80)}”.`
      : "";
  return `In the last ${range}${where} you published ${totalPosts} post${totalPosts === 1 ? "" : "s"}: ${abbreviateNumber(reach)} reach, ${abbreviateNumber(metrics.totalEngagement)} engagements, an engagement rate of ${rate}.${trend}${bestText} The details are on the Analytics page.`;
}
