import type { BrandContext, UserContext } from "../context";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { BRAND_NOT_FOUND, findActiveBrand, findUserBrand, NO_ACTIVE_BRAND } from "./brand";
import { migrateLegacyBrand } from "./migrate-legacy-brand";
import { type ResolveBrandInput, resolveBrandInput } from "./schemas";

export { type ResolveBrandInput, resolveBrandInput };

/**
 * Turns a user context into a brand context: the brand named by the caller (X-Brand-Id or a path id) when
 * it is theirs, else their active brand. Another user's brand is 404, never data.
 */
export async function resolveBrand(ctx: UserContext, input: ResolveBrandInput = {}): Promise<BrandContext> {
  const { brandId } = parseInput(resolveBrandInput, input);
  if (brandId) {
    const brand = await findUserBrand(ctx.db, ctx.userId, brandId);
    if (!brand) throw new AppError("not_found", BRAND_NOT_FOUND);
    return { ...ctx, brandId: brand.id };
  }
  const active = (await findActiveBrand(ctx.db, ctx.userId)) ?? (await migrateLegacyBrand(ctx));
  if (!active) throw new AppError("not_found", NO_ACTIVE_BRAND);
  return { ...ctx, brandId: active.id };
}
