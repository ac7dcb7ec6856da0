import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { storeMedia } from "../media/media";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import {
  BACKGROUND_REMOVAL_FAILED,
  BACKGROUND_TARGET_COLOR,
  NO_IMAGE_FOR_PROCESSING,
  type RemoveWatermarkBackgroundInput,
  removeWatermarkBackgroundInput,
  type WatermarkImage,
  watermarkImageView,
} from "./schemas";
import { requireWatermarkMedia } from "./watermark-media";

export { type RemoveWatermarkBackgroundInput, removeWatermarkBackgroundInput };

/**
 * Makes the near-white pixels of a watermark image transparent and stores the result as a new PNG
 * watermark image; the original stays, so Reset to Original can go back to it.
 */
export async function removeWatermarkBackground(
  ctx: BrandContext,
  rawInput: RemoveWatermarkBackgroundInput,
): Promise<WatermarkImage> {
  const input = parseInput(removeWatermarkBackgroundInput, rawInput);
  const source = await requireWatermarkMedia(ctx, input.mediaId);
  const original = await ctx.storage.get(source.storageKey);
  if (!original) throw new AppError("invalid_input", NO_IMAGE_FOR_PROCESSING);

  let bytes: Uint8Array;
  let facts: Awaited<ReturnType<BrandContext["imaging"]["probe"]>>;
  try {
    bytes = await ctx.imaging.removeBackground(original, {
      threshold: input.threshold,
      targetColor: BACKGROUND_TARGET_COLOR,
    });
    facts = await ctx.imaging.probe(bytes);
  } catch {
    throw new AppError("background_removal_failed", BACKGROUND_REMOVAL_FAILED);
  }
  if (facts?.mimeType !== "image/png")
    throw new AppError("background_removal_failed", BACKGROUND_REMOVAL_FAILED);

  const base = (source.name ?? "watermark").replace(/\.[^.]+$/, "");
  const row = await storeMedia(ctx, ctx, {
    kind: "watermark",
    bytes,
    mimeType: "image/png",
    width: facts.width,
    height: facts.height,
    name: `${base}-no-background.png`,
  });
  return { mediaId: row.id, url: ctx.mediaUrls.sign(row.id, ctx.now()).url };
}

export const removeWatermarkBackgroundUseCase = declareUseCase({
  name: "removeWatermarkBackground",
  description: "Make the near-white background of an uploaded watermark image transparent (threshold 5-100).",
  scope: "brand",
  input: removeWatermarkBackgroundInput,
  output: watermarkImageView,
  run: removeWatermarkBackground,
});
