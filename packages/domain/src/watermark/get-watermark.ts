import { requireUserBrand } from "../brands/brand";
import type { BrandContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { type WatermarkView, watermarkView } from "./schemas";
import { toWatermarkView } from "./watermark-media";

export type { WatermarkView };

/** The brand's watermark: whether it is on, its placement (defaults filled in) and links to its images. */
export async function getWatermark(ctx: BrandContext): Promise<WatermarkView> {
  return toWatermarkView(ctx, await requireUserBrand(ctx.db, ctx.userId, ctx.brandId));
}

export const getWatermarkUseCase = declareUseCase({
  name: "getWatermark",
  description:
    "The active brand's watermark: image, position, size, opacity, rotation, flips, and whether it is on.",
  scope: "brand",
  input: noInput,
  output: watermarkView,
  run: getWatermark,
});
