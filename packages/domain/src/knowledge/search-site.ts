import { sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { type SearchSiteInput, searchSiteInput } from "./schemas";

export { type SearchSiteInput, searchSiteInput };

export const SEARCH_SITE_LIMIT = 5;

export interface SiteSearchHit {
  url: string;
  title: string | null;
  /** Plain text around the matches; matched words are wrapped in ** (markdown bold), never in HTML. */
  snippet: string;
}

/**
 * Full-text search over the active brand's analysed pages (PostgreSQL, `simple` configuration, the GIN index
 * on site_pages.search_vector), best match first.
 */
export async function searchSite(ctx: BrandContext, input: SearchSiteInput): Promise<SiteSearchHit[]> {
  const { query } = parseInput(searchSiteInput, input);
  const rows = await ctx.db.execute<{ url: string; title: string | null; snippet: string }>(sql`
    select p.url, p.title,
      ts_headline('simple', left(p.content, 20000), q.query,
        'StartSel=**, StopSel=**, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') as snippet
    from site_pages p
    join user_brands b on b.id = p.brand_id,
      websearch_to_tsquery('simple', ${query}) as q(query)
    where p.brand_id = ${ctx.brandId} and b.user_id = ${ctx.userId} and p.search_vector @@ q.query
    order by ts_rank(p.search_vector, q.query) desc, p.fetched_at desc
    limit ${SEARCH_SITE_LIMIT}
  `);
  return [...rows].map((row) => ({ url: row.url, title: row.title, snippet: row.snippet }));
}
