import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, postCounts, posts, user, userBrands } from "../db/schema";
import { derivePostState } from "../machines/post-lifecycle";
import { findRepoRoot } from "../repo-root";
import { getDashboardStats } from "./get-dashboard-stats";
import { listPosts } from "./list-posts";
import { postPlatforms, postSourceFilters, postStateFilters, postStatusFilters } from "./schemas";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(userId?: string): Promise<BrandContext> {
  const owner = userId ?? (await t.createUser());
  const brand = await createBrand(t.as(owner), { name: "Bean There" });
  return { ...t.as(owner), brandId: brand.id };
}

async function insertPosts(ctx: BrandContext, rows: Partial<NewPost>[]): Promise<string[]> {
  const inserted = await t.database.db
    .insert(posts)
    .values(
      rows.map((values) => ({ userId: ctx.userId, brandId: ctx.brandId, content: "Fresh beans", ...values })),
    )
    .returning({ id: posts.id });
  return inserted.map((row) => row.id);
}

const past = new Date("2026-01-01T10:00:00Z");
const future = new Date("2099-01-01T10:00:00Z");

/** Every combination the buckets distinguish, once per platform and AI flag. */
const variety: Partial<NewPost>[] = postPlatforms.flatMap((platform) =>
  [true, false].flatMap((aiGenerated) => [
    { platform, aiGenerated, status: "pending" as const, generationStatus: "queued" as const },
    { platform, aiGenerated, status: "pending" as const, generationStatus: "generating" as const },
    { platform, aiGenerated, status: "pending" as const, generationStatus: "completed" as const },
    { platform, aiGenerated, status: "pending" as const },
    { platform, aiGenerated, status: "approved" as const },
    { platform, aiGenerated, status: "approved" as const, scheduledDate: future },
    { platform, aiGenerated, status: "approved" as const, scheduledDate: past, postedAt: past },
    { platform, aiGenerated, status: "approved" as const, postedAt: past },
    { platform, aiGenerated, status: "denied" as const, generationStatus: "failed" as const },
    { platform, aiGenerated, status: "denied" as const, scheduledDate: future },
  ]),
);

type Bucket = string;
const bucket = (row: {
  brandId: string;
  userId: string;
  state: string;
  platform: string;
  aiGenerated: boolean;
}): Bucket => [row.brandId, row.userId, row.state, row.platform, row.aiGenerated].join("|");

/** The posts as they are, with their lifecycle state read in TypeScript (derivePostState). */
async function allPosts() {
  const rows = await t.database.db
    .select({
      id: posts.id,
      brandId: posts.brandId,
      userId: posts.userId,
      status: posts.status,
      generationStatus: posts.generationStatus,
      scheduledDate: posts.scheduledDate,
      postedAt: posts.postedAt,
      platform: posts.platform,
      aiGenerated: posts.aiGenerated,
      content: posts.content,
    })
    .from(posts);
  return rows.map((row) => ({ ...row, state: derivePostState(row) }));
}

/** post_counts holds exactly the count(*) of posts per bucket (zero rows allowed, nothing negative). */
async function expectCountsExact() {
  const expected = new Map<Bucket, number>();
  for (const post of await allPosts()) expected.set(bucket(post), (expected.get(bucket(post)) ?? 0) + 1);
  // The same in SQL: count(*) grouped by the state as the migration's CASE derives it.
  const grouped = await t.database.db.execute<{ bucket: string; n: number }>(sql`
    select concat_ws('|', brand_id, user_id,
             post_lifecycle_state(status, generation_status, scheduled_date, posted_at), platform, ai_generated) as bucket,
           cast(count(*) as integer) as n
    from posts group by 1`);
  const counted = new Map(
    grouped.map((row) => [row.bucket.replace(/\|(t|f)$/, (_, b) => (b === "t" ? "|true" : "|false")), row.n]),
  );
  expect(counted).toEqual(expected);

  const counters = await t.database.db.select().from(postCounts);
  const actual = new Map<Bucket, number>();
  for (const row of counters) {
    expect(row.n).toBeGreaterThanOrEqual(0);
    if (row.n > 0) actual.set(bucket(row), row.n);
  }
  expect(actual).toEqual(expected);
}

