import { createRoute } from "@hono/zod-openapi";
import {
  confirmDataDeletion,
  confirmDataDeletionInput,
  requestDataDeletion,
  requestDataDeletionInput,
} from "@smm/domain/account";
import { z } from "zod";
import type { AppDeps } from "../context";
import { accountConfirmationOf } from "../lib/domain-context";
import { createRoutes, jsonAnswer, jsonBody, readJsonBody } from "../lib/http";
import { limitPerClientAddress } from "../middleware/request-limits";
import { canOpenMailbox } from "./mailbox";

/**
 * A person asks for deletion once; an address may ask a few times an hour (an office shares one). Without a
 * limit, a script filled the table at 200 rows in a quarter of a second.
 */
export const DATA_DELETION_RATE_LIMIT = { windowMs: 60 * 60_000, max: 10 } as const;

/** What the server runs with; the screens label embedded defaults ("Offline model", "Sandbox network"). */
export interface PublicConfig {
  facebookLogin: boolean;
  mail: AppDeps["mailer"]["kind"];
  /** The local mailbox (/api/mailbox) answers this caller: the embedded mail default, from this machine. */
  localMailbox: boolean;
  ai: AppDeps["ai"]["kind"];
  images: AppDeps["images"]["kind"];
  social: AppDeps["social"]["kind"];
  storage: AppDeps["storage"]["kind"];
  /** The largest video a resumable upload takes (MAX_VIDEO_MB), so a screen refuses a larger one unsent. */
  maxVideoBytes: number | null;
  version: string;
}

const publicConfigView = z
  .object({
    facebookLogin: z.boolean(),
    mail: z.string().meta({ description: "The mail adapter's kind (the embedded outbox or SMTP)." }),
    localMailbox: z.boolean(),
    ai: z.string(),
    images: z.string(),
    social: z.string(),
    storage: z.string(),
    maxVideoBytes: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The largest video /api/uploads takes (MAX_VIDEO_MB); null when it takes none." }),
    version: z.string(),
  })
  .meta({ id: "PublicConfig" });

const routes = {
  config: createRoute({
    method: "get",
    path: "/public-config",
    tags: ["System"],
    summary: "What the server runs with (sign-in options and the adapters the screens label).",
    security: [],
    responses: { 200: jsonAnswer(publicConfigView, "The public configuration.") },
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
      201: jsonAnswer(
        z.object({ id: z.string() }).meta({ id: "DataDeletionRequest" }),
        "The recorded request; a confirmation link goes to the address when it has an account.",
      ),
    },
  }),
  confirmDataDeletion: createRoute({
    method: "post",
    path: "/data-deletion-requests/confirm",
    tags: ["Account"],
    summary: "Follow the e-mailed deletion link: erases the account it was sent for (no sign-in needed).",
    security: [],
    middleware: readJsonBody,
    request: { body: jsonBody(confirmDataDeletionInput) },
    responses: {
      200: jsonAnswer(z.object({ deleted: z.literal(true) }), "Everything of the account is gone."),
    },
  }),
};

/** Routes a signed-out visitor may call. */
export function createPublicRoutes(deps: AppDeps) {
  const limitDeletionRequests = limitPerClientAddress({
    ...DATA_DELETION_RATE_LIMIT,
    trustProxy: deps.trustProxy,
  });
  // Its own counter: following a link must still work after the form was sent a few times.
  const limitDeletionConfirmations = limitPerClientAddress({
    ...DATA_DELETION_RATE_LIMIT,
    trustProxy: deps.trustProxy,
  });
  return createRoutes()
    .openapi(routes.config, (c) =>
      c.json(
        {
          facebookLogin: deps.facebookLogin,
          mail: deps.mailer.kind,
          localMailbox: canOpenMailbox(c, deps),
          ai: deps.ai.kind,
          images: deps.images.kind,
          social: deps.social.kind,
          storage: deps.storage.kind,
          maxVideoBytes: deps.uploads?.maxVideoBytes ?? null,
          version: deps.version,
        } satisfies PublicConfig,
        200,
      ),
    )
    .openapi({ ...routes.dataDeletion, middleware: [limitDeletionRequests, readJsonBody] }, async (c) => {
      const result = await requestDataDeletion(
        {
          db: deps.database.db,
          mailer: deps.mailer,
          now: deps.now ?? (() => new Date()),
          confirmUrl: accountConfirmationOf(deps).deletionLinkUrl,
        },
        c.req.valid("json"),
      );
      deps.logger.info("data deletion requested", { id: result.id });
      return c.json(result, 201);
    })
    .openapi(
      { ...routes.confirmDataDeletion, middleware: [limitDeletionConfirmations, readJsonBody] },
      async (c) => {
        // The link's token names the account; the caller is signed out.
        const result = await confirmDataDeletion(
          {
            db: deps.database.db,
            events: deps.events,
            now: deps.now ?? (() => new Date()),
            ai: deps.ai,
            plans: deps.plans,
            social: deps.social,
            images: deps.images,
            imaging: deps.imaging,
            videos: deps.videos,
            storage: deps.storage,
            mediaUrls: deps.mediaUrls,
            jobs: deps.jobs,
            web: deps.web,
            billing: deps.billing,
            accountConfirmation: accountConfirmationOf(deps),
          },
          c.req.valid("json"),
        );
        deps.logger.info("data deletion confirmed by e-mail link");
        return c.json(result, 200);
      },
    );
}
