import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { templates } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  TEMPLATE_NOT_FOUND,
  type TemplateView,
  templateView,
  type UpdateTemplateInput,
  updateTemplateInput,
} from "./schemas";
import {
  checkReferenceImages,
  isFavouriteOf,
  readCreatorName,
  requireOwnTemplate,
  templateColumns,
  templateSearchVector,
  toTemplateView,
} from "./template";

export { type UpdateTemplateInput, updateTemplateInput };

/** Changes the given fields of the caller's own template; someone else's (public or not) is not found. */
export async function updateTemplate(ctx: UserContext, input: UpdateTemplateInput): Promise<TemplateView> {
  const { templateId, referenceImageIds, ...fields } = parseInput(updateTemplateInput, input);
  const current = await requireOwnTemplate(ctx, templateId);
  const name = fields.name ?? current.name;
  const tags = fields.tags ?? current.tags;
  const description = fields.description === undefined ? current.description : fields.description || null;
  const isPublic = fields.isPublic ?? current.isPublic;
  const referenceImages =
    referenceImageIds === undefined
      ? current.referenceImages
      : await checkReferenceImages(ctx, referenceImageIds, current.referenceImages);
  const [row] = await ctx.db
    .update(templates)
    .set({
      name,
      description,
      tags,
      category: fields.category ?? current.category,
      promptTemplate:
        fields.promptTemplate === undefined ? current.promptTemplate : fields.promptTemplate || null,
      imagePromptTemplate:
        fields.imagePromptTemplate === undefined
          ? current.imagePromptTemplate
          : fields.imagePromptTemplate || null,
      referenceImages,
      isActive: fields.isActive ?? current.isActive,
      isPublic,
      // Published under the owner's current display name; private templates show none.
      creatorName: isPublic ? await readCreatorName(ctx) : null,
      searchVector: templateSearchVector({ name, tags, description }),
    })
    .where(and(eq(templates.id, templateId), eq(templates.userId, ctx.userId)))
    .returning({ ...templateColumns, isFavourite: isFavouriteOf(ctx.userId) });
  if (!row) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const { isFavourite, ...template } = row;
  return toTemplateView(ctx, template, isFavourite);
}

export const updateTemplateUseCase = declareUseCase({
  name: "updateTemplate",
  description: "Change fields of one of the user's own templates; only the given fields change.",
  scope: "user",
  input: updateTemplateInput,
  output: templateView,
  run: updateTemplate,
});
