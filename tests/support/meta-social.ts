import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBrand } from "@smm/domain/brands";
import type { BrandContext } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import { socialConnections } from "@smm/domain/db/schema";
import type { EventBus } from "@smm/domain/events";
import type { FileStorage } from "@smm/domain/ports";
import { createTokenVault } from "../../apps/server/src/adapters/token-vault";
import { createLogger } from "../../apps/server/src/lib/logger";
import { createSocialSetup } from "../../apps/server/src/networks/setup";
import { type FakeMetaGraphServer, startFakeMetaGraphServer } from "../fakes/meta-graph-server";
import { createDomainTestContext, type DomainTestContext } from "./domain";

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

/**
 * A new user's brand with a page connection made on `network`: one of the fake's pages (the first unless
 * named; its token sealed with TEST_TOKEN_KEY) through Meta, or a sandbox page.
 */
export async function connectPageBrand(
  t: DomainTestContext,
  fake: FakeMetaGraphServer,
  network: "sandbox" | "meta",
  name: string,
  pageId?: string,
): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name });
  const page = pageId ? fake.pages.get(pageId) : [...fake.pages.values()][0];
  if (!page) throw new Error(`fake has no page ${pageId ?? ""}`);
  const vault = createTokenVault(Buffer.from(TEST_TOKEN_KEY, "hex"));
  await t.database.db.insert(socialConnections).values({
    userId,
    brandId: brand.id,
    provider: "facebook",
    externalAccountId: network === "meta" ? page.id : "sandbox-page-1",
    name: network === "meta" ? page.name : "Sandbox page",
    encryptedToken: vault.seal(network === "meta" ? page.token : "sandbox-token"),
    network,
  });
  return { ...t.as(userId), brandId: brand.id };
}

/** A Meta test's world: the fake Graph server, a domain test context and the social wiring between them. */
export interface MetaTestWorld {
  fake: FakeMetaGraphServer;
  t: DomainTestContext;
  /** (Re)wires the use cases' network to the fake, with or without the Meta app configured. */
  wire(metaConfigured?: boolean): Promise<Awaited<ReturnType<typeof createTestSocialSetup>>>;
  close(): Promise<void>;
}

/**
 * Starts the fake Graph server and a domain test context, and (unless `wired: false`) points the use
 * cases' network at the fake through the server's real wiring. `close` stops both and removes the data dir.
 */
export async function startMetaTestWorld(
  name: string,
  options: { graphTiming?: Parameters<typeof createTestSocialSetup>[0]["graphTiming"]; wired?: boolean } = {},
): Promise<MetaTestWorld> {
  const fake = await startFakeMetaGraphServer();
  const t = await createDomainTestContext();
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const wire = async (metaConfigured = true) => {
    const setup = await createTestSocialSetup({
      fake,
      db: t.database.db,
      events: t.events,
      now: t.clock.now,
      dataDir,
      metaConfigured,
      ...(options.graphTiming ? { graphTiming: options.graphTiming } : {}),
    });
    t.deps.social = setup.social;
    return setup;
  };
  if (options.wired !== false) await wire();
  return {
    fake,
    t,
    wire,
    async close() {
      await t.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
