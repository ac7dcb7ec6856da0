import { createBrand } from "@smm/domain/brands";
import type { BrandContext, Deps } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { posts, type SandboxPost, sandboxPosts, user } from "@smm/domain/db/schema";
import { createPlanCatalogue, localPlanPriceIds } from "@smm/domain/plans";
import {
  deletePostUseCase,
  editPostUseCase,
  reschedulePostUseCase,
  schedulePostUseCase,
} from "@smm/domain/posts";
import { createLocalEventBus } from "@smm/infra/event-bus";
import { createTestDatabase } from "@smm/test-support/database";
import { createTestMediaPorts, createTestWebFetcher } from "@smm/test-support/ports";
import { createSandboxSocial } from "@smm/test-support/sandbox-social";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createOfflineAiProvider } from "../adapters/offline-ai";
import { createLogger } from "../lib/logger";
import { type Jobs, startJobs } from "./index";
import { PUBLISH_QUEUE } from "./publish-posts";

/*
 * Issue 36's acceptance: a post goes out at its second, not at the next minute's sweep, and what goes out is
 * the post as it is then - edited, moved or gone. The sweep is switched off here (its schedule removed and
 * this instance no longer working its queue), so only the due-time watcher can publish. The real clock, and
 * the sandbox network's record of what it was sent (sandbox_posts) as the proof.
 *
 * The posts carry a first comment: such a post is sent by our scheduler at its time rather than handed to a
 * network that holds posts for later (scheduleOnNetwork), which is the case the watcher exists for.
 */

/** The bound: published within 2 s of its time. */
const ON_TIME_MS = 2_000;

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
  jobs = await startJobs({
    connectionString: database.connectionString,
    db: database.db,
    logger: createLogger("silent"),
    deps,
  });
  // No minute sweep: its schedule gone and this instance not working its queue.
  await jobs.boss.unschedule(PUBLISH_QUEUE);
  await jobs.boss.offWork(PUBLISH_QUEUE);
}, 60_000);

afterAll(async () => {
  await jobs?.stop(2000);
  await database?.close();
  media.removeUploads();
});

async function brandContext(name: string): Promise<BrandContext> {
  const userId = `second-${name}`;
  await database.db.insert(user).values({ id: userId, name, email: `${userId}@example.com` });
  const jobQueue = jobs?.queue;
  if (!jobQueue) throw new Error("jobs not started");
  const ctx = { ...deps, jobs: jobQueue, userId };
  const brand = await createBrand(ctx, { name: `${name}'s Café` });
  return { ...ctx, brandId: brand.id };
}

/** An approved post scheduled `secondsAhead` from now, through the schedulePost use case; its time. */
async function schedule(ctx: BrandContext, content: string, secondsAhead: number) {
  const [row] = await database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      content,
      firstComment: "Menu in the comments",
      status: "approved",
    })
    .returning({ id: posts.id });
  if (!row) throw new Error("insert failed");
  const at = new Date(Date.now() + secondsAhead * 1000);
  await schedulePostUseCase.run(ctx, { postId: row.id, scheduledDate: at.toISOString() });
  return { id: row.id, at };
}

/** What the network holds for a post: every copy it was sent. */
const networkCopies = (postId: string): Promise<SandboxPost[]> =>
  database.db.select().from(sandboxPosts).where(eq(sandboxPosts.postId, postId));

async function waitForPublished(postId: string, timeoutMs: number): Promise<SandboxPost> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [copy] = await database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.postId, postId), eq(sandboxPosts.state, "published")));
    if (copy) return copy;
    if (Date.now() > deadline) throw new Error(`post ${postId} not published within ${timeoutMs} ms`);
    await sleepMs(50);
  }
}

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const sleepUntil = (time: Date) => sleepMs(time.getTime() - Date.now());
/** How late the network received it, in ms after the post's time. */
const lateness = (copy: SandboxPost, at: Date) => (copy.publishedAt?.getTime() ?? Number.NaN) - at.getTime();

// Side by side: the watcher keeps several due times at once, and the whole file takes seconds, not minutes.
describe.concurrent("a scheduled post, with the minute sweep stopped", () => {
  it("is published within 2 s of its time", async ({ expect }) => {
    const ctx = await brandContext("ontime");
    const post = await schedule(ctx, "Fresh croissants at nine", 3);
    const copy = await waitForPublished(post.id, 3_000 + ON_TIME_MS + 5_000);
    console.info("published after its time (ms)", lateness(copy, post.at));
    expect(copy.content).toBe("Fresh croissants at nine");
    expect(lateness(copy, post.at)).toBeGreaterThanOrEqual(0);
    expect(lateness(copy, post.at)).toBeLessThanOrEqual(ON_TIME_MS);
    const [row] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.postedAt).toBeInstanceOf(Date);
    expect(row?.externalPostId).toBe(copy.id);
    expect(await networkCopies(post.id)).toHaveLength(1);
  });

  it("goes out with the text it was edited to after it was scheduled", async ({ expect }) => {
    const ctx = await brandContext("edit");
    const post = await schedule(ctx, "Soup of the day: tomato", 3);
    await sleepMs(1_000);
    await editPostUseCase.run(ctx, { postId: post.id, content: "Soup of the day: pumpkin" });
    const copy = await waitForPublished(post.id, 2_000 + ON_TIME_MS + 5_000);
    expect(copy.content).toBe("Soup of the day: pumpkin");
    expect(lateness(copy, post.at)).toBeLessThanOrEqual(ON_TIME_MS);
    expect(await networkCopies(post.id)).toHaveLength(1);
  });

  it("deleted 1 s before its time is never published, while its neighbour at the same time is", async ({
    expect,
  }) => {
    const ctx = await brandContext("delete");
    const kept = await schedule(ctx, "Open late on Friday", 3);
    const deleted = await schedule(ctx, "Closed on Friday", 3);
    await sleepUntil(new Date(deleted.at.getTime() - 1_000));
    await deletePostUseCase.run(ctx, { postId: deleted.id });
    // The watcher was awake at that time: the other post went out then.
    const copy = await waitForPublished(kept.id, 1_000 + ON_TIME_MS + 5_000);
    expect(lateness(copy, kept.at)).toBeLessThanOrEqual(ON_TIME_MS);
    await sleepUntil(new Date(deleted.at.getTime() + ON_TIME_MS + 500));
    expect(await networkCopies(deleted.id)).toEqual([]);
    expect(await database.db.select().from(posts).where(eq(posts.id, deleted.id))).toEqual([]);
  });

  it("rescheduled later is not published at its old time but at its new one", async ({ expect }) => {
    const ctx = await brandContext("move");
    const post = await schedule(ctx, "Tasting evening", 3);
    await sleepMs(1_000);
    const moved = new Date(post.at.getTime() + 3_000);
    await reschedulePostUseCase.run(ctx, { postId: post.id, scheduledDate: moved.toISOString() });
    await sleepUntil(new Date(post.at.getTime() + 1_500));
    expect(await networkCopies(post.id)).toEqual([]);
    const [row] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.postedAt).toBeNull();
    const copy = await waitForPublished(post.id, 1_500 + ON_TIME_MS + 5_000);
    expect(lateness(copy, moved)).toBeGreaterThanOrEqual(0);
    expect(lateness(copy, moved)).toBeLessThanOrEqual(ON_TIME_MS);
    expect(await networkCopies(post.id)).toHaveLength(1);
  });
});
