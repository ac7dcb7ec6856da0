import type { UserContext } from "../context";
import { findActiveBrand, toBrand } from "./brand";
import type { Brand } from "./constants";
import { migrateLegacyBrand } from "./migrate-legacy-brand";

/** The caller's active brand, or null for a user who has not set one up yet. */
export async function getActiveBrand(ctx: UserContext): Promise<{ brand: Brand | null }> {
  const row = await findActiveBrand(ctx.db, ctx.userId);
  if (row) return { brand: toBrand(row) };
  return { brand: await migrateLegacyBrand(ctx) };
}
