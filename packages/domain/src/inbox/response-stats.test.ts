import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { inboxItems, type NewInboxItem, posts } from "../db/schema";
import { getResponseStats, weekStartOf } from "./response-stats";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

// A Wednesday afternoon: this week began on Monday 2026-03-16.
const NOW = new Date("2026-03-18T15:00:00Z");
const minutes = (count: number) => count * 60_000;
const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs);

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  return { ...t.as(userId), brandId: brand.id, now: () => NOW };
}

async function insertPost(ctx: BrandContext) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content: "Waffle Wednesday is back" })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

let counter = 0;
async function insertItem(ctx: BrandContext, postId: string, values: Partial<NewInboxItem>) {
  counter += 1;
  const [row] = await t.database.db
    .insert(inboxItems)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      postId,
      platform: "facebook",
      network: "meta",
      externalId: `c-${counter}`,
      text: `Comment ${counter}`,
      writtenAt: NOW,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

it("finds the Monday 00:00 UTC a week starts on", () => {
  expect(weekStartOf(NOW).toISOString()).toBe("2026-03-16T00:00:00.000Z");
  expect(weekStartOf(new Date("2026-03-22T23:59:59Z")).toISOString()).toBe("2026-03-16T00:00:00.000Z");
  expect(weekStartOf(new Date("2026-03-16T00:00:00Z")).toISOString()).toBe("2026-03-16T00:00:00.000Z");
});

it("counts comments, replies and the median time to the first reply, week by week", async () => {
  const ctx = await brandContext();
  const post = await insertPost(ctx);

  // This week: three comments. One answered from the inbox after 10 minutes (and again later: only the
  // first reply counts), one answered on the network after 30 minutes (matched by its id there), one open.
  const monday = "2026-03-16T09:00:00Z";
  const quick = await insertItem(ctx, post.id, { writtenAt: at(monday) });
  await insertItem(ctx, post.id, {
    own: true,
    delivery: "sent",
    replyToId: quick.id,
    parentExternalId: quick.externalId,
    writtenAt: at(monday, minutes(10)),
  });
  await insertItem(ctx, post.id, {
    own: true,
    delivery: "sent",
    replyToId: quick.id,
    writtenAt: at(monday, minutes(90)),
  });
  const echoed = await insertItem(ctx, post.id, { externalId: "fb-777", writtenAt: at(monday, minutes(60)) });
  await insertItem(ctx, post.id, {
    own: true,
    parentExternalId: "fb-777",
    writtenAt: at(monday, minutes(90)),
  });
  await insertItem(ctx, post.id, { writtenAt: at("2026-03-17T08:00:00Z") });
  // Neither counts as a reply: a send that failed, one still in flight.
  await insertItem(ctx, post.id, {
    own: true,
    delivery: "failed",
    replyToId: echoed.id,
    writtenAt: at(monday, minutes(61)),
  });
  await insertItem(ctx, post.id, { own: true, delivery: "sending", externalId: null, writtenAt: NOW });

  // Two weeks ago: one comment answered after 3 h 5 min.
  const earlier = await insertItem(ctx, post.id, { writtenAt: at("2026-03-04T10:00:00Z") });
  await insertItem(ctx, post.id, {
    own: true,
    delivery: "sent",
    replyToId: earlier.id,
    writtenAt: at("2026-03-04T10:00:00Z", minutes(185)),
  });

  // Outside the window (nine weeks ago), and another brand's comments: never counted.
  await insertItem(ctx, post.id, { writtenAt: at("2026-01-12T10:00:00Z") });
  const other = await brandContext();
  const otherPost = await insertPost(other);
  await insertItem(other, otherPost.id, { writtenAt: at(monday) });

  const dbg = await t.database.db.execute(
    (await import("drizzle-orm"))
      .sql`select external_id, parent_external_id, own, delivery, written_at, reply_to_id, id from inbox_items where brand_id = ${ctx.brandId} order by written_at`,
  );
  console.log(dbg);
  const stats = await getResponseStats(ctx, {});
  expect(stats.weeks).toHaveLength(8);
  expect(stats.weeks[0]?.weekStart).toBe("2026-01-26T00:00:00.000Z");
  const thisWeek = stats.weeks[7];
  expect(thisWeek).toEqual({
    weekStart: "2026-03-16T00:00:00.000Z",
    comments: 3,
    replies: 3,
    medianFirstReplyMinutes: 20,
  });
  expect(stats.weeks[5]).toEqual({
    weekStart: "2026-03-02T00:00:00.000Z",
    comments: 1,
    replies: 1,
    medianFirstReplyMinutes: 185,
  });
  expect(stats.weeks[6]).toMatchObject({ comments: 0, replies: 0, medianFirstReplyMinutes: null });
  expect(stats.replies).toBe(4);
  // The first replies took 10, 30 and 185 minutes.
  expect(stats.medianFirstReplyMinutes).toBe(30);

  const short = await getResponseStats(ctx, { weeks: 1 });
  expect(short.weeks).toHaveLength(1);
  expect(short.replies).toBe(3);
  expect(short.medianFirstReplyMinutes).toBe(20);
});

it("says nothing was answered for a brand without comments", async () => {
  const ctx = await brandContext();
  const stats = await getResponseStats(ctx, { weeks: 4 });
  expect(stats.replies).toBe(0);
  expect(stats.medianFirstReplyMinutes).toBeNull();
  expect(stats.weeks.map((week) => week.weekStart)).toEqual([
    "2026-02-23T00:00:00.000Z",
    "2026-03-02T00:00:00.000Z",
    "2026-03-09T00:00:00.000Z",
    "2026-03-16T00:00:00.000Z",
  ]);
  expect(stats.weeks.every((week) => week.comments === 0 && week.medianFirstReplyMinutes === null)).toBe(
    true,
  );
  await expect(getResponseStats(ctx, { weeks: 53 })).rejects.toMatchObject({ code: "invalid_input" });
});
