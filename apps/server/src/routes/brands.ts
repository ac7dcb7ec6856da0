import { createRoute } from "@hono/zod-openapi";
import { createBrand, createBrandInput } from "@smm/domain/brands/create-brand";
import { deleteBrand } from "@smm/domain/brands/delete-brand";
import { getActiveBrand } from "@smm/domain/brands/get-active-brand";
import { getBrand } from "@smm/domain/brands/get-brand";
import { listBrands } from "@smm/domain/brands/list-brands";
import { switchBrand } from "@smm/domain/brands/switch-brand";
import { updateBrandField, updateBrandFieldInput } from "@smm/domain/brands/update-brand-field";
import { updateBrandSettings, updateBrandSettingsInput } from "@smm/domain/brands/update-brand-settings";
import { updateCompanyProfile, updateCompanyProfileInput } from "@smm/domain/brands/update-company-profile";
import type { AppDeps } from "../context";
import { brandContext, namedBrandId, userContext } from "../lib/domain-context";
import {
  brandHeader,
  createRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  readJsonBody,
  resultOf,
} from "../lib/http";

const brand = resultOf(getBrand, "Brand", "A brand with its settings and company profile.");
const updated = jsonAnswer(brand, "The updated brand.");
const brandId = idParam("The brand's id.");
const tags = ["Brands"];

const routes = {
  list: createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The caller's brands.",
    responses: { 200: jsonAnswer(resultOf(listBrands, "BrandList"), "The brands.") },
  }),
  create: createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Create a brand.",
    middleware: readJsonBody,
    request: { body: jsonBody(createBrandInput) },
    responses: { 201: jsonAnswer(brand, "The new brand.") },
  }),
  active: createRoute({
    method: "get",
    path: "/active",
    tags,
    summary: "The caller's active brand (or the one X-Brand-Id names).",
    parameters: [brandHeader],
    responses: {
      200: jsonAnswer(
        resultOf(getActiveBrand, "ActiveBrand"),
        "The active brand, or null before the first brand is set up.",
      ),
    },
  }),
  field: createRoute({
    method: "post",
    path: "/field",
    tags,
    summary: "Change one brand-settings or company-profile field, validated by the field's rules.",
    parameters: [brandHeader],
    middleware: readJsonBody,
    request: { body: jsonBody(updateBrandFieldInput) },
    responses: { 200: updated },
  }),
  get: createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "One brand with its settings and company profile.",
    request: { params: brandId },
    responses: { 200: jsonAnswer(brand, "The brand.") },
  }),
  activate: createRoute({
    method: "post",
    path: "/{id}/activate",
    tags,
    summary: "Make a brand the active one.",
    request: { params: brandId },
    responses: { 200: jsonAnswer(resultOf(switchBrand, "BrandSwitch"), "The switch's result.") },
  }),
  delete: createRoute({
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a brand (not the caller's only one).",
    request: { params: brandId },
    responses: {
      200: jsonAnswer(resultOf(deleteBrand, "BrandDeletion"), "The deletion's result."),
      ...errors("409"),
    },
  }),
  settings: createRoute({
    method: "patch",
    path: "/{id}/settings",
    tags,
    summary: "Update a brand's settings.",
    middleware: readJsonBody,
    request: { params: brandId, body: jsonBody(updateBrandSettingsInput) },
    responses: { 200: updated },
  }),
  companyProfile: createRoute({
    method: "patch",
    path: "/{id}/company-profile",
    tags,
    summary: "Update a brand's company profile.",
    middleware: readJsonBody,
    request: { params: brandId, body: jsonBody(updateCompanyProfileInput) },
    responses: { 200: updated },
  }),
};

/** /api/brands: the caller's brands, the active one, settings and company profile. */
export function createBrandRoutes(deps: AppDeps) {
  return (
    createRoutes()
      .openapi(routes.list, async (c) => c.json(await listBrands(userContext(c, deps)), 200))
      .openapi(routes.create, async (c) =>
        c.json(await createBrand(userContext(c, deps), c.req.valid("json")), 201),
      )
      // Fixed paths before "/{id}" so they are not read as ids.
      // A named brand (X-Brand-Id) is the one a script's calls act on, so it is the one answered.
      .openapi(routes.active, async (c) =>
        c.json(await getActiveBrand(userContext(c, deps), { brandId: namedBrandId(c) }), 200),
      )
      .openapi(routes.field, async (c) =>
        c.json(await updateBrandField(await brandContext(c, deps), c.req.valid("json")), 200),
      )
      .openapi(routes.get, async (c) =>
        c.json(await getBrand(await brandContext(c, deps, c.req.valid("param").id)), 200),
      )
      .openapi(routes.activate, async (c) =>
        c.json(await switchBrand(userContext(c, deps), { brandId: c.req.valid("param").id }), 200),
      )
      .openapi(routes.delete, async (c) =>
        c.json(await deleteBrand(userContext(c, deps), { brandId: c.req.valid("param").id }), 200),
      )
      .openapi(routes.settings, async (c) =>
        c.json(
          await updateBrandSettings(
            await brandContext(c, deps, c.req.valid("param").id),
            c.req.valid("json"),
          ),
          200,
        ),
      )
      .openapi(routes.companyProfile, async (c) =>
        c.json(
          await updateCompanyProfile(
            await brandContext(c, deps, c.req.valid("param").id),
            c.req.valid("json"),
          ),
          200,
        ),
      )
  );
}
