import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { NetworkDescriptor } from "../channels/network-descriptor";
import type { BrandContext } from "../context";
import {
  inboxItems,
  inboxThreads,
  type NewInboxItem,
  type NewPost,
  notifications,
  posts,
} from "../db/schema";
import { AppError } from "../errors";
import type { AiProvider, CommentAction, IncomingComment, ReplyDraftRequest, SocialNetwork } from "../ports";
import type { PostPlatform } from "../posts/messages";
import { draftReply } from "./draft-reply";
import { getInboxThread } from "./get-inbox-thread";
import { getInboxCounts, listInboxItems } from "./list-inbox-items";
import { markInboxItemsDone, markInboxRead } from "./mark-inbox-items";
import { deleteComment, hideComment, likeComment } from "./moderate-comment";
import { type IncomingBatch, recordIncomingComments } from "./record-comments";
import {
  inboxCountsView,
  inboxItemView,
  inboxPageView,
  inboxThreadDetailView,
  replyDraftView,
} from "./schemas";
import { retryReply, sendReply, settleInterruptedReplies } from "./send-reply";

/*
 * The inbox's domain on a real database, with a fake network written here: what it took (replies, by
 * marker), what it was asked to moderate, and scripted failures (a refusal, a lost answer, a rate limit).
 */

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.set(null);
});

const MINUTE = 60_000;

const capabilities: Partial<Record<PostPlatform, NetworkDescriptor["capabilities"]["inbox"]>> = {
  facebook: { collect: "webhook", hide: true, delete: true, like: true, maxReplyLength: 8000 },
  instagram: { collect: "webhook", hide: true, delete: true, like: false, maxReplyLength: 2200 },
  bluesky: { collect: "poll", hide: false, delete: true, like: true, maxReplyLength: 300 },
};

type Step = "refuse" | "lose" | "drop" | "rate" | "rate-long" | "expired";

function fakeNetwork() {
  const replies: { externalId: string; marker: string; text: string; parentExternalId: string | null }[] = [];
  const moderated: { externalId: string; action: CommentAction }[] = [];
  const script: Step[] = [];
  const lookups = { fail: false, calls: 0 };
  const real = t.deps.social;
  const social: SocialNetwork = {
    ...real,
    async describe(ref) {
      const live = await real.describe(ref);
      return { ...live, capabilities: { ...live.capabilities, inbox: capabilities[ref.platform] ?? null } };
    },
    async replyToComment(request) {
      const step = script.shift();
      if (step === "refuse") throw new AppError("upstream_failed", "(#10) This comment cannot be answered");
      if (step === "expired") throw new AppError("network_token_expired", "Reconnect Facebook in Settings");
      if (step === "rate") throw new AppError("upstream_failed", "Too many calls", { retryAfterMs: 20 });
      if (step === "rate-long")
        throw new AppError("upstream_failed", "Too many calls", { retryAfterMs: 10 * MINUTE });
      if (step === "drop") throw new TypeError("fetch failed");
      const reply = {
        externalId: `reply-${replies.length + 1}`,
        marker: request.marker,
        text: request.text,
        parentExternalId: request.parentExternalId,
      };
      replies.push(reply);
      // The network took it, and the answer never came back.
      if (step === "lose") throw new TypeError("fetch failed");
      return { externalId: reply.externalId };
    },
    async findReply(request) {
      lookups.calls++;
      if (lookups.fail) throw new AppError("reply_unconfirmed", "The network cannot tell");
      const found = replies.find((reply) => reply.marker === request.marker);
      return found ? { externalId: found.externalId } : null;
    },
    async moderateComment(request) {
      moderated.push({ externalId: request.externalId, action: request.action });
    },
  };
  return { social, replies, moderated, script, lookups };
}

async function setup() {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  const network = fakeNetwork();
  const ctx: BrandContext = { ...t.as(userId), brandId: brand.id, social: network.social };
  return { ctx, network };
}

