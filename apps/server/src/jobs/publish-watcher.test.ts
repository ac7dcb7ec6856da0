import { randomUUID } from "node:crypto";
import { createBrand } from "@smm/domain/brands";
import type { BrandContext, Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { type NewPost, posts, sandboxPosts, user } from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import { publishDuePosts, schedulePostUseCase } from "@smm/domain/posts";
import { createLocalEventBus, createPostgresEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestJobQueue, createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { type PublishWatcher, startPublishWatcher } from "./publish-watcher";

/*
 * The due-time watcher on its own (publish-at-second.test.ts has the acceptance through startJobs):
 * it does not wake over and over for posts the due query will not take, it backs off from a post that stays
 * due, one instance's runs never overlap, it stops without leaving work behind, and on PostgreSQL a post
 * scheduled on another instance wakes it through the database's notifications.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOTHING = { published: 0, failed: 0 };

let database: Database;
let deps: Deps;
let ctx: BrandContext;
const media = createTestMediaPorts();
const started: PublishWatcher[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
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
    jobs: createTestJobQueue(() => deps, { auto: false }),
  };
  await database.db.insert(user).values({ id: "watcher", name: "Wat", email: "watcher@example.com" });
  const brand = await createBrand({ ...deps, userId: "watcher" }, { name: "Watchmaker's" });
  ctx = { ...deps, userId: "watcher", brandId: brand.id };
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((watcher) => watcher.stop()));
  // Each test starts from no posts.
  await database.db.delete(posts);
});

afterAll(async () => {
  await database?.close();
  media.removeUploads();
});

async function watch(options: Omit<Parameters<typeof startPublishWatcher>[0], "logger">) {
  const watcher = await startPublishWatcher({ ...options, logger: createLogger("silent") });
  started.push(watcher);
  return watcher;
}

async function insertPost(values: Partial<NewPost>) {
  const [row] = await database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      content: `Post ${randomUUID()}`,
      status: "approved",
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The clock the watcher reads: every read of the next due time asks it, so its calls count the reads. */
function countingClock() {
  const clock = { calls: 0, now: () => new Date() };
  clock.now = () => {
    clock.calls += 1;
    return new Date();
  };
  return clock;
}

it("stays asleep beside posts the due query will not take: failed, being published, or waiting out a rate limit", async () => {
  const past = new Date(Date.now() - 60_000);
  await insertPost({ scheduledDate: past, publishError: "The network refused it." });
  await insertPost({ scheduledDate: past, publishAttemptId: randomUUID(), publishAttemptAt: new Date() });
  await insertPost({ scheduledDate: past, publishRetryAt: new Date(Date.now() + 60_000), publishTries: 1 });
  const clock = countingClock();
  let runs = 0;
  await watch({
    deps: { ...deps, now: clock.now },
    run: async () => {
      runs += 1;
      return publishDuePosts({ ...deps, now: clock.now });
    },
    maxWaitMs: 60_000,
  });
  await sleepMs(1_500);
  expect(runs).toBe(0);
  // One read at start (a spinning timer would read thousands of times).
  expect(clock.calls).toBeLessThanOrEqual(10);
});

it("backs off, with a growing wait, from a post a run left due instead of running again and again", async () => {
  await insertPost({ scheduledDate: new Date(Date.now() - 1_000) });
  const runsAt: number[] = [];
  const began = Date.now();
  // A run that takes nothing (as when each attempt finds the row changed under it): the post stays due.
  await watch({
    deps,
    run: async () => {
      runsAt.push(Date.now() - began);
      return NOTHING;
    },
    maxWaitMs: 60_000,
  });
  await sleepMs(3_500);
  // At once, then after 1 s, then after 2 s more: three runs, not thousands.
  expect(runsAt.length).toBeGreaterThanOrEqual(2);
  expect(runsAt.length).toBeLessThanOrEqual(4);
  expect(runsAt[1]! - runsAt[0]!).toBeGreaterThanOrEqual(900);
});

it("never runs twice at once, and a request during a run gets one more run right after it", async () => {
  let active = 0;
  let most = 0;
  let runs = 0;
  let finished = 0;
  const watcher = await watch({
    deps,
    run: async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      await sleepMs(300);
      active -= 1;
      finished += 1;
      return NOTHING;
    },
    maxWaitMs: 60_000,
  });
  const first = [watcher.runNow(), watcher.runNow(), watcher.runNow()];
  await sleepMs(100);
  // Asked during the first run: one more run, after it.
  const second = [watcher.runNow(), watcher.runNow()];
  await Promise.all(first);
  expect(finished).toBe(1);
  await Promise.all(second);
  expect(finished).toBe(2);
  await sleepMs(200);
  expect(runs).toBe(2);
  expect(most).toBe(1);
});

it("fails the callers of a failed run and goes on watching", async () => {
  let runs = 0;
  const watcher = await watch({
    deps,
    run: async () => {
      runs += 1;
      if (runs === 1) throw new Error("database unreachable");
      return NOTHING;
    },
    maxWaitMs: 60_000,
  });
  await expect(watcher.runNow()).rejects.toThrow("database unreachable");
  await watcher.runNow();
  expect(runs).toBe(2);
});

it("stops after the run in progress, then runs and reads nothing more", async () => {
  const clock = countingClock();
  let runs = 0;
  let finished = 0;
  const watcher = await watch({
    deps: { ...deps, now: clock.now },
    run: async () => {
      runs += 1;
      await sleepMs(300);
      finished += 1;
      return NOTHING;
    },
    maxWaitMs: 100,
  });
  void watcher.runNow();
  await sleepMs(50);
  await watcher.stop();
  // stop() waited for the run it interrupted.
  expect(finished).toBe(1);
  const calls = clock.calls;
  await watcher.runNow();
  await sleepMs(400);
  expect(runs).toBe(1);
  expect(clock.calls).toBe(calls);
});

describe.runIf(onPostgres)("on PostgreSQL", () => {
  it("publishes at its time a post scheduled on another instance, woken by the database's notification", async () => {
    // Two instances' buses: the post is scheduled through one, the watcher listens on the other.
    const elsewhere = createPostgresEventBus(database.sql);
    const here = createPostgresEventBus(database.sql);
    try {
      const watcherDeps = { ...deps, events: here };
      // Without the signal it would not read again for a minute: only the notification can wake it in time.
      await watch({ deps: watcherDeps, run: () => publishDuePosts(watcherDeps), maxWaitMs: 60_000 });
      await sleepMs(200);
      const post = await insertPost({ firstComment: "Details below" });
      const at = new Date(Date.now() + 3_000);
      await schedulePostUseCase.run(
        { ...ctx, events: elsewhere },
        { postId: post.id, scheduledDate: at.toISOString() },
      );
      const deadline = Date.now() + 10_000;
      let publishedAt: Date | null = null;
      while (!publishedAt && Date.now() < deadline) {
        const [copy] = await database.db
          .select()
          .from(sandboxPosts)
          .where(and(eq(sandboxPosts.postId, post.id), eq(sandboxPosts.state, "published")));
        publishedAt = copy?.publishedAt ?? null;
        if (!publishedAt) await sleepMs(50);
      }
      expect(publishedAt).toBeInstanceOf(Date);
      const late = publishedAt!.getTime() - at.getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThanOrEqual(2_000);
    } finally {
      await Promise.all(started.splice(0).map((watcher) => watcher.stop()));
      await elsewhere.close();
      await here.close();
    }
  }, 20_000);
});
