import { join } from "node:path";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Deps, UserContext } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { stripeUserSubscriptions } from "@smm/domain/db/schema";
import type { AppEvent, EventBus } from "@smm/domain/events";
import { createPlanCatalogue, localPlanPriceIds, type PlanCatalogue } from "@smm/domain/plans";
import type { AiProvider, Billing, Mailer, MailMessage, WebFetcher } from "@smm/domain/ports";
import { createLocalEventBus, createPostgresEventBus } from "@smm/infra/event-bus";
import { eq } from "drizzle-orm";
import { createLocalBilling, createWebhookDelivery } from "../../apps/server/src/adapters/local-billing";
import { createOfflineAiProvider } from "../../apps/server/src/adapters/offline-ai";
import { createOfflineAssistantModel } from "../../apps/server/src/adapters/offline-assistant/model";
import { createApp } from "../../apps/server/src/app";
import { createAuth } from "../../apps/server/src/auth";
import { createLogger, type Logger } from "../../apps/server/src/lib/logger";
import { createMetrics, type Metrics, observersOf } from "../../apps/server/src/lib/metrics";
import { createSocialSetup } from "../../apps/server/src/networks/setup";
import { createTestDatabase } from "./database";
import { testPasswordHashing } from "./password-hashing";
import { createTestJobQueue, createTestMediaPorts, createTestWebFetcher, type TestJobQueue } from "./ports";
import { saveResponseCheckStats } from "./response-check-stats";

export const TEST_ORIGIN = "http://localhost:3000";
/** The webhook secret of test apps: tests sign their own Stripe events with it. */
export const TEST_WEBHOOK_SECRET = "whsec_test_secret_for_the_billing_webhook";

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
}

export function createCapturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  mailer: CapturingMailer;
  auth: ReturnType<typeof createAuth>;
  events: EventBus;
  plans: PlanCatalogue;
  /** The test clock the app's use cases read; move it with `clock.set()`. */
  clock: TestClock;
  /** The use cases' dependencies as the app's routes see them (for acting as a job or a tool would). */
  deps: Deps;
  /** Generations run in the background as soon as they are queued, as on the server. */
  jobs: TestJobQueue;
  /** The real media ports on a throwaway folder. */
  media: ReturnType<typeof createTestMediaPorts>;
  /** The hourly job's renewal of channel tokens nearing their end (networks/setup.ts). */
  renewExpiringTokens(): Promise<number>;
  /** What GET /metrics exports; only with the `metricsToken` option. */
  metrics?: Metrics;
  close(): Promise<void>;
}

export interface TestClock {
  now(): Date;
  set(date: Date | null): void;
}

/** Real time until a test pins it. */
export function createTestClock(): TestClock {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned) : new Date()),
    set: (date) => {
      pinned = date;
    },
  };
}

