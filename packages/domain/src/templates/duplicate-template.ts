import type { UserContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  MAX_TEMPLATE_NAME_LENGTH,
  type TemplateDraft,
  type TemplateIdInput,
  templateDraftView,
  templateIdInput,
} from "./schemas";
import { requireOwnTemplate, toTemplateImages } from "./template";

export { type TemplateIdInput, templateIdInput };

/**
 * The form's starting values for a copy of the caller's own template: '<name> (Copy)', private. Nothing is
 * saved (connections spec: an unsaved private copy); the form saves it with createTemplate.
 */
export async function duplicateTemplate(ctx: UserContext, input: TemplateIdInput): Promise<TemplateDraft> {
  const { templateId } = parseInput(templateIdInput, input);
  const source = await requireOwnTemplate(ctx, templateId);
  return {
    name: `${source.name} (Copy)`.slice(0, MAX_TEMPLATE_NAME_LENGTH),
    description: source.description,
    category: source.category,
    tags: source.tags,
    promptTemplate: source.promptTemplate,
    imagePromptTemplate: source.imagePromptTemplate,
    referenceImages: toTemplateImages(ctx, source.referenceImages),
    isPublic: false,
  };
}

export const duplicateTemplateUseCase = declareUseCase({
  name: "duplicateTemplate",
  description:
    "Starting values for a private copy named '<name> (Copy)' of one of the user's templates; nothing is saved until createTemplate.",
  scope: "user",
  input: templateIdInput,
  output: templateDraftView,
  run: duplicateTemplate,
});
