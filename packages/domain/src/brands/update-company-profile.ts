import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { BRAND_NOT_FOUND, toBrand } from "./brand";
import { companyProfileUpdate, companyProfileValues } from "./patch-sql";
import { publishBrandChanged } from "./publish-brand-changed";
import { type UpdateCompanyProfileInput, updateCompanyProfileInput } from "./schemas";
import type { Brand } from "./views";
import { brandView } from "./views";

export { type UpdateCompanyProfileInput, updateCompanyProfileInput };

/** Saves the company-profile fields present in the patch; lists arrive trimmed, de-blanked and unique. */
export async function updateCompanyProfile(
  ctx: BrandContext,
  input: UpdateCompanyProfileInput,
): Promise<Brand> {
  const patch = parseInput(updateCompanyProfileInput, input);
  if (!isUuid(ctx.brandId)) throw new AppError("not_found", BRAND_NOT_FOUND);
  // One statement merges the patch into the row as it is when locked: concurrent saves never lose a field.
  const [row] = await companyProfileUpdate(ctx.db).execute({
    ...companyProfileValues(patch),
    brandId: ctx.brandId,
    userId: ctx.userId,
    now: ctx.now().toISOString(),
  });
  if (!row) throw new AppError("not_found", BRAND_NOT_FOUND);
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}

export const updateCompanyProfileUseCase = declareUseCase({
  name: "updateCompanyProfile",
  description: "Save several company-profile fields at once, as the Company Profile form does.",
  scope: "brand",
  input: updateCompanyProfileInput,
  output: brandView,
  run: updateCompanyProfile,
});
