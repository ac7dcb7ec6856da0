import type { BrandContext } from "@smm/domain/context";
import { type NewPost, notifications, posts } from "@smm/domain/db/schema";
import {
  approvePost,
  getPost,
  MAX_PUBLISH_TRIES,
  publishDuePosts,
  publishPostNow,
  reschedulePost,
} from "@smm/domain/posts";
import type { DomainTestContext } from "@smm/test-support/domain";
import { connectPageBrand, type MetaTestWorld, startMetaTestWorld } from "@smm/test-support/meta-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeMetaGraphServer } from "../../../../../tests/fakes/meta-graph-server";
import { withoutMark } from "./meta-network";

/*
 * Publishing to a Meta page through the publish job and the post use cases, over HTTP against the fake
 * Graph server: rate limits make a post wait (and come back by itself, a bounded number of times), a
 * reschedule moves a natively held copy in and out of Meta's window, and a lost answer is settled by the
 * attempt's marker.
 */

let world: MetaTestWorld;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;

beforeAll(async () => {
  world = await startMetaTestWorld("meta-publishing");
  ({ fake, t } = world);
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  t.clock.set(null);
  fake.setFaults(null);
  // The job publishes every user's due posts: earlier tests' leftovers must not take this test's faults.
  await t.database.db.update(posts).set({ status: "denied", publishRetryAt: null, publishAttemptId: null });
});

const metaBrand = () => connectPageBrand(t, fake, "meta", "Bean There", "10100000000");

let counter = 0;
async function insertPost(ctx: BrandContext, values: Partial<NewPost> = {}) {
  counter += 1;
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      content: `Fresh roast no. ${counter} ${Math.random()}`,
      status: "approved",
      scheduledDate: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const rowOf = async (id: string) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
const messagesOf = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.message,
  );
const at = (ms: number) => new Date(Date.now() + ms);
const rateLimit = (headers: Record<string, string> = {}) => ({
  status: 400,
  code: 32,
  message: "(#32) Page request limit reached",
  headers,
});

describe("rate limits", () => {
  it("a due post waits for the time Meta gives, is not failed, and goes out by itself once", async () => {
    const ctx = await metaBrand();
    const post = await insertPost(ctx);
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      rateLimit({
        "x-business-use-case-usage": JSON.stringify({
          "10100000000": [{ type: "pages", call_count: 100, estimated_time_to_regain_access: 7 }],
        }),
      }),
    );
    await publishDuePosts(t.deps);

    const waiting = await rowOf(post.id);
    expect(waiting).toMatchObject({
      status: "approved",
      postedAt: null,
      publishError: null,
      publishTries: 1,
    });
    const wait = (waiting?.publishRetryAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(6 * 60_000);
    expect(wait).toBeLessThanOrEqual(7 * 60_000);
    const view = await getPost(ctx, { postId: post.id });
    expect(view.publishing).toMatchObject({
      status: "waiting",
      retryAt: waiting?.publishRetryAt?.toISOString(),
    });
    expect(view.publishing?.message).toContain("tried again automatically (try 2 of 5)");
    expect(await messagesOf(ctx.userId)).toEqual([]);

    // Not before its time...
    const calls = fake.requests.length;
    await publishDuePosts(t.deps);
    expect(fake.requests.length).toBe(calls);
    // ...and then once.
    t.clock.set(at(8 * 60_000));
    await publishDuePosts(t.deps);
    const done = await rowOf(post.id);
    expect(done?.postedAt).not.toBeNull();
    expect(done).toMatchObject({ publishRetryAt: null, publishTries: 0, publishedVia: "meta" });
    expect(fake.creationsOf(post.content)).toBe(1);
    expect((await getPost(ctx, { postId: post.id })).publishing).toBeNull();
  });

  it("reads X-App-Usage when Meta gives no business wait", async () => {
    const ctx = await metaBrand();
    const post = await insertPost(ctx);
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { ...rateLimit({ "x-app-usage": JSON.stringify({ call_count: 100, total_time: 20 }) }), code: 4 },
    );
    await publishDuePosts(t.deps);
    const wait = ((await rowOf(post.id))?.publishRetryAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);
  });

  it("gives up after a bounded number of tries, failing with Meta's message and telling the user", async () => {
    const ctx = await metaBrand();
    const post = await insertPost(ctx);
    const waits: number[] = [];
    let clock = Date.now();
    for (let i = 0; i < MAX_PUBLISH_TRIES; i++) {
      fake.failNext({ method: "POST", path: /\/feed$/ }, { ...rateLimit(), code: 17 });
      t.clock.set(new Date(clock));
      await publishDuePosts(t.deps);
      const row = await rowOf(post.id);
      if (row?.publishRetryAt) {
        waits.push(Math.round((row.publishRetryAt.getTime() - clock) / 60_000));
        clock = row.publishRetryAt.getTime() + 1000;
      }
    }
    // No wait given: 5 minutes, doubling.
    expect(waits).toEqual([5, 10, 20, 40]);
    const failed = await rowOf(post.id);
    expect(failed).toMatchObject({ postedAt: null, publishRetryAt: null });
    expect(failed?.publishError).toBe(
      "Facebook posting failed: Facebook's rate limit was reached. Try again later.",
    );
    expect(await messagesOf(ctx.userId)).toEqual([failed?.publishError]);
    expect((await getPost(ctx, { postId: post.id })).publishing?.status).toBe("failed");
    expect(fake.creationsOf(post.content)).toBe(0);
  });

  it("Post now answers with the waiting post instead of an error, and the job sends it later", async () => {
    const ctx = await metaBrand();
    const post = await insertPost(ctx, { scheduledDate: null });
    fake.failNext({ method: "POST", path: /\/feed$/ }, { ...rateLimit(), code: 613 });
    const view = await publishPostNow(ctx, { postId: post.id });
    expect(view).toMatchObject({ status: "approved", postedAt: null });
    expect(view.publishing?.status).toBe("waiting");
    t.clock.set(at(6 * 60_000));
    await publishDuePosts(t.deps);
    expect((await rowOf(post.id))?.postedAt).not.toBeNull();
    expect(fake.creationsOf(post.content)).toBe(1);
  });
});

