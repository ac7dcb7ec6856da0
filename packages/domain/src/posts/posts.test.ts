import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, posts, sandboxPosts } from "../db/schema";
import { AppError } from "../errors";
import { approvePost } from "./approve-post";
import { cancelPost } from "./cancel-post";
import { deletePost } from "./delete-post";
import { denyPost } from "./deny-post";
import { editPost } from "./edit-post";
import { getPost } from "./get-post";
import { listPosts } from "./list-posts";
import { publishDuePosts } from "./publish-due-posts";
import { publishPostNow } from "./publish-post-now";
import { reschedulePost } from "./reschedule-post";
import { schedulePost } from "./schedule-post";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  return { ...t.as(userId), brandId: brand.id };
}

async function insertPost(ctx: BrandContext, values: Partial<NewPost> = {}) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content: "Fresh beans today", ...values })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const sandboxRow = async (externalId: string | null) => {
  if (!externalId) return undefined;
  const [row] = await t.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.id, externalId));
  return row;
};

describe("approvePost", () => {
  it("schedules a future date on the network, posts a date that is not in the future right away", async () => {
    const ctx = await brandContext();
    const later = await approvePost(ctx, { postId: (await insertPost(ctx)).id, scheduledDate: inHours(5) });
    expect(later).toMatchObject({
      status: "approved",
      state: "scheduled",
      postedAt: null,
      publishedVia: "sandbox",
    });
    expect(await sandboxRow(later.externalPostId)).toMatchObject({
      state: "scheduled",
      content: "Fresh beans today",
    });

    const now = await approvePost(ctx, { postId: (await insertPost(ctx)).id, scheduledDate: inHours(-1) });
    expect(now.state).toBe("published");
    expect(now.postedAt).not.toBeNull();
    expect(await sandboxRow(now.externalPostId)).toMatchObject({ state: "published" });

    const undated = await approvePost(ctx, { postId: (await insertPost(ctx)).id });
    expect(undated).toMatchObject({ state: "approved", scheduledDate: null, externalPostId: null });
    expect(t.events.published.some((e) => e.event.type === "post.changed" && e.userId === ctx.userId)).toBe(
      true,
    );
  });

  it("re-approves a denied post and clears its feedback; refuses approved and published ones with 409", async () => {
    const ctx = await brandContext();
    const denied = await insertPost(ctx, { status: "denied", feedback: "Too long" });
    expect(await approvePost(ctx, { postId: denied.id })).toMatchObject({
      state: "approved",
      feedback: null,
    });
    expect(await rejection(approvePost(ctx, { postId: denied.id }))).toEqual({
      code: "conflict",
      message: "Only pending or denied posts can be approved",
    });
    const published = await insertPost(ctx, {
      status: "approved",
      postedAt: new Date(),
      scheduledDate: new Date(),
    });
    expect(await rejection(approvePost(ctx, { postId: published.id }))).toEqual({
      code: "conflict",
      message: "This post has already been published",
    });
  });

  it("refuses a post that is still being generated", async () => {
    const ctx = await brandContext();
    const generating = await insertPost(ctx, { content: "", generationStatus: "generating" });
    expect((await rejection(approvePost(ctx, { postId: generating.id }))).code).toBe("conflict");
  });
});

describe("denyPost", () => {
  it("needs feedback, stores it and clears the date; only pending posts", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx, { scheduledDate: new Date(Date.now() + 3_600_000) });
    expect(await rejection(denyPost(ctx, { postId: post.id, feedback: "   " }))).toEqual({
      code: "invalid_input",
      message: "Please tell us why you are denying this post",
    });
    expect(await denyPost(ctx, { postId: post.id, feedback: " Off brand " })).toMatchObject({
      status: "denied",
      feedback: "Off brand",
      scheduledDate: null,
    });
    expect(await rejection(denyPost(ctx, { postId: post.id, feedback: "again" }))).toEqual({
      code: "conflict",
      message: "Only pending posts can be denied",
    });
  });
});