let serial = 0;
async function publishedPost(
  ctx: BrandContext,
  platform: PostPlatform = "facebook",
  values: Partial<NewPost> = {},
) {
  serial += 1;
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      platform,
      content: `Our waffles are back this Friday with fresh berries and cream, post ${serial}`,
      status: "approved",
      externalPostId: `post-${serial}`,
      postedAt: new Date(Date.now() - 60 * MINUTE),
      publishedVia: "sandbox",
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

let commentSerial = 0;
/** Comments are written a second apart, in the order made (two hours ago onwards), unless told. */
const FIRST_WRITTEN = Date.now() - 120 * MINUTE;
function comment(postExternalId: string, values: Partial<IncomingComment> = {}): IncomingComment {
  commentSerial += 1;
  return {
    externalId: `c-${commentSerial}`,
    postExternalId,
    parentExternalId: null,
    authorExternalId: `author-${commentSerial}`,
    authorName: "Anna Berg",
    authorHandle: "anna",
    authorAvatarUrl: null,
    text: "Looks lovely",
    writtenAt: new Date(FIRST_WRITTEN + commentSerial * 1000),
    own: false,
    ...values,
  };
}

const batchOf = (
  ctx: BrandContext,
  platform: PostPlatform,
  comments: IncomingComment[],
  extra: Partial<IncomingBatch> = {},
): IncomingBatch => ({
  userId: ctx.userId,
  brandId: ctx.brandId,
  platform,
  network: "sandbox",
  comments,
  complete: [],
  ...extra,
});

const record = (batch: IncomingBatch, deps: Partial<typeof t.deps> = {}) =>
  recordIncomingComments({ ...t.deps, ...deps }, batch);

const itemsOf = (postId: string) =>
  t.database.db.select().from(inboxItems).where(eq(inboxItems.postId, postId));
const itemBy = async (postId: string, externalId: string) => {
  const [row] = await t.database.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.postId, postId), eq(inboxItems.externalId, externalId)));
  if (!row) throw new Error(`no item ${externalId}`);
  return row;
};
const threadOf = async (postId: string) =>
  (await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.postId, postId)))[0];
