import { createBrand } from "@smm/domain/brands";
import { completeChannelConnection, connectChannel } from "@smm/domain/channels";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { inboxItems, posts } from "@smm/domain/db/schema";
import { pollInboxes } from "@smm/domain/inbox";
import { approvePost, publishPostNow } from "@smm/domain/posts";
import { createTestContext, signUpVerifiedUser, type TestContext, userIdOf } from "@smm/test-support/app";
import {
  clockAt,
  connectionOf,
  failure,
  fakesClosedAfterEach,
  toolsFor,
} from "@smm/test-support/provider-harness";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMastodonOptions,
  type FakeMastodonServer,
  startMastodonServer,
} from "../../../../../tests/fakes/mastodon-server";
import type { ProviderInbox } from "../provider";
import { MASTODON_READ_BUDGET, RECONNECT_TO_LIKE } from "./inbox";
import { createMastodonProvider, createMemoryMastodonAppStore, type MastodonCredentials } from "./index";

/*
 * Mastodon's inbox against the fake instance over real HTTP: each post's context read whole (nested
 * replies, edits with edited_at, a deleted reply missing from the complete listing), mentions since the
 * cursor, polling within the instance's 300 calls per 5 minutes as the fake counts them, a reply sent once
 * per marker (Idempotency-Key) even when its answer is lost, favourites and deletes reaching the fake; and,
 * through the app's wiring, comments polled twice stored once and a hide refused as inbox_unsupported.
 */

const WINDOW_MS = 5 * 60_000;
const ALL_SCOPES = [
  "profile",
  "write:statuses",
  "write:media",
  "write:favourites",
  "read:statuses",
  "read:notifications",
];
const startFake = fakesClosedAfterEach((options: FakeMastodonOptions = {}) => startMastodonServer(options));

async function connected(fake: FakeMastodonServer, clock = clockAt(), scopes = ALL_SCOPES) {
  const { tools } = toolsFor(fake.url, { now: clock.now });
  const provider = createMastodonProvider({
    appName: "Test",
    website: "https://app.example",
    tools,
    registrations: createMemoryMastodonAppStore(),
    scheme: "http",
  });
  const { connection } = connectionOf<MastodonCredentials>(
    {
      externalAccountId: fake.user.id,
      handle: `@${fake.user.username}@${fake.host}`,
      credentials: { host: fake.host, accessToken: fake.issueToken(scopes) },
    },
    "mastodon",
  );
  const inbox = provider.inbox as ProviderInbox<MastodonCredentials>;
  const post = await provider.publish(connection, {
    postId: "post-1",
    content: "Waffle Wednesday is back",
    language: "en",
    format: "feed",
    media: [],
    images: [],
    marker: "post-marker",
    attemptAt: clock.now(),
  });
  return { inbox, connection, post: { externalId: post.externalId, publishedAt: clock.now() } };
}

