import { type BrandSettings, defaultWatermarkSettings, type WatermarkSettings } from "./constants";
import type { UpdateBrandSettingsInput, UpdateCompanyProfileInput } from "./schemas";
import type { CompanyProfile } from "./views";

/** Pure merge rules of a partial save; shared by the server and any client that shows the result early. */

const definedEntries = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Fields absent from the patch keep their value; `watermarkSettings: null` resets the watermark. */
export function applyBrandSettingsPatch(
  current: BrandSettings,
  patch: UpdateBrandSettingsInput,
): BrandSettings {
  const { watermarkSettings, ...rest } = patch;
  const next: BrandSettings = { ...current, ...definedEntries(rest) };
  if (watermarkSettings === null) next.watermarkSettings = null;
  else if (watermarkSettings !== undefined) {
    const merged: WatermarkSettings = {
      ...defaultWatermarkSettings,
      ...current.watermarkSettings,
      ...definedEntries(watermarkSettings),
    };
    next.watermarkSettings = merged;
  }
  return next;
}

export function applyCompanyProfilePatch(
  current: CompanyProfile,
  patch: UpdateCompanyProfileInput,
): CompanyProfile {
  return { ...current, ...definedEntries(patch) };
}