const eventsOf = (userId: string) =>
  t.events.published.filter((event) => event.userId === userId).map((e) => e.event);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("recording incoming comments", () => {
  it("stores each comment once, and the same batch again changes nothing", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const batch = batchOf(ctx, "facebook", [
      comment(post.externalPostId as string, { text: "Are you open on Sunday?" }),
      comment(post.externalPostId as string, { text: "Yum!" }),
    ]);
    expect(await record(batch)).toEqual({ added: 2, updated: 0, removed: 0 });
    const changed = eventsOf(ctx.userId).filter((event) => event.type === "inbox.changed");
    expect(changed).toEqual([{ type: "inbox.changed", brandId: ctx.brandId, postId: post.id, added: 2 }]);

    expect(await record(batch)).toEqual({ added: 0, updated: 0, removed: 0 });
    expect(await itemsOf(post.id)).toHaveLength(2);
    expect(eventsOf(ctx.userId).filter((event) => event.type === "inbox.changed")).toHaveLength(1);
    expect(await threadOf(post.id)).toMatchObject({ total: 2, open: 2, unread: 2, urgent: 1 });
    expect(await getInboxCounts(ctx)).toEqual({ unread: 2, needsReply: 2 });
  });

  it("ignores comments under posts that are not the brand's", async () => {
    const { ctx } = await setup();
    const other = await setup();
    const theirs = await publishedPost(other.ctx);
    const result = await record(batchOf(ctx, "facebook", [comment(theirs.externalPostId as string)]));
    expect(result).toEqual({ added: 0, updated: 0, removed: 0 });
    expect(await itemsOf(theirs.id)).toHaveLength(0);
  });

  it("updates an edited comment and its hidden flag", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const first = comment(post.externalPostId as string, { text: "Nice" });
    await record(batchOf(ctx, "facebook", [first]));
    const editedAt = new Date();
    const result = await record(
      batchOf(ctx, "facebook", [{ ...first, text: "Nice, but why so expensive?", editedAt, hidden: true }]),
    );
    expect(result).toEqual({ added: 0, updated: 1, removed: 0 });
    const row = await itemBy(post.id, first.externalId);
    expect(row.text).toBe("Nice, but why so expensive?");
    expect(row.editedAt?.toISOString()).toBe(editedAt.toISOString());
    expect(row.hidden).toBe(true);
    expect(row.question).toBe(true);
  });

  it("marks removed what a complete listing no longer shows, and what the network says was removed", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const external = post.externalPostId as string;
    const [a, b, c] = [comment(external), comment(external), comment(external)];
    await record(batchOf(ctx, "facebook", [a, b, c], { complete: [external] }));
    expect(await record(batchOf(ctx, "facebook", [a, c], { complete: [external] }))).toEqual({
      added: 0,
      updated: 0,
      removed: 1,
    });
    expect((await itemBy(post.id, b.externalId)).removedAt).not.toBeNull();
    expect(await record(batchOf(ctx, "facebook", [], { removed: [c.externalId] }))).toMatchObject({
      removed: 1,
    });
    // Never dropped: the thread still shows them, flagged.
    const thread = inboxThreadDetailView.parse(await getInboxThread(ctx, { postId: post.id }));
    expect(thread.items.map((item) => item.removedAt !== null)).toEqual([false, true, true]);
    expect(thread.items[1]?.can.reply).toBe(false);
    expect(await threadOf(post.id)).toMatchObject({ total: 1, open: 1 });
  });

  it("takes our own reply echoing back onto the row it was sent from, not as a second one", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const external = post.externalPostId as string;
    const anna = comment(external, { text: "Is the waffle gluten free?" });
    await record(batchOf(ctx, "facebook", [anna]));
    const target = await itemBy(post.id, anna.externalId);
    const sentAt = new Date();
    await t.database.db.insert(inboxItems).values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      postId: post.id,
      platform: "facebook",
      network: "sandbox",
      parentExternalId: anna.externalId,
      text: "Yes it is!",
      own: true,
      writtenAt: sentAt,
      status: "done",
      delivery: "sending",
      deliveryMarker: crypto.randomUUID(),
      deliveryAttemptAt: sentAt,
      replyToId: target.id,
    } satisfies NewInboxItem);
    const echo = comment(external, {
      parentExternalId: anna.externalId,
      text: "Yes it is!",
      own: true,
      writtenAt: sentAt,
    });
    expect(await record(batchOf(ctx, "facebook", [echo]))).toEqual({ added: 0, updated: 1, removed: 0 });
    const rows = await itemsOf(post.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.own)).toMatchObject({ externalId: echo.externalId, delivery: "sent" });
    // A reply the brand wrote on the network itself is stored as its own, answering what it replies to.
    const other = comment(external, { text: "Where are you?" });
    await record(batchOf(ctx, "facebook", [other]));
    const onNetwork = comment(external, {
      parentExternalId: other.externalId,
      text: "Main street 4",
      own: true,
    });
    expect(await record(batchOf(ctx, "facebook", [onNetwork]))).toMatchObject({ added: 1 });
    expect(await itemBy(post.id, onNetwork.externalId)).toMatchObject({ own: true, status: "done" });
    expect((await itemBy(post.id, other.externalId)).status).toBe("done");
  });

  it("reads sentiment and questions, and flags links from strangers and repeated text as spam", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const external = post.externalPostId as string;
    const regular = comment(external, { text: "Love it", authorExternalId: "regular" });
    await record(batchOf(ctx, "facebook", [regular]));
    const batch = [
      comment(external, { text: "How much is the waffle?" }),
      comment(external, { text: "Terrible service, the coffee was awful" }),
      comment(external, {
        text: "I blogged about you last week: https://anna.example.com/cafe",
        authorExternalId: "regular",
      }),
      comment(external, { text: "Great cafe, see more at https://winbig.example.com/cafe today" }),
      comment(external, { text: "Check out   our NEW giveaway page friends", authorExternalId: "bot-1" }),
      comment(external, { text: "check out our new giveaway page friends", authorExternalId: "bot-2" }),
    ];
    await record(batchOf(ctx, "facebook", batch));
    const rows = await Promise.all(batch.map((c) => itemBy(post.id, c.externalId)));
    expect(rows.map((row) => [row.sentiment, row.question, row.spam, row.spamReason, row.triagedBy])).toEqual(
      [
        ["neutral", true, false, null, "offline"],
        ["negative", false, false, null, "offline"],
        [expect.any(String), false, false, null, "offline"],
        ["positive", false, true, "Link from a new account", "offline"],
        ["neutral", false, false, null, "offline"],
        ["neutral", false, true, "Repeated text", "offline"],
      ],
    );
    // Flagged, never deleted, still listed.
    expect(await itemsOf(post.id)).toHaveLength(7);
    const page = inboxPageView.parse(await listInboxItems(ctx, {}));
    // Questions and negatives first.
    expect(page.threads[0]?.items.slice(0, 2).map((item) => item.text)).toEqual([
      "Terrible service, the coffee was awful",
      "How much is the waffle?",
    ]);
  });

  it("reads with the AI provider when one is configured, and falls back to the offline rules when it fails", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const external = post.externalPostId as string;
    const asked: number[] = [];
    const ai: AiProvider = {
      ...t.deps.ai,
      kind: "openai",
      async triageComments(request) {
        asked.push(request.comments.length);
        return request.comments.map(() => ({ sentiment: "positive", question: false, spam: false }));
      },
    };
    const read = comment(external, { text: "Hmm?" });
    await record(batchOf(ctx, "facebook", [read]), { ai });
    expect(asked).toEqual([1]);
    expect(await itemBy(post.id, read.externalId)).toMatchObject({ sentiment: "positive", triagedBy: "ai" });

    const failing: AiProvider = {
      ...ai,
      async triageComments() {
        throw new AppError("upstream_failed", "model down");
      },
    };
    const fallback = comment(external, { text: "Why is it closed?" });
    await record(batchOf(ctx, "facebook", [fallback]), { ai: failing });
    expect(await itemBy(post.id, fallback.externalId)).toMatchObject({
      question: true,
      triagedBy: "offline",
    });
  });

  it("raises one notice per post per burst, its count kept current", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx, "facebook", {
      content: "Fresh croissants every morning from seven o'clock",
    });
    const other = await publishedPost(ctx);
    await record(batchOf(ctx, "facebook", [comment(post.externalPostId as string)]));
    await record(
      batchOf(ctx, "facebook", [
        comment(post.externalPostId as string),
        comment(post.externalPostId as string),
      ]),
    );
    await record(batchOf(ctx, "facebook", [comment(other.externalPostId as string)]));
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.userId));
    expect(notices.map((notice) => notice.message).sort()).toEqual([
      '3 new comments on "Fresh croissants every morning from…"',
      expect.stringMatching(/^New comment on "Our waffles are back this Friday with…"$/),
    ]);
    const kinds = eventsOf(ctx.userId).map((event) => event.type);
    expect(kinds.filter((kind) => kind === "notification.created")).toHaveLength(2);
    expect(kinds.filter((kind) => kind === "notification.updated")).toHaveLength(1);

    // After the burst (30 minutes) a new notice.
    t.clock.set(new Date(Date.now() + 31 * MINUTE));
    await record(batchOf(ctx, "facebook", [comment(post.externalPostId as string)]));
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ctx.userId));
    expect(after).toHaveLength(3);
  });
});

