import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, posts } from "../db/schema";
import { AppError } from "../errors";
import { CALENDAR_EXCERPT_LENGTH } from "./calendar-post";
import { listCalendarPosts } from "./list-calendar-posts";
import { listPosts } from "./list-posts";

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

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, issues: error.issues };
}

const at = (iso: string) => new Date(iso);
// A December month as the grid shows it: 42 cells from Sunday 29 November to Saturday 9 January.
const month = { from: "2026-11-29T00:00:00.000Z", to: "2027-01-10T00:00:00.000Z" };

describe("listCalendarPosts", () => {
  it("returns the scheduled and published posts in the range, ordered by the time they show at", async () => {
    const ctx = await brandContext();
    const [late, published, early, publishedFromOutside, edgeFrom] = await insertPosts(ctx, [
      { status: "approved", scheduledDate: at("2026-12-20T12:00:00Z"), content: "late" },
      {
        status: "approved",
        scheduledDate: at("2026-12-05T12:00:00Z"),
        postedAt: at("2026-12-05T12:00:03Z"),
        content: "published",
      },
      { status: "approved", scheduledDate: at("2026-12-01T12:00:00Z"), content: "early" },
      // Published now although scheduled outside the range: it shows on the day it went out.
      {
        status: "approved",
        scheduledDate: at("2027-02-01T12:00:00Z"),
        postedAt: at("2026-12-10T08:00:00Z"),
        content: "published early",
      },
      { status: "approved", scheduledDate: at(month.from), content: "on the first instant" },
    ]);
    await insertPosts(ctx, [
      // Not on the calendar: unscheduled approved, pending, denied, outside the range, end is exclusive.
      { status: "approved" },
      { status: "pending", scheduledDate: at("2026-12-03T12:00:00Z") },
      { status: "denied", scheduledDate: at("2026-12-04T12:00:00Z") },
      { status: "approved", scheduledDate: at("2027-03-01T12:00:00Z") },
      { status: "approved", scheduledDate: at(month.to) },
      { status: "approved", scheduledDate: at("2026-11-28T23:59:59Z") },
      // Scheduled in the range but went out after it: it belongs to the month it was published in.
      {
        status: "approved",
        scheduledDate: at("2026-12-07T12:00:00Z"),
        postedAt: at("2027-01-15T12:00:00Z"),
      },
    ]);

    const { posts: shown } = await listCalendarPosts(ctx, month);
    expect(shown.map((post) => post.id)).toEqual([edgeFrom, early, published, publishedFromOutside, late]);
    expect(shown.map((post) => post.state)).toEqual([
      "scheduled",
      "scheduled",
      "published",
      "published",
      "scheduled",
    ]);
    expect(shown[1]).toEqual({
      id: early,
      platform: expect.any(String),
      state: "scheduled",
      aiGenerated: expect.any(Boolean),
      excerpt: "early",
      scheduledDate: "2026-12-01T12:00:00.000Z",
      postedAt: null,
    });
  });

  it("carries the start of the text only, not whole posts", async () => {
    const ctx = await brandContext();
    const long = `${"Autumn blend is back. ".repeat(20)}`;
    await insertPosts(ctx, [
      { status: "approved", scheduledDate: at("2026-12-02T12:00:00Z"), content: long },
    ]);
    const [shown] = (await listCalendarPosts(ctx, month)).posts;
    expect(shown?.excerpt).toBe(long.slice(0, CALENDAR_EXCERPT_LENGTH));
    expect(Object.keys(shown ?? {})).not.toContain("content");
    expect(Object.keys(shown ?? {})).not.toContain("imageUrl");
  });

  it("accepts offsets other than UTC", async () => {
    const ctx = await brandContext();
    const [id] = await insertPosts(ctx, [{ status: "approved", scheduledDate: at("2026-12-01T10:00:00Z") }]);
    // Local midnight in Berlin (UTC+1) is 23:00 UTC the day before.
    const { posts: shown } = await listCalendarPosts(ctx, {
      from: "2026-12-01T00:00:00+01:00",
      to: "2026-12-02T00:00:00+01:00",
    });
    expect(shown.map((post) => post.id)).toEqual([id]);
  });

  it("shows nothing of another brand or another user", async () => {
    const ctx = await brandContext();
    const sibling = await brandContext(ctx.userId);
    const stranger = await brandContext();
    const [mine] = await insertPosts(ctx, [
      { status: "approved", scheduledDate: at("2026-12-02T12:00:00Z") },
    ]);
    await insertPosts(sibling, [{ status: "approved", scheduledDate: at("2026-12-02T12:00:00Z") }]);
    await insertPosts(stranger, [{ status: "approved", scheduledDate: at("2026-12-02T12:00:00Z") }]);
    expect((await listCalendarPosts(ctx, month)).posts.map((post) => post.id)).toEqual([mine]);
    // A context that names another user's brand sees nothing of it.
    const intruder = { ...ctx, brandId: stranger.brandId };
    expect((await listCalendarPosts(intruder, month)).posts).toEqual([]);
  });

  it("refuses a missing, reversed or too long range with clear messages", async () => {
    const ctx = await brandContext();
    expect(await rejection(listCalendarPosts(ctx, { from: month.from } as never))).toMatchObject({
      code: "invalid_input",
      issues: [{ path: "to", message: "To date is required" }],
    });
    expect(await rejection(listCalendarPosts(ctx, { from: "yesterday", to: month.to }))).toMatchObject({
      code: "invalid_input",
      issues: [{ path: "from", message: "Invalid date" }],
    });
    expect(await rejection(listCalendarPosts(ctx, { from: month.to, to: month.from }))).toMatchObject({
      code: "invalid_input",
      issues: [{ path: "to", message: "To date must be after From date" }],
    });
    expect(await rejection(listCalendarPosts(ctx, { from: month.from, to: month.from }))).toMatchObject({
      issues: [{ path: "to", message: "To date must be after From date" }],
    });
    expect(
      await rejection(listCalendarPosts(ctx, { from: month.from, to: "2027-01-14T00:00:01.000Z" })),
    ).toMatchObject({
      issues: [{ path: "to", message: "The calendar range can be at most 45 days" }],
    });
    // Exactly 45 days is fine.
    await expect(
      listCalendarPosts(ctx, { from: month.from, to: "2027-01-13T00:00:00.000Z" }),
    ).resolves.toEqual({ posts: [] });
  });
});