describe("cancelPost", () => {
  it("cancels the network's copy first, then denies with 'Post cancelled by user'", async () => {
    const ctx = await brandContext();
    const scheduled = await approvePost(ctx, {
      postId: (await insertPost(ctx)).id,
      scheduledDate: inHours(3),
    });
    const { post, warning } = await cancelPost(ctx, { postId: scheduled.id });
    expect(warning).toBeNull();
    expect(post).toMatchObject({
      status: "denied",
      feedback: "Post cancelled by user",
      scheduledDate: null,
      externalPostId: null,
    });
    expect(await sandboxRow(scheduled.externalPostId)).toMatchObject({ state: "cancelled" });
    expect((await rejection(cancelPost(ctx, { postId: scheduled.id }))).code).toBe("conflict");
  });

  it("still cancels locally when the network fails, and says so", async () => {
    const ctx = await brandContext();
    const scheduled = await approvePost(ctx, {
      postId: (await insertPost(ctx)).id,
      scheduledDate: inHours(3),
    });
    const failing: BrandContext = {
      ...ctx,
      social: {
        ...ctx.social,
        cancel: async () => {
          throw new AppError("upstream_failed", "Failed to cancel Facebook post");
        },
      },
    };
    const { post, warning } = await cancelPost(failing, { postId: scheduled.id });
    expect(post.status).toBe("denied");
    expect(warning).toBe(
      "Post cancelled locally, but Facebook cancellation failed: Failed to cancel Facebook post",
    );
  });
});

describe("editPost", () => {
  it("refuses empty content with the spec's message and updates the network's copy", async () => {
    const ctx = await brandContext();
    const scheduled = await approvePost(ctx, {
      postId: (await insertPost(ctx)).id,
      scheduledDate: inHours(3),
    });
    expect(await rejection(editPost(ctx, { postId: scheduled.id, content: "  " }))).toEqual({
      code: "invalid_input",
      message: "Post content cannot be empty",
    });
    const { post } = await editPost(ctx, { postId: scheduled.id, content: "Roasted fresh this morning" });
    expect(post.content).toBe("Roasted fresh this morning");
    expect(await sandboxRow(scheduled.externalPostId)).toMatchObject({
      content: "Roasted fresh this morning",
    });
  });
});

describe("schedulePost and reschedulePost", () => {
  it("need a date, never in the past, and only approved posts", async () => {
    const ctx = await brandContext();
    const pending = await insertPost(ctx);
    expect(await rejection(schedulePost(ctx, { postId: pending.id } as never))).toEqual({
      code: "invalid_input",
      message: "Missing scheduled date",
    });
    expect(await rejection(schedulePost(ctx, { postId: pending.id, scheduledDate: inHours(-2) }))).toEqual({
      code: "invalid_input",
      message: "Posts cannot be scheduled in the past",
    });
    expect(await rejection(schedulePost(ctx, { postId: pending.id, scheduledDate: inHours(2) }))).toEqual({
      code: "conflict",
      message: "Only approved posts can be scheduled",
    });

    const approved = await approvePost(ctx, { postId: pending.id });
    const scheduled = await schedulePost(ctx, { postId: approved.id, scheduledDate: inHours(2) });
    expect(scheduled.state).toBe("scheduled");

    const moved = await reschedulePost(ctx, { postId: approved.id, scheduledDate: inHours(30) });
    expect(moved.scheduledDate).toBe(
      new Date(inHours(30)).toISOString().slice(0, 16) + moved.scheduledDate?.slice(16),
    );
    expect((await sandboxRow(moved.externalPostId))?.scheduledFor?.toISOString()).toBe(moved.scheduledDate);

    const unscheduled = await reschedulePost(ctx, { postId: approved.id, scheduledDate: null });
    expect(unscheduled).toMatchObject({ state: "approved", scheduledDate: null, externalPostId: null });
    expect(await sandboxRow(moved.externalPostId)).toMatchObject({ state: "cancelled" });
  });
});