describe("rescheduling a post Meta holds", () => {
  it("takes the copy back when the new time is outside Meta's window, and hands it over again inside it", async () => {
    const ctx = await metaBrand();
    const post = await insertPost(ctx, { status: "pending", scheduledDate: null });
    const held = await approvePost(ctx, { postId: post.id, scheduledDate: at(2 * 3_600_000).toISOString() });
    const first = held.externalPostId ?? "";
    expect(fake.posts.get(first)).toMatchObject({ published: false, deleted: false });

    // Inside the window: moved on Meta (one instant: two calls of at() can straddle a second).
    const threeHours = at(3 * 3_600_000);
    const moved = await reschedulePost(ctx, { postId: post.id, scheduledDate: threeHours.toISOString() });
    expect(moved.externalPostId).toBe(first);
    expect(fake.posts.get(first)?.scheduledPublishTime).toBe(Math.floor(threeHours.getTime() / 1000));

    // Five minutes ahead is too soon for Meta: taken back; our publish job fires it.
    const soon = await reschedulePost(ctx, { postId: post.id, scheduledDate: at(5 * 60_000).toISOString() });
    expect(soon).toMatchObject({ externalPostId: null, publishedVia: null, state: "scheduled" });
    expect(fake.posts.get(first)?.deleted).toBe(true);

    // Back inside the window: handed over again.
    const again = await reschedulePost(ctx, {
      postId: post.id,
      scheduledDate: at(5 * 3_600_000).toISOString(),
    });
    expect(again.externalPostId).not.toBeNull();
    expect(again.externalPostId).not.toBe(first);
    expect(again.publishedVia).toBe("meta");

    // Forty days ahead is past it: taken back again.
    const far = await reschedulePost(ctx, {
      postId: post.id,
      scheduledDate: at(40 * 86_400_000).toISOString(),
    });
    expect(far.externalPostId).toBeNull();
    expect(fake.posts.get(again.externalPostId ?? "")?.deleted).toBe(true);
    expect(
      [...fake.posts.values()].filter((p) => withoutMark(p.message) === post.content && !p.deleted),
    ).toEqual([]);
  });
});

describe("an attempt whose answer was lost", () => {
  /** The row as a dead process left it: its attempt recorded six minutes ago, the answer never stored. */
  async function lostAttempt(ctx: BrandContext, made: boolean) {
    const post = await insertPost(ctx);
    const attemptId = crypto.randomUUID();
    if (made) {
      await t.deps.social.publish({
        userId: ctx.userId,
        brandId: ctx.brandId,
        postId: post.id,
        platform: "facebook",
        content: post.content,
        imageUrl: null,
        marker: attemptId,
      });
    }
    await t.database.db
      .update(posts)
      .set({ publishAttemptId: attemptId, publishAttemptAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(posts.id, post.id));
    return post;
  }

  it("is found by its marker and recorded, not sent again", async () => {
    const ctx = await metaBrand();
    const post = await lostAttempt(ctx, true);
    await publishDuePosts(t.deps);
    const row = await rowOf(post.id);
    expect(row?.postedAt).not.toBeNull();
    expect(row?.externalPostId).toMatch(/^10100000000_/);
    expect(fake.creationsOf(post.content)).toBe(1);
  });

  it("is sent once when the network holds no copy of it", async () => {
    const ctx = await metaBrand();
    const post = await lostAttempt(ctx, false);
    await publishDuePosts(t.deps);
    expect((await rowOf(post.id))?.postedAt).not.toBeNull();
    expect(fake.creationsOf(post.content)).toBe(1);
  });

  it("is 'Unconfirmed: check your page' when our text is there without our marker", async () => {
    const ctx = await metaBrand();
    const post = await lostAttempt(ctx, true);
    for (const copy of fake.posts.values()) copy.message = withoutMark(copy.message);
    await publishDuePosts(t.deps);
    const row = await rowOf(post.id);
    expect(row?.postedAt).toBeNull();
    expect(row?.publishError).toMatch(/^Unconfirmed: check your page\./);
    expect((await getPost(ctx, { postId: post.id })).publishing?.status).toBe("unconfirmed");
    expect(await messagesOf(ctx.userId)).toEqual([row?.publishError]);
    expect(fake.creationsOf(post.content)).toBe(1);
  });
});
