import { requestDataDeletion, requestDataDeletionInput } from "@smm/domain/account/request-data-deletion";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { parseJsonBody } from "../lib/http";
import { limitPerClientAddress } from "../middleware/request-limits";

/**
 * A person asks for deletion once; an address may ask a few times an hour (an office shares one). Without a
 * limit, a script filled the table at 200 rows in a quarter of a second.
 */
export const DATA_DELETION_RATE_LIMIT = { windowMs: 60 * 60_000, max: 10 } as const;

/** Routes a signed-out visitor may call. */
export function createPublicRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/public-config", (c) =>
      c.json({
        facebookLogin: deps.facebookLogin,
        mail: deps.mailer.kind,
        // The screens label embedded defaults ("Offline model", "Sandbox network") from these.
        ai: deps.ai.kind,
        images: deps.images.kind,
        social: deps.social.kind,
        storage: deps.storage.kind,
        version: deps.version,
      }),
    )
    .post(
      "/data-deletion-requests",
      limitPerClientAddress({ ...DATA_DELETION_RATE_LIMIT, trustProxy: deps.trustProxy }),
      async (c) => {
        const input = await parseJsonBody(c, requestDataDeletionInput);
        const result = await requestDataDeletion(deps.database.db, input);
        deps.logger.info("data deletion requested", { id: result.id });
        return c.json(result, 201);
      },
    );
}
