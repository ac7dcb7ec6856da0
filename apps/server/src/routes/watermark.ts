import { createRoute } from "@hono/zod-openapi";
import { AppError, hasReason, isAppError } from "@smm/domain/errors";
import { getWatermark } from "@smm/domain/watermark/get-watermark";
import { removeWatermark } from "@smm/domain/watermark/remove-watermark";
import {
  removeWatermarkBackground,
  removeWatermarkBackgroundInput,
} from "@smm/domain/watermark/remove-watermark-background";
import { saveWatermark, saveWatermarkInput } from "@smm/domain/watermark/save-watermark";
import { WATERMARK_INVALID_TYPE, WATERMARK_TOO_LARGE } from "@smm/domain/watermark/schemas";
import { uploadWatermarkImage } from "@smm/domain/watermark/upload-watermark-image";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import { brandHeader, createRoutes, jsonAnswer, jsonBody, readJsonBody, resultOf } from "../lib/http";
import { readUploadedFile, uploadBody, uploadLimit } from "./media";

/**
 * The shared upload helpers speak the chat upload's messages; the watermark editor has its own
 * (connections spec section 7), so their refusals are re-worded here.
 */
function asWatermarkUploadError(error: unknown): unknown {
  if (!isAppError(error) || error.code !== "invalid_input") return error;
  return hasReason(error, "image_too_large")
    ? new AppError("image_too_large", WATERMARK_TOO_LARGE)
    : new AppError("image_type_invalid", WATERMARK_INVALID_TYPE);
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

const watermark = resultOf(getWatermark, "Watermark", "The brand's watermark settings and images.");
const common = { tags: ["Watermark"], parameters: [brandHeader] };

const routes = {
  get: createRoute({
    ...common,
    method: "get",
    path: "/",
    summary: "The brand's watermark settings and images.",
    responses: { 200: jsonAnswer(watermark, "The watermark.") },
  }),
  upload: createRoute({
    ...common,
    method: "post",
    path: "/image",
    summary: "Upload a watermark image.",
    middleware: watermarkUploadLimit,
    request: {
      body: uploadBody(
        "A file of another type, or over the size limit, is a 400 with the product's message for it.",
      ),
    },
    responses: {
      201: jsonAnswer(resultOf(uploadWatermarkImage, "WatermarkImage"), "The stored watermark image."),
    },
  }),
  removeBackground: createRoute({
    ...common,
    method: "post",
    path: "/remove-background",
    summary: "Make a copy of a watermark image without its background.",
    middleware: readJsonBody,
    request: { body: jsonBody(removeWatermarkBackgroundInput) },
    responses: {
      201: jsonAnswer(resultOf(removeWatermarkBackground, "WatermarkImageCopy"), "The new watermark image."),
    },
  }),
  save: createRoute({
    ...common,
    method: "put",
    path: "/",
    summary: "Save the brand's watermark settings.",
    middleware: readJsonBody,
    request: { body: jsonBody(saveWatermarkInput) },
    responses: { 200: jsonAnswer(resultOf(saveWatermark, "SavedWatermark"), "The saved watermark.") },
  }),
  remove: createRoute({
    ...common,
    method: "delete",
    path: "/",
    summary: "Remove the brand's watermark.",
    responses: { 200: jsonAnswer(resultOf(removeWatermark, "RemovedWatermark"), "The removal's result.") },
  }),
};

/** /api/watermark: the watermark editor of the active brand (or X-Brand-Id's). */
export function createWatermarkRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.get, async (c) => c.json(await getWatermark(await brandContext(c, deps)), 200))
    .openapi(routes.upload, async (c) => {
      const ctx = await brandContext(c, deps);
      const file = await readUploadedFile(c).catch((error: unknown) => {
        throw asWatermarkUploadError(error);
      });
      return c.json(await uploadWatermarkImage(ctx, file), 201);
    })
    .openapi(routes.removeBackground, async (c) =>
      c.json(await removeWatermarkBackground(await brandContext(c, deps), c.req.valid("json")), 201),
    )
    .openapi(routes.save, async (c) =>
      c.json(await saveWatermark(await brandContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.remove, async (c) => c.json(await removeWatermark(await brandContext(c, deps)), 200));
}
