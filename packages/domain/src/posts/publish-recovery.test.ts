import { randomUUID } from "node:crypto";
import {
  openInstanceConnection,
  registerServerInstance,
  removeServerInstance,
} from "@smm/infra/server-instances";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext, Deps } from "../context";
import { type NewPost, notifications, posts, sandboxPosts } from "../db/schema";
import { AppError } from "../errors";
import type { SocialNetwork } from "../ports";
import { cancelPost } from "./cancel-post";
import { POST_BEING_PUBLISHED } from "./post";
import { publishDuePosts } from "./publish-due-posts";
import { publishPostNow } from "./publish-post-now";

/*
 * The publish job when runs overlap or die: each post goes out once, its result and its notification land
 * together, and an attempt whose process died is settled with the network before anything is sent again.
 */

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  return { ...t.as(userId), brandId: brand.id };
}

async function duePost(ctx: BrandContext, values: Partial<NewPost> = {}) {
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      content: `Due ${randomUUID()}`,
      status: "approved",
      scheduledDate: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const readPost = async (id: string) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
const networkCopies = (postId: string) =>
  t.database.db
    .select()
    .from(sandboxPosts)
    .where(and(eq(sandboxPosts.postId, postId), eq(sandboxPosts.state, "published")));
const messagesOf = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
    message: n.message,
    type: n.type,
  }));

/** The server instance id of a process that died: a number no running instance has. */
const GONE_INSTANCE = 2_000_000_000;

/** The sandbox network with a publish counter (and a hook run inside each publish call). */
function countingNetwork(base: SocialNetwork, during?: () => Promise<void>) {
  const calls: string[] = [];
  const network: SocialNetwork = {
    ...base,
    async publish(request) {
      calls.push(request.postId);
      const result = await base.publish(request);
      await during?.();
      return result;
    },
  };
  return { network, calls };
}

describe("an attempt cut off by a process that died", () => {
  it("is recorded as published when the network holds the copy, without sending it again", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx);
    // The dead process had sent it; the network took it; the answer never came back.
    const { externalId } = await ctx.social.publish({
      userId: ctx.userId,
      brandId: ctx.brandId,
      postId: post.id,
      platform: "facebook",
      content: post.content,
      imageUrl: null,
    });
    await t.database.db
      .update(posts)
      .set({ publishAttemptId: randomUUID(), publishAttemptBy: GONE_INSTANCE, publishAttemptAt: new Date() })
      .where(eq(posts.id, post.id));
    const { network, calls } = countingNetwork(ctx.social);

    expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 1, failed: 0 });
    expect(calls).toEqual([]);
    expect(await readPost(post.id)).toMatchObject({
      externalPostId: externalId,
      publishedVia: "sandbox",
      publishAttemptId: null,
      publishError: null,
    });
    expect((await readPost(post.id))?.postedAt).toBeInstanceOf(Date);
    expect(await networkCopies(post.id)).toHaveLength(1);
    expect(await messagesOf(ctx.userId)).toEqual([
      { message: "Your scheduled post was published.", type: "success" },
    ]);
  });

  it("is published once more when the network holds no copy", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx);
    await t.database.db
      .update(posts)
      .set({ publishAttemptId: randomUUID(), publishAttemptBy: GONE_INSTANCE, publishAttemptAt: new Date() })
      .where(eq(posts.id, post.id));
    const { network, calls } = countingNetwork(ctx.social);

    expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 1, failed: 0 });
    expect(calls).toEqual([post.id]);
    expect(await networkCopies(post.id)).toHaveLength(1);
    expect(await messagesOf(ctx.userId)).toHaveLength(1);
  });

  it("is not retried when the network cannot say, and the user is told plainly", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx);
    await t.database.db
      .update(posts)
      .set({ publishAttemptId: randomUUID(), publishAttemptBy: GONE_INSTANCE, publishAttemptAt: new Date() })
      .where(eq(posts.id, post.id));
    const { network, calls } = countingNetwork({
      ...ctx.social,
      findPublished: async () => {
        throw new AppError("upstream_failed", "Facebook is unreachable");
      },
    });

    expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 0, failed: 1 });
    expect(calls).toEqual([]);
    const row = await readPost(post.id);
    expect(row?.postedAt).toBeNull();
    expect(row?.publishAttemptId).toBeNull();
    expect(row?.publishError).toMatch(/could not confirm whether your scheduled post was published/);
    expect(await messagesOf(ctx.userId)).toEqual([{ message: row?.publishError, type: "error" }]);
    // Left for the user: the next run does not touch it.
    expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 0, failed: 0 });
  });
});

