import { and, eq, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { postCounts } from "../db/schema";
import { declareUseCase } from "../use-case";
import { type DashboardStats, dashboardStatsView } from "./views";

export type { DashboardStats };

import { noInput } from "../no-input";

const sumWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`cast(coalesce(sum(${postCounts.n}) filter (where ${condition}), 0) as integer)`;

/**
 * The brand's post counts, scoped to the brand and the user like the post lists. Read from post_counts
 * (kept by triggers on posts): a few rows per brand whatever its number of posts.
 */
export async function getDashboardStats(ctx: BrandContext): Promise<DashboardStats> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`cast(coalesce(sum(${postCounts.n}), 0) as integer)`,
      // The stored status 'approved': the approved, scheduled and published states.
      approved: sumWhere(sql`${postCounts.state} in ('approved', 'scheduled', 'published')`),
      facebook: sumWhere(sql`${postCounts.platform} = 'facebook'`),
      instagram: sumWhere(sql`${postCounts.platform} = 'instagram'`),
      aiGenerated: sumWhere(sql`${postCounts.aiGenerated}`),
      // The 'pending' state leaves out what the pipeline still owns (the 'generating' state).
      pending: sumWhere(sql`${postCounts.state} = 'pending'`),
    })
    .from(postCounts)
    .where(and(eq(postCounts.brandId, ctx.brandId), eq(postCounts.userId, ctx.userId)));
  return {
    total: row?.total ?? 0,
    approved: row?.approved ?? 0,
    facebook: row?.facebook ?? 0,
    instagram: row?.instagram ?? 0,
    aiGenerated: row?.aiGenerated ?? 0,
    pending: row?.pending ?? 0,
  };
}

export const getDashboardStatsUseCase = declareUseCase({
  name: "getDashboardStats",
  description:
    "The dashboard's totals for the active brand: all, pending, approved, denied, Facebook, Instagram, AI generated.",
  scope: "brand",
  input: noInput,
  output: dashboardStatsView,
  run: getDashboardStats,
});
