import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { templateFavorites } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  TEMPLATE_NOT_FOUND,
  type TemplateIdInput,
  templateIdInput,
  templateUnfavouritedView,
} from "./schemas";
import { requireReadableTemplate } from "./template";

export { type TemplateIdInput, templateIdInput };

/**
 * Removes a favourite. A favourite of a template that has since gone private can still be removed; an id
 * the caller neither favoured nor may read is not found.
 */
export async function unfavouriteTemplate(
  ctx: UserContext,
  input: TemplateIdInput,
): Promise<{ templateId: string; isFavourite: false }> {
  const { templateId } = parseInput(templateIdInput, input);
  if (!isUuid(templateId)) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const removed = await ctx.db
    .delete(templateFavorites)
    .where(and(eq(templateFavorites.userId, ctx.userId), eq(templateFavorites.templateId, templateId)))
    .returning({ id: templateFavorites.id });
  if (removed.length === 0) await requireReadableTemplate(ctx, templateId);
  return { templateId, isFavourite: false };
}

export const unfavouriteTemplateUseCase = declareUseCase({
  name: "unfavouriteTemplate",
  description: "Remove a template from the user's favourites.",
  scope: "user",
  input: templateIdInput,
  output: templateUnfavouritedView,
  run: unfavouriteTemplate,
});
