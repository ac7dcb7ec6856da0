import { and, desc, eq, or } from "drizzle-orm";
import type { UserContext } from "../context";
import { templateFavorites, templates } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { favouriteTemplatesView, type TemplateView } from "./schemas";
import { templateColumns, toTemplateView } from "./template";

/**
 * The caller's favourites, most recently hearted first, that they may still read (a template its owner
 * made private drops out). Every one: the screens show 8 and the total.
 */
export async function listFavourites(ctx: UserContext): Promise<{ templates: TemplateView[] }> {
  const rows = await ctx.db
    .select({ template: templateColumns })
    .from(templateFavorites)
    .innerJoin(templates, eq(templates.id, templateFavorites.templateId))
    .where(
      and(
        eq(templateFavorites.userId, ctx.userId),
        or(eq(templates.isPublic, true), eq(templates.userId, ctx.userId)),
      ),
    )
    .orderBy(desc(templateFavorites.createdAt), desc(templateFavorites.id));
  return { templates: rows.map((row) => toTemplateView(ctx, row.template, true)) };
}

export const listFavouritesUseCase = declareUseCase({
  name: "listFavourites",
  description: "The community templates the user has marked as favourites, most recent first.",
  scope: "user",
  input: noInput,
  output: favouriteTemplatesView,
  run: listFavourites,
});