describe("publishPostNow", () => {
  it("posts an approved post now, withdrawing its scheduled copy", async () => {
    const ctx = await brandContext();
    const scheduled = await approvePost(ctx, {
      postId: (await insertPost(ctx)).id,
      scheduledDate: inHours(3),
    });
    const published = await publishPostNow(ctx, { postId: scheduled.id });
    expect(published.state).toBe("published");
    expect(published.externalPostId).not.toBe(scheduled.externalPostId);
    expect(await sandboxRow(scheduled.externalPostId)).toMatchObject({ state: "cancelled" });
    expect(await sandboxRow(published.externalPostId)).toMatchObject({ state: "published" });
    expect((await rejection(publishPostNow(ctx, { postId: scheduled.id }))).message).toBe(
      "This post has already been published",
    );
  });
});

describe("another user's or brand's post", () => {
  it("is not found on every call, and nothing changes", async () => {
    const owner = await brandContext();
    const post = await insertPost(owner);
    const stranger = await brandContext();
    const otherBrand = { ...owner, brandId: (await createBrand(owner, { name: "Second" })).id };
    for (const ctx of [stranger, otherBrand]) {
      const calls = [
        () => getPost(ctx, { postId: post.id }),
        () => approvePost(ctx, { postId: post.id }),
        () => denyPost(ctx, { postId: post.id, feedback: "no" }),
        () => editPost(ctx, { postId: post.id, content: "mine now" }),
        () => schedulePost(ctx, { postId: post.id, scheduledDate: inHours(2) }),
        () => reschedulePost(ctx, { postId: post.id, scheduledDate: null }),
        () => cancelPost(ctx, { postId: post.id }),
        () => publishPostNow(ctx, { postId: post.id }),
        () => deletePost(ctx, { postId: post.id }),
      ];
      for (const call of calls)
        expect(await rejection(call())).toEqual({ code: "not_found", message: "Post not found" });
    }
    expect(await rejection(getPost(owner, { postId: "not-a-uuid" }))).toEqual({
      code: "not_found",
      message: "Post not found",
    });
    expect(await getPost(owner, { postId: post.id })).toMatchObject({
      status: "pending",
      content: "Fresh beans today",
    });
  });
});

describe("deletePost", () => {
  it("removes the post and withdraws a scheduled copy", async () => {
    const ctx = await brandContext();
    const scheduled = await approvePost(ctx, {
      postId: (await insertPost(ctx)).id,
      scheduledDate: inHours(3),
    });
    expect(await deletePost(ctx, { postId: scheduled.id })).toEqual({ deleted: true });
    expect((await rejection(getPost(ctx, { postId: scheduled.id }))).code).toBe("not_found");
    expect(await sandboxRow(scheduled.externalPostId)).toMatchObject({ state: "cancelled" });
  });
});

describe("listPosts", () => {
  it("filters, searches and pages without repeats or gaps, in all three orders", async () => {
    const ctx = await brandContext();
    const base = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 25; i++) {
      await insertPost(ctx, {
        content: i % 5 === 0 ? `Espresso 100% special #${i}` : `Daily post #${i}`,
        platform: i % 2 === 0 ? "facebook" : "instagram",
        aiGenerated: i % 3 === 0,
        status: i % 4 === 0 ? "approved" : "pending",
        scheduledDate: i % 4 === 0 && i % 8 !== 0 ? new Date(base + (30 - i) * 86_400_000) : null,
        createdAt: new Date(base + i * 60_000),
      });
    }
    const collect = async (input: Parameters<typeof listPosts>[1]) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let total = 0;
      do {
        const page = await listPosts(ctx, { ...input, limit: 4, ...(cursor ? { cursor } : {}) });
        total = page.total;
        seen.push(...page.posts.map((p) => p.content));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return { seen, total };
    };

    const newest = await collect({});
    expect(newest.total).toBe(25);
    expect(newest.seen).toHaveLength(25);
    expect(newest.seen[0]).toBe("Daily post #24");
    expect(new Set(newest.seen).size).toBe(25);

    const oldest = await collect({ sort: "oldest" });
    expect(oldest.seen).toEqual([...newest.seen].reverse());

    const bySchedule = await collect({ sort: "schedule", status: "approved" });
    // Dated ones soonest first (#20 is the soonest: base + 10 days), then the undated ones.
    expect(bySchedule.seen.slice(0, 3)).toEqual([
      "Espresso 100% special #20",
      "Daily post #12",
      "Daily post #4",
    ]);
    expect(bySchedule.seen).toHaveLength(7);

    expect((await collect({ search: "100%" })).total).toBe(5);
    expect((await collect({ search: "_" })).total).toBe(0);
    expect((await collect({ platform: "instagram" })).total).toBe(12);
    expect((await collect({ source: "ai" })).total).toBe(9);
    expect((await collect({ source: "manual", status: "pending" })).total).toBe(12);

    expect(await rejection(listPosts(ctx, { cursor: "garbage" }))).toMatchObject({ code: "invalid_input" });
    expect(await rejection(listPosts(ctx, { sort: "random" as never }))).toEqual({
      code: "invalid_input",
      message: "Sort must be one of: newest, oldest, schedule",
    });
  });
});

