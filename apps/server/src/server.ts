import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve as resolvePath } from "node:path";
import { createOpenAI } from "@ai-sdk/openai";
import { serve } from "@hono/node-server";
import type { Database } from "@smm/domain/db";
import type { EventBus } from "@smm/domain/events";
import { createPlanCatalogue } from "@smm/domain/plans";
import type { AiProvider, SocialNetwork, WebFetcher } from "@smm/domain/ports";
import { findRepoRoot } from "@smm/domain/repo-root";
import { openDatabase } from "@smm/infra/database";
import { createLocalEventBus, createPostgresEventBus } from "@smm/infra/event-bus";
import { migrateDatabase } from "@smm/infra/migrate";
import {
  createLocalBilling,
  createWebhookDelivery,
  loadOrCreateWebhookSecret,
} from "./adapters/local-billing";
import { createLocalStorage, incomingUploadsDir, uploadsDir } from "./adapters/local-storage";
import { createOutboxMailer, createSmtpMailer } from "./adapters/mail";
import { createMediaUrlSigner } from "./adapters/media-url-signer";
import { createOfflineAiProvider } from "./adapters/offline-ai";
import { createOfflineAssistantModel } from "./adapters/offline-assistant/model";
import { createOfflineImageGenerator } from "./adapters/offline-images";
import { createOpenAiProvider } from "./adapters/openai";
import { createOpenAiImageGenerator } from "./adapters/openai-images";
import { createS3Storage, s3OptionsOf } from "./adapters/s3-storage";
import { createSafeWebFetcher } from "./adapters/safe-web-fetcher";
import { createSharpImageProcessor } from "./adapters/sharp-imaging";
import { createStripeBilling } from "./adapters/stripe-billing";
import { createFfmpegVideoTools } from "./adapters/video-tools";
import { createApp } from "./app";
import { createAuth, loadOrCreateAuthSecret } from "./auth";
import { warmChat } from "./chat/warm-chat";
import type { Env } from "./env";
import { type Jobs, startJobs } from "./jobs";
import type { Logger } from "./lib/logger";
import { createMetrics, observersOf } from "./lib/metrics";
import { createSocialSetup } from "./networks/setup";
import { localMailboxFor } from "./routes/mailbox";

const repoRoot = findRepoRoot(import.meta.url);

export interface RunningServer {
  database: Database;
  events: EventBus;
  jobs: Jobs;
  server: Server;
  port: number;
  bootMs: number;
  /** Stop accepting, finish in-flight requests, drain jobs, close the database. */
  stop(): Promise<void>;
}