export async function createTestContext(
  options: {
    rateLimitPerMinute?: number;
    facebookLogin?: boolean;
    ai?: AiProvider;
    /**
     * TESTS ONLY: addresses the SSRF guard lets through (e.g. `allowOnly("127.0.0.1", fixturePort)`), or a
     * whole fetcher. Absent: the guard at its production settings.
     */
    /** Lets the channel providers' SSRF guard through to fake network servers on loopback; waits made instant. */
    channelTesting?: {
      allowAddress: (address: string, port: number) => boolean;
      sleep?: (ms: number) => Promise<void>;
      networkSettings?: Record<string, string>;
    };
    webAllow?: (address: string, port: number) => boolean;
    web?: WebFetcher;
    /** The chat's model; absent: the offline assistant, as in production without OpenAI. */
    chatModel?: LanguageModelV3;
    /** Take the client address from X-Forwarded-For (default) or, as without a proxy, from the socket. */
    trustProxy?: boolean;
    /** Embedded defaults: localhost origins are ours (the MCP origin rule); false as with PUBLIC_URL set. */
    localOrigins?: boolean;
    /** A built web app to serve, for tests about pages. */
    webDist?: string;
    /** Billing other than the local checkout (Stripe against the fake), given the app's origin. */
    billing?: (appUrl: string) => Billing;
    /** A Meta app against a fake Graph server; absent: new connections go to the sandbox. */
    meta?: { graphUrl: string; appId: string; appSecret: string };
    /** META_WEBHOOK_VERIFY_TOKEN: what Meta's webhook handshake must send; absent: the handshake is refused. */
    metaWebhookVerifyToken?: string;
    /** Hash passwords at production cost (better-auth's default) instead of the tests' cheap scrypt. */
    productionPasswordHashing?: boolean;
    /** The outbox the local mailbox page reads (routes/mailbox.ts); absent: no mailbox, as with SMTP. */
    localMailbox?: { dir: string };
    /** The largest video a resumable upload may be (MAX_VIDEO_MB); default 250. */
    maxVideoMb?: number;
    /**
     * METRICS_TOKEN: requests, provider calls, publishing and the job queues are measured into the
     * context's `metrics`, scraped at GET /metrics with this token. Absent: nothing is measured.
     */
    metricsToken?: string;
    /** The app's logger; absent: a silent one. */
    logger?: Logger;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const mailer = createCapturingMailer();
  const logger = options.logger ?? createLogger("silent");
  const metrics = options.metricsToken ? createMetrics({ database }) : undefined;
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    publicUrl: TEST_ORIGIN,
    secret: "test-secret-that-is-long-enough-for-better-auth-0123456789",
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1000,
    passwordHashing: options.productionPasswordHashing ? undefined : testPasswordHashing,
    // 'Continue with Facebook' through the same fake as the page connections.
    facebook: options.meta
      ? {
          appId: options.meta.appId,
          appSecret: options.meta.appSecret,
          graphUrl: options.meta.graphUrl,
          dialogUrl: options.meta.graphUrl,
          version: "v25.0",
        }
      : undefined,
  });
  const events = database.kind === "postgres" ? createPostgresEventBus(database.sql) : createLocalEventBus();
  const plans = createPlanCatalogue(localPlanPriceIds);
  const clock = createTestClock();
  const media = createTestMediaPorts();
  const ai = options.ai ?? createOfflineAiProvider();
  const socialSetup = await createSocialSetup({
    env: {
      dataDir: "",
      publicUrl: TEST_ORIGIN,
      TOKEN_ENCRYPTION_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      FACEBOOK_APP_ID: options.meta?.appId,
      FACEBOOK_APP_SECRET: options.meta?.appSecret,
      META_GRAPH_URL: options.meta?.graphUrl ?? "http://127.0.0.1:9",
      META_DIALOG_URL: options.meta?.graphUrl ?? "http://127.0.0.1:9",
      META_GRAPH_VERSION: "v25.0",
    },
    db: database.db,
    logger,
    secret: "test-secret-that-is-long-enough-for-better-auth-0123456789",
    expiry: { db: database.db, events, now: clock.now },
    storage: media.storage,
    ...(options.channelTesting ? { channelTesting: options.channelTesting } : {}),
    ...(metrics ? { observeProviderCall: metrics.observeProviderCall } : {}),
  });
  const social = socialSetup.social;
  const { removeUploads: _remove, uploadsDir: _dir, ...mediaPorts } = media;
  const web = options.web ?? createTestWebFetcher(options.webAllow ? { allowAddress: options.webAllow } : {});
  const jobs: TestJobQueue = createTestJobQueue(() => deps, { auto: true });
  // The connectors ride along so tests that call the connection use cases directly reach the same ones.
  const deps: Deps & Pick<UserContext, "connectors" | "channels"> = {
    db: database.db,
    events,
    now: clock.now,
    ai,
    plans,
    social,
    connectors: socialSetup.connectors,
    channels: socialSetup.channels,
    ...mediaPorts,
    jobs,
    web,
    ...(metrics ? { observe: observersOf(metrics) } : {}),
  };
  const webhookDelivery = createWebhookDelivery(TEST_ORIGIN);
  const billing =
    options.billing?.(TEST_ORIGIN) ??
    createLocalBilling({
      db: database.db,
      appUrl: TEST_ORIGIN,
      webhookSecret: TEST_WEBHOOK_SECRET,
      deliver: webhookDelivery.deliver,
      now: clock.now,
    });
  const app = createApp({
    chatModel: options.chatModel ?? createOfflineAssistantModel({ now: clock.now }),
    database,
    auth,
    mailer,
    events,
    ai,
    plans,
    billing,
    billingWebhookSecret: TEST_WEBHOOK_SECRET,
    // Meta's webhook deliveries are signed with the app's secret (the fake Graph server's).
    metaWebhooks: {
      appSecret: options.meta?.appSecret ?? null,
      verifyToken: options.metaWebhookVerifyToken ?? null,
    },
    social,
    connectors: socialSetup.connectors,
    channels: socialSetup.channels,
    ...mediaPorts,
    // Resumable uploads are written inside the test's uploads folder, as on the server.
    uploads: {
      dir: join(media.uploadsDir, ".incoming"),
      maxVideoBytes: (options.maxVideoMb ?? 250) * 1024 * 1024,
    },
    jobs,
    web,
    now: clock.now,
    logger,
    version: "test",
    facebookLogin: options.facebookLogin ?? Boolean(options.meta),
    trustProxy: options.trustProxy ?? true,
    // Every answer of every route test is checked against its declared schema.
    checkResponses: true,
    localOrigins: options.localOrigins ?? true,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.localMailbox ? { localMailbox: options.localMailbox } : {}),
    ...(metrics && options.metricsToken ? { metrics, metricsToken: options.metricsToken } : {}),
  });
  webhookDelivery.bind((request) => app.fetch(request));
  return {
    app,
    database,
    mailer,
    auth,
    events,
    plans,
    clock,
    deps,
    jobs,
    media,
    renewExpiringTokens: socialSetup.renewExpiringTokens,
    ...(metrics ? { metrics } : {}),
    close: async () => {
      saveResponseCheckStats();
      await jobs.settled();
      await events.close();
      await database.close();
      media.removeUploads();
    },
  };
}

