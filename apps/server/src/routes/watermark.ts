import { AppError, isAppError } from "@smm/domain/errors";
import { IMAGE_TOO_LARGE } from "@smm/domain/media/schemas";
import { getWatermark } from "@smm/domain/watermark/get-watermark";
import { removeWatermark } from "@smm/domain/watermark/remove-watermark";
import {
  removeWatermarkBackground,
  removeWatermarkBackgroundInput,
} from "@smm/domain/watermark/remove-watermark-background";
import { saveWatermark, saveWatermarkInput } from "@smm/domain/watermark/save-watermark";
import { WATERMARK_INVALID_TYPE, WATERMARK_TOO_LARGE } from "@smm/domain/watermark/schemas";
import { uploadWatermarkImage } from "@smm/domain/watermark/upload-watermark-image";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";
import { readUploadedFile, uploadLimit } from "./media";

/**
 * The shared upload helpers speak the chat upload's messages; the watermark editor has its own
 * (connections spec section 7), so their refusals are re-worded here.
 */
function asWatermarkUploadError(error: unknown): unknown {
  if (!isAppError(error) || error.code !== "invalid_input") return error;
  return new AppError(
    "invalid_input",
    error.message === IMAGE_TOO_LARGE ? WATERMARK_TOO_LARGE : WATERMARK_INVALID_TYPE,
  );
}

/** The chat upload's body limit (5MB plus the form's overhead), refusing with the watermark's message. */
const watermarkUploadLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Only the limit itself can throw here: errors of the handler behind `next` go to the app's onError.
  try {
    await uploadLimit(c, next);
  } catch (error) {
    throw asWatermarkUploadError(error);
  }
};

/** /api/watermark: the watermark editor of the active brand (or X-Brand-Id's). */
export function createWatermarkRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await getWatermark(await brandContext(c, deps))))
    .post("/image", watermarkUploadLimit, async (c) => {
      const ctx = await brandContext(c, deps);
      const file = await readUploadedFile(c).catch((error: unknown) => {
        throw asWatermarkUploadError(error);
      });
      return c.json(await uploadWatermarkImage(ctx, file), 201);
    })
    .post("/remove-background", async (c) => {
      const input = await parseJsonBody(c, removeWatermarkBackgroundInput);
      return c.json(await removeWatermarkBackground(await brandContext(c, deps), input), 201);
    })
    .put("/", async (c) => {
      const input = await parseJsonBody(c, saveWatermarkInput);
      return c.json(await saveWatermark(await brandContext(c, deps), input));
    })
    .delete("/", async (c) => c.json(await removeWatermark(await brandContext(c, deps))));
}
