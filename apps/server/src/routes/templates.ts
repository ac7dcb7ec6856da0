import { createRoute } from "@hono/zod-openapi";
import { uploadImage } from "@smm/domain/media/upload-image";
import { applyTemplate } from "@smm/domain/templates/apply-template";
import { copyCommunityTemplate } from "@smm/domain/templates/copy-community-template";
import { createTemplate, createTemplateInput } from "@smm/domain/templates/create-template";
import { deleteTemplate } from "@smm/domain/templates/delete-template";
import { duplicateTemplate } from "@smm/domain/templates/duplicate-template";
import { favouriteTemplate } from "@smm/domain/templates/favourite-template";
import { getTemplate } from "@smm/domain/templates/get-template";
import { listFavourites } from "@smm/domain/templates/list-favourites";
import { listTemplates, listTemplatesInput } from "@smm/domain/templates/list-templates";
import type { TemplateDraft, TemplateView } from "@smm/domain/templates/schemas";
import {
  searchCommunityTemplates,
  searchCommunityTemplatesInput,
} from "@smm/domain/templates/search-community-templates";
import {
  setTemplateVisibility,
  setTemplateVisibilityInput,
} from "@smm/domain/templates/set-template-visibility";
import { unfavouriteTemplate } from "@smm/domain/templates/unfavourite-template";
import { updateTemplate, updateTemplateInput } from "@smm/domain/templates/update-template";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, userContext } from "../lib/domain-context";
import {
  brandHeader,
  createRoutes,
  declareRoutes,
  idParam,
  jsonAnswer,
  jsonBody,
  resultOf,
  view,
  withId,
} from "../lib/http";
import { readUploadedFile, uploadBody, uploadLimit } from "./media";

const brandRoute = declareRoutes("Templates", { brand: true });
const userRoute = declareRoutes("Templates");
const params = idParam("The template's id.");
const templateView = view<TemplateView>("Template", "A prompt template (own or public).");
const one = (description: string) => ({ 200: jsonAnswer(templateView, description) });

const routes = {
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
    responses: {
      201: jsonAnswer(resultOf(uploadImage, "Media"), "The stored image with a signed link."),
    },
  }),
  list: brandRoute(
    "get",
    "/",
    "The caller's templates in the brand, filtered by words and category.",
    { query: listTemplatesInput },
    { 200: jsonAnswer(resultOf(listTemplates, "TemplateList"), "The templates.") },
  ),
  create: brandRoute(
    "post",
    "/",
    "Save a new template in the brand.",
    { body: jsonBody(createTemplateInput) },
    { 201: jsonAnswer(templateView, "The new template.") },
  ),
  community: userRoute(
    "get",
    "/community",
    "Search the community library (public templates), 50 a page.",
    { query: searchCommunityTemplatesInput },
    {
      200: jsonAnswer(
        resultOf(searchCommunityTemplates, "CommunityTemplatePage"),
        "A page of templates and the cursor of the next one.",
      ),
    },
  ),
  favourites: userRoute(
    "get",
    "/favourites",
    "The caller's favourite templates, most recent first.",
    {},
    { 200: jsonAnswer(resultOf(listFavourites, "FavouriteTemplates"), "The favourites.") },
  ),
  get: userRoute(
    "get",
    "/{id}",
    "One template: the caller's own or a public one.",
    { params },
    one("The template."),
  ),
  update: userRoute(
    "patch",
    "/{id}",
    "Change the caller's own template.",
    { params, body: jsonBody(updateTemplateInput.omit({ templateId: true })) },
    one("The updated template."),
  ),
  delete: userRoute(
    "delete",
    "/{id}",
    "Delete the caller's own template.",
    { params },
    { 200: jsonAnswer(resultOf(deleteTemplate, "TemplateDeleted"), "The deletion's result.") },
  ),
  duplicate: userRoute(
    "post",
    "/{id}/duplicate",
    "The form's values for an unsaved private copy '<name> (Copy)'.",
    { params },
    { 200: jsonAnswer(view<TemplateDraft>("TemplateDraft"), "The copy's values, not saved.") },
  ),
  visibility: userRoute(
    "post",
    "/{id}/visibility",
    "Make the caller's own template public or private.",
    { params, body: jsonBody(setTemplateVisibilityInput.omit({ templateId: true })) },
    one("The template."),
  ),
  copy: brandRoute(
    "post",
    "/{id}/copy",
    "Copy a community template into the brand's templates (private).",
    { params },
    { 201: jsonAnswer(templateView, "The caller's new copy.") },
  ),
  favourite: userRoute("post", "/{id}/favourite", "Add to favourites.", { params }, one("The template.")),
  unfavourite: userRoute(
    "delete",
    "/{id}/favourite",
    "Remove from favourites.",
    { params },
    { 200: jsonAnswer(resultOf(unfavouriteTemplate, "TemplateUnfavourited"), "The result.") },
  ),
  apply: brandRoute(
    "post",
    "/{id}/apply",
    "The template's prompts with the brand's values, for the generator; counts one use.",
    { params },
    { 200: jsonAnswer(resultOf(applyTemplate, "AppliedTemplate"), "The filled prompts.") },
  ),
};

/** /api/templates: the caller's template library, the community library and favourites. */
export function createTemplateRoutes(deps: AppDeps) {
  const brand = (c: Context<AppEnv>) => brandContext(c, deps);
  const user = (c: Context<AppEnv>) => userContext(c, deps);
  return (
    createRoutes()
      // Before /{id}: "images" is not an id.
      .openapi(routes.uploadImage, async (c) => {
        const ctx = await brand(c);
        const file = await readUploadedFile(c, { checkSize: false });
        return c.json(await uploadImage(ctx, { ...file, purpose: "templateReference" }), 201);
      })
      .openapi(routes.list, async (c) =>
        c.json(await listTemplates(await brand(c), c.req.valid("query")), 200),
      )
      .openapi(routes.create, async (c) =>
        c.json(await createTemplate(await brand(c), c.req.valid("json")), 201),
      )
      // Before /{id}, so "community" and "favourites" are not taken for ids.
      .openapi(routes.community, async (c) =>
        c.json(await searchCommunityTemplates(user(c), c.req.valid("query")), 200),
      )
      .openapi(routes.favourites, async (c) => c.json(await listFavourites(user(c)), 200))
      .openapi(routes.get, async (c) => c.json(await getTemplate(user(c), withId(c, "templateId")), 200))
      .openapi(routes.update, async (c) =>
        c.json(await updateTemplate(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.delete, async (c) =>
        c.json(await deleteTemplate(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.duplicate, async (c) =>
        c.json(await duplicateTemplate(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.visibility, async (c) =>
        c.json(await setTemplateVisibility(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.copy, async (c) =>
        c.json(await copyCommunityTemplate(await brand(c), withId(c, "templateId")), 201),
      )
      .openapi(routes.favourite, async (c) =>
        c.json(await favouriteTemplate(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.unfavourite, async (c) =>
        c.json(await unfavouriteTemplate(user(c), withId(c, "templateId")), 200),
      )
      .openapi(routes.apply, async (c) =>
        c.json(await applyTemplate(await brand(c), withId(c, "templateId")), 200),
      )
  );
}
