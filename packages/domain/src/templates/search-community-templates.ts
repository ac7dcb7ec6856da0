import { type AnyColumn, and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { UserContext } from "../context";
import { templates } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  COMMUNITY_PAGE_SIZE,
  communityTemplatePageView,
  type SearchCommunityTemplatesInput,
  searchCommunityTemplatesInput,
  type TemplateSort,
  type TemplateView,
} from "./schemas";
import { matchesQuery, missesQuery, toPrefixQueries } from "./search-query";
import { isFavouriteOf, type TemplateRow, templateColumns, toTemplateView } from "./template";

export { type SearchCommunityTemplatesInput, searchCommunityTemplatesInput };

/** The cursor is the next page's offset: the order is stable (id breaks every tie), and pages are 50. */
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, "base64url").toString());
  return match?.[1] ? Number(match[1]) : 0;
}

// Each order is one of the partial indexes of migration 0016 (templates_community_*_idx) exactly, so
// PostgreSQL walks the index and stops after the page instead of sorting every match. "nulls last" is the
// indexes' own spelling (a plain DESC means NULLS FIRST, which the planner cannot read from them); the
// columns are never null, so the order is the same.
const descending = (column: AnyColumn) => sql`${column} desc nulls last`;
function orderFor(sort: TemplateSort): SQL[] {
  if (sort === "newest") return [descending(templates.updatedAt), descending(templates.id)];
  // Without case, so "apple" does not land after "Zebra" under a C collation.
  if (sort === "alphabetical") return [asc(sql`lower(${templates.name})`), asc(templates.id)];
  return [descending(templates.usageCount), descending(templates.id)];
}

type Found = { template: TemplateRow; isFavourite: boolean };

/** How many templates, in the page's order, a word search reads before it searches the whole library. */
const SEARCH_WINDOW = 2000;

/**
 * The community library: active public templates of every user (the caller's own included), 50 a page,
 * found with PostgreSQL full-text search (prefix words over name, tags and description), by category,
 * sorted popular, newest or alphabetical. Each says whether the caller has it as a favourite.
 *
 * Most Popular while searching puts the best matches first: every word in the name, then in the name or
 * tags, then anywhere (the description), each group by usage_count descending (connections spec section
 * 9). The groups are read one after another, each an index walk in usage order that stops once the page
 * is full, rather than ranking every match (ts_rank over a quarter of 10,000 templates for a common word
 * cost more than the whole 20 ms budget).
 */
export async function searchCommunityTemplates(
  ctx: UserContext,
  input: SearchCommunityTemplatesInput = {},
): Promise<{ templates: TemplateView[]; nextCursor: string | null }> {
  const { search, category, sort, cursor } = parseInput(searchCommunityTemplatesInput, input);
  const queries = toPrefixQueries(search);
  const offset = decodeCursor(cursor);
  const wanted = offset + COMMUNITY_PAGE_SIZE + 1;
  const listed = and(
    eq(templates.isPublic, true),
    eq(templates.isActive, true),
    category ? eq(templates.category, category) : undefined,
  );
  const select = () => ctx.db.select({ template: templateColumns, isFavourite: isFavouriteOf(ctx.userId) });
  const everywhere = (matching: SQL[], limit: number, skip: number): Promise<Found[]> =>
    select()
      .from(templates)
      .where(and(listed, ...matching))
      .orderBy(...orderFor(sort))
      .limit(limit)
      .offset(skip);
  // The first WINDOW listed templates in the page's order, under the table's own name so every column
  // reference (and isFavouriteOf) reads the window. The limit keeps PostgreSQL from pushing the words into
  // it: the window is an index walk, the words are checked on its rows only.
  const window = ctx.db
    .select()
    .from(templates)
    .where(listed)
    .orderBy(...orderFor(sort))
    .limit(SEARCH_WINDOW)
    .as("templates");
  const read = async (matching: SQL[], limit: number, skip = 0): Promise<Found[]> => {
    // Within a category the walk is the category's own index (0019) and a window would cost more: a
    // category is a sixth of the library, so 2000 of its templates can mean walking all of them.
    if (matching.length === 0 || category) return everywhere(matching, limit, skip);
    // PostgreSQL cannot estimate how many templates a prefix query matches (it assumes 2%), so left to
    // itself it scans and sorts every template. Words common enough to fill the page do so within the
    // first rows in order; only rarer ones need the whole table, where a scan is what it takes anyway.
    const early = await select()
      .from(window)
      .where(and(...matching))
      .orderBy(...orderFor(sort))
      .limit(skip + limit);
    return early.length === skip + limit ? early.slice(skip) : everywhere(matching, limit, skip);
  };

  let rows: Found[];
  if (!queries) rows = await read([], COMMUNITY_PAGE_SIZE + 1, offset);
  else if (sort !== "popular")
    rows = await read([matchesQuery(queries.anywhere)], COMMUNITY_PAGE_SIZE + 1, offset);
  else {
    const groups = [
      [matchesQuery(queries.inName)],
      [matchesQuery(queries.inNameOrTags), missesQuery(queries.inName)],
      [matchesQuery(queries.anywhere), missesQuery(queries.inNameOrTags)],
    ];
    // The groups' rows in order up to the end of the asked page, then the page cut out of them.
    const found: Found[] = [];
    for (const group of groups) {
      if (found.length >= wanted) break;
      found.push(...(await read(group, wanted - found.length)));
    }
    rows = found.slice(offset);
  }
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  return {
    templates: page.map((row) => toTemplateView(ctx, row.template, row.isFavourite)),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE ? encodeCursor(offset + COMMUNITY_PAGE_SIZE) : null,
  };
}

export const searchCommunityTemplatesUseCase = declareUseCase({
  name: "searchCommunityTemplates",
  description:
    "Search the community library of public templates by words and category, sorted popular, newest or alphabetical; 50 a page, pass nextCursor for more.",
  scope: "user",
  input: searchCommunityTemplatesInput,
  output: communityTemplatePageView,
  run: searchCommunityTemplates,
});
