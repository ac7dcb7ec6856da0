import type { Database } from "@smm/domain/db";
import { sandboxPosts } from "@smm/domain/db/schema";
import type { SocialPostRequest } from "@smm/domain/ports";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVault } from "../../adapters/token-vault";
import { loadEnv } from "../../env";
import { createLogger } from "../../lib/logger";
import { buildSocialSetup } from "../setup";
import { SANDBOX_SIMULATED_FAILURE, withSandboxFaults } from "./sandbox-faults";
import { createSandboxNetwork } from "./sandbox-network";

/*
 * The storm bench's knobs on the sandbox (SANDBOX_LATENCY_MS, SANDBOX_ERROR_RATE): a publishing call takes
 * the latency and is refused at the rate; with both unset the sandbox is the one it always was.
 */
let database: Database;
let request: SocialPostRequest;

beforeAll(async () => {
  database = await createTestDatabase();
  const [brand] = await database.sql<{ user_id: string; id: string }[]>`
    with u as (insert into "user" (id, name, email, email_verified) values ('faults-user', 'Faults', 'faults@example.com', true) returning id)
    insert into user_brands (user_id, name, brand_settings, company_profile, is_active)
    select id, 'Faults Bakery', '{}'::jsonb, '{}'::jsonb, true from u returning user_id, id`;
  if (!brand) throw new Error("no brand");
  request = {
    userId: brand.user_id,
    brandId: brand.id,
    postId: "00000000-0000-4000-8000-000000000001",
    platform: "facebook",
    content: "Fresh beans today",
    imageUrl: null,
  };
});
afterAll(async () => {
  await database?.close();
});

const copiesOf = (postId: string) =>
  database.db.select().from(sandboxPosts).where(eq(sandboxPosts.postId, postId));

describe("the sandbox's faults", () => {
  it("are off unless set: the environment defaults to 0 and the sandbox is returned unwrapped", () => {
    const env = loadEnv({});
    expect(env.SANDBOX_LATENCY_MS).toBe(0);
    expect(env.SANDBOX_ERROR_RATE).toBe(0);
    expect(loadEnv({ SANDBOX_LATENCY_MS: "50", SANDBOX_ERROR_RATE: "0.02" })).toMatchObject({
      SANDBOX_LATENCY_MS: 50,
      SANDBOX_ERROR_RATE: 0.02,
    });
    expect(() => loadEnv({ SANDBOX_ERROR_RATE: "1.5" })).toThrow(/SANDBOX_ERROR_RATE/);
    const network = createSandboxNetwork(database.db);
    expect(withSandboxFaults(network, { latencyMs: 0, errorRate: 0 })).toBe(network);
  });

  it("make each publishing call take the latency", async () => {
    const slow = withSandboxFaults(createSandboxNetwork(database.db), { latencyMs: 300 });
    const started = performance.now();
    const sent = await slow.publish({ ...request, postId: "00000000-0000-4000-8000-000000000002" });
    // A lower bound only: timers never fire early, a loaded machine only makes it later.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await copiesOf("00000000-0000-4000-8000-000000000002")).toEqual([
      expect.objectContaining({ id: sent.externalId, state: "published" }),
    ]);
  });

  it("refuse calls at the error rate before the network acts", async () => {
    const rolls = [0.1, 0.9];
    const flaky = withSandboxFaults(createSandboxNetwork(database.db), {
      errorRate: 0.5,
      random: () => rolls.shift() ?? 0,
    });
    const postId = "00000000-0000-4000-8000-000000000003";
    await expect(flaky.publish({ ...request, postId })).rejects.toMatchObject({
      reason: "upstream_failed",
      message: SANDBOX_SIMULATED_FAILURE,
    });
    expect(await copiesOf(postId)).toHaveLength(0);
    await flaky.publish({ ...request, postId });
    expect(await copiesOf(postId)).toHaveLength(1);
  });

  it("are read from the server's settings by the channel router", async () => {
    const social = buildSocialSetup({
      env: {
        dataDir: "",
        publicUrl: "https://app.example.com",
        TOKEN_ENCRYPTION_KEY: undefined,
        FACEBOOK_APP_ID: undefined,
        FACEBOOK_APP_SECRET: undefined,
        META_GRAPH_URL: "http://127.0.0.1:9",
        META_DIALOG_URL: "http://127.0.0.1:9",
        META_GRAPH_VERSION: "v25.0",
        SANDBOX_LATENCY_MS: 0,
        SANDBOX_ERROR_RATE: 1,
      },
      db: database.db,
      logger: createLogger("silent"),
      secret: "test-secret-0123456789abcdef0123456789",
      storage: {
        kind: "local",
        put: async () => {},
        get: async () => null,
        delete: async () => {},
      },
      expiry: { db: database.db, events: createLocalEventBus(), now: () => new Date() },
      vault: createTokenVault(Buffer.alloc(32, 7)),
    }).social;
    const postId = "00000000-0000-4000-8000-000000000004";
    await expect(social.publish({ ...request, postId })).rejects.toThrow(SANDBOX_SIMULATED_FAILURE);
    expect(await copiesOf(postId)).toHaveLength(0);
  });
});