/**
 * Sends a JSON request the way a browser on our origin would: with our Origin, and (as the web client does on
 * every POST, PUT and PATCH, even without a body) a JSON content type, which the cross-site guard requires.
 * `headers` may replace either.
 */
export function jsonRequest(
  ctx: TestContext,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (init.body !== undefined || ["POST", "PUT", "PATCH"].includes(method.toUpperCase()))
    headers["content-type"] = "application/json";
  Object.assign(headers, init.headers);
  if (init.cookie) headers.cookie = init.cookie;
  return ctx.app.request(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === "string"
          ? init.body
          : JSON.stringify(init.body),
  });
}

/** Turns Set-Cookie headers into a Cookie header value. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up, opens the verification link from the captured mail, signs in; returns the session cookie. */
export async function signUpVerifiedUser(
  ctx: TestContext,
  email = uniqueEmail(),
  password = "correct-horse-9",
) {
  const signUp = await jsonRequest(ctx, "/api/auth/sign-up/email", {
    body: { email, password, name: email.split("@")[0], callbackURL: "/login?verified=1" },
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = ctx.mailer.sent.findLast((message) => message.to === email);
  if (!mail?.link) throw new Error("no verification mail captured");
  const link = new URL(mail.link);
  const verify = await ctx.app.request(`${TEST_ORIGIN}${link.pathname}${link.search}`);
  if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
  const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return { email, password, cookie: cookieFrom(signIn) };
}

/** The signed-in caller's user id (through the API, as a script would learn it). */
export async function userIdOf(ctx: TestContext, cookie: string): Promise<string> {
  const response = await jsonRequest(ctx, "/api/me", { cookie });
  if (response.status !== 200) throw new Error(`/api/me failed: ${response.status}`);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Collects the events published to one user, whichever bus the test database uses. */
export async function recordEvents(events: EventBus, userId: string) {
  const received: AppEvent[] = [];
  const unsubscribe = await events.subscribe((message) => {
    if (message.userId === userId) received.push(message.event);
  });
  return {
    received,
    /** Waits until an event matching the predicate arrives (LISTEN/NOTIFY delivers asynchronously). */
    async waitFor(predicate: (event: AppEvent) => boolean, timeoutMs = 3000): Promise<AppEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`event not received; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop: unsubscribe,
  };
}

/** Puts the user on a paid plan (or back to free with null), as the billing webhook's read model would. */
export async function setPlan(ctx: TestContext, userId: string, plan: "pro" | "enterprise" | null) {
  await ctx.database.db.delete(stripeUserSubscriptions).where(eq(stripeUserSubscriptions.userId, userId));
  if (!plan) return;
  await ctx.database.db.insert(stripeUserSubscriptions).values({
    userId,
    customerId: `cus_test_${userId}`,
    subscriptionStatus: "active",
    priceId: plan === "pro" ? localPlanPriceIds.proMonthly : localPlanPriceIds.enterpriseMonthly,
    currentPeriodEnd: new Date(ctx.clock.now().getTime() + 30 * 24 * 3_600_000),
    cancelAtPeriodEnd: false,
  });
}
