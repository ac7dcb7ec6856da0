import { and, eq, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";

/** The dashboard's stat cards (core spec, Dashboard) plus how many posts wait for approval. */
export interface DashboardStats {
  total: number;
  approved: number;
  facebook: number;
  instagram: number;
  aiGenerated: number;
  /** Pending posts the user can review: posts the pipeline still owns (queued, generating) are not counted. */
  pending: number;
}

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`cast(count(*) filter (where ${condition}) as integer)`;

/** The brand's post counts in one query, scoped to the brand and the user like the post lists. */
export async function getDashboardStats(ctx: BrandContext): Promise<DashboardStats> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`cast(count(*) as integer)`,
      approved: countWhere(sql`${posts.status} = 'approved'`),
      facebook: countWhere(sql`${posts.platform} = 'facebook'`),
      instagram: countWhere(sql`${posts.platform} = 'instagram'`),
      aiGenerated: countWhere(sql`${posts.aiGenerated}`),
      pending: countWhere(
        sql`${posts.status} = 'pending' and (${posts.generationStatus} is null or ${posts.generationStatus} not in ('queued', 'generating'))`,
      ),
    })
    .from(posts)
    .where(and(eq(posts.brandId, ctx.brandId), eq(posts.userId, ctx.userId)));
  return {
    total: row?.total ?? 0,
    approved: row?.approved ?? 0,
    facebook: row?.facebook ?? 0,
    instagram: row?.instagram ?? 0,
    aiGenerated: row?.aiGenerated ?? 0,
    pending: row?.pending ?? 0,
  };
}
