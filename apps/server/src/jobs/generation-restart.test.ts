import { createBrand } from "@smm/domain/brands";
import type { BrandContext, Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { posts, user } from "@smm/domain/db/schema";
import { generatePost } from "@smm/domain/generation";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import type { AiProvider } from "@smm/domain/ports";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { type Jobs, startJobs } from "./index";

let database: Database;
const media = createTestMediaPorts();
const running: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const jobs of running) await jobs.stop(1000).catch(() => {});
  await database?.close();
  media.removeUploads();
});

function depsWith(ai: AiProvider): Omit<Deps, "jobs"> {
  return {
    db: database.db,
    events: createLocalEventBus(),
    now: () => new Date(),
    ai,
    plans: createPlanCatalogue(localPlanPriceIds),
    social: createSandboxSocial(database.db),
    images: media.images,
    imaging: media.imaging,
    videos: media.videos,
    storage: media.storage,
    mediaUrls: media.mediaUrls,
    web: createTestWebFetcher(),
  };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("a generation cut off by stopping the server completes after the next start", async () => {
  // First server: its model never answers, as if the process were stopped mid-request.
  let release: () => void = () => {};
  const offline = createOfflineAiProvider();
  const hangingAi: AiProvider = {
    ...offline,
    writePost: (request) =>
      new Promise((resolve) => {
        release = () => resolve(offline.writePost(request));
      }),
  };
  const first = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
    deps: depsWith(hangingAi),
  });
  running.push(first);

  await database.db.insert(user).values({ id: "restart-user", name: "Ro", email: "ro@example.com" });
  const base = { ...depsWith(hangingAi), jobs: first.queue as Deps["jobs"], userId: "restart-user" };
  const brand = await createBrand(base, { name: "Restart Roasters" });
  const ctx: BrandContext = { ...base, brandId: brand.id };
  const post = await generatePost(ctx, { prompt: "restart-proof espresso" });

  const readPost = async () => (await database.db.select().from(posts).where(eq(posts.id, post.id)))[0];
  await waitFor(readPost, (row) => row?.generationStage === "generating_content");
  await first.stop(1000);

  // Nothing moves while no server runs: the post is still generating and empty.
  expect(await readPost()).toMatchObject({ content: "", generationStatus: "generating" });

  // Second start, at once (no minutes of silence waited out), with a model that answers: the run's
  // instance is gone, so the new one takes it over at boot.
  const second = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
    deps: depsWith(offline),
  });
  running.push(second);
  const done = await waitFor(readPost, (row) => row?.generationStatus === "completed", 15_000);
  expect(done?.content).toContain("Restart Roasters");
  expect(done?.imageMediaId).toBeTruthy();
  expect(done?.status).toBe("pending");

  // The first run's late answer changes nothing.
  release();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await readPost())?.content).toBe(done?.content);
});
