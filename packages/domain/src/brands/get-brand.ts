import type { BrandContext } from "../context";
import { requireUserBrand, toBrand } from "./brand";
import type { Brand } from "./constants";

/** The brand a brand context points at (the active one unless the caller named another of theirs). */
export async function getBrand(ctx: BrandContext): Promise<Brand> {
  return toBrand(await requireUserBrand(ctx.db, ctx.userId, ctx.brandId));
}
