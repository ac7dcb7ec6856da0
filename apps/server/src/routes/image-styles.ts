import { listImageStylesUseCase } from "@smm/domain/generation";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const stylesRoute = useCaseRoutes("Account")(listImageStylesUseCase, "get", "/", {
  summary: "The image style catalogue with what the caller's plan allows.",
});

/** /api/image-styles: the style picker's catalogue with what the caller's plan allows. */
export function createImageStyleRoutes(deps: AppDeps) {
  return createRoutes().openapi(stylesRoute, serveUseCase(deps, stylesRoute));
}
