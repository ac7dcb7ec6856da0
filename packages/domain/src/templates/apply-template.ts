import { eq, sql } from "drizzle-orm";
import { requireUserBrand } from "../brands/brand";
import { languageNames } from "../brands/constants";
import type { BrandContext } from "../context";
import { templates } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  type AppliedTemplate,
  appliedTemplateView,
  TEMPLATE_NOT_FOUND,
  type TemplateIdInput,
  templateIdInput,
} from "./schemas";
import { requireReadableTemplate, toTemplateView } from "./template";

export { type AppliedTemplate, type TemplateIdInput, templateIdInput };

/** Values a template may name as {name} or {{name}} (connections spec section 9, prompt variables). */
export type TemplateVariables = Record<string, string>;

/**
 * Replaces {variable} and {{variable}} with the brand's values. Variables the brand cannot fill (the image
 * prompt's main_action_or_scene, characters_in_scene, ...) stay for the writer to fill in.
 */
export function fillTemplateVariables(text: string, values: TemplateVariables): string {
  return text.replace(
    /\{\{\s*([A-Za-z_]+)\s*\}\}|\{\s*([A-Za-z_]+)\s*\}/g,
    (whole, a?: string, b?: string) => {
      const value = values[(a ?? b) as string];
      return value === undefined ? whole : value;
    },
  );
}

type UserBrand = Awaited<ReturnType<typeof requireUserBrand>>;

/** The brand's values for a template's variables (brandName, industry, ..., the three colours). */
export function templateVariablesOf(brand: UserBrand): TemplateVariables {
  const settings = brand.brandSettings;
  const profile = brand.companyProfile;
  return {
    brandName: brand.name,
    industry: profile.industry || "your industry",
    targetAudience: profile.targetAudience || "your audience",
    keyMessage: profile.keyMessages.filter((m) => m.trim() !== "").join("; ") || brand.name,
    contentTone: profile.tone || "professional",
    language: languageNames[settings.defaultLanguage] ?? settings.defaultLanguage,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    accentColor: settings.accentColor,
  };
}

/**
 * A template ready for the generator: its prompts with the active brand's values (brandName, industry,
 * targetAudience, keyMessage, contentTone, language, the three colours), and one more use on its count.
 */
export async function applyTemplate(ctx: BrandContext, input: TemplateIdInput): Promise<AppliedTemplate> {
  const { templateId } = parseInput(templateIdInput, input);
  const { template, isFavourite } = await requireReadableTemplate(ctx, templateId);
  if (!template.isActive) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const brand = await requireUserBrand(ctx.db, ctx.userId, ctx.brandId);
  const values = templateVariablesOf(brand);
  const [counted] = await ctx.db
    .update(templates)
    .set({ usageCount: sql`${templates.usageCount} + 1`, updatedAt: sql`${templates.updatedAt}` })
    .where(eq(templates.id, template.id))
    .returning({ usageCount: templates.usageCount });
  const imagePrompt = template.imagePromptTemplate
    ? fillTemplateVariables(template.imagePromptTemplate, values)
    : null;
  return {
    template: toTemplateView(
      ctx,
      { ...template, usageCount: counted?.usageCount ?? template.usageCount },
      isFavourite,
    ),
    prompt: fillTemplateVariables(template.promptTemplate ?? "", values),
    imagePrompt,
    imageStyle: imagePrompt ? "custom" : null,
  };
}

export const applyTemplateUseCase = declareUseCase({
  name: "applyTemplate",
  description:
    "Fill a template's prompts with the active brand's values (brand name, industry, audience, key message, tone, language, colours) for the generator; counts one use.",
  scope: "brand",
  input: templateIdInput,
  output: appliedTemplateView,
  run: applyTemplate,
});
