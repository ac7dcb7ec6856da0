import type { BrandContext } from "../context";
import { templates } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type TemplateIdInput, type TemplateView, templateIdInput, templateView } from "./schemas";
import { requireReadableTemplate, templateColumns, templateSearchVector, toTemplateView } from "./template";

export { type TemplateIdInput, templateIdInput };

/**
 * Copies a public template (or one of the caller's own) into the active brand's library as a private
 * template the caller owns and may edit; the original and its usage count are untouched.
 */
export async function copyCommunityTemplate(
  ctx: BrandContext,
  input: TemplateIdInput,
): Promise<TemplateView> {
  const { templateId } = parseInput(templateIdInput, input);
  const { template: source } = await requireReadableTemplate(ctx, templateId);
  const [row] = await ctx.db
    .insert(templates)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      name: source.name,
      description: source.description,
      category: source.category,
      tags: source.tags,
      promptTemplate: source.promptTemplate,
      imagePromptTemplate: source.imagePromptTemplate,
      referenceImages: source.referenceImages,
      searchVector: templateSearchVector(source),
    })
    .returning(templateColumns);
  if (!row) throw new Error("template insert returned nothing");
  return toTemplateView(ctx, row);
}

export const copyCommunityTemplateUseCase = declareUseCase({
  name: "copyCommunityTemplate",
  description:
    "Copy a community template into the active brand's templates as a private template the user can edit.",
  scope: "brand",
  input: templateIdInput,
  output: templateView,
  run: copyCommunityTemplate,
});
