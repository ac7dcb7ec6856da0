import { randomUUID } from "node:crypto";
import { createBrand } from "@smm/domain/brands";
import { completeChannelConnection, connectChannel, listChannels } from "@smm/domain/channels";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { notifications, posts, socialConnections } from "@smm/domain/db/schema";
import { generatePost } from "@smm/domain/generation";
import { approvePost, approvePostGroup, publishDuePosts } from "@smm/domain/posts";
import { createTestContext, signUpVerifiedUser, type TestContext, userIdOf } from "@smm/test-support/app";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBlueskyServer, startBlueskyServer } from "../../../../tests/fakes/bluesky-server";
import { type FakeMastodonServer, startMastodonServer } from "../../../../tests/fakes/mastodon-server";

/*
 * The channels through the app's own wiring (registry, channel router, the connect use cases) against the
 * Bluesky and Mastodon fakes over real HTTP: a group written for Facebook (sandbox), Bluesky and Mastodon
 * goes out once to each, a lost answer never makes a second copy, an over-limit version is refused before
 * any call, and a revoked token marks the connection expired and tells the user once.
 */

const APP_PASSWORD = "wxyz-1234-abcd-5678";
let ctx: TestContext;
let bluesky: FakeBlueskyServer;
let mastodon: FakeMastodonServer;
let userId: string;
let did: string;

beforeAll(async () => {
  bluesky = await startBlueskyServer();
  did = bluesky.addAccount({ handle: "roastery.bsky.social", appPasswords: [APP_PASSWORD] }).did;
  mastodon = await startMastodonServer();
  const port = Number(new URL(mastodon.url).port);
  ctx = await createTestContext({
    channelTesting: {
      allowAddress: (address, p) => address === "127.0.0.1" && p === port,
      networkSettings: { BLUESKY_SERVICE_URL: bluesky.url },
      sleep: async () => {},
    },
  });
  const { cookie } = await signUpVerifiedUser(ctx);
  userId = await userIdOf(ctx, cookie);
});

afterAll(async () => {
  await ctx?.close();
  await bluesky?.close();
  await mastodon?.close();
});

const asUser = (): UserContext => ({ ...ctx.deps, userId }) as UserContext;

