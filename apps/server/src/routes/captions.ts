import { captionFromImageUseCase } from "@smm/domain/captions";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Posts");

const routes = {
  caption: route(captionFromImageUseCase, "post", "/", {
    status: 201,
    summary:
      "Write a caption for one of the brand's images (uploaded first with POST /api/media) and create a pending post with it.",
    errors: ["429", "502"],
  }),
};

/** /api/captions: the AI Image Captions tab, one image per request (the screen paces a batch). */
export function createCaptionRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.caption, serveUseCase(deps, routes.caption));
}