describe("listing the inbox", () => {
  it("lists conversations newest first with filters, search, a cursor and the unread counts", async () => {
    const { ctx } = await setup();
    const waffles = await publishedPost(ctx, "facebook", { content: "Waffle Wednesday is here" });
    const beans = await publishedPost(ctx, "instagram", { content: "New beans from Kenya" });
    const quiet = await publishedPost(ctx, "bluesky", { content: "Closed for the holidays" });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const w1 = comment(waffles.externalPostId as string, { text: "Yum", writtenAt: at(50) });
    const w2 = comment(waffles.externalPostId as string, {
      text: "Do you have gluten free ones?",
      authorName: "Maja Holm",
      writtenAt: at(40),
    });
    const b1 = comment(beans.externalPostId as string, { text: "Smells great", writtenAt: at(10) });
    const q1 = comment(quiet.externalPostId as string, { text: "Enjoy the break", writtenAt: at(5) });
    await record(batchOf(ctx, "facebook", [w1, w2]));
    await record(batchOf(ctx, "instagram", [b1]));
    await record(batchOf(ctx, "bluesky", [q1]));
    const q1Row = await itemBy(quiet.id, q1.externalId);
    await markInboxItemsDone(ctx, { itemIds: [q1Row.id] });

    const needs = inboxPageView.parse(await listInboxItems(ctx, {}));
    expect(needs.threads.map((thread) => thread.post.id)).toEqual([beans.id, waffles.id]);
    expect(needs.threads[1]?.items.map((item) => item.text)).toEqual([
      "Do you have gluten free ones?",
      "Yum",
    ]);
    expect(needs).toMatchObject({ unread: 3, needsReply: 3, nextBefore: null });

    const done = await listInboxItems(ctx, { status: "done" });
    expect(done.threads.map((thread) => thread.post.id)).toEqual([quiet.id]);
    const all = await listInboxItems(ctx, { status: "all" });
    expect(all.threads.map((thread) => thread.post.id)).toEqual([quiet.id, beans.id, waffles.id]);
    expect((await listInboxItems(ctx, { platform: "instagram" })).threads.map((x) => x.post.id)).toEqual([
      beans.id,
    ]);
    expect((await listInboxItems(ctx, { postId: waffles.id })).threads).toHaveLength(1);

    const byAuthor = await listInboxItems(ctx, { query: "maja" });
    expect(byAuthor.threads.map((thread) => thread.items.map((item) => item.text))).toEqual([
      ["Do you have gluten free ones?"],
    ]);
    const byPost = await listInboxItems(ctx, { query: "kenya" });
    expect(byPost.threads.map((thread) => thread.post.id)).toEqual([beans.id]);
    const since = await listInboxItems(ctx, { status: "all", since: at(45).toISOString() });
    expect(since.threads.map((thread) => thread.items.length)).toEqual([1, 1, 1]);

    const first = await listInboxItems(ctx, { status: "all", limit: 2 });
    expect(first.threads.map((thread) => thread.post.id)).toEqual([quiet.id, beans.id]);
    expect(first.nextBefore).not.toBeNull();
    const second = await listInboxItems(ctx, { status: "all", limit: 2, before: first.nextBefore as string });
    expect(second.threads.map((thread) => thread.post.id)).toEqual([waffles.id]);
    expect(second.nextBefore).toBeNull();
    expect((await failure(listInboxItems(ctx, { before: "yesterday" }))).reason).toBe("invalid_input");

    expect(inboxCountsView.parse(await markInboxRead(ctx, { postId: waffles.id }))).toEqual({
      unread: 1,
      needsReply: 3,
    });
    expect(await getInboxCounts(ctx)).toEqual({ unread: 1, needsReply: 3 });
    // Reopened: needs a reply again.
    await markInboxItemsDone(ctx, { itemIds: [q1Row.id], done: false });
    expect((await getInboxCounts(ctx)).needsReply).toBe(4);
  });

  it("reads a whole thread oldest first, replies after what they answer", async () => {
    const { ctx } = await setup();
    const post = await publishedPost(ctx);
    const external = post.externalPostId as string;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const a = comment(external, { text: "A", writtenAt: at(30) });
    const b = comment(external, { text: "B", writtenAt: at(20) });
    const replyToA = comment(external, { text: "A1", parentExternalId: a.externalId, writtenAt: at(10) });
    // The reply arrives before what it answers.
    await record(batchOf(ctx, "facebook", [replyToA]));
    await record(batchOf(ctx, "facebook", [b, a]));
    const byPost = inboxThreadDetailView.parse(await getInboxThread(ctx, { postId: post.id }));
    expect(byPost.items.map((item) => item.text)).toEqual(["A", "A1", "B"]);
    expect(byPost.capabilities).toEqual({ hide: true, delete: true, like: true, maxReplyLength: 8000 });
    expect(byPost).toMatchObject({ unread: 3, open: 3 });
    const rowB = await itemBy(post.id, b.externalId);
    expect((await getInboxThread(ctx, { itemId: rowB.id })).items.map((item) => item.text)).toEqual([
      "A",
      "A1",
      "B",
    ]);
  });

  it("answers another brand's posts and comments as not found", async () => {
    const { ctx } = await setup();
    const other = await setup();
    const post = await publishedPost(other.ctx);
    const theirs = comment(post.externalPostId as string);
    await record(batchOf(other.ctx, "facebook", [theirs]));
    const row = await itemBy(post.id, theirs.externalId);
    for (const attempt of [
      () => getInboxThread(ctx, { postId: post.id }),
      () => getInboxThread(ctx, { itemId: row.id }),
      () => sendReply(ctx, { itemId: row.id, text: "Hi" }),
      () => draftReply(ctx, { itemId: row.id }),
      () => hideComment(ctx, { itemId: row.id }),
      () => deleteComment(ctx, { itemId: row.id }),
      () => likeComment(ctx, { itemId: row.id }),
      () => markInboxItemsDone(ctx, { itemIds: [row.id] }),
      () => markInboxRead(ctx, { itemIds: [row.id] }),
      () => retryReply(ctx, { replyId: row.id }),
    ])
      expect((await failure(attempt())).code).toBe("not_found");
    expect((await listInboxItems(ctx, { status: "all" })).threads).toEqual([]);
    expect(await itemBy(post.id, theirs.externalId)).toMatchObject({ status: "open", hidden: false });
  });
});

