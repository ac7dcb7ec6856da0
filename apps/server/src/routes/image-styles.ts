import { listImageStyles } from "@smm/domain/generation/list-image-styles";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { userContext } from "../lib/domain-context";

/** /api/image-styles: the style picker's catalogue with what the caller's plan allows. */
export function createImageStyleRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await listImageStyles(userContext(c, deps))));
}
