import type { Database } from "@smm/domain/db/client";
import { notifications, user } from "@smm/domain/db/schema";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/database";
import { createLogger } from "../lib/logger";
import { CLEANUP_QUEUE } from "./cleanup";
import { type Jobs, startJobs } from "./index";

let database: Database;
let jobs: Jobs;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
  });
});

afterAll(async () => {
  await jobs?.stop(2000);
  await database?.close();
});

it("schedules the hourly cleanup and, when it runs, deletes notifications older than 24 hours", async () => {
  const schedules = await jobs.boss.getSchedules();
  expect(schedules).toEqual([expect.objectContaining({ name: CLEANUP_QUEUE, cron: "0 * * * *" })]);

  await database.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
  const hour = 60 * 60 * 1000;
  await database.db.insert(notifications).values([
    { userId: "u1", message: "old", createdAt: new Date(Date.now() - 25 * hour) },
    { userId: "u1", message: "fresh", createdAt: new Date(Date.now() - 23 * hour) },
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
});
