import { randomUUID } from "node:crypto";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, posts } from "../db/schema";
import { nextDueAt, publishDuePosts } from "./publish-due-posts";

/*
 * The due time the publish watchers sleep until: the moment the due query will find a post, never one it
 * will not take (a failed post, one being published, one waiting out a rate limit), so a watcher neither
 * misses a post nor wakes for nothing over and over.
 */

let t: DomainTestContext;
let ctx: BrandContext;
const start = new Date("2026-11-30T09:00:00.000Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

beforeAll(async () => {
  t = await createDomainTestContext();
  t.clock.set(start);
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Tick Tock Bakery" });
  ctx = { ...t.as(userId), brandId: brand.id };
});
afterAll(async () => {
  await t?.close();
});

async function insertPost(values: Partial<NewPost>) {
  const [row] = await t.database.db
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

const readPost = async (id: string) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];

it("names the soonest moment the due query will take a post, and nothing for posts it will not take", async () => {
  expect(await nextDueAt(t.deps)).toBeNull();

  // None of these will be taken by the due query: no time to wake for.
  await insertPost({ scheduledDate: at(-120), publishError: "The network refused it." });
  await insertPost({ scheduledDate: at(-60), postedAt: at(-60), externalPostId: "sbx_done" });
  await insertPost({
    scheduledDate: at(-30),
    publishAttemptId: randomUUID(),
    publishAttemptAt: at(-1),
  });
  await insertPost({ status: "pending", scheduledDate: at(5) });
  await insertPost({ scheduledDate: null });
  expect(await nextDueAt(t.deps)).toBeNull();

  // Waiting out a rate limit: due at the end of its wait, not at its (past) date.
  const limited = await insertPost({ scheduledDate: at(-10), publishRetryAt: at(30), publishTries: 1 });
  expect(await nextDueAt(t.deps)).toEqual(at(30));
  const soon = await insertPost({ scheduledDate: at(10) });
  expect(await nextDueAt(t.deps)).toEqual(at(10));
  // A backlog: already due.
  const late = await insertPost({ scheduledDate: at(-5) });
  expect(await nextDueAt(t.deps)).toEqual(at(-5));

  // At each time named, the due query takes exactly what was named.
  expect(await publishDuePosts(t.deps)).toEqual({ published: 1, failed: 0 });
  expect((await readPost(late.id))?.postedAt).not.toBeNull();
  expect(await nextDueAt(t.deps)).toEqual(at(10));
  t.clock.set(at(9.999));
  expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
  t.clock.set(at(10));
  expect(await publishDuePosts(t.deps)).toEqual({ published: 1, failed: 0 });
  expect((await readPost(soon.id))?.postedAt).not.toBeNull();
  expect(await nextDueAt(t.deps)).toEqual(at(30));
  t.clock.set(at(29.999));
  expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
  t.clock.set(at(30));
  expect(await publishDuePosts(t.deps)).toEqual({ published: 1, failed: 0 });
  expect((await readPost(limited.id))?.postedAt).not.toBeNull();
  expect(await nextDueAt(t.deps)).toBeNull();
});
