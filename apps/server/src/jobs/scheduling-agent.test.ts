import { createBrand } from "@smm/domain/brands";
import type { Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import {
  agentRuns,
  agentSettings,
  notifications,
  posts,
  stripeUserSubscriptions,
  user,
} from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { type Jobs, startJobs } from "./index";
import { SCHEDULING_AGENT_CRON, SCHEDULING_AGENT_QUEUE } from "./scheduling-agent";

let database: Database;
const instances: Jobs[] = [];
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
  // Two server instances on one database.
  for (let i = 0; i < 2; i++) {
    instances.push(
      await startJobs({
        connectionString: database.connectionString,
        db: database.db,
        logger: createLogger("silent"),
        deps,
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  for (const jobs of instances) await jobs.stop(2000);
  await database?.close();
  media.removeUploads();
});

it("runs the scheduling agent once per brand and day across two instances, as pending posts and a notification", async () => {
  const [first, second] = instances;
  if (!first || !second) throw new Error("instances not started");
  expect(await first.boss.getSchedules()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: SCHEDULING_AGENT_QUEUE, cron: SCHEDULING_AGENT_CRON }),
    ]),
  );
  await database.db.insert(user).values({ id: "agent-user", name: "Ann", email: "agent@example.com" });
  const brand = await createBrand(
    { ...deps, jobs: first.queue as Deps["jobs"], userId: "agent-user" },
    { name: "Ann's" },
  );
  await database.db.insert(stripeUserSubscriptions).values({
    userId: "agent-user",
    customerId: "cus_agent",
    subscriptionStatus: "active",
    priceId: localPlanPriceIds.enterpriseMonthly,
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
  });
  // On, with a best time already passed today in UTC: the next sweep owes today's run.
  await database.db
    .insert(agentSettings)
    .values({ userId: "agent-user", scheduleAgentEnabled: true, bestPostTime: "00:00", postsPerWeek: 3 });

  // Both instances sweep at once, twice.
  for (let round = 0; round < 2; round++) {
    await Promise.all([
      first.boss.send(SCHEDULING_AGENT_QUEUE, {}),
      second.boss.send(SCHEDULING_AGENT_QUEUE, {}),
    ]);
  }
  const deadline = Date.now() + 30_000;
  let made: { status: string }[] = [];
  while (Date.now() < deadline) {
    made = await database.db.select({ status: posts.status }).from(posts).where(eq(posts.brandId, brand.id));
    const [notice] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, "agent-user"));
    if (made.length >= 3 && notice) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Let any late sweep finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  made = await database.db.select({ status: posts.status }).from(posts).where(eq(posts.brandId, brand.id));
  expect(made).toHaveLength(3);
  expect(made.every((post) => post.status === "pending")).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  const runs = await database.db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.brandId, brand.id), eq(agentRuns.runKey, `day:${today}`)));
  expect(runs).toEqual([expect.objectContaining({ createdPosts: 3 })]);
  expect(
    (await database.db.select().from(notifications).where(eq(notifications.userId, "agent-user"))).map(
      (n) => n.message,
    ),
  ).toEqual(["3 new posts are waiting for your approval"]);
}, 60_000);
