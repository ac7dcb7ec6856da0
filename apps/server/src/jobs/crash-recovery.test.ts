import { createBrand } from "@smm/domain/brands";
import type { Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { notifications, posts, sandboxPosts, user } from "@smm/domain/db/schema";
import { generatePost } from "@smm/domain/generation";
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
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { GENERATE_QUEUE, sendGenerationJob } from "./generate-posts";

/*
 * kill -9 of a real server process in the middle of its background work, then a restart: the work held by
 * the dead process is picked up at once by the new one, nothing is done twice and nothing is lost. Runs on
 * the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
 */

const POSTS = 13;
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
        throw new Error("seeding: queue through pg-boss instead");
      },
    },
  };
}

/** One user with one brand per post, so "one notification each" is "one notification per user". */
async function seedUsers(database: Database, prefix: string) {
  const deps = depsOn(database);
  const users: { userId: string; brandId: string }[] = [];
  for (let i = 0; i < POSTS; i++) {
    const userId = `${prefix}-${i}`;
    await database.db
      .insert(user)
      .values({ id: userId, name: `User ${i}`, email: `${userId}@example.com`, emailVerified: true });
    const brand = await createBrand({ ...deps, userId }, { name: `Roastery ${i}` });
    users.push({ userId, brandId: brand.id });
  }
  return users;
}

async function newDatabase(): Promise<ProcessDatabase> {
  const database = await createProcessDatabase();
  cleanups.push(() => database.drop());
  return database;
}

async function start(database: ProcessDatabase, args: string[] = []): Promise<ServerProcess> {
  const server = await startServerProcess({ env: database.env, args });
  cleanups.push(() => server.kill());
  return server;
}

const isEvent = (type: string) => (signal: Signal) =>
  signal.kind === "event" && (signal.event as { type: string }).type === type;

describe("kill -9 during publishing", () => {
  it("every due post is out within 2 minutes of the restart, each once and with one notification", async () => {
    const database = await newDatabase();
    const due = await database.use(async (db) => {
      const users = await seedUsers(db, "publisher");
      const rows = await db.db
        .insert(posts)
        .values(
          users.map(({ userId, brandId }, i) => ({
            userId,
            brandId,
            content: `Fresh roast number ${i}`,
            status: "approved" as const,
            scheduledDate: new Date(Date.now() - (POSTS - i) * 60_000),
          })),
        )
        .returning({ id: posts.id, userId: posts.userId });
      return rows;
    });

    // The network takes each post at once but answers 1.5 s later. A run has several calls in flight, so
    // the last posts go to the network only once the first ones are recorded: killed when every post is on
    // the network, with the last ones' answers still on their way, lost.
    const first = await start(database, ["--publish-delay-ms=1500"]);
    await first.waitFor((s) => s.kind === "network.published", POSTS);
    await first.waitFor(isEvent("notification.created"), 1);
    await first.kill();
    // What the killed process left, read from the database (its last signals may not have been read).
    const ids = due.map((row) => row.id);
    const atKill = await database.use(async (db) => ({
      recorded: (await db.db.select().from(posts).where(inArray(posts.id, ids))).filter((row) => row.postedAt)
        .length,
      onNetwork: (await db.db.select().from(sandboxPosts).where(inArray(sandboxPosts.postId, ids))).length,
    }));
    expect(atKill.onNetwork).toBeGreaterThan(atKill.recorded);

    const second = await start(database);
    await second.waitFor(isEvent("notification.created"), POSTS - atKill.recorded, 120_000);
    const lastOut = Math.max(...second.signals.filter(isEvent("notification.created")).map((s) => s.at));
    const recovery = { sinceSpawn: lastOut - second.spawnedAt, sinceReady: lastOut - second.readyAt };
    console.info("publish recovery after kill -9 (ms)", database.kind, recovery);
    expect(recovery.sinceSpawn).toBeLessThan(120_000);
    // A post whose answer was lost is asked of the network, not sent again: one send per post in all.
    const sentAfter = second.signals.filter((s) => s.kind === "network.published").length;
    expect(atKill.onNetwork + sentAfter).toBe(POSTS);
    expect(await second.stop()).toBe(0);

    await database.use(async (db) => {
      const rows = await db.db.select().from(posts).where(inArray(posts.id, ids));
      for (const row of rows) {
        expect(row.postedAt, row.id).toBeInstanceOf(Date);
        expect(row).toMatchObject({ publishAttemptId: null, publishError: null, publishedVia: "sandbox" });
      }
      const copies = await db.db
        .select({ postId: sandboxPosts.postId, id: sandboxPosts.id })
        .from(sandboxPosts)
        .where(inArray(sandboxPosts.postId, ids));
      for (const row of rows) {
        const ofPost = copies.filter((copy) => copy.postId === row.id);
        expect(
          ofPost.map((copy) => copy.id),
          `network copies of ${row.id}`,
        ).toEqual([row.externalPostId]);
      }
      for (const { userId } of due) {
        const messages = await db.db.select().from(notifications).where(eq(notifications.userId, userId));
        expect(
          messages.map((m) => m.message),
          userId,
        ).toEqual(["Your scheduled post was published."]);
      }
    });
  }, 300_000);
});

describe("kill -9 during generation", () => {
  it("every interrupted generation resumes and completes within a minute of the restart", async () => {
    const database = await newDatabase();
    const generating = await database.use(async (db) => {
      const users = await seedUsers(db, "generator");
      const boss = new PgBoss({ connectionString: db.connectionString, max: 2, schema: "pgboss" });
      await boss.start();
      try {
        await boss.createQueue(GENERATE_QUEUE);
        const deps = depsOn(db);
        const ids: string[] = [];
        for (const { userId, brandId } of users) {
          const post = await generatePost(
            {
              ...deps,
              userId,
              brandId,
              jobs: { enqueuePostGeneration: (postId) => sendGenerationJob(boss, postId) },
            },
            { prompt: "a new single origin" },
          );
          ids.push(post.id);
        }
        return ids;
      } finally {
        await boss.stop({ graceful: false, wait: true, timeout: 2000 });
      }
    });

    // The model never answers in time: every run is cut off while writing its caption.
    const first = await start(database, ["--write-delay-ms=600000"]);
    await first.waitFor((s) => s.kind === "ai.writing", POSTS);
    await first.kill();

    const second = await start(database);
    const done = (s: Signal) =>
      isEvent("generation.progress")(s) && (s.event as { percent: number }).percent === 100;
    await second.waitFor(done, POSTS, 120_000);
    const lastDone = Math.max(...second.signals.filter(done).map((s) => s.at));
    const recovery = { sinceSpawn: lastDone - second.spawnedAt, sinceReady: lastDone - second.readyAt };
    console.info("generation recovery after kill -9 (ms)", database.kind, recovery);
    expect(recovery.sinceReady).toBeLessThan(60_000);
    expect(await second.stop()).toBe(0);

    await database.use(async (db) => {
      const rows = await db.db.select().from(posts).where(inArray(posts.id, generating));
      expect(rows).toHaveLength(POSTS);
      for (const row of rows) {
        expect(row, row.id).toMatchObject({ status: "pending", generationStatus: "completed" });
        expect(row.content).not.toBe("");
        expect(row.imageMediaId).toBeTruthy();
        // Taken over once, counted as one attempt.
        expect(row.generationRequest?.attempts).toBe(1);
      }
    });
  }, 300_000);
});
