import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError, type ErrorBody, isAppError } from "@smm/domain/errors";
import { requireApiAccess } from "@smm/domain/plans";
import { HTTPException } from "hono/http-exception";
import type { AppDeps, AppEnv } from "./context";
import { ApiAccessMemory } from "./lib/api-access-memory";
import { ApiKeyLimiter } from "./lib/api-key-limiter";
import { requireOwnNamedBrand, userContext } from "./lib/domain-context";
import { checkResponses } from "./lib/response-checks";
import { canChangeSessions, SessionCache } from "./lib/session-cache";
import { createStaticHandler } from "./lib/static";
import { refuseCrossSiteWrites } from "./middleware/cross-site";
import { trackRequests } from "./middleware/request-context";
import { limitRequestBodies } from "./middleware/request-limits";
import { addSecurityHeaders } from "./middleware/security-headers";
import { headersWithClientIp, requireSignedIn, sessionMiddleware } from "./middleware/session";
import { createAccountRoutes } from "./routes/account";
import { createAgentRoutes } from "./routes/agent";
import { createAnalyticsRoutes } from "./routes/analytics";
import { createBillingRoutes } from "./routes/billing";
import { createBrandRoutes } from "./routes/brands";
import { createCampaignRoutes } from "./routes/campaigns";
import { createCaptionRoutes } from "./routes/captions";
import { createChannelRoutes } from "./routes/channels";
import { createChatRoutes } from "./routes/chat";
import { createConnectionRoutes } from "./routes/connections";
import { createEnhanceRoutes } from "./routes/enhance";
import { createEventRoutes } from "./routes/events";
import { createHealthRoutes } from "./routes/health";
import { createImageStyleRoutes } from "./routes/image-styles";
import { createLocalCheckoutRoutes } from "./routes/local-checkout";
import { createMailboxRoutes, MAILBOX_PATH } from "./routes/mailbox";
import { createMcpRoutes, refuseForeignMcpOrigins } from "./routes/mcp";
import { createMeRoutes } from "./routes/me";
import { createMediaRoutes } from "./routes/media";
import { createMetaWebhookRoutes } from "./routes/meta-webhooks";
import { createMetricsRoutes } from "./routes/metrics";
import { createNotificationRoutes } from "./routes/notifications";
import { createOpenApiRoutes } from "./routes/openapi";
import { createPlanRoutes } from "./routes/plan";
import { createPostRoutes } from "./routes/posts";
import { createPublicRoutes } from "./routes/public";
import { createSandboxConnectRoutes } from "./routes/sandbox-connect";
import { createTemplateRoutes } from "./routes/templates";
import { createToolRoutes } from "./routes/tools";
import { createUploadRoutes } from "./routes/uploads";
import { createWatermarkRoutes } from "./routes/watermark";

const openApiPaths = [
  /^\/api\/health(\/live|\/ready)?\/?$/,
  // The API's description is public, like any API reference.
  /^\/api\/openapi\.json$/,
  /^\/api\/docs\/?$/,
  /^\/api\/public-config\/?$/,
  /^\/api\/data-deletion-requests\/?$/,
  /^\/api\/data-deletion-requests\/confirm\/?$/,
  // The local mailbox is read before signing in (the confirmation link is in it); it checks the socket itself.
  /^\/api\/mailbox(\/[^/]+)?\/?$/,
  // Signed links: the signature is the permission (networks fetch images without a session).
  /^\/api\/media\/[^/]+\/file$/,
];

/** Signed-out writes whose own signature is the permission (Stripe's webhook); no page of ours sends them. */
const signatureCheckedPaths = [/^\/api\/billing\/webhook\/?$/];

/** The routes that take a file (multipart) and check its size themselves (the spec's image-size text). */
const uploadPaths = [
  /^\/api\/media\/?$/,
  /^\/api\/media\/chat\/?$/,
  /^\/api\/watermark\/image\/?$/,
  /^\/api\/templates\/images\/?$/,
];
/** Resumable uploads (tus): bytes in `application/offset+octet-stream`, each request with `Tus-Resumable`. */
const resumableUploadPaths = [/^\/api\/uploads(\/[^/]+)?\/?$/];
/** Routes with a body limit of their own instead of the app's 1 MB for JSON. */
const ownBodyLimitPaths = [...uploadPaths, ...resumableUploadPaths, /^\/api\/chat\/?$/];

