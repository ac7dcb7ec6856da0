import { createBrand } from "@smm/domain/brands";
import type { Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { notifications, posts, user } from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { eq } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { LEGACY_RECOVER_QUEUE, RECOVER_QUEUE } from "./generate-posts";
import { type Jobs, startJobs } from "./index";
import { LEGACY_PUBLISH_QUEUE, PUBLISH_QUEUE } from "./publish-posts";

/*
 * A publish run left "active" by a killed process (pg-boss keeps it so until it expires) holds nothing back:
 * not the due posts at the next start, not the next minute's run.
 */

let database: Database;
let jobs: Jobs | undefined;
let deps: Omit<Deps, "jobs">;
const media = createTestMediaPorts();

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
  };
});
afterAll(async () => {
  await jobs?.stop(2000);
  await database?.close();
  media.removeUploads();
});

/** A job of that queue marked active and never finished, as a run killed mid-way leaves it. */
async function leaveStuckRun(boss: PgBoss, queue: string): Promise<void> {
  const id = await boss.send(queue, {}, { startAfter: 3600 });
  await database.sql`update pgboss.job set state = 'active', started_on = now(), start_after = now()
    where name = ${queue} and id = ${id}`;
}

async function duePost(userId: string): Promise<string> {
  await database.db.insert(user).values({ id: userId, name: "Kit", email: `${userId}@example.com` });
  const brand = await createBrand(
    { ...deps, jobs: { enqueuePostGeneration: async () => {} }, userId },
    { name: "Kit's" },
  );
  const [row] = await database.db
    .insert(posts)
    .values({
      userId,
      brandId: brand.id,
      content: "Due",
      status: "approved",
      scheduledDate: new Date(Date.now() - 60_000),
    })
    .returning({ id: posts.id });
  return row!.id;
}

async function waitForPosted(postId: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.db
      .select({ postedAt: posts.postedAt })
      .from(posts)
      .where(eq(posts.id, postId));
    if (row?.postedAt) return;
    if (Date.now() > deadline) throw new Error(`post ${postId} not published`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("removes the stately queues of earlier versions and publishes due posts at once despite their stuck run", async () => {
  // The previous version's queues, each with the run a kill -9 left active.
  const old = new PgBoss({ connectionString: database.connectionString, max: 2, schema: "pgboss" });
  await old.start();
  for (const name of [LEGACY_PUBLISH_QUEUE, LEGACY_RECOVER_QUEUE]) {
    await old.createQueue(name, { name, policy: "stately" });
    await old.schedule(name, "* * * * *", {}, { tz: "UTC" });
    await leaveStuckRun(old, name);
  }
  await old.stop({ graceful: false, wait: true, timeout: 2000 });
  const postId = await duePost("queue-boot");

  jobs = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
    deps,
  });
  // Out at start, not at the next minute and not after the stuck run expires.
  await waitForPosted(postId, 10_000);
  const names = (await jobs.boss.getSchedules()).map((schedule) => schedule.name);
  expect(names).not.toContain(LEGACY_PUBLISH_QUEUE);
  expect(names).not.toContain(LEGACY_RECOVER_QUEUE);
  expect(names).toEqual(expect.arrayContaining([PUBLISH_QUEUE, RECOVER_QUEUE]));
  expect(await jobs.boss.getQueue(LEGACY_PUBLISH_QUEUE)).toBeNull();
  expect((await jobs.boss.getQueue(PUBLISH_QUEUE))?.policy).toBe("standard");
  expect((await jobs.boss.getQueue(RECOVER_QUEUE))?.policy).toBe("standard");
});

it("runs the next publish run while an earlier one is stuck active", async () => {
  const boss = jobs!.boss;
  await leaveStuckRun(boss, PUBLISH_QUEUE);
  const postId = await duePost("queue-next");
  await boss.send(PUBLISH_QUEUE, {});
  await waitForPosted(postId);
  const messages = await database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, "queue-next"));
  expect(messages.map((m) => m.message)).toEqual(["Your scheduled post was published."]);
});
