import type { BrandContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { requireUserBrand, toBrand } from "./brand";
import type { Brand } from "./views";
import { brandView } from "./views";

/** The brand a brand context points at (the active one unless the caller named another of theirs). */
export async function getBrand(ctx: BrandContext): Promise<Brand> {
  const resolved = ctx.resolvedBrand;
  // resolveBrand (forOneCall) has just read this row for this very call: reading it again doubles its cost.
  if (resolved && resolved.id === ctx.brandId && resolved.userId === ctx.userId) return toBrand(resolved);
  return toBrand(await requireUserBrand(ctx.db, ctx.userId, ctx.brandId));
}

export const getBrandUseCase = declareUseCase({
  name: "getBrand",
  description:
    "Read the active brand's settings and company profile (name, colours, tone, audience, key messages, ...).",
  scope: "brand",
  input: noInput,
  output: brandView,
  run: getBrand,
});
