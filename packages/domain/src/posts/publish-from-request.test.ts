import { randomUUID } from "node:crypto";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, posts, sandboxPosts } from "../db/schema";
import type { SocialNetwork } from "../ports";
import { approvePost } from "./approve-post";
import { PUBLISH_ATTEMPT_TIMEOUT_MS, publishDuePosts } from "./publish-due-posts";
import { publishPostNow } from "./publish-post-now";

/*
 * "Post now" and approving with a date that has come publish from the user's request. They claim the post the
 * way the publish job does, so a job run in the same instant never sends a second copy, and a request cut off
 * mid-call is settled by the job with the network instead of being lost.
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

async function insertPost(ctx: BrandContext, values: Partial<NewPost>) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content: `Post ${randomUUID()}`, ...values })
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

/** The sandbox network whose publish waits, after handing the post over, until the test lets it answer. */
function heldNetwork(base: SocialNetwork) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered = () => {};
  const inCall = new Promise<void>((resolve) => (entered = resolve));
  const network: SocialNetwork = {
    ...base,
    async publish(request) {
      const result = await base.publish(request);
      entered();
      await released;
      return result;
    },
  };
  return { network, inCall, release };
}

describe("publishing from a request", () => {
  it("Post now and the publish job at the same instant send one copy", async () => {
    const ctx = await brandContext();
    // Approved for a minute ago: the job would publish it too.
    const post = await insertPost(ctx, { status: "approved", scheduledDate: new Date(Date.now() - 60_000) });
    const held = heldNetwork(ctx.social);
    const request = publishPostNow({ ...ctx, social: held.network }, { postId: post.id });
    await held.inCall;

    expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
    held.release();
    const view = await request;

    expect(view.id).toBe(post.id);
    expect(await networkCopies(post.id)).toHaveLength(1);
    expect(await readPost(post.id)).toMatchObject({ publishAttemptId: null, publishError: null });
    expect((await readPost(post.id))?.postedAt).toBeInstanceOf(Date);
    // Once recorded, later runs leave it alone.
    expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
    expect(await networkCopies(post.id)).toHaveLength(1);
  });

  it("approving with a past date is claimed the same way", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx, { status: "pending" });
    const held = heldNetwork(ctx.social);
    const request = approvePost(
      { ...ctx, social: held.network },
      { postId: post.id, scheduledDate: new Date(Date.now() - 1000).toISOString() },
    );
    await held.inCall;
    expect(await readPost(post.id)).toMatchObject({ status: "approved" });
    expect((await readPost(post.id))?.publishAttemptId).toBeTruthy();

    expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
    held.release();
    await request;
    expect(await networkCopies(post.id)).toHaveLength(1);
    expect((await readPost(post.id))?.postedAt).toBeInstanceOf(Date);
  });

  it("a request cut off after the network took the post is settled by the job without a second copy", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx, { status: "approved" });
    const held = heldNetwork(ctx.social);
    // The process "dies" in the call: the request never finishes.
    void publishPostNow({ ...ctx, social: held.network }, { postId: post.id }).catch(() => {});
    await held.inCall;

    const later = new Date(Date.now() + PUBLISH_ATTEMPT_TIMEOUT_MS + 60_000);
    expect(await publishDuePosts({ ...t.deps, now: () => later })).toEqual({ published: 1, failed: 0 });
    expect(await networkCopies(post.id)).toHaveLength(1);
    expect(await readPost(post.id)).toMatchObject({ status: "approved", publishAttemptId: null });
    held.release();
  });

  it("a refusal by the network leaves the post as it was", async () => {
    const ctx = await brandContext();
    const post = await insertPost(ctx, { status: "approved" });
    const failing: SocialNetwork = {
      ...ctx.social,
      async publish() {
        throw new Error("The page is not reachable");
      },
    };
    await expect(publishPostNow({ ...ctx, social: failing }, { postId: post.id })).rejects.toThrow(
      "The page is not reachable",
    );
    expect(await readPost(post.id)).toMatchObject({
      status: "approved",
      scheduledDate: null,
      postedAt: null,
      publishAttemptId: null,
    });
    expect(await networkCopies(post.id)).toHaveLength(0);
    // Nothing is left for the job either.
    expect(await publishDuePosts(t.deps)).toEqual({ published: 0, failed: 0 });
  });
});
