import type { UserContext } from "../context";
import { templateFavorites } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type TemplateIdInput, type TemplateView, templateIdInput, templateView } from "./schemas";
import { requireReadableTemplate, toTemplateView } from "./template";

export { type TemplateIdInput, templateIdInput };

/** Hearts a template the caller may read (public or their own); doing it twice changes nothing. */
export async function favouriteTemplate(ctx: UserContext, input: TemplateIdInput): Promise<TemplateView> {
  const { templateId } = parseInput(templateIdInput, input);
  const { template } = await requireReadableTemplate(ctx, templateId);
  await ctx.db.insert(templateFavorites).values({ userId: ctx.userId, templateId }).onConflictDoNothing();
  return toTemplateView(ctx, template, true);
}

export const favouriteTemplateUseCase = declareUseCase({
  name: "favouriteTemplate",
  description: "Add a community template to the user's favourites.",
  scope: "user",
  input: templateIdInput,
  output: templateView,
  run: favouriteTemplate,
});
