import type { BrandContext } from "../context";
import { templates } from "../db/schema";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  type CreateTemplateInput,
  createTemplateInput,
  DEFAULT_TEMPLATE_CATEGORY,
  DEFAULT_TEMPLATE_NAME,
  type TemplateView,
  templateView,
} from "./schemas";
import {
  checkReferenceImages,
  readCreatorName,
  templateColumns,
  templateSearchVector,
  toTemplateView,
} from "./template";

export { type CreateTemplateInput, createTemplateInput };

/**
 * Saves a template in the active brand. Defaults (connections spec): 'Untitled Template', general,
 * active, private. A public one carries its creator's display name from the start.
 */
export async function createTemplate(ctx: BrandContext, input: CreateTemplateInput): Promise<TemplateView> {
  const parsed = parseInput(createTemplateInput, input);
  const name = parsed.name ?? DEFAULT_TEMPLATE_NAME;
  const tags = parsed.tags ?? [];
  const description = parsed.description || null;
  const isPublic = parsed.isPublic ?? false;
  const referenceImages = await checkReferenceImages(ctx, parsed.referenceImageIds ?? []);
  const [row] = await ctx.db
    .insert(templates)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      name,
      description,
      category: parsed.category ?? DEFAULT_TEMPLATE_CATEGORY,
      tags,
      promptTemplate: parsed.promptTemplate || null,
      imagePromptTemplate: parsed.imagePromptTemplate || null,
      referenceImages,
      isPublic,
      creatorName: isPublic ? await readCreatorName(ctx) : null,
      searchVector: templateSearchVector({ name, tags, description }),
    })
    .returning(templateColumns);
  if (!row) throw new Error("template insert returned nothing");
  return toTemplateView(ctx, row);
}

export const createTemplateUseCase = declareUseCase({
  name: "createTemplate",
  description:
    "Save a new prompt template in the active brand (defaults: 'Untitled Template', general, active, private). promptTemplate may use {brandName}, {industry}, {targetAudience}, {keyMessage}, {contentTone}, {language}.",
  scope: "brand",
  input: createTemplateInput,
  output: templateView,
  run: createTemplate,
});
