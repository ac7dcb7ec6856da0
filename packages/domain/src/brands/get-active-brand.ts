import type { UserContext } from "../context";
import { parseInput } from "../parse-input";
import { findActiveBrand, requireUserBrand, toBrand } from "./brand";
import { migrateLegacyBrand } from "./migrate-legacy-brand";
import { type ResolveBrandInput, resolveBrandInput } from "./schemas";
import type { ActiveBrand } from "./views";

/**
 * The brand the caller's calls act on: the one they named (a script's X-Brand-Id), which must be theirs
 * (another user's or an unknown id is 404, never their own active brand in its place), else their active
 * brand, or null for a user who has not set one up yet.
 */
export async function getActiveBrand(ctx: UserContext, input: ResolveBrandInput = {}): Promise<ActiveBrand> {
  const { brandId } = parseInput(resolveBrandInput, input);
  if (brandId) return { brand: toBrand(await requireUserBrand(ctx.db, ctx.userId, brandId)) };
  const row = await findActiveBrand(ctx.db, ctx.userId);
  if (row) return { brand: toBrand(row) };
  return { brand: await migrateLegacyBrand(ctx) };
}
