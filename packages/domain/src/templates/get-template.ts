import type { UserContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type TemplateIdInput, type TemplateView, templateIdInput, templateView } from "./schemas";
import { requireReadableTemplate, toTemplateView } from "./template";

export { type TemplateIdInput, templateIdInput };

/** One template the caller may read: their own or a public one; anything else is not found. */
export async function getTemplate(ctx: UserContext, input: TemplateIdInput): Promise<TemplateView> {
  const { templateId } = parseInput(templateIdInput, input);
  const { template, isFavourite } = await requireReadableTemplate(ctx, templateId);
  return toTemplateView(ctx, template, isFavourite);
}

export const getTemplateUseCase = declareUseCase({
  name: "getTemplate",
  description: "One template by id: the user's own, or a public community template.",
  scope: "user",
  input: templateIdInput,
  output: templateView,
  run: getTemplate,
});
