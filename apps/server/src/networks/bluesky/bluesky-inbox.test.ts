import { createBrand } from "@smm/domain/brands";
import { connectChannel } from "@smm/domain/channels";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { inboxItems, posts } from "@smm/domain/db/schema";
import { pollInboxes } from "@smm/domain/inbox";
import { approvePost, publishPostNow } from "@smm/domain/posts";
import { createTestContext, signUpVerifiedUser, userIdOf } from "@smm/test-support/app";
import { clockAt, connectionOf, failure, postOf, toolsFor } from "@smm/test-support/provider-harness";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBlueskyAccount,
  type FakeBlueskyServer,
  startBlueskyServer,
} from "../../../../../tests/fakes/bluesky-server";
import type { ProviderInbox } from "../provider";
import type { BlueskyCredentials } from "./credentials";
import { BLUESKY_READ_BUDGET } from "./inbox";
import { createBlueskyProvider } from "./index";

/*
 * Bluesky's inbox against the fake PDS over real HTTP: replies read whole from each post's thread (nested,
 * with their authors; one deleted there is missing from a complete listing), new ones found through the
 * notifications from the cursor, polling that stays within the rate limit the fake counts, a reply sent
 * once per marker even when its answer is lost, likes and deletes reaching the fake.
 */

const APP_PASSWORD = "abcd-efgh-ijkl-mnop";
const WINDOW_MS = 5 * 60_000;

let fake: FakeBlueskyServer;
let alice: FakeBlueskyAccount;
let bob: FakeBlueskyAccount;
let carol: FakeBlueskyAccount;
let clock: ReturnType<typeof clockAt>;

beforeEach(async () => {
  clock = clockAt(new Date("2026-12-01T09:00:00.000Z"));
  // Bluesky's own limit (3,000 calls per 5 minutes): the fake refuses what goes over.
  fake = await startBlueskyServer({ now: clock.now, rateLimit: { calls: 3000, windowMs: WINDOW_MS } });
  alice = fake.addAccount({
    handle: "alice.bsky.social",
    appPasswords: [APP_PASSWORD],
    displayName: "Alice",
  });
  bob = fake.addAccount({
    handle: "bob.bsky.social",
    displayName: "Bob",
    avatar: "https://cdn.example/bob.jpg",
  });
  carol = fake.addAccount({ handle: "carol.bsky.social", displayName: "Carol" });
});
afterEach(async () => {
  await fake?.close();
});

async function connected() {
  const { tools } = toolsFor(null, { now: clock.now });
  const provider = createBlueskyProvider({ serviceUrl: fake.url, videoServiceUrl: fake.videoUrl, tools });
  const step = await provider.connect!.start({
    platform: "bluesky",
    credentials: { handle: "alice.bsky.social", appPassword: APP_PASSWORD },
    state: "state",
    redirectUri: "http://localhost/callback",
  });
  if (step.kind !== "connected") throw new Error("expected an account at once");
  const { connection } = connectionOf(step.account, "bluesky");
  const inbox = provider.inbox as ProviderInbox<BlueskyCredentials>;
  const post = await provider.publish(
    connection,
    postOf("Our new waffle is here", { attemptAt: clock.now() }),
  );
  clock.advance(1000);
  return { provider, inbox, connection, post: { externalId: post.externalId, publishedAt: clock.now() } };
}

