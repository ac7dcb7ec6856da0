import { randomUUID } from "node:crypto";
import type { Deps, UserContext } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { user } from "@smm/domain/db/schema";
import type { AddressedEvent, EventBus } from "@smm/domain/events";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import type { AiProvider } from "@smm/domain/ports";
import { createOfflineAiProvider } from "../../apps/server/src/adapters/offline-ai";
import { createLogger } from "../../apps/server/src/lib/logger";
import { createSocialSetup } from "../../apps/server/src/networks/setup";
import { createTestClock, type TestClock } from "./app";
import { createTestDatabase } from "./database";
import { createTestJobQueue, createTestMediaPorts, createTestWebFetcher, type TestJobQueue } from "./ports";

/** An event bus that keeps what was published, for asserting which events a use case raised. */
export interface RecordingEventBus extends EventBus {
  published: AddressedEvent[];
}

export function createRecordingEventBus(): RecordingEventBus {
  const published: AddressedEvent[] = [];
  return {
    published,
    async publish(userId, event) {
      published.push({ userId, event });
    },
    async subscribe() {
      return async () => {};
    },
    async close() {},
  };
}

export interface DomainTestContext {
  database: Database;
  deps: Deps;
  events: RecordingEventBus;
  clock: TestClock;
  /** Queued generations; run them with `jobs.runQueued()`. */
  jobs: TestJobQueue;
  /** Inserts a user row (as sign-up would) and returns its id. */
  createUser(): Promise<string>;
  as(userId: string): UserContext;
  close(): Promise<void>;
}

/** Use cases on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with recording ports. */
export async function createDomainTestContext(
  options: { ai?: AiProvider; overrides?: Partial<Deps> } = {},
): Promise<DomainTestContext> {
  const database = await createTestDatabase();
  const events = createRecordingEventBus();
  const clock = createTestClock();
  const media = createTestMediaPorts();
  const jobs = createTestJobQueue(() => deps, { auto: false });
  // The server's own channel router: a brand with no page publishes to the sandbox, as in the app.
  const socialSetup = await createSocialSetup({
    env: {
      dataDir: "",
      publicUrl: "https://app.example.com",
      TOKEN_ENCRYPTION_KEY: "ab".repeat(32),
      FACEBOOK_APP_ID: undefined,
      FACEBOOK_APP_SECRET: undefined,
      META_GRAPH_URL: "http://127.0.0.1:9",
      META_DIALOG_URL: "http://127.0.0.1:9",
      META_GRAPH_VERSION: "v25.0",
    },
    db: database.db,
    logger: createLogger("silent"),
    secret: "test-secret-0123456789abcdef0123456789",
    storage: media.storage,
    expiry: { db: database.db, events, now: clock.now },
  });
  const deps: Deps = {
    db: database.db,
    events,
    now: clock.now,
    ai: options.ai ?? createOfflineAiProvider(),
    plans: createPlanCatalogue(localPlanPriceIds),
    social: socialSetup.social,
    images: media.images,
    imaging: media.imaging,
    videos: media.videos,
    storage: media.storage,
    mediaUrls: media.mediaUrls,
    jobs,
    web: createTestWebFetcher(),
    ...options.overrides,
  };
  return {
    database,
    deps,
    events,
    clock,
    jobs,
    async createUser() {
      const id = randomUUID().replaceAll("-", "");
      await database.db
        .insert(user)
        .values({ id, name: "Test", email: `${id}@example.com`, emailVerified: true });
      return id;
    },
    as: (userId) => ({ ...deps, userId }),
    close: async () => {
      await database.close();
      media.removeUploads();
    },
  };
}
