import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { templates } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  type SetTemplateVisibilityInput,
  setTemplateVisibilityInput,
  TEMPLATE_NOT_FOUND,
  type TemplateView,
  templateView,
} from "./schemas";
import {
  isFavouriteOf,
  readCreatorName,
  requireOwnTemplate,
  templateColumns,
  toTemplateView,
} from "./template";

export { type SetTemplateVisibilityInput, setTemplateVisibilityInput };

/**
 * Shares the caller's own template with the community, under their display name, or takes it back. Only
 * the owner may; anyone else's id is not found.
 */
export async function setTemplateVisibility(
  ctx: UserContext,
  input: SetTemplateVisibilityInput,
): Promise<TemplateView> {
  const { templateId, isPublic } = parseInput(setTemplateVisibilityInput, input);
  await requireOwnTemplate(ctx, templateId);
  const [row] = await ctx.db
    .update(templates)
    .set({ isPublic, creatorName: isPublic ? await readCreatorName(ctx) : null })
    .where(and(eq(templates.id, templateId), eq(templates.userId, ctx.userId)))
    .returning({ ...templateColumns, isFavourite: isFavouriteOf(ctx.userId) });
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const { isFavourite, ...template } = row;
  return toTemplateView(ctx, template, isFavourite);
}

export const setTemplateVisibilityUseCase = declareUseCase({
  name: "setTemplateVisibility",
  description:
    "Share one of the user's templates with the community (isPublic true, shown under their display name) or make it private again.",
  scope: "user",
  input: setTemplateVisibilityInput,
  output: templateView,
  run: setTemplateVisibility,
});
