import {
  activeBrandView,
  brandView,
  createBrandUseCase,
  deleteBrandUseCase,
  getActiveBrand,
  getBrand,
  listBrandsUseCase,
  switchBrandUseCase,
  updateBrandFieldUseCase,
  updateBrandSettings,
  updateBrandSettingsInput,
  updateCompanyProfile,
  updateCompanyProfileInput,
} from "@smm/domain/brands";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, namedBrandId, userContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, idParam, jsonAnswer, jsonBody } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const updated = { 200: jsonAnswer(brandView, "The updated brand.") };
const params = idParam("The brand's id.");
const route = declareRoutes("Brands");
const namedBrandRoute = declareRoutes("Brands", { brand: true });
const useCaseRoute = useCaseRoutes("Brands");
const id = "brandId" as const;

/**
 * The routes whose request is the use case's input are derived from it. The others act on the brand of the
 * path (its id picks the brand context, it is no field of the input), or read the active brand, which no
 * tool does: they stay written here, answering the same declared schemas.
 */
const routes = {
  list: useCaseRoute(listBrandsUseCase, "get", "/", { summary: "The caller's brands." }),
  create: useCaseRoute(createBrandUseCase, "post", "/", { status: 201, summary: "Create a brand." }),
  active: namedBrandRoute(
    "get",
    "/active",
    "The caller's active brand (or the one X-Brand-Id names).",
    {},
    { 200: jsonAnswer(activeBrandView, "The active brand, or null before the first brand is set up.") },
  ),
  field: useCaseRoute(updateBrandFieldUseCase, "post", "/field", {
    summary: "Change one brand-settings or company-profile field, validated by the field's rules.",
  }),
  get: route(
    "get",
    "/{id}",
    "One brand with its settings and company profile.",
    { params },
    { 200: jsonAnswer(brandView, "The brand.") },
  ),
  activate: useCaseRoute(switchBrandUseCase, "post", "/{id}/activate", {
    id,
    summary: "Make a brand the active one.",
  }),
  delete: useCaseRoute(deleteBrandUseCase, "delete", "/{id}", {
    id,
    summary: "Delete a brand (not the caller's only one).",
    errors: ["409"],
  }),
  settings: route(
    "patch",
    "/{id}/settings",
    "Update a brand's settings.",
    { params, body: jsonBody(updateBrandSettingsInput) },
    updated,
  ),
  companyProfile: route(
    "patch",
    "/{id}/company-profile",
    "Update a brand's company profile.",
    { params, body: jsonBody(updateCompanyProfileInput) },
    updated,
  ),
};

/** /api/brands: the caller's brands, the active one, settings and company profile. */
export function createBrandRoutes(deps: AppDeps) {
  const user = (c: Context<AppEnv>) => userContext(c, deps);
  // Settings and profile act on the brand of the path.
  const pathBrand = (c: Context<AppEnv, string, { out: { param: { id: string } } }>) =>
    brandContext(c, deps, c.req.valid("param").id);
  return (
    createRoutes()
      .openapi(routes.list, serveUseCase(deps, routes.list))
      .openapi(routes.create, serveUseCase(deps, routes.create))
      // Fixed paths before "/{id}" so they are not read as ids.
      // A named brand (X-Brand-Id) is the one a script's calls act on, so it is the one answered.
      .openapi(routes.active, async (c) =>
        c.json(await getActiveBrand(user(c), { brandId: namedBrandId(c) }), 200),
      )
      .openapi(routes.field, serveUseCase(deps, routes.field))
      .openapi(routes.get, async (c) => c.json(await getBrand(await pathBrand(c)), 200))
      .openapi(routes.activate, serveUseCase(deps, routes.activate))
      .openapi(routes.delete, serveUseCase(deps, routes.delete))
      .openapi(routes.settings, async (c) =>
        c.json(await updateBrandSettings(await pathBrand(c), c.req.valid("json")), 200),
      )
      .openapi(routes.companyProfile, async (c) =>
        c.json(await updateCompanyProfile(await pathBrand(c), c.req.valid("json")), 200),
      )
  );
}
