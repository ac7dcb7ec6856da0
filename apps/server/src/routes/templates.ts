import { createRoute } from "@hono/zod-openapi";
import { mediaView, uploadImage } from "@smm/domain/media";
import {
  applyTemplateUseCase,
  copyCommunityTemplateUseCase,
  createTemplateUseCase,
  deleteTemplateUseCase,
  duplicateTemplateUseCase,
  favouriteTemplateUseCase,
  getTemplateUseCase,
  listFavouritesUseCase,
  listTemplatesUseCase,
  searchCommunityTemplatesUseCase,
  setTemplateVisibilityUseCase,
  unfavouriteTemplateUseCase,
  updateTemplateUseCase,
} from "@smm/domain/templates";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import { brandHeader, createRoutes, jsonAnswer } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";
import { readUploadedFile, uploadBody, uploadLimit } from "./media";

// Each route's summary is its use case's description (the tool's words), so the two doors say the same.
const route = useCaseRoutes("Templates");
const id = "templateId" as const;

const routes = {
  // A multipart upload: its body is a file, not a use case's input, so the route is written by hand.
  uploadImage: createRoute({
    method: "post",
    path: "/images",
    tags: ["Templates"],
    summary: "Upload a reference image for a template (PNG, JPEG, GIF or WebP by content, at most 5MB).",
    description:
      "Save its id in the template's referenceImageIds. A file of another type or over 5242880 bytes is a 400 'Invalid file: {filename}. Please use images under 5MB.'.",
    parameters: [brandHeader],
    middleware: uploadLimit,
    request: { body: uploadBody("The image file (field 'file'); its name is only a label.") },
    responses: { 201: jsonAnswer(mediaView, "The stored image with a signed link.") },
  }),
  list: route(listTemplatesUseCase, "get", "/"),
  create: route(createTemplateUseCase, "post", "/", { status: 201 }),
  // Before /{id}, so "community" and "favourites" are not taken for ids.
  community: route(searchCommunityTemplatesUseCase, "get", "/community"),
  favourites: route(listFavouritesUseCase, "get", "/favourites"),
  get: route(getTemplateUseCase, "get", "/{id}", { id }),
  update: route(updateTemplateUseCase, "patch", "/{id}", { id }),
  delete: route(deleteTemplateUseCase, "delete", "/{id}", { id }),
  duplicate: route(duplicateTemplateUseCase, "post", "/{id}/duplicate", { id }),
  visibility: route(setTemplateVisibilityUseCase, "post", "/{id}/visibility", { id }),
  copy: route(copyCommunityTemplateUseCase, "post", "/{id}/copy", { id, status: 201 }),
  favourite: route(favouriteTemplateUseCase, "post", "/{id}/favourite", { id }),
  unfavourite: route(unfavouriteTemplateUseCase, "delete", "/{id}/favourite", { id }),
  apply: route(applyTemplateUseCase, "post", "/{id}/apply", { id }),
};

/** /api/templates: the caller's template library, the community library and favourites. */
export function createTemplateRoutes(deps: AppDeps) {
  return (
    createRoutes()
      // Before /{id}: "images" is not an id.
      .openapi(routes.uploadImage, async (c) => {
        const ctx = await brandContext(c, deps);
        const file = await readUploadedFile(c, { checkSize: false });
        return c.json(await uploadImage(ctx, { ...file, purpose: "templateReference" }), 201);
      })
      .openapi(routes.list, serveUseCase(deps, routes.list))
      .openapi(routes.create, serveUseCase(deps, routes.create))
      .openapi(routes.community, serveUseCase(deps, routes.community))
      .openapi(routes.favourites, serveUseCase(deps, routes.favourites))
      .openapi(routes.get, serveUseCase(deps, routes.get))
      .openapi(routes.update, serveUseCase(deps, routes.update))
      .openapi(routes.delete, serveUseCase(deps, routes.delete))
      .openapi(routes.duplicate, serveUseCase(deps, routes.duplicate))
      .openapi(routes.visibility, serveUseCase(deps, routes.visibility))
      .openapi(routes.copy, serveUseCase(deps, routes.copy))
      .openapi(routes.favourite, serveUseCase(deps, routes.favourite))
      .openapi(routes.unfavourite, serveUseCase(deps, routes.unfavourite))
      .openapi(routes.apply, serveUseCase(deps, routes.apply))
  );
}
