import { getAnalytics, getAnalyticsInput } from "@smm/domain/analytics/get-analytics";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const getAnalyticsTool = (ctx: ToolContext) =>
  tool({
    description:
      "How the active brand's page and published posts performed over the last 7, 30 or 90 days (range '7d', '30d' or '90d', default '30d'; platform 'all', 'facebook' or 'instagram'): reach, views, engagement and rate, page followers, the best post, each post's numbers, likes/comments/shares/clicks, the audience when known, a daily series and the previous period's totals. Cached for an hour; refresh reads fresh numbers.",
    inputSchema: getAnalyticsInput,
    execute: async (input) => getAnalytics(await ctx.brand(), input),
  });