describe("Mastodon inbox: reading", () => {
  it("lists a post's replies nested from its context, ours marked own, in plain text", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const question = fake.receiveMention("Are they <vegan> & sweet?", post.externalId);
    const answer = fake.receiveMention("Asking too!", question.id);

    const read = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });

    const byId = new Map(read.comments.map((comment) => [comment.externalId, comment]));
    expect(byId.get(question.id)).toMatchObject({
      postExternalId: post.externalId,
      parentExternalId: null,
      authorHandle: "@bob",
      // The HTML undone: entities and tags back to the text the person typed.
      text: expect.stringMatching(/^@alice\S* Are they <vegan> & sweet\?$/u),
      own: false,
      editedAt: null,
    });
    expect(byId.get(answer.id)).toMatchObject({ parentExternalId: question.id });
    expect(read.complete).toEqual([post.externalId]);
  });

  it("shows an edit with its time, and a reply deleted there as missing from the complete listing", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const edited = fake.receiveMention("Nice", post.externalId);
    const deleted = fake.receiveMention("Spam spam", post.externalId);
    const first = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });
    expect(first.comments).toHaveLength(2);

    fake.editStatus(edited.id, "Nice, see you Friday");
    fake.removeStatus(deleted.id);
    const second = await inbox.read(connection, { posts: [post], cursor: first.cursor, budget: 10 });
    expect(second.comments).toEqual([
      expect.objectContaining({
        externalId: edited.id,
        text: "Nice, see you Friday",
        editedAt: expect.any(Date),
      }),
    ]);
    expect(second.complete).toEqual([post.externalId]);
  });

  it("finds new mentions under the posts from the cursor, each once", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const start = await inbox.read(connection, { posts: [post], cursor: null, budget: 1 });
    const mention = fake.receiveMention("Open on Sunday?", post.externalId);
    const next = await inbox.read(connection, { posts: [post], cursor: start.cursor, budget: 1 });
    expect(next.calls).toBe(1);
    expect(next.comments.map((comment) => comment.externalId)).toEqual([mention.id]);
    // Notifications alone prove nothing removed.
    expect(next.complete).toEqual([]);
    const again = await inbox.read(connection, { posts: [post], cursor: next.cursor, budget: 1 });
    expect(again.comments).toEqual([]);
  });

  it("polls many posts for ten minutes within the instance's rate limit, as the fake counts it", async () => {
    const clock = clockAt(new Date("2026-12-01T09:00:00.000Z"));
    const fake = await startFake({ now: clock.now, rateLimit: { calls: 300, windowMs: WINDOW_MS } });
    const { inbox, connection, post } = await connected(fake, clock);
    const many = Array.from({ length: 40 }, () => post);
    clock.advance(WINDOW_MS);
    let cursor: string | null = null;
    let windowStart = clock.now().getTime();
    let spent = 0;
    let reported = 0;
    for (let sweep = 0; sweep < 20; sweep++) {
      if (clock.now().getTime() - windowStart >= inbox.readBudget.windowMs) {
        windowStart = clock.now().getTime();
        spent = 0;
      }
      const budget = inbox.readBudget.calls - spent;
      if (budget > 0) {
        const read = await inbox.read(connection, { posts: many, cursor, budget });
        expect(read.calls).toBeLessThanOrEqual(budget);
        spent += read.calls;
        reported += read.calls;
        cursor = read.cursor;
        expect(fake.callsOf(fake.user.id, WINDOW_MS)).toBeLessThanOrEqual(MASTODON_READ_BUDGET.calls);
      }
      clock.advance(30_000);
    }
    expect(fake.state.refusedCalls).toBe(0);
    expect(reported).toBe(MASTODON_READ_BUDGET.calls * 2);
  }, 120_000);
});

describe("Mastodon inbox: replying and moderating", () => {
  it("sends a reply once per marker under the comment, mentioning its author, when its answers are lost", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const comment = fake.receiveMention("Do you deliver?", post.externalId);
    const request = {
      postExternalId: post.externalId,
      parentExternalId: comment.id,
      text: "We do, on Fridays!",
      marker: "reply-marker-1",
    };
    const since = new Date(Date.now() - 1000);

    // Made twice over without an answer: the reply cannot say, and nothing is sent a second time.
    fake.dropNextStatusResponse(2);
    expect((await failure(inbox.reply(connection, request))).reason).toBe("reply_unconfirmed");
    const found = await inbox.findReply(connection, { ...request, since });
    expect(fake.repliesTo(comment.id)).toHaveLength(1);
    const [made] = fake.repliesTo(comment.id);
    expect(found).toEqual({ externalId: made?.id });
    expect(made).toMatchObject({ accountId: fake.user.id, text: "@bob We do, on Fridays!" });

    // Asked again with the same marker: the instance answers the first reply.
    const again = await inbox.reply(connection, request);
    expect(again.externalId).toBe(made?.id);
    expect(fake.repliesTo(comment.id)).toHaveLength(1);
    expect(
      await inbox.findReply(connection, { ...request, marker: "never-sent", text: "Other", since }),
    ).toBeNull();
  });

  it("favourites a comment, deletes only our own reply, and asks to reconnect without the favourites scope", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const comment = fake.receiveMention("Love it", post.externalId);
    await inbox.moderate!(connection, { externalId: comment.id, action: "like" });
    expect(fake.state.favourites).toEqual([{ accountId: fake.user.id, statusId: comment.id }]);

    const ours = await inbox.reply(connection, {
      postExternalId: post.externalId,
      parentExternalId: comment.id,
      text: "Thank you!",
      marker: "to-delete",
    });
    await inbox.moderate!(connection, { externalId: ours.externalId, action: "delete" });
    expect(fake.state.deleted.map((status) => status.id)).toContain(ours.externalId);
    const refused = await failure(inbox.moderate!(connection, { externalId: comment.id, action: "delete" }));
    expect(refused.reason).toBe("inbox_unsupported");
    expect(fake.repliesTo(post.externalId).map((status) => status.id)).toContain(comment.id);

    const older = await connected(
      fake,
      clockAt(),
      ALL_SCOPES.filter((scope) => scope !== "write:favourites"),
    );
    const reconnect = await failure(
      older.inbox.moderate!(older.connection, { externalId: comment.id, action: "like" }),
    );
    expect(reconnect.message).toBe(RECONNECT_TO_LIKE);
  });
});