/** Builds the HTTP app from its dependencies; no I/O happens until a request arrives. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.onError((error, c) => {
    // A 5xx body carries the request id its log lines carry, so a user's report finds them.
    const withRequestId = (body: ErrorBody) => ({ error: { ...body.error, requestId: c.get("requestId") } });
    if (isAppError(error))
      return c.json(error.status >= 500 ? withRequestId(error.toBody()) : error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const code =
        error.status === 401 ? "unauthenticated" : error.status === 404 ? "not_found" : "invalid_input";
      return c.json(new AppError(code, error.message || "Bad request").toBody(), error.status);
    }
    deps.logger.error("unhandled error", {
      error,
      method: c.req.method,
      path: c.req.path,
      requestId: c.get("requestId"),
    });
    return c.json(
      withRequestId(new AppError("internal", "Something went wrong. Please try again.").toBody()),
      500,
    );
  });

  // Outermost: every answer, including a response check's, carries X-Request-Id and is timed.
  app.use("*", trackRequests(deps.metrics));
  // Tests: every answer checked against what its route declares (lib/response-checks.ts).
  if (deps.checkResponses) app.use("*", checkResponses(app));
  // First, so every answer (an error, a refusal, a page) carries them.
  app.use("*", addSecurityHeaders());
  // Before anything reads a body: an oversized one is refused unread (413), not parsed into the heap.
  app.use("*", limitRequestBodies(ownBodyLimitPaths));

  const sessions = new SessionCache();
  const withCaller = sessionMiddleware(deps, { sessions, keyLimiter: new ApiKeyLimiter() });
  // better-auth's own list: PUBLIC_URL, and the Vite dev server in development.
  const trustedOrigins = Array.isArray(deps.auth.options.trustedOrigins)
    ? deps.auth.options.trustedOrigins
    : [];
  const refuseCrossSite = refuseCrossSiteWrites({
    trustedOrigins,
    publicPaths: [...openApiPaths, /^\/api\/auth\//],
    uploadPaths,
    resumableUploadPaths,
  });
  // Sign-up, sign-in and the rest are public writes. better-auth checks their Origin too; this adds the JSON
  // rule, and the same refusal as the rest of the API.
  app.use("/api/auth/*", refuseCrossSite);

  // Creating an API key is an Enterprise feature; better-auth's plugin knows nothing of plans.
  app.use("/api/auth/api-key/create", withCaller, async (c, next) => {
    await requireApiAccess(userContext(c, deps));
    return next();
  });

  // better-auth answers its own routes; it gets the caller's address for its rate limiter.
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const response = await deps.auth.handler(
      new Request(c.req.raw, { headers: headersWithClientIp(c, deps.trustProxy) }),
    );
    // After the change is made, so no request can re-remember the old session in between.
    if (canChangeSessions(c.req.method, c.req.path)) sessions.clear();
    return response;
  });

  app.use("/api/*", withCaller);
  app.use("/api/*", requireSignedIn([...openApiPaths, ...signatureCheckedPaths]));
  // After the caller is known: cookie and public writes must be our pages' JSON; API-key calls go through.
  app.use("/api/*", refuseCrossSite);
  // Every route, including those that act on the user (plan, notifications, user-level tools): a named
  // brand that is not the caller's is 404, never silently ignored.
  const ownNamedBrand = requireOwnNamedBrand(deps);
  app.use("/api/*", ownNamedBrand);
  // A deleted account's sessions are gone from the database; forget the ones remembered here too.
  app.use("/api/account/delete", async (c, next) => {
    await next();
    if (c.res.ok) sessions.clear();
  });
  // A key made while on Enterprise stops working when the plan ends.
  const apiAccess = new ApiAccessMemory();
  app.use("/api/*", async (c, next) => {
    if (c.get("authMethod") === "api_key") await apiAccess.require(userContext(c, deps));
    return next();
  });

  // One chain, so the app's type carries every route for the web's typed client (AppType).
  const api = app
    .route("/api/health", createHealthRoutes(deps))
    .route("/api", createPublicRoutes(deps))
    .route("/api/me", createMeRoutes())
    .route("/api/events", createEventRoutes(deps))
    .route("/api/brands", createBrandRoutes(deps))
    .route("/api/plan", createPlanRoutes(deps))
    .route("/api/billing", createBillingRoutes(deps))
    .route("/api/account", createAccountRoutes(deps))
    .route("/api/posts", createPostRoutes(deps))
    .route("/api/captions", createCaptionRoutes(deps))
    .route("/api/agent", createAgentRoutes(deps))
    .route("/api/analytics", createAnalyticsRoutes(deps))
    .route("/api/campaigns", createCampaignRoutes(deps))
    .route("/api/notifications", createNotificationRoutes(deps))
    .route("/api/media", createMediaRoutes(deps))
    .route("/api/uploads", createUploadRoutes(deps))
    .route("/api/watermark", createWatermarkRoutes(deps))
    .route("/api/image-styles", createImageStyleRoutes(deps))
    .route("/api/templates", createTemplateRoutes(deps))
    .route("/api/enhance-content", createEnhanceRoutes(deps))
    .route("/api/connections", createConnectionRoutes(deps))
    .route("/api/channels", createChannelRoutes(deps))
    .route("/api/tools", createToolRoutes(deps))
    .route("/api/chat", createChatRoutes(deps));
  // The description is made from the declarations above (app.route copies each sub-app's into app).
  app.route("/api", createOpenApiRoutes(deps, app));

  // HTML pages, not part of the typed API (only on the embedded mail default, for this machine).
  app.route(MAILBOX_PATH, createMailboxRoutes(deps));

  app.all("/api/*", (c) => c.json(new AppError("not_found", "Not found").toBody(), 404));

  app.use(
    "/mcp",
    refuseForeignMcpOrigins(trustedOrigins, { localOrigins: deps.localOrigins ?? false }),
    withCaller,
    refuseCrossSite,
    ownNamedBrand,
  );
  app.route("/mcp", createMcpRoutes(deps, apiAccess));

  // Prometheus' scrape (token-protected; routes/metrics.ts), outside the typed API.
  app.route("/metrics", createMetricsRoutes(deps));

  // The local checkout's page (only answers when billing is the embedded one).
  app.route("/billing", createLocalCheckoutRoutes(deps));
  // The sandbox's consent page, opened in the connect popup when no Meta app is configured.
  app.route("/connect", createSandboxConnectRoutes(deps));
  // Meta's comment deliveries: signed with the app secret, no session (routes/meta-webhooks.ts).
  app.route("/webhooks/meta", createMetaWebhookRoutes(deps));

  if (deps.webDist) {
    const serveWeb = createStaticHandler(deps.webDist);
    app.get("*", serveWeb);
  }
  app.notFound((c) => c.json(new AppError("not_found", "Not found").toBody(), 404));

  return api;
}

export type App = ReturnType<typeof createApp>;
/** The API's routes, inputs and answers: the web's typed client is `hc<AppType>`. */
export type AppType = App;
