import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { isCompanyProfileField, type UpdateBrandFieldInput, updateBrandFieldInput } from "./schemas";
import { updateBrandSettings } from "./update-brand-settings";
import { updateCompanyProfile } from "./update-company-profile";
import type { Brand } from "./views";
import { brandView } from "./views";

export { type UpdateBrandFieldInput, updateBrandFieldInput };

/** One brand-settings or company-profile field, validated by that field's own rule. */
export async function updateBrandField(ctx: BrandContext, input: UpdateBrandFieldInput): Promise<Brand> {
  const { field, value } = parseInput(updateBrandFieldInput, input);
  return isCompanyProfileField(field)
    ? updateCompanyProfile(ctx, { [field]: value })
    : updateBrandSettings(ctx, { [field]: value });
}

export const updateBrandFieldUseCase = declareUseCase({
  name: "updateBrandField",
  description:
    "Change one brand-settings or company-profile field of the active brand (e.g. tone, primaryColor, targetAudience), validated by the same rules as the settings screen.",
  scope: "brand",
  input: updateBrandFieldInput,
  output: brandView,
  run: updateBrandField,
});
