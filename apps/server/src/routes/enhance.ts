import { enhanceContent, enhanceContentInput } from "@smm/domain/ai/enhance-content";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";

/** /api/enhance-content: the Enhance buttons. Works before the first brand exists (the wizard). */
export function createEnhanceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const input = await parseJsonBody(c, enhanceContentInput);
    const ctx = { ...userContext(c, deps), brandId: c.req.header(BRAND_HEADER) };
    return c.json(await enhanceContent(ctx, input));
  });
}