describe("listPosts by lifecycle state", () => {
  it("filters each state the way derivePostState reads a row", async () => {
    const ctx = await brandContext();
    const [generating, queued, pending, reviewed, approved, scheduled, published, denied] = await insertPosts(
      ctx,
      [
        { status: "pending", generationStatus: "generating", aiGenerated: true },
        { status: "pending", generationStatus: "queued", aiGenerated: true },
        { status: "pending" },
        { status: "pending", generationStatus: "completed", aiGenerated: true },
        { status: "approved" },
        { status: "approved", scheduledDate: at("2026-12-02T12:00:00Z") },
        {
          status: "approved",
          scheduledDate: at("2026-12-02T12:00:00Z"),
          postedAt: at("2026-12-02T12:00:00Z"),
        },
        { status: "denied", scheduledDate: null },
      ],
    );
    const ids = async (
      state: "generating" | "pending" | "approved" | "scheduled" | "published" | "denied",
    ) => {
      const page = await listPosts(ctx, { state, sort: "oldest" });
      expect(page.total).toBe(page.posts.length);
      expect(page.posts.every((post) => post.state === state)).toBe(true);
      return page.posts.map((post) => post.id).sort();
    };
    expect(await ids("generating")).toEqual([generating, queued].sort());
    expect(await ids("pending")).toEqual([pending, reviewed].sort());
    expect(await ids("approved")).toEqual([approved]);
    expect(await ids("scheduled")).toEqual([scheduled]);
    expect(await ids("published")).toEqual([published]);
    expect(await ids("denied")).toEqual([denied]);
  });

  it("combines the Approved Content list with search, platform and source, paged", async () => {
    const ctx = await brandContext();
    await insertPosts(ctx, [
      {
        status: "approved",
        platform: "facebook",
        aiGenerated: true,
        content: "Autumn roast is here",
        createdAt: at("2026-11-01T09:00:00Z"),
      },
      {
        status: "approved",
        platform: "instagram",
        aiGenerated: false,
        content: "Latte art Friday",
        createdAt: at("2026-11-02T09:00:00Z"),
      },
      {
        status: "approved",
        platform: "instagram",
        aiGenerated: true,
        content: "Autumn latte",
        createdAt: at("2026-11-03T09:00:00Z"),
      },
      {
        status: "approved",
        platform: "facebook",
        scheduledDate: at("2026-12-02T12:00:00Z"),
        content: "Autumn",
      },
      { status: "pending", platform: "facebook", content: "Autumn pending" },
    ]);
    const contents = async (input: Parameters<typeof listPosts>[1]) =>
      (await listPosts(ctx, { state: "approved", sort: "oldest", ...input })).posts.map(
        (post) => post.content,
      );
    expect(await contents({})).toEqual(["Autumn roast is here", "Latte art Friday", "Autumn latte"]);
    expect(await contents({ search: "autumn" })).toEqual(["Autumn roast is here", "Autumn latte"]);
    expect(await contents({ platform: "instagram" })).toEqual(["Latte art Friday", "Autumn latte"]);
    expect(await contents({ source: "manual" })).toEqual(["Latte art Friday"]);
    expect(await contents({ source: "ai", search: "latte" })).toEqual(["Autumn latte"]);

    const first = await listPosts(ctx, { state: "approved", limit: 2 });
    expect(first).toMatchObject({ total: 3 });
    expect(first.posts).toHaveLength(2);
    const second = await listPosts(ctx, { state: "approved", limit: 2, cursor: first.nextCursor ?? "" });
    expect(second.posts).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses an unknown state", async () => {
    const ctx = await brandContext();
    expect(await rejection(listPosts(ctx, { state: "archived" as never }))).toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("State must be one of"),
    });
  });
});
