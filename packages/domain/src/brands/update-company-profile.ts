import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { userBrands } from "../db/schema";
import { parseInput } from "../parse-input";
import { requireUserBrand, toBrand, toCompanyProfile } from "./brand";
import type { Brand } from "./constants";
import { publishBrandChanged } from "./publish-brand-changed";
import { applyCompanyProfilePatch } from "./rules";
import { type UpdateCompanyProfileInput, updateCompanyProfileInput } from "./schemas";

export { type UpdateCompanyProfileInput, updateCompanyProfileInput };

/** Saves the company-profile fields present in the patch; lists arrive trimmed, de-blanked and unique. */
export async function updateCompanyProfile(
  ctx: BrandContext,
  input: UpdateCompanyProfileInput,
): Promise<Brand> {
  const patch = parseInput(updateCompanyProfileInput, input);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await requireUserBrand(tx, ctx.userId, ctx.brandId, { forUpdate: true });
    const companyProfile = applyCompanyProfilePatch(toCompanyProfile(current.companyProfile), patch);
    const [updated] = await tx
      .update(userBrands)
      .set({ companyProfile, updatedAt: ctx.now() })
      .where(and(eq(userBrands.id, current.id), eq(userBrands.userId, ctx.userId)))
      .returning();
    if (!updated) throw new Error("brand update returned no row");
    return updated;
  });
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}