/** A brand with its Bluesky and Mastodon accounts connected the way the screens do it. */
async function connectedBrand(name: string): Promise<BrandContext> {
  const { id } = await createBrand(asUser(), { name });
  const brand: BrandContext = { ...asUser(), brandId: id };
  const sky = await connectChannel(brand, {
    platform: "bluesky",
    handle: "@roastery.bsky.social",
    appPassword: APP_PASSWORD,
  });
  expect(sky).toMatchObject({ status: "connected", channel: { network: "bluesky", sandbox: false } });
  const started = await connectChannel(brand, { platform: "mastodon", instance: mastodon.host });
  if (started.status !== "redirect") throw new Error(`expected the consent page, got ${started.status}`);
  const consent = await fetch(started.url, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  const done = await completeChannelConnection(asUser(), {
    platform: "mastodon",
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  });
  expect(done).toMatchObject({ status: "connected", channel: { network: "mastodon" } });
  return brand;
}

async function groupOf(brand: BrandContext, texts: Record<"facebook" | "bluesky" | "mastodon", string>) {
  const groupId = randomUUID();
  const rows = await ctx.database.db
    .insert(posts)
    .values(
      Object.entries(texts).map(([platform, content]) => ({
        userId,
        brandId: brand.brandId,
        platform: platform as "facebook" | "bluesky" | "mastodon",
        groupId,
        content,
      })),
    )
    .returning();
  return { groupId, rows };
}

describe("channels through the app's wiring", () => {
  it("lists the connected accounts with their networks' limits, never a secret", async () => {
    const brand = await connectedBrand("Listing Roasters");
    const view = await listChannels(brand);
    expect(view.channels.map((channel) => [channel.platform, channel.network, channel.state])).toEqual(
      expect.arrayContaining([
        ["bluesky", "bluesky", "connected"],
        ["mastodon", "mastodon", "connected"],
      ]),
    );
    const sky = view.channels.find((channel) => channel.platform === "bluesky");
    expect(sky?.limits.text).toEqual({ maxLength: 300, counting: "graphemes", maxBytes: 3000 });
    expect(JSON.stringify(view)).not.toMatch(/jwt|accessToken|encrypted/i);
  });

  it("publishes a group once to each network, and keeps each post's id and address", async () => {
    const brand = await connectedBrand("Group Roasters");
    const before = { sky: bluesky.state.postsOf(did).length, masto: mastodon.statusesOf().length };
    const { groupId, rows } = await groupOf(brand, {
      facebook: "Our autumn roast is here. Come taste it this weekend!",
      bluesky: "Autumn roast is in 🍂 https://example.com/autumn #coffee",
      mastodon: "Our autumn roast is in. Come taste it! #Coffee",
    });
    const result = await approvePostGroup(brand, { groupId, scheduledDate: new Date().toISOString() });
    expect(result.posts.map((post) => post.status)).toEqual(["approved", "approved", "approved"]);

    expect(bluesky.state.postsOf(did)).toHaveLength(before.sky + 1);
    expect(mastodon.statusesOf()).toHaveLength(before.masto + 1);
    const stored = await ctx.database.db.select().from(posts).where(eq(posts.groupId, groupId));
    const by = Object.fromEntries(stored.map((row) => [row.platform, row]));
    expect(by.facebook).toMatchObject({ publishedVia: "sandbox" });
    expect(by.bluesky?.publishedVia).toBe("bluesky");
    expect(by.bluesky?.externalPostId).toMatch(/^at:\/\/did:plc:/);
    expect(by.bluesky?.externalUrl).toMatch(/^https:\/\/bsky\.app\/profile\/roastery\.bsky\.social\/post\//);
    expect(by.mastodon?.publishedVia).toBe("mastodon");
    expect(by.mastodon?.externalUrl).toContain(mastodon.host);
    // The link got its facet at UTF-8 byte offsets (the leaf is 4 bytes, not 2 UTF-16 units).
    const record = bluesky.state.postsOf(did).at(-1)?.value as {
      facets?: { index: { byteStart: number } }[];
    };
    const text = "Autumn roast is in 🍂 ";
    expect(record.facets?.[0]?.index.byteStart).toBe(new TextEncoder().encode(text).length);
    expect(rows).toHaveLength(3);
  });

  it("refuses a version over its network's limit before anything of the group is approved or sent", async () => {
    const brand = await connectedBrand("Long Roasters");
    const sent = bluesky.state.requests.length;
    const { groupId } = await groupOf(brand, {
      facebook: "Fine for Facebook.",
      bluesky: "✨".repeat(301),
      mastodon: "Fine for Mastodon.",
    });
    await expect(
      approvePostGroup(brand, { groupId, scheduledDate: new Date().toISOString() }),
    ).rejects.toMatchObject({ reason: "text_over_limit" });
    const stored = await ctx.database.db.select().from(posts).where(eq(posts.groupId, groupId));
    expect(stored.every((row) => row.status === "pending")).toBe(true);
    expect(bluesky.state.requests.length).toBe(sent);
  });

  it("leaves exactly one copy on each network when the answers are lost", async () => {
    const brand = await connectedBrand("Lossy Roasters");
    const before = { sky: bluesky.state.postsOf(did).length, masto: mastodon.statusesOf().length };
    const { rows } = await groupOf(brand, {
      facebook: "Lost answers, once.",
      bluesky: "Lost answer on Bluesky, posted once.",
      mastodon: "Lost answer on Mastodon, posted once.",
    });
    // Each network makes the post and the connection drops before its answer.
    bluesky.dropNextCreateRecord();
    mastodon.dropNextStatusResponse(1);
    for (const row of rows.filter((row) => row.platform !== "facebook"))
      await approvePost(brand, { postId: row.id, scheduledDate: new Date().toISOString() });
    expect(bluesky.state.postsOf(did)).toHaveLength(before.sky + 1);
    expect(mastodon.statusesOf()).toHaveLength(before.masto + 1);
    const stored = await ctx.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.brandId, brand.brandId), eq(posts.status, "approved")));
    expect(stored.every((row) => row.postedAt !== null && row.publishError === null)).toBe(true);
  });

  it("marks a revoked Mastodon connection expired and tells the user once", async () => {
    const brand = await connectedBrand("Revoked Roasters");
    mastodon.revokeToken();
    const { rows } = await groupOf(brand, {
      facebook: "Still fine.",
      bluesky: "Still fine on Bluesky.",
      mastodon: "This one meets a revoked token.",
    });
    const masto = rows.find((row) => row.platform === "mastodon");
    if (!masto) throw new Error("no mastodon post");
    // Approved for a minute ago: the publish job sends it (twice, to see the notice is said once).
    await ctx.database.db
      .update(posts)
      .set({ status: "approved", scheduledDate: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, masto.id));
    await publishDuePosts(ctx.deps);
    await ctx.database.db.update(posts).set({ publishError: null }).where(eq(posts.id, masto.id));
    await publishDuePosts(ctx.deps);

    const [connection] = await ctx.database.db
      .select()
      .from(socialConnections)
      .where(and(eq(socialConnections.brandId, brand.brandId), eq(socialConnections.provider, "mastodon")));
    expect(connection?.expiredAt).toBeInstanceOf(Date);
    const said = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(said.filter((n) => n.message.startsWith("Your Mastodon connection has expired"))).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, masto.id));
    expect(row?.postedAt).toBeNull();
    expect(row?.publishErrorReason).toBe("network_token_expired");
    expect((await listChannels(brand)).channels.find((c) => c.platform === "mastodon")?.state).toBe(
      "expired",
    );
  });

  it("writes one post per channel, each for its network, kept together", async () => {
    const brand = await connectedBrand("Writing Roasters");
    const made = await generatePost(brand, {
      prompt: "our new single-origin Ethiopian roast with notes of blueberry and jasmine",
      channels: ["facebook", "bluesky", "mastodon"],
    });
    expect(made.group?.map((post) => post.platform)).toEqual(["facebook", "bluesky", "mastodon"]);
    expect(new Set(made.group?.map((post) => post.groupId)).size).toBe(1);
    await ctx.jobs.settled();
    const written = await ctx.database.db
      .select()
      .from(posts)
      .where(eq(posts.groupId, made.groupId ?? ""));
    const by = Object.fromEntries(written.map((row) => [row.platform, row.content]));
    const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].length;
    expect(graphemes(by.bluesky ?? "")).toBeGreaterThan(20);
    expect(graphemes(by.bluesky ?? "")).toBeLessThanOrEqual(300);
    expect((by.mastodon ?? "").length).toBeLessThanOrEqual(500);
    expect(by.facebook).not.toBe(by.bluesky);
  });
});