describe("publishDuePosts (the publish-post job)", () => {
  it("marks network-held posts posted, publishes the others, and keeps a failure on the post", async () => {
    const ctx = await brandContext();
    const held = await approvePost(ctx, { postId: (await insertPost(ctx)).id, scheduledDate: inHours(1) });
    const undated = await approvePost(ctx, { postId: (await insertPost(ctx, { content: "Later" })).id });
    // Dated without a network copy (e.g. written before the network was connected).
    await t.database.db
      .update(posts)
      .set({ scheduledDate: new Date(Date.now() + 1_800_000) })
      .where(eq(posts.id, undated.id));
    const notYet = await approvePost(ctx, { postId: (await insertPost(ctx)).id, scheduledDate: inHours(5) });

    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    try {
      const result = await publishDuePosts(ctx);
      expect(result.failed).toBe(0);
      expect(await getPost(ctx, { postId: held.id })).toMatchObject({
        state: "published",
        postedAt: held.scheduledDate,
        externalPostId: held.externalPostId,
      });
      const published = await getPost(ctx, { postId: undated.id });
      expect(published.state).toBe("published");
      expect(await sandboxRow(published.externalPostId)).toMatchObject({
        state: "published",
        content: "Later",
      });
      expect((await getPost(ctx, { postId: notYet.id })).state).toBe("scheduled");

      const failing = await approvePost(ctx, { postId: (await insertPost(ctx)).id });
      await t.database.db
        .update(posts)
        .set({ scheduledDate: new Date(Date.now()) })
        .where(eq(posts.id, failing.id));
      const broken = {
        ...ctx,
        social: {
          ...ctx.social,
          publish: async () => {
            throw new AppError("upstream_failed", "Failed to post to Facebook: Bad Gateway");
          },
        },
      };
      expect(await publishDuePosts(broken)).toMatchObject({ failed: 1 });
      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, failing.id));
      expect(row?.publishError).toBe("Facebook posting failed: Failed to post to Facebook: Bad Gateway");
      expect(row?.postedAt).toBeNull();
      // Not retried every minute: the next run leaves it alone.
      expect(await publishDuePosts(broken)).toEqual({ published: 0, failed: 0 });
    } finally {
      t.clock.set(null);
    }
  });
});

describe("a change from elsewhere while the network call runs (a second tab)", () => {
  it("loses with 409, leaves the other change in place and takes back what it handed to the network", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx);
    let handedOver: string | null = null;
    const racing: BrandContext = {
      ...ctx,
      social: {
        ...ctx.social,
        schedule: async (request) => {
          const result = await ctx.social.schedule(request);
          handedOver = result.externalId;
          // The other tab denies the post while this one waits for the network.
          await denyPost(ctx, { postId: post.id, feedback: "Not this week" });
          return result;
        },
      },
    };
    expect(await rejection(approvePost(racing, { postId: post.id, scheduledDate: inHours(2) }))).toEqual({
      code: "conflict",
      message: "This post was changed in the meantime. Please reload and try again.",
    });
    expect(await getPost(ctx, { postId: post.id })).toMatchObject({
      status: "denied",
      feedback: "Not this week",
    });
    expect(await sandboxRow(handedOver)).toMatchObject({ state: "cancelled" });
  });
});
