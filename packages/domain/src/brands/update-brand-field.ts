import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import type { Brand } from "./constants";
import { isCompanyProfileField, type UpdateBrandFieldInput, updateBrandFieldInput } from "./schemas";
import { updateBrandSettings } from "./update-brand-settings";
import { updateCompanyProfile } from "./update-company-profile";

export { type UpdateBrandFieldInput, updateBrandFieldInput };

/** One brand-settings or company-profile field, validated by that field's own rule. */
export async function updateBrandField(ctx: BrandContext, input: UpdateBrandFieldInput): Promise<Brand> {
  const { field, value } = parseInput(updateBrandFieldInput, input);
  return isCompanyProfileField(field)
    ? updateCompanyProfile(ctx, { [field]: value })
    : updateBrandSettings(ctx, { [field]: value });
}
