import { createRoute } from "@hono/zod-openapi";
import { AppError, hasReason, isAppError } from "@smm/domain/errors";
import {
  getWatermarkUseCase,
  removeWatermarkBackgroundUseCase,
  removeWatermarkUseCase,
  saveWatermarkUseCase,
  uploadWatermarkImage,
  WATERMARK_INVALID_TYPE,
  WATERMARK_TOO_LARGE,
  watermarkImageView,
} from "@smm/domain/watermark";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import { brandHeader, createRoutes, jsonAnswer } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";
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

const route = useCaseRoutes("Watermark");

const routes = {
  get: route(getWatermarkUseCase, "get", "/", { summary: "The brand's watermark settings and images." }),
  // Written out: a multipart upload, not a use case's JSON input.
  upload: createRoute({
    tags: ["Watermark"],
    parameters: [brandHeader],
    method: "post",
    path: "/image",
    summary: "Upload a watermark image.",
    middleware: watermarkUploadLimit,
    request: {
      body: uploadBody(
        "A file of another type, or over the size limit, is a 400 with the product's message for it.",
      ),
    },
    responses: { 201: jsonAnswer(watermarkImageView, "The stored watermark image.") },
  }),
  removeBackground: route(removeWatermarkBackgroundUseCase, "post", "/remove-background", {
    status: 201,
    summary: "Make a copy of a watermark image without its background.",
  }),
  save: route(saveWatermarkUseCase, "put", "/", { summary: "Save the brand's watermark settings." }),
  remove: route(removeWatermarkUseCase, "delete", "/", { summary: "Remove the brand's watermark." }),
};

/** /api/watermark: the watermark editor of the active brand (or X-Brand-Id's). */
export function createWatermarkRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.get, serveUseCase(deps, routes.get))
    .openapi(routes.upload, async (c) => {
      const ctx = await brandContext(c, deps);
      const file = await readUploadedFile(c).catch((error: unknown) => {
        throw asWatermarkUploadError(error);
      });
      return c.json(await uploadWatermarkImage(ctx, file), 201);
    })
    .openapi(routes.removeBackground, serveUseCase(deps, routes.removeBackground))
    .openapi(routes.save, serveUseCase(deps, routes.save))
    .openapi(routes.remove, serveUseCase(deps, routes.remove));
}
