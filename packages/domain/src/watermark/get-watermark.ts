import { requireUserBrand } from "../brands/brand";
import type { BrandContext } from "../context";
import type { WatermarkView } from "./schemas";
import { toWatermarkView } from "./watermark-media";

export type { WatermarkView };

/** The brand's watermark: whether it is on, its placement (defaults filled in) and links to its images. */
export async function getWatermark(ctx: BrandContext): Promise<WatermarkView> {
  return toWatermarkView(ctx, await requireUserBrand(ctx.db, ctx.userId, ctx.brandId));
}
