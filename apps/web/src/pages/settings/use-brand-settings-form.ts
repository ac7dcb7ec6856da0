import {
  type Brand,
  type BrandSettingsField,
  interfaceLanguageCodes,
  updateBrandSettingsInput,
} from "@smm/domain/web";

import { useUpdateBrandSettings } from "@/lib/brands";

import type { DraftSource } from "./use-brand-draft";
import { useSettingsForm } from "./use-settings-form";

export const ID_PREFIX = "brand-settings";
const SAVED = "Brand settings saved";
const SAVE_FAILED = "Failed to save brand settings";

/** The brand-settings fields this tab edits; watermark placement has its own tab. */
type BrandSettingsDraft = {
  name: string;
  logo: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  watermarkEnabled: boolean;
  defaultLanguage: string;
  imageStyle: string;
  postPromptOverride: string;
  imagePromptOverride: string;
};

const FIELDS = [
  "name",
  "logo",
  "primaryColor",
  "secondaryColor",
  "accentColor",
  "watermarkEnabled",
  "defaultLanguage",
  "imageStyle",
  "postPromptOverride",
  "imagePromptOverride",
] as const satisfies readonly (keyof BrandSettingsDraft & BrandSettingsField)[];
type FieldName = (typeof FIELDS)[number];

/** Optional text the server keeps as null when empty, so an emptied box clears it rather than storing "". */
const NULLABLE_TEXT = new Set<FieldName>(["logo", "postPromptOverride", "imagePromptOverride"]);

function toDraftSource(brand: Brand): DraftSource<BrandSettingsDraft> {
  const settings = brand.settings;
  return {
    brandId: brand.id,
    brandName: brand.name,
    version: brand.updatedAt,
    values: {
      name: settings.name,
      logo: settings.logo ?? "",
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      accentColor: settings.accentColor,
      watermarkEnabled: settings.watermarkEnabled,
      defaultLanguage: settings.defaultLanguage,
      imageStyle: settings.imageStyle,
      postPromptOverride: settings.postPromptOverride ?? "",
      imagePromptOverride: settings.imagePromptOverride ?? "",
    },
  };
}

function toPatch(draft: BrandSettingsDraft, keys: readonly FieldName[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    const value = draft[key];
    patch[key] = NULLABLE_TEXT.has(key) && typeof value === "string" && value.trim() === "" ? null : value;
  }
  return patch;
}

/**
 * The Brand Settings tab's form: the draft of the fields it edits, the zod check before saving, the save with
 * its toasts, and the language choices (a language set elsewhere stays listed). The tab only renders it.
 */
export function useBrandSettingsForm(brand: Brand) {
  const mutation = useUpdateBrandSettings();
  const settings = useSettingsForm({
    brand,
    fields: FIELDS,
    idPrefix: ID_PREFIX,
    schema: updateBrandSettingsInput,
    toDraftSource,
    toPatch,
    save: (brandId, patch) => mutation.mutateAsync({ brandId, patch }),
    isSaving: mutation.isPending,
    messages: { saved: SAVED, failed: SAVE_FAILED },
  });
  const { draft } = settings.form;

  // A language set elsewhere (the chat accepts all twelve) stays visible instead of showing as blank.
  const languageOptions: string[] = [...interfaceLanguageCodes];
  if (!languageOptions.includes(draft.defaultLanguage)) languageOptions.push(draft.defaultLanguage);

  return { ...settings, isSaving: mutation.isPending, languageOptions };
}

export type BrandSettingsFormState = ReturnType<typeof useBrandSettingsForm>;
