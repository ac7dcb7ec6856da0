import { createBrand, createBrandInput } from "@smm/domain/brands/create-brand";
import { deleteBrand } from "@smm/domain/brands/delete-brand";
import { getActiveBrand } from "@smm/domain/brands/get-active-brand";
import { getBrand } from "@smm/domain/brands/get-brand";
import { listBrands } from "@smm/domain/brands/list-brands";
import { switchBrand } from "@smm/domain/brands/switch-brand";
import { updateBrandField, updateBrandFieldInput } from "@smm/domain/brands/update-brand-field";
import { updateBrandSettings, updateBrandSettingsInput } from "@smm/domain/brands/update-brand-settings";
import { updateCompanyProfile, updateCompanyProfileInput } from "@smm/domain/brands/update-company-profile";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, namedBrandId, userContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";

/** /api/brands: the caller's brands, the active one, settings and company profile. */
export function createBrandRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(await listBrands(userContext(c, deps))))
      .post("/", async (c) => {
        const input = await parseJsonBody(c, createBrandInput);
        return c.json(await createBrand(userContext(c, deps), input), 201);
      })
      // Fixed paths before "/:id" so they are not read as ids.
      // A named brand (X-Brand-Id) is the one a script's calls act on, so it is the one answered.
      .get("/active", async (c) =>
        c.json(await getActiveBrand(userContext(c, deps), { brandId: namedBrandId(c) })),
      )
      .post("/field", async (c) => {
        const input = await parseJsonBody(c, updateBrandFieldInput);
        return c.json(await updateBrandField(await brandContext(c, deps), input));
      })
      .get("/:id", async (c) => c.json(await getBrand(await brandContext(c, deps, c.req.param("id")))))
      .post("/:id/activate", async (c) =>
        c.json(await switchBrand(userContext(c, deps), { brandId: c.req.param("id") })),
      )
      .delete("/:id", async (c) =>
        c.json(await deleteBrand(userContext(c, deps), { brandId: c.req.param("id") })),
      )
      .patch("/:id/settings", async (c) => {
        const input = await parseJsonBody(c, updateBrandSettingsInput);
        return c.json(await updateBrandSettings(await brandContext(c, deps, c.req.param("id")), input));
      })
      .patch("/:id/company-profile", async (c) => {
        const input = await parseJsonBody(c, updateCompanyProfileInput);
        return c.json(await updateCompanyProfile(await brandContext(c, deps, c.req.param("id")), input));
      })
  );
}