export function readVersion(): string {
  return (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
}

/** Boot order: database (+ migrations) -> auth and mail -> jobs -> HTTP. */
/** What a test that boots the real server may put in place of a part; nothing in the environment sets it. */
export interface ServerOverrides {
  /** The Playwright suite's fixture website, reached through the same guard with its one allowance. */
  web?: WebFetcher;
  /** Crash tests: the network and the model the background jobs use, wrapped (slowed, to kill mid-call). */
  social?: (network: SocialNetwork) => SocialNetwork;
  jobsAi?: (ai: AiProvider) => AiProvider;
  /** Crash tests: the event bus, wrapped to see what this process publishes from its first moment. */
  events?: (bus: EventBus) => EventBus;
  /** Date-dependent browser specs: the one clock of every use case, job and adapter of this server. */
  now?: () => Date;
  /** Crash tests: the channel providers' SSRF guard lets their fake networks' loopback ports through. */
  channelTesting?: { allowAddress: (address: string, port: number) => boolean };
}

export async function startServer(
  env: Env,
  logger: Logger,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const startedAt = performance.now();
  const now = overrides.now ?? (() => new Date());
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : join(env.dataDir, "pg"),
    maxConnections: env.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(database);
  // One registry for this instance: requests, jobs and provider calls all write into it (GET /metrics).
  const metrics = createMetrics({ database });
  logger.info("database ready", { kind: database.kind });

  const mailer = env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, logger })
    : createOutboxMailer({ dir: join(env.dataDir, "outbox"), from: env.MAIL_FROM, logger });
  const authSecret = await loadOrCreateAuthSecret(env.dataDir, env.BETTER_AUTH_SECRET);
  const facebook =
    env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? {
          appId: env.FACEBOOK_APP_ID,
          appSecret: env.FACEBOOK_APP_SECRET,
          graphUrl: env.META_GRAPH_URL,
          dialogUrl: env.META_DIALOG_URL,
          version: env.META_GRAPH_VERSION,
        }
      : undefined;
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    publicUrl: env.publicUrl,
    secret: authSecret,
    trustedOrigins: env.NODE_ENV === "development" ? ["http://localhost:5173"] : [],
    rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    facebook,
  });

  const ai: AiProvider = env.OPENAI_API_KEY
    ? createOpenAiProvider({
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        textModel: env.OPENAI_TEXT_MODEL,
        logger,
      })
    : createOfflineAiProvider();
  logger.info("ai ready", {
    kind: ai.kind,
    ...(ai.kind === "openai" ? { model: env.OPENAI_TEXT_MODEL } : {}),
  });
  const images = env.OPENAI_API_KEY
    ? createOpenAiImageGenerator({
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        imageModel: env.OPENAI_IMAGE_MODEL,
        logger,
      })
    : createOfflineImageGenerator();
  // S3_BUCKET set: every instance shares the bucket; else this machine's uploads folder.
  const s3 = s3OptionsOf(env);
  const media = {
    images,
    imaging: createSharpImageProcessor({ logger }),
    videos: createFfmpegVideoTools({ workDir: join(env.dataDir, "tmp", "video"), logger }),
    storage: s3 ? createS3Storage(s3) : createLocalStorage(uploadsDir(env.dataDir)),
    mediaUrls: createMediaUrlSigner(authSecret),
  };
  logger.info("storage ready", { kind: media.storage.kind });
  const plans = createPlanCatalogue({
    proMonthly: env.STRIPE_PRICE_PRO_MONTHLY,
    proYearly: env.STRIPE_PRICE_PRO_YEARLY,
    enterpriseMonthly: env.STRIPE_PRICE_ENTERPRISE_MONTHLY,
    enterpriseYearly: env.STRIPE_PRICE_ENTERPRISE_YEARLY,
  });

  const billingWebhookSecret = await loadOrCreateWebhookSecret(env.dataDir, env.STRIPE_WEBHOOK_SECRET);
  const webhookDelivery = createWebhookDelivery(env.publicUrl);
  const billing = env.STRIPE_SECRET_KEY
    ? createStripeBilling({
        secretKey: env.STRIPE_SECRET_KEY,
        apiUrl: env.STRIPE_API_URL,
        appUrl: env.publicUrl,
        logger,
      })
    : createLocalBilling({
        db: database.db,
        appUrl: env.publicUrl,
        webhookSecret: billingWebhookSecret,
        deliver: webhookDelivery.deliver,
        now,
      });
  logger.info("billing ready", { kind: billing.kind });

  const bus = database.kind === "postgres" ? createPostgresEventBus(database.sql) : createLocalEventBus();
  const events = overrides.events?.(bus) ?? bus;
  const shutdown = new AbortController();
  const socialSetup = await createSocialSetup({
    env,
    db: database.db,
    logger,
    observeProviderCall: metrics.observeProviderCall,
    secret: authSecret,
    expiry: { db: database.db, events, now },
    storage: media.storage,
    ...(overrides.channelTesting ? { channelTesting: overrides.channelTesting } : {}),
  });
  const social = overrides.social?.(socialSetup.social) ?? socialSetup.social;
  logger.info("social network ready", { newConnections: socialSetup.connectors.current.kind });
  // The SSRF guard at its production settings: no allowance, public addresses only.
  const web = overrides.web ?? createSafeWebFetcher();
  const jobs = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger,
    billing,
    renewExpiringTokens: socialSetup.renewExpiringTokens,
    publishConcurrency: env.PUBLISH_CONCURRENCY,
    deps: {
      db: database.db,
      events,
      now,
      ai: overrides.jobsAi?.(ai) ?? ai,
      plans,
      social,
      ...media,
      web,
      observe: observersOf(metrics),
    },
  });
  if (!jobs.queue) throw new Error("job queue did not start");

  // The outbox readable at /api/mailbox, on the embedded mail default outside production only.
  const localMailbox = localMailboxFor(env);
  const chatModel = env.OPENAI_API_KEY
    ? createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL }).chat(env.OPENAI_TEXT_MODEL)
    : createOfflineAssistantModel({ now });
  const app = createApp({
    database,
    auth,
    mailer,
    ...(localMailbox ? { localMailbox } : {}),
    events,
    ai,
    plans,
    billing,
    billingWebhookSecret,
    metaWebhooks: {
      appSecret: env.FACEBOOK_APP_SECRET ?? null,
      verifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? null,
    },
    social,
    connectors: socialSetup.connectors,
    channels: socialSetup.channels,
    ...media,
    uploads: { dir: incomingUploadsDir(env.dataDir), maxVideoBytes: env.MAX_VIDEO_MB * 1024 * 1024 },
    web,
    jobs: jobs.queue,
    chatModel,
    logger,
    metrics,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    version: readVersion(),
    webDist: env.WEB_DIST ? resolvePath(env.WEB_DIST) : join(repoRoot, "apps/web/dist"),
    facebookLogin: Boolean(facebook),
    trustProxy: env.TRUST_PROXY,
    localOrigins: !env.PUBLIC_URL,
    shutdownSignal: shutdown.signal,
    now,
  });

  webhookDelivery.bind((request) => app.fetch(request));

  // Handlers still running, counted apart from sockets: a client that hangs up mid-request closes its socket,
  // but the handler goes on using the database, which must outlive it.
  let running = 0;
  let idle: (() => void) | null = null;
  const fetch: typeof app.fetch = async (...args) => {
    running += 1;
    try {
      return await app.fetch(...args);
    } finally {
      running -= 1;
      if (running === 0) idle?.();
    }
  };
  const handlersDone = () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve));

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const bootMs = Math.round(performance.now() - startedAt);
  // Off the boot path: the server already answers while the chat's tool schemas are prepared.
  setImmediate(() => {
    warmChat(chatModel).catch((error: unknown) => logger.warn("chat warm-up failed", { error }));
  });

  return {
    database,
    events,
    jobs,
    server,
    port,
    bootMs,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      shutdown.abort();
      server.closeIdleConnections();
      // Long-lived connections (event streams) get the shutdown budget, then are cut.
      const cut = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(cut);
      const budget = new Promise<void>((resolve) => setTimeout(resolve, env.SHUTDOWN_TIMEOUT_MS).unref());
      await Promise.race([handlersDone(), budget]);
      await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
      await events.close();
      await database.close();
    },
  };
}
