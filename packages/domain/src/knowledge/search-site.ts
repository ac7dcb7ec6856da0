import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type SearchSiteInput, searchSiteInput } from "./schemas";

export { type SearchSiteInput, searchSiteInput };

export const SEARCH_SITE_LIMIT = 5;

export const siteSearchHitView = z
  .object({
    url: z.string().meta({ description: "The analysed page's address." }),
    title: z.string().nullable(),
    snippet: z.string().meta({
      description:
        "Plain text around the matches; matched words are wrapped in ** (markdown bold), never in HTML.",
    }),
  })
  .meta({ id: "SiteSearchHit" });
export type SiteSearchHit = z.infer<typeof siteSearchHitView>;

// An object rather than the bare list: MCP's structuredContent must be an object, and a later field (a
// total, a next page) fits beside the hits without breaking callers.
export const searchSiteResult = z
  .object({
    hits: z.array(siteSearchHitView).max(SEARCH_SITE_LIMIT).meta({ description: "Best match first." }),
  })
  .meta({ id: "SiteSearchResult" });
export type SearchSiteResult = z.infer<typeof searchSiteResult>;

/**
 * Full-text search over the active brand's analysed pages (PostgreSQL, `simple` configuration, the GIN index
 * on site_pages.search_vector), best match first.
 */
export async function searchSite(ctx: BrandContext, input: SearchSiteInput): Promise<SearchSiteResult> {
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
  return { hits: [...rows].map((row) => ({ url: row.url, title: row.title, snippet: row.snippet })) };
}

export const searchSiteUseCase = declareUseCase({
  name: "searchSite",
  description:
    "Full-text search over the web pages analysed for the active brand (analyzeWebsite); returns the best 5 pages with a snippet.",
  scope: "brand",
  input: searchSiteInput,
  output: searchSiteResult,
  run: searchSite,
});