describe("Bluesky inbox: reading", () => {
  it("lists a post's replies nested, with their authors, ours marked own", async () => {
    const { inbox, connection, post } = await connected();
    const first = fake.addReply(bob.did, post.externalId, "Is it gluten free?");
    const answer = fake.addReply(alice.did, first.uri, "Yes it is!");
    const deeper = fake.addReply(carol.did, answer.uri, "Great, coming Friday");

    const read = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });

    const byId = new Map(read.comments.map((comment) => [comment.externalId, comment]));
    expect(byId.get(first.uri)).toMatchObject({
      postExternalId: post.externalId,
      parentExternalId: null,
      authorName: "Bob",
      authorHandle: "bob.bsky.social",
      authorAvatarUrl: "https://cdn.example/bob.jpg",
      text: "Is it gluten free?",
      own: false,
    });
    expect(byId.get(answer.uri)).toMatchObject({ parentExternalId: first.uri, own: true });
    expect(byId.get(deeper.uri)).toMatchObject({ parentExternalId: answer.uri, authorName: "Carol" });
    expect(read.complete).toEqual([post.externalId]);
  });

  it("shows a reply deleted on Bluesky as missing from a complete listing; a blocked one leaves it partial", async () => {
    const { inbox, connection, post } = await connected();
    const kept = fake.addReply(bob.did, post.externalId, "Lovely");
    const gone = fake.addReply(carol.did, post.externalId, "Buy followers at spam.example");
    const before = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });
    expect(before.comments.map((comment) => comment.externalId).sort()).toEqual([kept.uri, gone.uri].sort());

    fake.removeRecord(gone.uri);
    const after = await inbox.read(connection, { posts: [post], cursor: before.cursor, budget: 10 });
    expect(after.comments.map((comment) => comment.externalId)).toEqual([kept.uri]);
    expect(after.complete).toEqual([post.externalId]);

    // A reply the viewer cannot read is skipped, and the listing no longer proves anything removed.
    fake.makeUnreadable(kept.uri, "blocked");
    const blocked = await inbox.read(connection, { posts: [post], cursor: after.cursor, budget: 10 });
    expect(blocked.comments).toEqual([]);
    expect(blocked.complete).toEqual([]);
  });

  it("finds new replies through the notifications from the cursor, each once", async () => {
    const { inbox, connection, post } = await connected();
    const start = await inbox.read(connection, { posts: [], cursor: null, budget: 10 });
    expect(start.comments).toEqual([]);

    clock.advance(60_000);
    const reply = fake.addReply(bob.did, post.externalId, "When do you open?");
    const next = await inbox.read(connection, { posts: [], cursor: start.cursor, budget: 10 });
    expect(next.comments).toEqual([
      expect.objectContaining({
        externalId: reply.uri,
        postExternalId: post.externalId,
        text: "When do you open?",
      }),
    ]);
    // Found through the notifications only: the post's listing was not read, so nothing is proved removed.
    expect(next.complete).toEqual([]);
    expect(next.calls).toBe(1);

    const again = await inbox.read(connection, { posts: [], cursor: next.cursor, budget: 10 });
    expect(again.comments).toEqual([]);
  });

  it("polls many posts for ten minutes within Bluesky's rate limit, as the fake counts it", async () => {
    const { provider, inbox, connection } = await connected();
    const posts = [];
    for (let index = 0; index < 25; index++) {
      const copy = await provider.publish(connection, postOf(`Post ${index}`, { attemptAt: clock.now() }));
      posts.push({ externalId: copy.externalId, publishedAt: clock.now() });
      fake.addReply(bob.did, copy.externalId, `Reply to ${index}`);
    }
    clock.advance(WINDOW_MS);
    // A poller as the domain's: a sweep every 20 seconds (26 calls each, more than the budget allows over a
    // window), each given what is left of the window's budget.
    let cursor: string | null = null;
    let windowStart = clock.now().getTime();
    let spent = 0;
    let reported = 0;
    for (let sweep = 0; sweep < 30; sweep++) {
      if (clock.now().getTime() - windowStart >= inbox.readBudget.windowMs) {
        windowStart = clock.now().getTime();
        spent = 0;
      }
      const budget = inbox.readBudget.calls - spent;
      if (budget > 0) {
        const read = await inbox.read(connection, { posts, cursor, budget });
        expect(read.calls).toBeLessThanOrEqual(budget);
        spent += read.calls;
        reported += read.calls;
        cursor = read.cursor;
        expect(fake.state.callsOf(alice.did, WINDOW_MS)).toBeLessThanOrEqual(BLUESKY_READ_BUDGET.calls);
      }
      clock.advance(20_000);
    }
    expect(fake.state.refusedCalls).toBe(0);
    expect(reported).toBe(BLUESKY_READ_BUDGET.calls * 2);
    const reads = fake.state.requests.filter(
      (request) =>
        request.nsid === "app.bsky.feed.getPostThread" ||
        request.nsid === "app.bsky.notification.listNotifications",
    );
    // Every call the reads made is one they counted.
    expect(reads).toHaveLength(reported);
  }, 120_000);
});

