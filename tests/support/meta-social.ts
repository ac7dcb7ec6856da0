import type { Db } from "@smm/domain/db";
import type { EventBus } from "@smm/domain/events";
import type { FileStorage } from "@smm/domain/ports";
import { createLogger } from "../../apps/server/src/lib/logger";
import { createSocialSetup } from "../../apps/server/src/networks/setup";
import type { FakeMetaGraphServer } from "../fakes/meta-graph-server";

/** The token key the Meta tests seal their pages' tokens with (hex, 32 bytes). */
export const TEST_TOKEN_KEY = "cd".repeat(32);

/**
 * The server's real social wiring (routed network, Meta adapter, connectors) pointed at the fake Graph
 * server, for tests that drive the domain's use cases directly. Meta is configured unless said otherwise.
 */
export function createTestSocialSetup(options: {
  fake: FakeMetaGraphServer;
  db: Db;
  events: EventBus;
  now: () => Date;
  dataDir: string;
  metaConfigured?: boolean;
  graphTiming?: Parameters<typeof createSocialSetup>[0]["graphTiming"];
  /** Where stored images are read from (the domain test context's storage). */
  storage?: FileStorage;
}) {
  const { fake, metaConfigured = true } = options;
  return createSocialSetup({
    env: {
      dataDir: options.dataDir,
      publicUrl: "https://app.example.com",
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
      FACEBOOK_APP_ID: metaConfigured ? fake.appId : undefined,
      FACEBOOK_APP_SECRET: metaConfigured ? fake.appSecret : undefined,
      META_GRAPH_URL: fake.url,
      META_DIALOG_URL: fake.url,
      META_GRAPH_VERSION: "v25.0",
    },
    db: options.db,
    logger: createLogger("silent"),
    secret: "test-secret-0123456789abcdef0123456789",
    expiry: { db: options.db, events: options.events, now: options.now },
    storage: options.storage ?? createMemoryStorage(),
    ...(options.graphTiming ? { graphTiming: options.graphTiming } : {}),
  });
}

/** A storage that holds nothing: Meta's tests hand images by URL. */
function createMemoryStorage(): FileStorage {
  const files = new Map<string, Uint8Array>();
  return {
    kind: "local",
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => files.get(key) ?? null,
    delete: async (key) => void files.delete(key),
  };
}
