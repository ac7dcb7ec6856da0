import { createRoute } from "@hono/zod-openapi";
import { requestDataDeletion, requestDataDeletionInput } from "@smm/domain/account/request-data-deletion";
import type { AppDeps } from "../context";
import { createRoutes, jsonAnswer, jsonBody, readJsonBody, resultOf, view } from "../lib/http";
import { limitPerClientAddress } from "../middleware/request-limits";

/**
 * A person asks for deletion once; an address may ask a few times an hour (an office shares one). Without a
 * limit, a script filled the table at 200 rows in a quarter of a second.
 */
export const DATA_DELETION_RATE_LIMIT = { windowMs: 60 * 60_000, max: 10 } as const;

/** What the server runs with; the screens label embedded defaults ("Offline model", "Sandbox network"). */
export interface PublicConfig {
  facebookLogin: boolean;
  mail: AppDeps["mailer"]["kind"];
  ai: AppDeps["ai"]["kind"];
  images: AppDeps["images"]["kind"];
  social: AppDeps["social"]["kind"];
  storage: AppDeps["storage"]["kind"];
  version: string;
}

const routes = {
  config: createRoute({
    method: "get",
    path: "/public-config",
    tags: ["System"],
    summary: "What the server runs with (sign-in options and the adapters the screens label).",
    security: [],
    responses: { 200: jsonAnswer(view<PublicConfig>("PublicConfig"), "The public configuration.") },
  }),
  dataDeletion: createRoute({
    method: "post",
    path: "/data-deletion-requests",
    tags: ["Account"],
    summary: "Ask for a person's data to be erased (no sign-in needed).",
    security: [],
    middleware: readJsonBody,
    request: { body: jsonBody(requestDataDeletionInput) },
    responses: {
      201: jsonAnswer(resultOf(requestDataDeletion, "DataDeletionRequest"), "The recorded request."),
    },
  }),
};

/** Routes a signed-out visitor may call. */
export function createPublicRoutes(deps: AppDeps) {
  const limitDeletionRequests = limitPerClientAddress({
    ...DATA_DELETION_RATE_LIMIT,
    trustProxy: deps.trustProxy,
  });
  return createRoutes()
    .openapi(routes.config, (c) =>
      c.json(
        {
          facebookLogin: deps.facebookLogin,
          mail: deps.mailer.kind,
          ai: deps.ai.kind,
          images: deps.images.kind,
          social: deps.social.kind,
          storage: deps.storage.kind,
          version: deps.version,
        } satisfies PublicConfig,
        200,
      ),
    )
    .openapi({ ...routes.dataDeletion, middleware: [limitDeletionRequests, readJsonBody] }, async (c) => {
      const result = await requestDataDeletion(deps.database.db, c.req.valid("json"));
      deps.logger.info("data deletion requested", { id: result.id });
      return c.json(result, 201);
    });
}
