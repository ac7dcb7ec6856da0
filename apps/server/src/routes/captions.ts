import { captionFromImage, captionFromImageInput } from "@smm/domain/captions/caption-from-image";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, errors, jsonAnswer, jsonBody, resultOf } from "../lib/http";

const route = declareRoutes("Posts", { brand: true });

const routes = {
  caption: route(
    "post",
    "/",
    "Write a caption for one of the brand's images (uploaded first with POST /api/media) and create a pending post with it.",
    { body: jsonBody(captionFromImageInput) },
    {
      201: jsonAnswer(
        resultOf(captionFromImage, "CaptionedPost"),
        "The new pending post and the model that wrote it.",
      ),
      ...errors("429", "502"),
    },
  ),
};

/** /api/captions: the AI Image Captions tab, one image per request (the screen paces a batch). */
export function createCaptionRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.caption, async (c) =>
    c.json(await captionFromImage(await brandContext(c, deps), c.req.valid("json")), 201),
  );
}
