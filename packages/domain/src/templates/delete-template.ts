import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { templates } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { TEMPLATE_NOT_FOUND, type TemplateIdInput, templateDeletedView, templateIdInput } from "./schemas";

export { type TemplateIdInput, templateIdInput };

/** Deletes the caller's own template (and everyone's favourites of it); another's is not found. */
export async function deleteTemplate(
  ctx: UserContext,
  input: TemplateIdInput,
): Promise<{ templateId: string; deleted: true }> {
  const { templateId } = parseInput(templateIdInput, input);
  if (!isUuid(templateId)) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const [row] = await ctx.db
    .delete(templates)
    .where(and(eq(templates.id, templateId), eq(templates.userId, ctx.userId)))
    .returning({ id: templates.id });
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  return { templateId: row.id, deleted: true };
}

export const deleteTemplateUseCase = declareUseCase({
  name: "deleteTemplate",
  description: "Delete one of the user's own templates.",
  scope: "user",
  input: templateIdInput,
  output: templateDeletedView,
  run: deleteTemplate,
});
