import type { BrandContext, UserContext } from "../context";
import type { UserBrand } from "../db/schema/brands";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { BRAND_NOT_FOUND, findActiveBrand, findUserBrand, NO_ACTIVE_BRAND } from "./brand";
import { migrateLegacyBrand } from "./migrate-legacy-brand";
import { type ResolveBrandInput, resolveBrandInput } from "./schemas";

export { type ResolveBrandInput, resolveBrandInput };

/**
 * Turns a user context into a brand context: the brand named by the caller (X-Brand-Id or a path id) when
 * it is theirs, else their active brand. Another user's brand is 404, never data.
 *
 * `forOneCall`: for a door that runs exactly one use case on the context and then drops it (the tool API,
 * MCP). The context then also carries the row just read, so a read of the brand itself (getBrand) answers
 * from it instead of asking the database a second time. Never for a context kept across calls (the chat's
 * turn, background work): after a write there the row would be stale.
 */
export async function resolveBrand(
  ctx: UserContext,
  input: ResolveBrandInput = {},
  options: { forOneCall?: boolean } = {},
): Promise<BrandContext> {
  const { brandId } = parseInput(resolveBrandInput, input);
  const keep = (row: UserBrand) => (options.forOneCall ? { resolvedBrand: row } : {});
  if (brandId) {
    const brand = await findUserBrand(ctx.db, ctx.userId, brandId);
    if (!brand) throw new AppError("not_found", BRAND_NOT_FOUND);
    return { ...ctx, brandId: brand.id, ...keep(brand) };
  }
  const active = await findActiveBrand(ctx.db, ctx.userId);
  if (active) return { ...ctx, brandId: active.id, ...keep(active) };
  const migrated = await migrateLegacyBrand(ctx);
  if (!migrated) throw new AppError("no_active_brand", NO_ACTIVE_BRAND);
  return { ...ctx, brandId: migrated.id };
}
