import type { Db } from "./db/database";
import type { UserBrand } from "./db/schema/brands";
import type { EventBus } from "./events/types";
import type { PlanCatalogue } from "./plans/catalogue";
import type {
  AccountConfirmation,
  AiProvider,
  Billing,
  ChannelConnectors,
  FileStorage,
  ImageGenerator,
  ImageProcessor,
  JobQueue,
  MediaUrlSigner,
  SocialConnectors,
  SocialNetwork,
  VideoTools,
  WebFetcher,
} from "./ports";

/** The transaction handle drizzle passes to `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Queries that may run inside a caller's transaction accept either. */
export type DbExecutor = Db | DbTransaction;

/**
 * What every use case receives: who is asking and the ports it may use. Routes, tools and jobs
 * build it; tests build it with a real database and fake ports.
 */
export interface Deps {
  db: Db;
  events: EventBus;
  /** The current time; injectable so quota windows and schedules are testable. */
  now: () => Date;
  /** Text generation: the offline model by default, OpenAI when configured. */
  ai: AiProvider;
  /** Plans and the billing price ids that map a subscription to a plan. */
  plans: PlanCatalogue;
  /** Where approved posts are published: the sandbox network by default, Meta when connected. */
  social: SocialNetwork;
  /** Image generation: the offline renderer by default, the OpenAI image model when configured. */
  images: ImageGenerator;
  /** Pixel work: probing uploads, watermarks, background removal. */
  imaging: ImageProcessor;
  /** Video work: probing uploads, poster frames, transcoding for networks (ffprobe/ffmpeg on the server). */
  videos: VideoTools;
  /** Stored files (uploads, generated images, watermarks, videos). */
  storage: FileStorage;
  /** Signed, expiring URLs for stored media. */
  mediaUrls: MediaUrlSigner;
  /** Background work (the generation pipeline). */
  jobs: JobQueue;
  /** Public web pages (website analysis), fetched with the SSRF guard of the server's adapter. */
  web: WebFetcher;
  /** Measurements the server exports (GET /metrics); absent where nobody watches (tests, scripts). */
  observe?: Observers;
}

/** Hooks the use cases call where something worth measuring happens; they never throw or wait. */
export interface Observers {
  /** A scheduled post was recorded as published: when it was due and when it went out. */
  postPublished?(event: { scheduledAt: Date; publishedAt: Date }): void;
  /** A post's generation run ended (the server's job around runPostGeneration). */
  generationFinished?(event: { outcome: string; seconds: number }): void;
}

export interface UserContext extends Deps {
  userId: string;
  /**
   * Payments (Stripe, or the embedded local checkout). Requests carry it; background work and tests that
   * never bill run without it, and the billing use cases refuse to run then (requireBilling).
   */
  billing?: Billing;
  /** Connecting pages and ad accounts (requests carry it; background work never connects). */
  connectors?: SocialConnectors;
  /** Connecting the other channels: Bluesky, Mastodon... (requests carry it). */
  channels?: ChannelConnectors;
  /** Password checks and account mail (requests carry it): deleting one's own account needs it. */
  accountConfirmation?: AccountConfirmation;
}

/** A user context resolved to one of the user's brands (the active one, or X-Brand-Id). */
export interface BrandContext extends UserContext {
  brandId: string;
  /**
   * The brand's row as resolveBrand read it (forOneCall) for a single use case (the tool API's call), so a read
   * of the brand itself (getBrand) does not ask the database twice. Writes never use it. Ignored unless it
   * is still this context's brand (a context spread onto another brand id keeps a stale one).
   */
  resolvedBrand?: UserBrand;
}
