import { asc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { userBrands } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { toBrand } from "./brand";
import { migrateLegacyBrand } from "./migrate-legacy-brand";
import { type BrandList, brandListView } from "./views";

/** The caller's brands, oldest first; empty for a new user (the web then opens the setup wizard). */
export async function listBrands(ctx: UserContext): Promise<BrandList> {
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

export const listBrandsUseCase = declareUseCase({
  name: "listBrands",
  description: "List the user's brands, with which one is active.",
  scope: "user",
  input: noInput,
  output: brandListView,
  run: listBrands,
});
