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
  postOf,
  toolsFor,
} from "@smm/test-support/provider-harness";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_THREADS_SCOPES,
  type FakeThreadsOptions,
  type FakeThreadsServer,
  startThreadsServer,
} from "../../../../../tests/fakes/threads-server";
import type { ProviderInbox } from "../provider";
import type { ThreadsCredentials } from "./connect";
import { RECONNECT_TO_READ, THREADS_READ_BUDGET } from "./inbox";
import { createThreadsProvider } from "./index";

/*
 * Threads' inbox against the fake Graph host over real HTTP: each post's conversation read whole (every
 * depth, paged; a reply deleted there is missing from the complete listing; hidden ones say so), polling
 * within the account's calls as the fake counts them, a reply made once when its publish answer is lost,
 * hiding and deleting reaching the fake, a connection without the reply permissions told to reconnect;
 * and, through the app's wiring, comments polled twice stored once and a like refused as inbox_unsupported.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const startFake = fakesClosedAfterEach((options: FakeThreadsOptions = {}) => startThreadsServer(options));

async function connected(fake: FakeThreadsServer, clock = clockAt(), scopes = FAKE_THREADS_SCOPES) {
  const { tools } = toolsFor(null, { now: clock.now });
  const provider = createThreadsProvider({
    graphUrl: fake.url,
    appId: fake.appId,
    appSecret: fake.appSecret,
    tools,
  });
  const issuedAt = clock.now();
  const expiresAt = new Date(issuedAt.getTime() + 60 * DAY_MS);
  const token = fake.issueToken({ issuedAt, expiresAt, scopes });
  const handle = `@${fake.user.username}`;
  const { connection } = connectionOf<ThreadsCredentials>(
    {
      externalAccountId: fake.user.id,
      handle,
      credentials: {
        accessToken: token.token,
        userId: fake.user.id,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      metadata: { handle },
    },
    "threads",
  );
  const inbox = provider.inbox as ProviderInbox<ThreadsCredentials>;
  const copy = await provider.publish(connection, postOf("Waffle Wednesday is back"));
  return { inbox, connection, post: { externalId: copy.externalId, publishedAt: clock.now() } };
}

describe("Threads inbox: reading", () => {
  it("lists a post's whole conversation, nested, ours marked own, hidden ones said", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const question = fake.addReply(post.externalId, "Are they vegan?", { username: "bob" });
    const deeper = fake.addReply(question.id, "Asking too", { username: "carol" });
    // More replies than a page holds: the conversation is read to its end.
    for (let index = 0; index < 120; index++) fake.addReply(post.externalId, `Reply ${index}`);

    const read = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });

    expect(read.comments).toHaveLength(122);
    expect(read.calls).toBe(2);
    const byId = new Map(read.comments.map((comment) => [comment.externalId, comment]));
    expect(byId.get(question.id)).toMatchObject({
      postExternalId: post.externalId,
      parentExternalId: null,
      authorHandle: "@bob",
      text: "Are they vegan?",
      own: false,
      hidden: false,
    });
    expect(byId.get(deeper.id)).toMatchObject({ parentExternalId: question.id, authorHandle: "@carol" });
    expect(read.complete).toEqual([post.externalId]);
  });

  it("shows a reply deleted there as missing from the complete listing; a partial read proves nothing", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const kept = fake.addReply(post.externalId, "Lovely");
    const gone = fake.addReply(post.externalId, "Spam");
    fake.removeReply(gone.id);
    const read = await inbox.read(connection, { posts: [post], cursor: null, budget: 10 });
    expect(read.comments.map((comment) => comment.externalId)).toEqual([kept.id]);
    expect(read.complete).toEqual([post.externalId]);

    for (let index = 0; index < 150; index++) fake.addReply(post.externalId, `More ${index}`);
    const partial = await inbox.read(connection, { posts: [post], cursor: null, budget: 1 });
    expect(partial.calls).toBe(1);
    expect(partial.complete).toEqual([]);
  });

  it("polls for two hours within its budget, never refused by the fake's limit", async () => {
    const clock = clockAt(new Date("2026-12-01T09:00:00.000Z"));
    const fake = await startFake({ now: clock.now, rateLimit: { calls: 200, windowMs: HOUR_MS } });
    const { inbox, connection, post } = await connected(fake, clock);
    const many = Array.from({ length: 30 }, () => post);
    clock.advance(HOUR_MS);
    let windowStart = clock.now().getTime();
    let spent = 0;
    let reported = 0;
    for (let sweep = 0; sweep < 24; sweep++) {
      if (clock.now().getTime() - windowStart >= inbox.readBudget.windowMs) {
        windowStart = clock.now().getTime();
        spent = 0;
      }
      const budget = inbox.readBudget.calls - spent;
      if (budget > 0) {
        const read = await inbox.read(connection, { posts: many, cursor: null, budget });
        spent += read.calls;
        reported += read.calls;
        expect(fake.callsOf(fake.user.id, HOUR_MS)).toBeLessThanOrEqual(THREADS_READ_BUDGET.calls);
      }
      clock.advance(5 * 60_000);
    }
    expect(fake.state.refusedCalls).toBe(0);
    expect(reported).toBe(THREADS_READ_BUDGET.calls * 2);
  }, 120_000);

  it("asks a connection made before the inbox to reconnect to read replies", async () => {
    const fake = await startFake();
    const older = FAKE_THREADS_SCOPES.filter((scope) => !scope.includes("replies"));
    const { inbox, connection, post } = await connected(fake, clockAt(), older);
    const refused = await failure(inbox.read(connection, { posts: [post], cursor: null, budget: 10 }));
    expect(refused.message).toBe(RECONNECT_TO_READ);
  });
});

describe("Threads inbox: replying and moderating", () => {
  it("replies once under the comment when the publish answer is lost, and finds the reply after", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const comment = fake.addReply(post.externalId, "Do you deliver?");
    const request = {
      postExternalId: post.externalId,
      parentExternalId: comment.id,
      text: "We do, on Fridays!",
      marker: "reply-marker-1",
    };
    const since = new Date();
    fake.dropPublishAnswer(1);
    const sent = await inbox.reply(connection, request);

    const replies = fake.repliesTo(comment.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      id: sent.externalId,
      username: fake.user.username,
      text: request.text,
    });
    expect(await inbox.findReply(connection, { ...request, since })).toEqual({ externalId: sent.externalId });
    expect(await inbox.findReply(connection, { ...request, text: "Never sent", since })).toBeNull();
  });

  it("hides and shows a reply again, deletes only our own", async () => {
    const fake = await startFake();
    const { inbox, connection, post } = await connected(fake);
    const spam = fake.addReply(post.externalId, "Buy followers");
    await inbox.moderate!(connection, { externalId: spam.id, action: "hide" });
    expect(fake.repliesTo(post.externalId)[0]?.hidden).toBe(true);
    const read = await inbox.read(connection, { posts: [post], cursor: null, budget: 5 });
    expect(read.comments[0]).toMatchObject({ externalId: spam.id, hidden: true });
    await inbox.moderate!(connection, { externalId: spam.id, action: "unhide" });
    expect(fake.repliesTo(post.externalId)[0]?.hidden).toBe(false);

    const ours = await inbox.reply(connection, {
      postExternalId: post.externalId,
      parentExternalId: null,
      text: "Thanks all!",
      marker: "to-delete",
    });
    await inbox.moderate!(connection, { externalId: ours.externalId, action: "delete" });
    expect(fake.state.deleted.map((deleted) => deleted.id)).toContain(ours.externalId);
    const refused = await failure(inbox.moderate!(connection, { externalId: spam.id, action: "delete" }));
    expect(refused.reason).toBe("inbox_unsupported");
  });
});

describe("Threads inbox through the app's wiring", () => {
  let ctx: TestContext;
  let fake: FakeThreadsServer;
  let userId: string;

  beforeAll(async () => {
    fake = await startThreadsServer();
    ctx = await createTestContext({
      channelTesting: {
        allowAddress: () => false,
        sleep: async () => {},
        networkSettings: {
          THREADS_GRAPH_URL: fake.url,
          THREADS_APP_ID: fake.appId,
          THREADS_APP_SECRET: fake.appSecret,
        },
      },
    });
    const { cookie } = await signUpVerifiedUser(ctx);
    userId = await userIdOf(ctx, cookie);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("asks the reply permissions, stores a new reply once however often polled, and refuses likes", async () => {
    const asUser = { ...ctx.deps, userId } as UserContext;
    const { id } = await createBrand(asUser, { name: "Waffle House" });
    const brand: BrandContext = { ...asUser, brandId: id };
    const started = await connectChannel(brand, { platform: "threads" });
    if (started.status !== "redirect") throw new Error(`expected the consent page, got ${started.status}`);
    expect(new URL(started.url).searchParams.get("scope")).toContain("threads_read_replies");
    const back = new URL((await fetch(started.url, { redirect: "manual" })).headers.get("location") ?? "");
    await completeChannelConnection(asUser, {
      platform: "threads",
      code: back.searchParams.get("code") ?? "",
      state: back.searchParams.get("state") ?? "",
    });
    const [row] = await ctx.database.db
      .insert(posts)
      .values({ userId, brandId: id, platform: "threads", content: "Waffles today", status: "pending" })
      .returning();
    if (!row) throw new Error("insert failed");
    await approvePost(brand, { postId: row.id });
    await publishPostNow(brand, { postId: row.id });
    const [published] = await ctx.database.db.select().from(posts).where(eq(posts.id, row.id));
    if (!published?.externalPostId) throw new Error("the post did not go out");

    const comment = fake.addReply(published.externalPostId, "Are they vegan?");
    const start = ctx.clock.now();
    await pollInboxes(ctx.deps);
    ctx.clock.set(new Date(start.getTime() + 3 * 60_000));
    await pollInboxes(ctx.deps);
    const stored = await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.brandId, id));
    expect(stored.map((item) => [item.externalId, item.text])).toEqual([[comment.id, "Are they vegan?"]]);

    const refused = await failure(
      ctx.deps.social.moderateComment({
        userId,
        brandId: id,
        platform: "threads",
        externalId: comment.id,
        action: "like",
      }),
    );
    expect(refused.reason).toBe("inbox_unsupported");
    ctx.clock.set(null);
  });
});
