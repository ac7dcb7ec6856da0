import { asc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { userBrands } from "../db/schema";
import { toBrand } from "./brand";
import type { Brand } from "./constants";
import { migrateLegacyBrand } from "./migrate-legacy-brand";

/** The caller's brands, oldest first; empty for a new user (the web then opens the setup wizard). */
export async function listBrands(ctx: UserContext): Promise<{ brands: Brand[] }> {
  const rows = await ctx.db
    .select()
    .from(userBrands)
    .where(eq(userBrands.userId, ctx.userId))
    .orderBy(asc(userBrands.createdAt), asc(userBrands.id));
  if (rows.length === 0) {
    const migrated = await migrateLegacyBrand(ctx);
    return { brands: migrated ? [migrated] : [] };
  }
  return { brands: rows.map(toBrand) };
}