/** A brand with one comment from Anna on a published post of that platform. */
async function withComment(platform: PostPlatform = "facebook", values: Partial<IncomingComment> = {}) {
  const { ctx, network } = await setup();
  const post = await publishedPost(ctx, platform);
  const incoming = comment(post.externalPostId as string, { text: "Are you open on Friday?", ...values });
  await record(batchOf(ctx, platform, [incoming]));
  const item = await itemBy(post.id, incoming.externalId);
  return { ctx, network, post, item };
}

describe("sending a reply", () => {
  it("records the reply, sends it once and marks the comment done", async () => {
    const { ctx, network, post, item } = await withComment();
    const view = inboxItemView.parse(
      await sendReply(ctx, { itemId: item.id, text: "  Yes, from 8 to 6!  " }),
    );
    expect(view).toMatchObject({
      own: true,
      delivery: "sent",
      text: "Yes, from 8 to 6!",
      replyToId: item.id,
    });
    expect(view.can).toMatchObject({ reply: false, retry: false, delete: true, markDone: false });
    expect(network.replies).toEqual([
      expect.objectContaining({ text: "Yes, from 8 to 6!", parentExternalId: item.externalId }),
    ]);
    expect((await itemBy(post.id, "reply-1")).sentByUserId).toBe(ctx.userId);
    expect((await itemBy(post.id, item.externalId as string)).status).toBe("done");
    expect(await threadOf(post.id)).toMatchObject({ total: 1, open: 0, unread: 0 });
    const thread = await getInboxThread(ctx, { postId: post.id });
    expect(thread.items.map((entry) => [entry.text, entry.own])).toEqual([
      ["Are you open on Friday?", false],
      ["Yes, from 8 to 6!", true],
    ]);
  });

  it("settles a lost answer by asking the network: one reply there, sent here", async () => {
    const { ctx, network, post, item } = await withComment();
    network.script.push("lose");
    const view = await sendReply(ctx, { itemId: item.id, text: "See you Friday" });
    expect(view.delivery).toBe("sent");
    expect(network.replies).toHaveLength(1);
    expect(await itemsOf(post.id)).toHaveLength(2);

    // Dropped before the network took it: found nowhere, sent once more with the same marker.
    const second = await withComment();
    second.network.script.push("drop");
    expect((await sendReply(second.ctx, { itemId: second.item.id, text: "Hello" })).delivery).toBe("sent");
    expect(second.network.replies).toHaveLength(1);
  });

  it("keeps a refused reply with the network's reason and Retry, and a retry sends it once", async () => {
    const { ctx, network, post, item } = await withComment();
    network.script.push("refuse");
    const refused = await failure(sendReply(ctx, { itemId: item.id, text: "Yes!" }));
    expect(refused.reason).toBe("reply_failed");
    expect(refused.message).toContain("(#10) This comment cannot be answered");
    const thread = await getInboxThread(ctx, { postId: post.id });
    const reply = thread.items.find((entry) => entry.own);
    expect(reply).toMatchObject({
      delivery: "failed",
      deliveryError: "(#10) This comment cannot be answered",
      deliveryReason: "upstream_failed",
      can: expect.objectContaining({ retry: true }),
    });
    expect(network.replies).toHaveLength(0);

    const retried = inboxItemView.parse(await retryReply(ctx, { replyId: reply?.id as string }));
    expect(retried).toMatchObject({ delivery: "sent", deliveryError: null, id: reply?.id });
    expect(network.replies).toHaveLength(1);
    expect(network.lookups.calls).toBe(1);
    expect((await failure(retryReply(ctx, { replyId: reply?.id as string }))).reason).toBe("conflict");
  });

  it("says unconfirmed when the network cannot tell, and never sends a second copy", async () => {
    const { ctx, network, item } = await withComment();
    network.script.push("lose");
    network.lookups.fail = true;
    const unknown = await failure(sendReply(ctx, { itemId: item.id, text: "Thanks Anna" }));
    expect(unknown.reason).toBe("reply_unconfirmed");
    const [reply] = (await getInboxThread(ctx, { itemId: item.id })).items.filter((entry) => entry.own);
    expect(reply).toMatchObject({ delivery: "unconfirmed", can: expect.objectContaining({ retry: true }) });
    expect((await failure(retryReply(ctx, { replyId: reply?.id as string }))).reason).toBe(
      "reply_unconfirmed",
    );
    network.lookups.fail = false;
    expect((await retryReply(ctx, { replyId: reply?.id as string })).delivery).toBe("sent");
    expect(network.replies).toHaveLength(1);
  });

  it("waits out a short rate limit, and fails a long one saying when to retry", async () => {
    const short = await withComment();
    short.network.script.push("rate");
    expect((await sendReply(short.ctx, { itemId: short.item.id, text: "Soon!" })).delivery).toBe("sent");
    expect(short.network.replies).toHaveLength(1);

    const long = await withComment();
    long.network.script.push("rate-long");
    const error = await failure(sendReply(long.ctx, { itemId: long.item.id, text: "Soon!" }));
    expect(error.reason).toBe("reply_failed");
    expect(error.message).toContain("try again in about 10 minutes");
    expect(long.network.replies).toHaveLength(0);
  });

  it("keeps a reply whose connection expired, with the reason to reconnect", async () => {
    const { ctx, network, post } = await withComment();
    const [item] = await itemsOf(post.id);
    network.script.push("expired");
    expect((await failure(sendReply(ctx, { itemId: item?.id as string, text: "Hi" }))).reason).toBe(
      "network_token_expired",
    );
    const reply = (await itemsOf(post.id)).find((row) => row.own);
    expect(reply).toMatchObject({ delivery: "failed", deliveryReason: "network_token_expired" });
  });

  it("refuses a reply over the network's limit and stores nothing", async () => {
    const { ctx, network, post, item } = await withComment("bluesky");
    const error = await failure(sendReply(ctx, { itemId: item.id, text: "x".repeat(301) }));
    expect(error.reason).toBe("text_over_limit");
    expect(error.message).toBe("A reply is at most 300 characters here");
    expect(await itemsOf(post.id)).toHaveLength(1);
    expect((await itemBy(post.id, item.externalId as string)).status).toBe("open");
    expect(network.replies).toHaveLength(0);
  });

  it("answers an Instagram reply under its top-level comment", async () => {
    const { ctx, network, post } = await setup().then(async (s) => ({
      ...s,
      post: await publishedPost(s.ctx, "instagram"),
    }));
    const top = comment(post.externalPostId as string, { text: "Pretty" });
    const under = comment(post.externalPostId as string, {
      text: "Where is this?",
      parentExternalId: top.externalId,
    });
    await record(batchOf(ctx, "instagram", [top, under]));
    const target = await itemBy(post.id, under.externalId);
    const view = await sendReply(ctx, { itemId: target.id, text: "At our Main street cafe" });
    expect(view.replyToId).toBe(target.id);
    expect(network.replies[0]?.parentExternalId).toBe(top.externalId);
  });

  it("settles replies a dead process left sending", async () => {
    const { ctx, network, post, item } = await withComment();
    const old = new Date(Date.now() - 5 * MINUTE);
    const base = {
      userId: ctx.userId,
      brandId: ctx.brandId,
      postId: post.id,
      platform: "facebook" as const,
      network: "sandbox" as const,
      parentExternalId: item.externalId,
      own: true,
      writtenAt: old,
      status: "done" as const,
      delivery: "sending" as const,
      deliveryAttemptAt: old,
      replyToId: item.id,
    };
    const taken = crypto.randomUUID();
    network.replies.push({
      externalId: "reply-taken",
      marker: taken,
      text: "Taken",
      parentExternalId: item.externalId,
    });
    await t.database.db.insert(inboxItems).values([
      { ...base, text: "Taken", deliveryMarker: taken },
      { ...base, text: "Never arrived", deliveryMarker: crypto.randomUUID() },
      // Still within its call: left alone.
      { ...base, text: "In flight", deliveryMarker: crypto.randomUUID(), deliveryAttemptAt: new Date() },
    ]);
    expect(await settleInterruptedReplies({ ...t.deps, social: network.social })).toBeGreaterThanOrEqual(2);
    const rows = (await itemsOf(post.id)).filter((row) => row.own);
    const byText = Object.fromEntries(rows.map((row) => [row.text, [row.delivery, row.externalId]]));
    expect(byText).toEqual({
      Taken: ["sent", "reply-taken"],
      "Never arrived": ["failed", null],
      "In flight": ["sending", null],
    });
  });
});

