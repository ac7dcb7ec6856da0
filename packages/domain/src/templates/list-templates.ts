import { and, desc, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { templates } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type ListTemplatesInput, listTemplatesInput, type TemplateView, templateListView } from "./schemas";
import { matchesQuery, toPrefixQueries } from "./search-query";
import { isFavouriteOf, templateColumns, toTemplateView } from "./template";

export { type ListTemplatesInput, listTemplatesInput };

/** The caller's templates of the active brand, newest change first, filtered by words and category. */
export async function listTemplates(
  ctx: BrandContext,
  input: ListTemplatesInput = {},
): Promise<{ templates: TemplateView[] }> {
  const { search, category } = parseInput(listTemplatesInput, input);
  const query = toPrefixQueries(search)?.anywhere ?? null;
  const rows = await ctx.db
    .select({ template: templateColumns, isFavourite: isFavouriteOf(ctx.userId) })
    .from(templates)
    .where(
      and(
        eq(templates.userId, ctx.userId),
        eq(templates.brandId, ctx.brandId),
        category ? eq(templates.category, category) : undefined,
        query ? matchesQuery(query) : undefined,
      ),
    )
    .orderBy(desc(templates.updatedAt), desc(templates.id));
  return { templates: rows.map((row) => toTemplateView(ctx, row.template, row.isFavourite)) };
}

export const listTemplatesUseCase = declareUseCase({
  name: "listTemplates",
  description:
    "The user's own prompt templates in the active brand, optionally filtered by search words and category.",
  scope: "brand",
  input: listTemplatesInput,
  output: templateListView,
  run: listTemplates,
});
