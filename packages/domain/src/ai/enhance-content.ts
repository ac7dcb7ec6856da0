import { findActiveBrand, requireUserBrand, toBrandSettingsView, toCompanyProfile } from "../brands/brand";
import type { UserContext } from "../context";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import type { AiBrandContext } from "../ports";
import { declareUseCase } from "../use-case";
import {
  ENHANCE_FAILED,
  type EnhanceContentInput,
  type EnhanceContentResult,
  enhanceContentInput,
  enhancedContentView,
} from "./schemas";

export { type EnhanceContentInput, type EnhanceContentResult, enhanceContentInput };

/**
 * Improves one field's text from the brand's context. Works before any brand exists (the wizard's first
 * step): the caller's unsaved values and the defaults stand in for the stored profile. A brand named with
 * `brandId` (X-Brand-Id) must be the caller's.
 */
export async function enhanceContent(
  ctx: UserContext & { brandId?: string | null | undefined },
  input: EnhanceContentInput,
): Promise<EnhanceContentResult> {
  const parsed = parseInput(enhanceContentInput, input);
  const row = ctx.brandId
    ? await requireUserBrand(ctx.db, ctx.userId, ctx.brandId)
    : await findActiveBrand(ctx.db, ctx.userId);
  const settings = toBrandSettingsView(row ? { ...row.brandSettings, name: row.name } : undefined);
  const profile = toCompanyProfile(row?.companyProfile);
  const brand: AiBrandContext = {
    name: parsed.brandName || settings.name,
    description: parsed.description ?? profile.description,
    industry: parsed.industry ?? profile.industry,
    tone: parsed.tone ?? profile.tone,
    targetAudience: parsed.targetAudience ?? profile.targetAudience,
    keyMessages: parsed.keyMessages ?? profile.keyMessages,
    doNotMention: parsed.doNotMention ?? profile.doNotMention,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    accentColor: settings.accentColor,
    imageStyle: settings.imageStyle,
  };
  let enhanced: string;
  try {
    enhanced = await ctx.ai.enhanceContent({
      fieldName: parsed.fieldName,
      currentValue: parsed.currentValue,
      context: parsed.context,
      brand,
      language: parsed.language ?? settings.defaultLanguage,
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("upstream_failed", ENHANCE_FAILED);
  }
  const enhancedContent = enhanced.trim();
  if (enhancedContent === "") throw new AppError("upstream_failed", ENHANCE_FAILED);
  return { enhancedContent, model: ctx.ai.kind };
}

/** The tool acts on the active brand; the screens' route also serves the wizard, before any brand exists. */
export const enhanceContentUseCase = declareUseCase({
  name: "enhanceContent",
  description:
    "Rewrite a brand or profile field's text so it reads better (the Enhance button of the settings).",
  scope: "brand",
  input: enhanceContentInput,
  output: enhancedContentView,
  run: enhanceContent,
});