describe("moderating comments", () => {
  it("hides, shows again, likes and deletes on the network, then records it", async () => {
    const { ctx, network, item } = await withComment();
    const hidden = inboxItemView.parse(await hideComment(ctx, { itemId: item.id }));
    expect(hidden).toMatchObject({
      hidden: true,
      can: expect.objectContaining({ hide: false, unhide: true }),
    });
    expect((await hideComment(ctx, { itemId: item.id, hidden: false })).hidden).toBe(false);
    expect((await likeComment(ctx, { itemId: item.id })).liked).toBe(true);
    // Liked already: the network is not asked again.
    await likeComment(ctx, { itemId: item.id });
    const removed = await deleteComment(ctx, { itemId: item.id });
    expect(removed.removedAt).not.toBeNull();
    expect(network.moderated).toEqual([
      { externalId: item.externalId, action: "hide" },
      { externalId: item.externalId, action: "unhide" },
      { externalId: item.externalId, action: "like" },
      { externalId: item.externalId, action: "delete" },
    ]);
    expect((await getInboxCounts(ctx)).needsReply).toBe(0);
  });

  it("refuses what the network does not declare, and changes nothing", async () => {
    const instagram = await withComment("instagram");
    const like = await failure(likeComment(instagram.ctx, { itemId: instagram.item.id }));
    expect(like.reason).toBe("inbox_unsupported");
    expect(like.message).toBe("Instagram does not let this comment be liked from here.");
    expect(instagram.network.moderated).toEqual([]);

    const bluesky = await withComment("bluesky");
    expect((await failure(hideComment(bluesky.ctx, { itemId: bluesky.item.id }))).reason).toBe(
      "inbox_unsupported",
    );
    // Bluesky deletes only what the account wrote: others' replies stay, the brand's own go.
    expect((await failure(deleteComment(bluesky.ctx, { itemId: bluesky.item.id }))).reason).toBe(
      "inbox_unsupported",
    );
    const reply = await sendReply(bluesky.ctx, { itemId: bluesky.item.id, text: "Yes!" });
    expect(reply.can.delete).toBe(true);
    expect((await deleteComment(bluesky.ctx, { itemId: reply.id })).removedAt).not.toBeNull();
    expect(bluesky.network.moderated).toEqual([{ externalId: "reply-1", action: "delete" }]);
    expect(await itemBy(bluesky.post.id, bluesky.item.externalId as string)).toMatchObject({
      hidden: false,
      removedAt: null,
    });
  });
});

