import { createBrand, createBrandInput } from "@smm/domain/brands/create-brand";
import { deleteBrand } from "@smm/domain/brands/delete-brand";
import { getActiveBrand } from "@smm/domain/brands/get-active-brand";
import { getBrand } from "@smm/domain/brands/get-brand";
import { listBrands } from "@smm/domain/brands/list-brands";
import { switchBrand } from "@smm/domain/brands/switch-brand";
import { updateBrandField, updateBrandFieldInput } from "@smm/domain/brands/update-brand-field";
import { updateBrandSettings, updateBrandSettingsInput } from "@smm/domain/brands/update-brand-settings";
import { updateCompanyProfile, updateCompanyProfileInput } from "@smm/domain/brands/update-company-profile";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, namedBrandId, userContext } from "../lib/domain-context";
import {
  createRoutes,
  declareRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  resultOf,
  withId,
} from "../lib/http";

const brand = resultOf(getBrand, "Brand", "A brand with its settings and company profile.");
const updated = { 200: jsonAnswer(brand, "The updated brand.") };
const params = idParam("The brand's id.");
const route = declareRoutes("Brands");
const namedBrandRoute = declareRoutes("Brands", { brand: true });

const routes = {
  list: route(
    "get",
    "/",
    "The caller's brands.",
    {},
    {
      200: jsonAnswer(resultOf(listBrands, "BrandList"), "The brands."),
    },
  ),
  create: route(
    "post",
    "/",
    "Create a brand.",
    { body: jsonBody(createBrandInput) },
    {
      201: jsonAnswer(brand, "The new brand."),
    },
  ),
  active: namedBrandRoute(
    "get",
    "/active",
    "The caller's active brand (or the one X-Brand-Id names).",
    {},
    {
      200: jsonAnswer(
        resultOf(getActiveBrand, "ActiveBrand"),
        "The active brand, or null before the first brand is set up.",
      ),
    },
  ),
  field: namedBrandRoute(
    "post",
    "/field",
    "Change one brand-settings or company-profile field, validated by the field's rules.",
    { body: jsonBody(updateBrandFieldInput) },
    updated,
  ),
  get: route(
    "get",
    "/{id}",
    "One brand with its settings and company profile.",
    { params },
    {
      200: jsonAnswer(brand, "The brand."),
    },
  ),
  activate: route(
    "post",
    "/{id}/activate",
    "Make a brand the active one.",
    { params },
    {
      200: jsonAnswer(resultOf(switchBrand, "BrandSwitch"), "The switch's result."),
    },
  ),
  delete: route(
    "delete",
    "/{id}",
    "Delete a brand (not the caller's only one).",
    { params },
    {
      200: jsonAnswer(resultOf(deleteBrand, "BrandDeletion"), "The deletion's result."),
      ...errors("409"),
    },
  ),
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
      .openapi(routes.list, async (c) => c.json(await listBrands(user(c)), 200))
      .openapi(routes.create, async (c) => c.json(await createBrand(user(c), c.req.valid("json")), 201))
      // Fixed paths before "/{id}" so they are not read as ids.
      // A named brand (X-Brand-Id) is the one a script's calls act on, so it is the one answered.
      .openapi(routes.active, async (c) =>
        c.json(await getActiveBrand(user(c), { brandId: namedBrandId(c) }), 200),
      )
      .openapi(routes.field, async (c) =>
        c.json(await updateBrandField(await brandContext(c, deps), c.req.valid("json")), 200),
      )
      .openapi(routes.get, async (c) => c.json(await getBrand(await pathBrand(c)), 200))
      .openapi(routes.activate, async (c) => c.json(await switchBrand(user(c), withId(c, "brandId")), 200))
      .openapi(routes.delete, async (c) => c.json(await deleteBrand(user(c), withId(c, "brandId")), 200))
      .openapi(routes.settings, async (c) =>
        c.json(await updateBrandSettings(await pathBrand(c), c.req.valid("json")), 200),
      )
      .openapi(routes.companyProfile, async (c) =>
        c.json(await updateCompanyProfile(await pathBrand(c), c.req.valid("json")), 200),
      )
  );
}
