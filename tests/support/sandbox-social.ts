import type { DbExecutor } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import type { FileStorage, SocialNetwork } from "@smm/domain/ports";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTokenVault } from "../../apps/server/src/adapters/token-vault";
import { createLogger } from "../../apps/server/src/lib/logger";
import { buildSocialSetup } from "../../apps/server/src/networks/setup";

/**
 * The server's channel router on the embedded defaults (no Meta app, the sandbox for every network), built
 * synchronously for tests that assemble their own deps: what a brand with no connection publishes through.
 */
export function createSandboxSocial(db: DbExecutor, now: () => Date = () => new Date()): SocialNetwork {
  const files = new Map<string, Uint8Array>();
  const storage: FileStorage = {
    kind: "local",
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => files.get(key) ?? null,
    delete: async (key) => void files.delete(key),
  };
  return buildSocialSetup({
    env: {
      dataDir: "",
      publicUrl: "https://app.example.com",
      TOKEN_ENCRYPTION_KEY: undefined,
      FACEBOOK_APP_ID: undefined,
      FACEBOOK_APP_SECRET: undefined,
      META_GRAPH_URL: "http://127.0.0.1:9",
      META_DIALOG_URL: "http://127.0.0.1:9",
      META_GRAPH_VERSION: "v25.0",
    },
    db: db as Db,
    logger: createLogger("silent"),
    secret: "test-secret-0123456789abcdef0123456789",
    storage,
    expiry: { db: db as Db, events: createLocalEventBus(), now },
    vault: createTokenVault(Buffer.alloc(32, 7)),
  }).social;
}
