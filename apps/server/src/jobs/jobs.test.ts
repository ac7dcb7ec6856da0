import { createBrand } from "@smm/domain/brands";
import type { Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import {
  inboxItems,
  inboxWebhookEvents,
  notifications,
  posts,
  sandboxPosts,
  user,
} from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { CLEANUP_QUEUE } from "./cleanup";
import { type Jobs, startJobs } from "./index";
import { INBOX_POLL_QUEUE } from "./poll-inboxes";
import { PUBLISH_QUEUE } from "./publish-posts";

let database: Database;
let jobs: Jobs;
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
  jobs = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
    deps,
  });
});

afterAll(async () => {
  await jobs?.stop(2000);
  await database?.close();
  media.removeUploads();
});

it("schedules the hourly cleanup and, when it runs, deletes notifications older than 24 hours", async () => {
  const schedules = await jobs.boss.getSchedules();
  expect(schedules).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: CLEANUP_QUEUE, cron: "0 * * * *" }),
      expect.objectContaining({ name: PUBLISH_QUEUE, cron: "* * * * *" }),
      expect.objectContaining({ name: INBOX_POLL_QUEUE, cron: "* * * * *" }),
    ]),
  );

  await database.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
  const hour = 60 * 60 * 1000;
  await database.db.insert(notifications).values([
    { userId: "u1", message: "old", createdAt: new Date(Date.now() - 25 * hour) },
    { userId: "u1", message: "fresh", createdAt: new Date(Date.now() - 23 * hour) },
  ]);
  // Webhook de-duplication keys outlive Meta's 36 hours of re-sends, then go.
  await database.db.insert(inboxWebhookEvents).values([
    { key: "comment:old", receivedAt: new Date(Date.now() - 73 * hour) },
    { key: "comment:recent", receivedAt: new Date(Date.now() - 40 * hour) },
  ]);

  await jobs.boss.send(CLEANUP_QUEUE, {});
  const deadline = Date.now() + 20_000;
  let messages: string[] = [];
  while (Date.now() < deadline) {
    messages = (await database.db.select().from(notifications)).map((n) => n.message);
    if (messages.length === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(messages).toEqual(["fresh"]);
  const keys = (await database.db.select().from(inboxWebhookEvents)).map((event) => event.key);
  expect(keys).toEqual(["comment:recent"]);
});

it("publishes a due post when the publish-post job runs", async () => {
  await database.db.insert(user).values({ id: "u2", name: "Bo", email: "bo@example.com" });
  const brand = await createBrand(
    { ...deps, jobs: jobs.queue as Deps["jobs"], userId: "u2" },
    { name: "Bo's" },
  );
  const [post] = await database.db
    .insert(posts)
    .values({
      userId: "u2",
      brandId: brand.id,
      content: "Due now",
      status: "approved",
      scheduledDate: new Date(Date.now() - 60_000),
    })
    .returning();

  await jobs.boss.send(PUBLISH_QUEUE, {});
  const deadline = Date.now() + 20_000;
  let postedAt: Date | null = null;
  while (Date.now() < deadline && !postedAt) {
    [{ postedAt = null } = { postedAt: null }] = await database.db
      .select({ postedAt: posts.postedAt })
      .from(posts)
      .where(eq(posts.id, post!.id));
    if (!postedAt) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(postedAt).toBeInstanceOf(Date);
  const messages = (await database.db.select().from(notifications).where(eq(notifications.userId, "u2"))).map(
    (n) => n.message,
  );
  expect(messages).toEqual(["Your scheduled post was published."]);
});

it("brings the comments under a post published to the sandbox into the inbox when the inbox job runs", async () => {
  await database.db.insert(user).values({ id: "u3", name: "Cy", email: "cy@example.com" });
  const brand = await createBrand(
    { ...deps, jobs: jobs.queue as Deps["jobs"], userId: "u3" },
    { name: "Cy's Waffles" },
  );
  // Out for four hours: every comment the sandbox's audience writes under it is there by now.
  const postedAt = new Date(Date.now() - 4 * 60 * 60_000);
  const [post] = await database.db
    .insert(posts)
    .values({
      userId: "u3",
      brandId: brand.id,
      content: "Waffles all weekend",
      status: "approved",
      externalPostId: "sbxjobs_0001",
      postedAt,
      publishedVia: "sandbox",
    })
    .returning();
  await database.db.insert(sandboxPosts).values({
    id: "sbxjobs_0001",
    userId: "u3",
    brandId: brand.id,
    postId: post!.id,
    platform: "facebook",
    content: "Waffles all weekend",
    state: "published",
    publishedAt: postedAt,
  });

  await jobs.boss.send(INBOX_POLL_QUEUE, {});
  const deadline = Date.now() + 20_000;
  let items: unknown[] = [];
  while (Date.now() < deadline && items.length === 0) {
    items = await database.db.select().from(inboxItems).where(eq(inboxItems.postId, post!.id));
    if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(items.length).toBeGreaterThanOrEqual(2);
});
