import { and, asc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { userBrands } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { LAST_BRAND_DELETE, lockUserBrands, requireUserBrand } from "./brand";
import { publishBrandChanged } from "./publish-brand-changed";
import { type DeleteBrandInput, deleteBrandInput } from "./schemas";
import { type BrandDeletion, brandDeletionView } from "./views";

export { type DeleteBrandInput, deleteBrandInput };

/**
 * Deletes one of the caller's brands with its posts and other brand data. The last brand cannot be
 * deleted; deleting the active brand activates the first remaining one by creation.
 */
export async function deleteBrand(ctx: UserContext, input: DeleteBrandInput): Promise<BrandDeletion> {
  const { brandId } = parseInput(deleteBrandInput, input);
  const activeBrandId = await ctx.db.transaction(async (tx) => {
    await lockUserBrands(tx, ctx.userId);
    const target = await requireUserBrand(tx, ctx.userId, brandId);
    const remaining = await tx
      .select({ id: userBrands.id, isActive: userBrands.isActive })
      .from(userBrands)
      .where(eq(userBrands.userId, ctx.userId))
      .orderBy(asc(userBrands.createdAt), asc(userBrands.id));
    const others = remaining.filter((brand) => brand.id !== target.id);
    const first = others[0];
    if (!first) throw new AppError("conflict", LAST_BRAND_DELETE);
    await tx.delete(userBrands).where(and(eq(userBrands.id, target.id), eq(userBrands.userId, ctx.userId)));
    if (!target.isActive) return others.find((brand) => brand.isActive)?.id ?? first.id;
    await tx.update(userBrands).set({ isActive: true }).where(eq(userBrands.id, first.id));
    return first.id;
  });
  await publishBrandChanged(ctx, brandId);
  return { activeBrandId };
}

export const deleteBrandUseCase = declareUseCase({
  name: "deleteBrand",
  description:
    "Delete one of the user's brands with everything in it; another brand becomes active. The last brand cannot be deleted.",
  scope: "user",
  input: deleteBrandInput,
  output: brandDeletionView,
  run: deleteBrand,
});