describe("an attempt held by a running instance", () => {
  it("is left alone until that instance stops, then taken over at once", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx);
    const connection = openInstanceConnection(t.database.connectionString);
    try {
      const live = await registerServerInstance(connection.db);
      await t.database.db
        .update(posts)
        .set({ publishAttemptId: randomUUID(), publishAttemptBy: live, publishAttemptAt: new Date() })
        .where(eq(posts.id, post.id));
      const { network, calls } = countingNetwork(ctx.social);

      expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 0, failed: 0 });
      expect(calls).toEqual([]);
      // The user cannot change it while it is being published either.
      await expect(cancelPost(ctx, { postId: post.id })).rejects.toMatchObject({
        code: "conflict",
        message: POST_BEING_PUBLISHED,
      });
      await expect(publishPostNow(ctx, { postId: post.id })).rejects.toMatchObject({ code: "conflict" });

      await removeServerInstance(connection.db, live);
      expect(await publishDuePosts({ ...t.deps, social: network })).toEqual({ published: 1, failed: 0 });
      expect(calls).toEqual([post.id]);
    } finally {
      await connection.close();
    }
  });

  it("counts as gone when its heartbeat is stale, even with its lock held (a frozen process)", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx);
    const connection = openInstanceConnection(t.database.connectionString);
    try {
      const frozen = await registerServerInstance(connection.db);
      await t.database.db
        .update(posts)
        .set({ publishAttemptId: randomUUID(), publishAttemptBy: frozen, publishAttemptAt: new Date() })
        .where(eq(posts.id, post.id));
      expect(await publishDuePosts(t.deps, { staleAfterMs: 60_000 })).toEqual({ published: 0, failed: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await publishDuePosts(t.deps, { staleAfterMs: 1000 })).toEqual({ published: 1, failed: 0 });
      await removeServerInstance(connection.db, frozen);
    } finally {
      await connection.close();
    }
  });
});

describe("two runs at once (two instances, or a run that outlives its minute)", () => {
  it("publish every due post once, each with one notification", async () => {
    const users: BrandContext[] = [];
    const due: string[] = [];
    for (let i = 0; i < 6; i++) {
      const ctx = await brandContext();
      users.push(ctx);
      due.push((await duePost(ctx)).id);
    }
    // A slow network, so the two runs are inside calls at the same time.
    const slow = countingNetwork(t.deps.social, () => new Promise((resolve) => setTimeout(resolve, 30)));
    const deps: Deps = { ...t.deps, social: slow.network };
    const results = await Promise.all([
      publishDuePosts(deps, { instanceId: null }),
      publishDuePosts(deps, { instanceId: null }),
    ]);

    expect(results.reduce((sum, r) => sum + r.published, 0)).toBe(6);
    expect([...slow.calls].sort()).toEqual([...due].sort());
    for (const id of due) expect(await networkCopies(id)).toHaveLength(1);
    for (const ctx of users) expect(await messagesOf(ctx.userId)).toHaveLength(1);
  });
});

describe("one run", () => {
  it("has several network calls in flight at once, never more than its concurrency", async () => {
    const due: string[] = [];
    for (let i = 0; i < 5; i++) due.push((await duePost(await brandContext())).id);
    let inFlight = 0;
    let most = 0;
    const deps: Deps = {
      ...t.deps,
      social: {
        ...t.deps.social,
        async publish(request) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            await new Promise((resolve) => setTimeout(resolve, 40));
            return await t.deps.social.publish(request);
          } finally {
            inFlight -= 1;
          }
        },
      },
    };
    const result = await publishDuePosts(deps, { instanceId: null, concurrency: 3 });
    expect(result.published).toBeGreaterThanOrEqual(5);
    expect(most).toBe(3);
    for (const id of due) expect(await networkCopies(id)).toHaveLength(1);
  });
});

describe("a change asked for while the network call runs", () => {
  it("is refused, so the post is not cancelled behind the network's back", async () => {
    const ctx = await brandContext();
    const post = await duePost(ctx, { scheduledDate: new Date(Date.now() - 1000) });
    let cancelled: Promise<unknown> = Promise.resolve();
    const { network } = countingNetwork(ctx.social, async () => {
      // While the network call runs, the user cancels it in another tab.
      cancelled = cancelPost({ ...ctx }, { postId: post.id }).catch((error: unknown) => error);
      await cancelled;
    });
    expect(await publishDuePosts({ ...t.deps, social: network })).toMatchObject({ published: 1 });
    expect(await cancelled).toMatchObject({ code: "conflict" });
    expect((await readPost(post.id))?.postedAt).toBeInstanceOf(Date);
  });
});
