import { createBrand } from "@smm/domain/brands";
import { connectChannel } from "@smm/domain/channels";
import { markConnectionExpired, warnExpiringConnections } from "@smm/domain/connections";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { notifications, posts, socialConnections } from "@smm/domain/db/schema";
import { getPost, publishDuePosts } from "@smm/domain/posts";
import { createTestContext, signUpVerifiedUser, type TestContext, userIdOf } from "@smm/test-support/app";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * A channel whose token ended (revoked, or past its 60 days like LinkedIn's) does not fail its posts: they
 * wait with a reconnect prompt and go out once the channel is connected again; and the user is told 7 days
 * and 1 day before a token ends, once each.
 */

const DAY_MS = 86_400_000;
let ctx: TestContext;
let userId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { cookie } = await signUpVerifiedUser(ctx);
  userId = await userIdOf(ctx, cookie);
});

afterAll(async () => {
  await ctx?.close();
});

const asUser = (): UserContext => ({ ...ctx.deps, userId }) as UserContext;

async function brandWithSandboxChannel(name: string): Promise<BrandContext> {
  const { id } = await createBrand(asUser(), { name });
  const brand: BrandContext = { ...asUser(), brandId: id };
  expect(await connectChannel(brand, { platform: "bluesky", mode: "sandbox" })).toMatchObject({
    status: "connected",
  });
  return brand;
}

async function duePost(brand: BrandContext, content: string) {
  const [row] = await ctx.database.db
    .insert(posts)
    .values({
      userId,
      brandId: brand.brandId,
      platform: "bluesky",
      content,
      status: "approved",
      scheduledDate: new Date(ctx.deps.now().getTime() - 60_000),
    })
    .returning();
  if (!row) throw new Error("no post");
  return row;
}

const connectionOf = async (brand: BrandContext) => {
  const [row] = await ctx.database.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.brandId, brand.brandId), eq(socialConnections.provider, "bluesky")));
  if (!row) throw new Error("no connection");
  return row;
};

const messagesOf = async () =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.message,
  );

describe("an expired channel", () => {
  it("keeps its posts waiting with a reconnect prompt, and sends them once reconnected", async () => {
    const brand = await brandWithSandboxChannel("Waiting Roasters");
    const post = await duePost(brand, "Fresh beans on Friday.");
    await markConnectionExpired(ctx.deps, brand, { platform: "bluesky" });

    await publishDuePosts(ctx.deps);
    const waiting = await getPost(brand, { postId: post.id });
    expect(waiting.publishing).toMatchObject({ status: "reconnect" });
    expect(waiting.publishing?.message).toMatch(/reconnect Bluesky/);
    expect(waiting.postedAt).toBeNull();
    // It waits: later runs leave it alone.
    await publishDuePosts(ctx.deps);
    expect((await getPost(brand, { postId: post.id })).postedAt).toBeNull();

    await connectChannel(brand, { platform: "bluesky", mode: "sandbox" });
    expect((await getPost(brand, { postId: post.id })).publishing).toBeNull();
    await publishDuePosts(ctx.deps);
    const sent = await getPost(brand, { postId: post.id });
    expect(sent.postedAt).not.toBeNull();
    expect(sent.publishedVia).toBe("sandbox");
  });

  it("is not tried past its token's end: the user is told once and the post waits", async () => {
    const brand = await brandWithSandboxChannel("Lapsed Roasters");
    const connection = await connectionOf(brand);
    await ctx.database.db
      .update(socialConnections)
      .set({ tokenExpiresAt: new Date(ctx.deps.now().getTime() - 1000) })
      .where(eq(socialConnections.id, connection.id));
    const expiredNotices = async () =>
      (await messagesOf()).filter((message) => message.startsWith("Your Bluesky connection has expired"));
    const before = (await expiredNotices()).length;
    const first = await duePost(brand, "First lapsed post.");
    const second = await duePost(brand, "Second lapsed post.");

    await publishDuePosts(ctx.deps);
    for (const post of [first, second])
      expect((await getPost(brand, { postId: post.id })).publishing?.status).toBe("reconnect");
    expect((await connectionOf(brand)).expiredAt).not.toBeNull();
    expect(await expiredNotices()).toHaveLength(before + 1);
  });
});

describe("a channel token nearing its end", () => {
  it("is announced 7 days and 1 day before, once each, and afresh after a reconnect", async () => {
    const brand = await brandWithSandboxChannel("Expiring Roasters");
    const connection = await connectionOf(brand);
    const setEnd = (days: number) =>
      ctx.database.db
        .update(socialConnections)
        .set({ tokenExpiresAt: new Date(ctx.deps.now().getTime() + days * DAY_MS) })
        .where(eq(socialConnections.brandId, brand.brandId));
    const told = async () =>
      (await messagesOf()).filter((message) => /Bluesky connection expires in/.test(message));

    await setEnd(20);
    await warnExpiringConnections(ctx.deps);
    expect(await told()).toHaveLength(0);

    await setEnd(6.5);
    await warnExpiringConnections(ctx.deps);
    await warnExpiringConnections(ctx.deps);
    expect(await told()).toEqual([expect.stringContaining("expires in 7 days")]);

    await setEnd(0.5);
    await warnExpiringConnections(ctx.deps);
    await warnExpiringConnections(ctx.deps);
    expect((await told()).toSorted()).toEqual([
      expect.stringContaining("expires in 1 day."),
      expect.stringContaining("expires in 7 days"),
    ]);
    expect((await connectionOf(brand)).id).toBe(connection.id);

    // Reconnected: a new token, told about again when its turn comes.
    await connectChannel(brand, { platform: "bluesky", mode: "sandbox" });
    await setEnd(3);
    await warnExpiringConnections(ctx.deps);
    expect(await told()).toHaveLength(3);
  });
});
