import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Database } from "@smm/domain/db";
import type { EventBus } from "@smm/domain/events";
import type { PlanCatalogue } from "@smm/domain/plans";
import type {
  AiProvider,
  Billing,
  ChannelConnectors,
  FileStorage,
  ImageGenerator,
  ImageProcessor,
  JobQueue,
  Mailer,
  MediaUrlSigner,
  SocialConnectors,
  SocialNetwork,
  VideoTools,
  WebFetcher,
} from "@smm/domain/ports";
import type { Auth } from "./auth";
import type { Logger } from "./lib/logger";
import type { Metrics } from "./lib/metrics";
import type { SandboxConnector } from "./networks/sandbox/sandbox-connector";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The connectors, with the sandbox one its consent page signs codes with. */
export type AppConnectors = SocialConnectors & { sandbox: SandboxConnector };

/** Everything createApp needs; main.ts builds the real ones, tests build their own. */
export interface AppDeps {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** The outbox the local mailbox page reads; absent with SMTP or in production (routes/mailbox.ts). */
  localMailbox?: { dir: string };
  events: EventBus;
  /** Text generation: the offline model, or OpenAI when OPENAI_API_KEY is set. */
  ai: AiProvider;
  /** Plans and the configured billing price ids. */
  plans: PlanCatalogue;
  /** Payments: Stripe when STRIPE_SECRET_KEY is set, else the local checkout (no card is charged). */
  billing: Billing;
  /** Verifies the webhook's Stripe-Signature (STRIPE_WEBHOOK_SECRET, or the one generated into DATA_DIR). */
  billingWebhookSecret: string;
  /**
   * Meta's webhook (/webhooks/meta): deliveries are signed with the app secret (FACEBOOK_APP_SECRET; null:
   * refused with 503), the subscription handshake answered with META_WEBHOOK_VERIFY_TOKEN (null: refused).
   */
  metaWebhooks?: { appSecret: string | null; verifyToken: string | null };
  /** Where approved posts go: the sandbox network by default. */
  social: SocialNetwork;
  /** Connecting pages and ad accounts: Meta when the app is configured, the sandbox's consent page else. */
  connectors?: AppConnectors;
  /** Connecting the other channels (Bluesky, Mastodon...) through the network registry. */
  channels?: ChannelConnectors;
  /** Images: the offline renderer, or the OpenAI image model. */
  images: ImageGenerator;
  imaging: ImageProcessor;
  /** ffprobe/ffmpeg for videos (adapters/video-tools.ts). */
  videos: VideoTools;
  storage: FileStorage;
  /**
   * Resumable uploads (/api/uploads, tus): the folder unfinished uploads are written to (beside the stored
   * files, so a finished one is moved in, not copied) and the largest video taken (MAX_VIDEO_MB). Absent: the
   * route answers 404.
   */
  uploads?: { dir: string; maxVideoBytes: number };
  mediaUrls: MediaUrlSigner;
  /** Background work (the generation pipeline on pg-boss). */
  jobs: JobQueue;
  /** The chat's model (a port): OpenAI-compatible when configured, else the embedded offline assistant. */
  chatModel: LanguageModelV3;
  /** Public web pages for website analysis, behind the SSRF guard. */
  web: WebFetcher;
  /** The clock of every use case; tests move it to cross quota windows and period ends. */
  now?: () => Date;
  logger: Logger;
  /** What GET /metrics exports (lib/metrics.ts); absent: nothing is measured and /metrics answers 403. */
  metrics?: Metrics;
  /** METRICS_TOKEN: the bearer token a scraper of /metrics sends; absent: /metrics answers nobody. */
  metricsToken?: string;
  version: string;
  /** Folder of the built web app; absent when only the API is served. */
  webDist?: string;
  facebookLogin: boolean;
  /**
   * Embedded defaults (no PUBLIC_URL): pages and MCP clients on this machine's localhost, any port, count as
   * ours (the MCP origin rule).
   */
  localOrigins?: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * Check every answer against its declared schema and turn a drift into a 500 (tests; see
   * lib/response-checks.ts). Off in production.
   */
  checkResponses?: boolean;
  /** Aborted when the process is stopping, so long-lived streams end and shutdown is not held up. */
  shutdownSignal?: AbortSignal;
}

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    authMethod: "session" | "api_key" | null;
    /** X-Request-Id: the incoming one when valid, else made here (middleware/request-context.ts). */
    requestId: string;
  };
}