describe("drafting a reply", () => {
  it("drafts in the brand's voice from the conversation, within the network's limit", async () => {
    const { ctx, post } = await withComment("bluesky", { text: "Is it vegan?" });
    const earlier = await itemBy(post.id, (await itemsOf(post.id))[0]?.externalId as string);
    const follow = comment(post.externalPostId as string, {
      text: "And the cream?",
      parentExternalId: earlier.externalId,
    });
    await record(batchOf(ctx, "bluesky", [follow]));
    const target = await itemBy(post.id, follow.externalId);
    const requests: ReplyDraftRequest[] = [];
    const ai: AiProvider = {
      ...t.deps.ai,
      kind: "openai",
      async draftReply(request) {
        requests.push(request);
        return `Thanks for asking! ${"Our cream is oat based. ".repeat(30)}`;
      },
    };
    const draft = replyDraftView.parse(
      await draftReply({ ...ctx, ai }, { itemId: target.id, instructions: "mention Friday" }),
    );
    expect(draft).toMatchObject({ itemId: target.id, model: "ai", maxLength: 300 });
    expect(draft.text.length).toBeLessThanOrEqual(300);
    expect(draft.text.startsWith("Thanks for asking!")).toBe(true);
    expect(requests[0]).toMatchObject({
      brand: expect.objectContaining({ name: "Bean There" }),
      comment: { text: "And the cream?", authorName: "Anna Berg", authorHandle: "anna" },
      thread: [{ text: "Is it vegan?", authorName: "Anna Berg", own: false }],
      instructions: "mention Friday",
      maxLength: 300,
      platform: "bluesky",
    });
    // Nothing is sent or stored.
    expect(await itemsOf(post.id)).toHaveLength(2);

    const failing: AiProvider = {
      ...ai,
      async draftReply() {
        throw new Error("model down");
      },
    };
    const error = await failure(draftReply({ ...ctx, ai: failing }, { itemId: target.id }));
    expect([error.reason, error.message]).toEqual(["upstream_failed", "Failed to draft a reply"]);
  });
});