describe("Bluesky inbox: replying and moderating", () => {
  it("sends a reply once per marker, in the thread under the comment, even when its answer is lost", async () => {
    const { inbox, connection, post } = await connected();
    const comment = fake.addReply(bob.did, post.externalId, "Do you deliver?");
    const request = {
      postExternalId: post.externalId,
      parentExternalId: comment.uri,
      text: "We do, on Fridays!",
      marker: "reply-marker-1",
    };
    const since = clock.now();

    // The PDS writes the reply, then the connection dies before its answer.
    fake.dropNextCreateRecord();
    const sent = await inbox.reply(connection, request);
    const again = await inbox.reply(connection, request);

    const replies = fake.state.repliesTo(comment.uri);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.repo).toBe(alice.did);
    expect(replies[0]?.value).toMatchObject({
      text: "We do, on Fridays!",
      reply: { root: { uri: post.externalId }, parent: { uri: comment.uri, cid: comment.cid } },
    });
    expect(sent.externalId).toBe(replies[0]?.uri);
    expect(again.externalId).toBe(sent.externalId);
    expect(await inbox.findReply(connection, { ...request, since })).toEqual({ externalId: sent.externalId });
    expect(await inbox.findReply(connection, { ...request, marker: "never-sent", since })).toBeNull();
  });

  it("likes a comment once however often asked, and deletes only our own reply", async () => {
    const { inbox, connection, post } = await connected();
    const comment = fake.addReply(bob.did, post.externalId, "Love it");
    await inbox.moderate!(connection, { externalId: comment.uri, action: "like" });
    await inbox.moderate!(connection, { externalId: comment.uri, action: "like" });
    const likes = [...fake.state.records.values()].filter(
      (record) => record.collection === "app.bsky.feed.like" && record.repo === alice.did,
    );
    expect(likes).toHaveLength(1);
    expect(likes[0]?.value).toMatchObject({ subject: { uri: comment.uri, cid: comment.cid } });

    const ours = await inbox.reply(connection, {
      postExternalId: post.externalId,
      parentExternalId: comment.uri,
      text: "Thank you!",
      marker: "reply-to-delete",
    });
    await inbox.moderate!(connection, { externalId: ours.externalId, action: "delete" });
    expect(fake.state.records.has(ours.externalId)).toBe(false);

    const refused = await failure(inbox.moderate!(connection, { externalId: comment.uri, action: "delete" }));
    expect(refused.reason).toBe("inbox_unsupported");
    expect(fake.state.records.has(comment.uri)).toBe(true);
  });
});

describe("Bluesky inbox through the app's wiring", () => {
  it("stores a new reply once however often it is polled, and refuses hiding as Bluesky has none", async () => {
    const ctx = await createTestContext({
      channelTesting: {
        allowAddress: () => false,
        sleep: async () => {},
        networkSettings: { BLUESKY_SERVICE_URL: fake.url, BLUESKY_VIDEO_SERVICE_URL: fake.videoUrl },
      },
    });
    try {
      const { cookie } = await signUpVerifiedUser(ctx);
      const userId = await userIdOf(ctx, cookie);
      const asUser = { ...ctx.deps, userId } as UserContext;
      const { id } = await createBrand(asUser, { name: "Waffle House" });
      const brand: BrandContext = { ...asUser, brandId: id };
      await connectChannel(brand, {
        platform: "bluesky",
        handle: "@alice.bsky.social",
        appPassword: APP_PASSWORD,
      });
      const [row] = await ctx.database.db
        .insert(posts)
        .values({ userId, brandId: id, platform: "bluesky", content: "Waffles today", status: "pending" })
        .returning();
      if (!row) throw new Error("insert failed");
      await approvePost(brand, { postId: row.id });
      await publishPostNow(brand, { postId: row.id });
      const [published] = await ctx.database.db.select().from(posts).where(eq(posts.id, row.id));
      if (!published?.externalPostId) throw new Error("the post did not go out");

      const comment = fake.addReply(bob.did, published.externalPostId, "Are they vegan?");
      const start = ctx.clock.now();
      await pollInboxes(ctx.deps);
      ctx.clock.set(new Date(start.getTime() + 3 * 60_000));
      await pollInboxes(ctx.deps);
      const stored = await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.brandId, id));
      expect(stored.map((item) => [item.externalId, item.text])).toEqual([[comment.uri, "Are they vegan?"]]);

      const refused = await failure(
        ctx.deps.social.moderateComment({
          userId,
          brandId: id,
          platform: "bluesky",
          externalId: comment.uri,
          action: "hide",
        }),
      );
      expect(refused.reason).toBe("inbox_unsupported");
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