describe("post_counts", () => {
  it("stays exact through inserts, every kind of update, deletes and cascades", async () => {
    const ctx = await brandContext();
    const sibling = await brandContext(ctx.userId);
    const other = await brandContext();
    await expectCountsExact();

    // Inserts: one row, many rows in one statement, another brand and user.
    const [single] = await insertPosts(ctx, [{ status: "pending" }]);
    if (!single) throw new Error("no post");
    await expectCountsExact();
    const ids = await insertPosts(ctx, variety);
    await insertPosts(sibling, variety.slice(0, 7));
    await insertPosts(other, variety);
    await expectCountsExact();

    const update = async (values: PgUpdateSetSource<typeof posts>, where = eq(posts.id, single)) => {
      await t.database.db.update(posts).set(values).where(where);
      await expectCountsExact();
    };
    // The generation pipeline: queued -> generating -> completed, and a failure.
    await update({ generationStatus: "queued" });
    await update({ generationStatus: "generating" });
    await update({ generationStatus: "completed", content: "Ready" });
    await update({ generationStatus: "failed", status: "denied" });
    await update({ status: "pending", generationStatus: "queued" });
    await update({ status: "pending", generationStatus: null });
    // Approval, scheduling, unscheduling, publishing, cancelling.
    await update({ status: "approved" });
    await update({ scheduledDate: future });
    await update({ scheduledDate: null });
    await update({ scheduledDate: past, postedAt: past });
    await update({ postedAt: null });
    await update({ status: "denied", feedback: "No" });
    // Same bucket: content only, and an update that touches nothing.
    await update({ content: "Edited" });
    await update({ content: "Nothing" }, eq(posts.id, "00000000-0000-0000-0000-000000000000"));
    // Platform and AI flag.
    await update({ platform: "instagram" });
    await update({ aiGenerated: true });
    // A move to another brand of the same user, and to another user's brand.
    await update({ brandId: sibling.brandId });
    await update({ brandId: other.brandId, userId: other.userId });
    await update({ brandId: ctx.brandId, userId: ctx.userId });

    // Many rows in one statement, rows swapping buckets with each other.
    await update({ aiGenerated: sql`not ${posts.aiGenerated}` }, eq(posts.brandId, ctx.brandId));
    await update(
      {
        platform: sql`case when ${posts.platform} = 'facebook' then 'instagram' else 'facebook' end`,
      },
      inArray(posts.id, ids),
    );
    await update(
      { status: "approved", generationStatus: "completed", scheduledDate: future },
      and(eq(posts.brandId, ctx.brandId), eq(posts.status, "pending")),
    );
    await update({ postedAt: past }, eq(posts.brandId, ctx.brandId));

    // An upsert on posts (the INSERT trigger for new rows, the UPDATE trigger for conflicting ones).
    await t.database.db
      .insert(posts)
      .values([
        { id: single, userId: ctx.userId, brandId: ctx.brandId, status: "pending" },
        { userId: ctx.userId, brandId: ctx.brandId, status: "denied" },
      ])
      .onConflictDoUpdate({ target: posts.id, set: { status: "pending", platform: "facebook" } });
    await expectCountsExact();

    // A rolled-back transaction leaves nothing behind.
    await t.database.db
      .transaction(async (tx) => {
        await tx.insert(posts).values({ userId: ctx.userId, brandId: ctx.brandId });
        await tx.update(posts).set({ status: "denied" }).where(eq(posts.brandId, ctx.brandId));
        throw new Error("rollback");
      })
      .catch(() => {});
    await expectCountsExact();

    // Deletes: one row, many rows.
    await t.database.db.delete(posts).where(eq(posts.id, single));
    await expectCountsExact();
    await t.database.db.delete(posts).where(inArray(posts.id, ids.slice(0, 9)));
    await expectCountsExact();

    // Deleting a brand cascades to its posts and its counters.
    await t.database.db.delete(userBrands).where(eq(userBrands.id, sibling.brandId));
    await expectCountsExact();
    expect(
      await t.database.db.select().from(postCounts).where(eq(postCounts.brandId, sibling.brandId)),
    ).toEqual([]);
    // Deleting a user cascades through brands and posts.
    await t.database.db.delete(user).where(eq(user.id, other.userId));
    await expectCountsExact();
    expect(await t.database.db.select().from(postCounts).where(eq(postCounts.userId, other.userId))).toEqual(
      [],
    );
    expect(await getDashboardStats(ctx)).toMatchObject({ total: (await allPosts()).length });
  });

  it("gives the dashboard stats and listPosts totals of a real count for every filter combination", async () => {
    const ctx = await brandContext();
    const otherUserInBrand = { ...ctx, userId: await t.createUser() };
    await insertPosts(ctx, [
      ...variety,
      ...variety.slice(0, 13).map((v) => ({ ...v, content: "Dark roast" })),
    ]);
    // Same brand, another user: not counted in ctx's lists (the lists are scoped to brand and user).
    await insertPosts(otherUserInBrand, variety.slice(0, 5));
    await insertPosts(await brandContext(ctx.userId), variety.slice(3, 9));
    await expectCountsExact();

    const mine = (await allPosts()).filter((p) => p.brandId === ctx.brandId && p.userId === ctx.userId);
    expect(await getDashboardStats(ctx)).toEqual({
      total: mine.length,
      approved: mine.filter((p) => p.status === "approved").length,
      facebook: mine.filter((p) => p.platform === "facebook").length,
      instagram: mine.filter((p) => p.platform === "instagram").length,
      aiGenerated: mine.filter((p) => p.aiGenerated).length,
      pending: mine.filter((p) => p.state === "pending").length,
    });

    const statuses = { pending: "pending", approved: "approved", denied: "denied" } as const;
    let checked = 0;
    for (const state of [undefined, ...postStateFilters])
      for (const status of [undefined, ...postStatusFilters])
        for (const platform of [undefined, ...postPlatforms])
          for (const source of [undefined, ...postSourceFilters])
            for (const search of [undefined, "roast"]) {
              const expected = mine.filter(
                (p) =>
                  (!state || p.state === state) &&
                  (!status || p.status === statuses[status]) &&
                  (!platform || p.platform === platform) &&
                  (!source || p.aiGenerated === (source === "ai")) &&
                  (!search || p.content.includes(search)),
              ).length;
              const page = await listPosts(ctx, { state, status, platform, source, search, limit: 1 });
              expect({ state, status, platform, source, search, total: page.total }).toEqual({
                state,
                status,
                platform,
                source,
                search,
                total: expected,
              });
              checked++;
            }
    expect(checked).toBe(7 * 4 * (postPlatforms.length + 1) * 3 * 2);
  });

  it("rebuilds the same counters with the migration's backfill, and empties them on TRUNCATE", async () => {
    const ctx = await brandContext();
    await insertPosts(ctx, variety);
    await expectCountsExact();
    const before = await t.database.db.select().from(postCounts);
    const migration = readFileSync(
      join(findRepoRoot(import.meta.url), "drizzle", "0006_post-counts-triggers.sql"),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    expect(backfill).toContain('INSERT INTO "post_counts"');
    await t.database.db.delete(postCounts);
    await t.database.db.execute(sql.raw(backfill));
    await expectCountsExact();
    const key = (row: typeof postCounts.$inferSelect) => bucket(row);
    const positive = (rows: (typeof postCounts.$inferSelect)[]) =>
      rows
        .filter((row) => row.n > 0)
        .map((row) => `${key(row)}=${row.n}`)
        .sort();
    expect(positive(await t.database.db.select().from(postCounts))).toEqual(positive(before));

    await t.database.db.execute(sql`truncate posts cascade`);
    await expectCountsExact();
    expect(await t.database.db.select().from(postCounts)).toEqual([]);
    // And counting starts again from there.
    await insertPosts(ctx, variety.slice(0, 4));
    await expectCountsExact();
  });
});