describe("Mastodon inbox through the app's wiring", () => {
  let ctx: TestContext;
  let fake: FakeMastodonServer;
  let userId: string;

  beforeAll(async () => {
    fake = await startMastodonServer();
    const port = Number(new URL(fake.url).port);
    ctx = await createTestContext({
      channelTesting: {
        allowAddress: (address, p) => address === "127.0.0.1" && p === port,
        sleep: async () => {},
      },
    });
    const { cookie } = await signUpVerifiedUser(ctx);
    userId = await userIdOf(ctx, cookie);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function publishedPost() {
    const asUser = { ...ctx.deps, userId } as UserContext;
    const { id } = await createBrand(asUser, { name: "Waffle House" });
    const brand: BrandContext = { ...asUser, brandId: id };
    const started = await connectChannel(brand, { platform: "mastodon", instance: fake.host });
    if (started.status !== "redirect") throw new Error(`expected the consent page, got ${started.status}`);
    const back = new URL((await fetch(started.url, { redirect: "manual" })).headers.get("location") ?? "");
    await completeChannelConnection(asUser, {
      platform: "mastodon",
      code: back.searchParams.get("code") ?? "",
      state: back.searchParams.get("state") ?? "",
    });
    const [row] = await ctx.database.db
      .insert(posts)
      .values({ userId, brandId: id, platform: "mastodon", content: "Waffles today", status: "pending" })
      .returning();
    if (!row) throw new Error("insert failed");
    await approvePost(brand, { postId: row.id });
    await publishPostNow(brand, { postId: row.id });
    const [published] = await ctx.database.db.select().from(posts).where(eq(posts.id, row.id));
    if (!published?.externalPostId) throw new Error("the post did not go out");
    return { brand, externalId: published.externalPostId };
  }

  it("stores a new reply once however often it is polled, and refuses hiding as Mastodon has none", async () => {
    const { brand, externalId } = await publishedPost();
    const comment = fake.receiveMention("Are they vegan?", externalId);
    const start = ctx.clock.now();
    await pollInboxes(ctx.deps);
    ctx.clock.set(new Date(start.getTime() + 3 * 60_000));
    await pollInboxes(ctx.deps);
    const stored = await ctx.database.db
      .select()
      .from(inboxItems)
      .where(eq(inboxItems.brandId, brand.brandId));
    expect(stored.map((item) => [item.externalId, item.text])).toEqual([
      [comment.id, expect.stringMatching(/Are they vegan\?$/u)],
    ]);

    const refused = await failure(
      ctx.deps.social.moderateComment({
        userId,
        brandId: brand.brandId,
        platform: "mastodon",
        externalId: comment.id,
        action: "hide",
      }),
    );
    expect(refused.reason).toBe("inbox_unsupported");
    ctx.clock.set(null);
  });
});
