import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { UserContext } from "../context";
import { templates } from "../db/schema";
import { parseInput } from "../parse-input";
import {
  COMMUNITY_PAGE_SIZE,
  type SearchCommunityTemplatesInput,
  searchCommunityTemplatesInput,
  type TemplateSort,
  type TemplateView,
} from "./schemas";
import { matchesQuery, rankOf, toPrefixQuery } from "./search-query";
import { isFavouriteOf, templateColumns, toTemplateView } from "./template";

export { type SearchCommunityTemplatesInput, searchCommunityTemplatesInput };

/** The cursor is the next page's offset: the order is stable (id breaks every tie), and pages are 50. */
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, "base64url").toString());
  return match?.[1] ? Number(match[1]) : 0;
}

function orderFor(sort: TemplateSort, query: SQL | null): SQL[] {
  if (sort === "newest") return [desc(templates.updatedAt), desc(templates.id)];
  // Without case, so "apple" does not land after "Zebra" under a C collation.
  if (sort === "alphabetical") return [asc(sql`lower(${templates.name})`), asc(templates.id)];
  // Most Popular while searching puts the best matches first (name over tags over description), then the
  // most used; without words it is usage_count descending (connections spec section 9).
  return query
    ? [desc(rankOf(query)), desc(templates.usageCount), desc(templates.id)]
    : [desc(templates.usageCount), desc(templates.id)];
}

/**
 * The community library: active public templates of every user (the caller's own included), 50 a page,
 * found with PostgreSQL full-text search (prefix words over name, tags and description), by category,
 * sorted popular, newest or alphabetical. Each says whether the caller has it as a favourite.
 */
export async function searchCommunityTemplates(
  ctx: UserContext,
  input: SearchCommunityTemplatesInput = {},
): Promise<{ templates: TemplateView[]; nextCursor: string | null }> {
  const { search, category, sort, cursor } = parseInput(searchCommunityTemplatesInput, input);
  const query = toPrefixQuery(search);
  const offset = decodeCursor(cursor);
  const rows = await ctx.db
    .select({ template: templateColumns, isFavourite: isFavouriteOf(ctx.userId) })
    .from(templates)
    .where(
      and(
        eq(templates.isPublic, true),
        eq(templates.isActive, true),
        category ? eq(templates.category, category) : undefined,
        query ? matchesQuery(query) : undefined,
      ),
    )
    .orderBy(...orderFor(sort, query))
    .limit(COMMUNITY_PAGE_SIZE + 1)
    .offset(offset);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  return {
    templates: page.map((row) => toTemplateView(ctx, row.template, row.isFavourite)),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE ? encodeCursor(offset + COMMUNITY_PAGE_SIZE) : null,
  };
}
