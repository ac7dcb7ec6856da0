import { createBrand } from "@smm/domain/brands";
import type { Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { notifications, posts, socialConnections, user } from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  type Signal,
  startServerProcess,
} from "@smm/test-support/server-process";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createTokenVault } from "../adapters/token-vault";
import { withoutMark } from "../networks/meta/meta-network";

/*
 * kill -9 of the real server while its publish job waits for Meta's answers to posts Meta has already made
 * (the fake Graph server holds the answers), then a restart: the new process settles each lost attempt by
 * its marker instead of posting again. Each post is on the page once. PGlite in a folder, or PostgreSQL with
 * TEST_DATABASE_URL.
 */

const KEY = "9a".repeat(32);
const POSTS = 4;
const PAGE_ID = "10100000000";
const media = createTestMediaPorts();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  media.removeUploads();
});

function depsOn(database: Database): Deps {
  return {
    db: database.db,
    events: createLocalEventBus(),
    now: () => new Date(),
    ai: createOfflineAiProvider(),
    plans: createPlanCatalogue(localPlanPriceIds),
    social: createSandboxSocial(database.db),
    images: media.images,
    imaging: media.imaging,
    videos: media.videos,
    storage: media.storage,
    mediaUrls: media.mediaUrls,
    web: createTestWebFetcher(),
    jobs: {
      async enqueuePostGeneration() {
        throw new Error("not used");
      },
    },
  };
}

async function start(database: ProcessDatabase, fake: FakeMetaGraphServer): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: {
      ...database.env,
      FACEBOOK_APP_ID: fake.appId,
      FACEBOOK_APP_SECRET: fake.appSecret,
      META_GRAPH_URL: fake.url,
      META_DIALOG_URL: fake.url,
      TOKEN_ENCRYPTION_KEY: KEY,
    },
  });
  cleanups.push(() => server.kill());
  return server;
}

const notified = (signal: Signal) =>
  signal.kind === "event" && (signal.event as { type: string }).type === "notification.created";

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("kill -9 while Meta's answer is on its way", () => {
  it("does not post twice after the restart", async () => {
    const fake = await startFakeMetaGraphServer();
    cleanups.push(() => fake.close());
    const database = await createProcessDatabase();
    cleanups.push(() => database.drop());

    const seeded = await database.use(async (db) => {
      const userId = "meta-crash-user";
      await db.db
        .insert(user)
        .values({ id: userId, name: "Crash", email: `${userId}@example.com`, emailVerified: true });
      const brand = await createBrand({ ...depsOn(db), userId }, { name: "Bean There" });
      const page = fake.pages.get(PAGE_ID);
      if (!page) throw new Error("fake page missing");
      await db.db.insert(socialConnections).values({
        userId,
        brandId: brand.id,
        provider: "facebook",
        externalAccountId: page.id,
        name: page.name,
        encryptedToken: createTokenVault(Buffer.from(KEY, "hex")).seal(page.token),
        network: "meta",
      });
      const rows = await db.db
        .insert(posts)
        .values(
          Array.from({ length: POSTS }, (_, i) => ({
            userId,
            brandId: brand.id,
            content: `Crash-proof roast ${i}`,
            status: "approved" as const,
            scheduledDate: new Date(Date.now() - (POSTS - i) * 60_000),
          })),
        )
        .returning({ id: posts.id, content: posts.content });
      return { userId, rows };
    });

    // Meta makes each post at once but holds its answers far longer than the kill takes (a run publishes
    // several posts at once, so all of them are in flight).
    for (let i = 0; i < POSTS; i++) fake.delayNext({ method: "POST", path: /\/feed$/ }, 60_000);
    const first = await start(database, fake);
    const feedPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/feed"));
    await until(() => feedPosts().length === POSTS, 90_000);
    expect(fake.posts.size).toBe(POSTS);
    await first.kill();
    expect(first.signals.filter(notified)).toHaveLength(0);

    const second = await start(database, fake);
    await second.waitFor(notified, POSTS, 120_000);
    expect(await second.stop()).toBe(0);

    for (const row of seeded.rows) expect(fake.creationsOf(row.content), row.content).toBe(1);
    expect(fake.posts.size).toBe(POSTS);
    await database.use(async (db) => {
      const rows = await db.db
        .select()
        .from(posts)
        .where(
          inArray(
            posts.id,
            seeded.rows.map((row) => row.id),
          ),
        );
      for (const row of rows) {
        expect(row.postedAt, row.content).toBeInstanceOf(Date);
        expect(row).toMatchObject({ publishAttemptId: null, publishError: null, publishedVia: "meta" });
        expect(withoutMark(fake.posts.get(row.externalPostId ?? "")?.message ?? "")).toBe(row.content);
      }
      const messages = await db.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, seeded.userId));
      expect(messages.map((m) => m.message)).toEqual(Array(POSTS).fill("Your scheduled post was published."));
    });
  }, 300_000);
});
