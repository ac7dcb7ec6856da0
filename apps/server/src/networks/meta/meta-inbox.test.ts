import type { BrandContext } from "@smm/domain/context";
import { inboxItems, posts, socialConnections } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { pollInboxes, recordIncomingComments, sendReply } from "@smm/domain/inbox";
import type { PostPlatform } from "@smm/domain/posts";
import { connectPageBrand, type MetaTestWorld, startMetaTestWorld } from "@smm/test-support/meta-social";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { META_INBOX_READ_BUDGET } from "./meta-inbox";

/*
 * The Meta provider's inbox against the fake Graph API over HTTP, through the server's own wiring (the
 * channel router, the Page connection): Facebook and Instagram comments read once, edits updating,
 * deletions shown removed, a read that stops at its budget (the fake counts the calls), replies that reach
 * the network exactly once even when the answer is lost, a refusal in the network's words, and hiding,
 * deleting and liking on the network.
 */

const PAGE_ID = "10100000000";
const IG_ID = "17841400000000001";
const STRANGER = { id: "9000000000042", name: "Anna Berg", username: "anna.berg" };

let world: MetaTestWorld;
let brand: BrandContext;
let facebookPost: { id: string; externalId: string };
let instagramPost: { id: string; externalId: string };

beforeAll(async () => {
  world = await startMetaTestWorld("meta-inbox", { graphTiming: { timeoutMs: 2000, retryDelayMs: 1 } });
  brand = await connectPageBrand(world.t, world.fake, "meta", "Bean There");
  // The page's Instagram account, connected with it (the page's token, as connectFacebookPage stores it).
  const [page] = await world.t.database.db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.brandId, brand.brandId));
  if (!page) throw new Error("page connection missing");
  await world.t.database.db.insert(socialConnections).values({
    userId: brand.userId,
    brandId: brand.brandId,
    provider: "instagram",
    externalAccountId: IG_ID,
    name: page.name,
    encryptedToken: page.encryptedToken,
    network: "meta",
  });
  facebookPost = await publishedPost("facebook", "Pumpkin waffles are back on Friday");
  instagramPost = await publishedPost("instagram", "Latte art Monday");
});
afterAll(async () => {
  await world?.close();
});
beforeEach(() => {
  world.fake.requests.length = 0;
});

/** A post of the brand that is out on the fake (a Page post, or an Instagram media). */
async function publishedPost(platform: PostPlatform, content: string) {
  const { fake, t } = world;
  const now = new Date();
  let externalId: string;
  if (platform === "facebook") {
    externalId = `${PAGE_ID}_${Math.floor(Math.random() * 1e12)}`;
    fake.posts.set(externalId, {
      id: externalId,
      pageId: PAGE_ID,
      kind: "text",
      message: content,
      url: null,
      published: true,
      scheduledPublishTime: null,
      createdTime: now.toISOString(),
      deleted: false,
    });
  } else {
    externalId = String(Math.floor(Math.random() * 1e15));
    fake.igMedia.set(externalId, {
      id: externalId,
      igUserId: IG_ID,
      caption: content,
      timestamp: now.toISOString(),
    });
  }
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId: brand.userId,
      brandId: brand.brandId,
      content,
      platform,
      status: "approved",
      externalPostId: externalId,
      publishedVia: "meta",
      postedAt: now,
    })
    .returning();
  if (!row) throw new Error("post insert failed");
  return { id: row.id, externalId };
}

const ref = (platform: PostPlatform) => ({ userId: brand.userId, brandId: brand.brandId, platform });

/** One read of the post's comments through the router, recorded as the poller records it. */
async function readAndRecord(platform: PostPlatform, post: { externalId: string }, budget = 20) {
  const read = await world.t.deps.social.readComments({
    ...ref(platform),
    posts: [{ externalId: post.externalId, publishedAt: new Date() }],
    cursor: null,
    budget,
  });
  const recorded = await recordIncomingComments(world.t.deps, {
    ...ref(platform),
    network: "meta",
    comments: read.comments,
    complete: read.complete,
  });
  return { read, recorded };
}

const itemsOf = (postId: string) =>
  world.t.database.db.select().from(inboxItems).where(eq(inboxItems.postId, postId));

async function itemFor(externalId: string) {
  const [row] = await world.t.database.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.brandId, brand.brandId), eq(inboxItems.externalId, externalId)));
  if (!row) throw new Error(`no inbox item for ${externalId}`);
  return row;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

const commentCalls = (method: string, pattern: RegExp) =>
  world.fake.requests.filter((r) => r.method === method && pattern.test(r.path));

describe("reading Facebook comments", () => {
  it("stores new comments once, takes edits, and shows deleted ones as removed", async () => {
    const { fake } = world;
    const post = await publishedPost("facebook", "Cinnamon rolls all week");
    const question = fake.addComment({ on: post.externalId, text: "Do you open on Sunday?", from: STRANGER });
    const answer = fake.addComment({
      parentId: question.id,
      text: "From 9 to 3!",
      from: { id: PAGE_ID, name: "Fake Coffee Page" },
    });
    const praise = fake.addComment({ on: post.externalId, text: "Best rolls in town", from: STRANGER });

    const first = await readAndRecord("facebook", post);
    expect(first.read.complete).toEqual([post.externalId]);
    expect(first.recorded.added).toBe(3);
    const stored = await itemFor(answer.id);
    expect(stored).toMatchObject({ text: "From 9 to 3!", own: true, parentExternalId: question.id });
    // Answered by the Page on Facebook: done; the other still needs a reply.
    expect(await itemFor(question.id)).toMatchObject({
      authorName: "Anna Berg",
      own: false,
      parentExternalId: null,
      status: "done",
    });
    expect(await itemFor(praise.id)).toMatchObject({ status: "open" });
    // The listing asked for every level, newest first.
    expect(commentCalls("GET", new RegExp(`^/${post.externalId}/comments$`))[0]?.params).toMatchObject({
      filter: "stream",
      order: "reverse_chronological",
    });

    const again = await readAndRecord("facebook", post);
    expect(again.recorded).toEqual({ added: 0, updated: 0, removed: 0 });

    fake.editComment(praise.id, "Best rolls in town, and the coffee too");
    fake.removeComment(question.id);
    const later = await readAndRecord("facebook", post);
    expect(later.recorded).toMatchObject({ added: 0, updated: 1 });
    expect(await itemFor(praise.id)).toMatchObject({ text: "Best rolls in town, and the coffee too" });
    expect((await itemFor(praise.id)).editedAt).not.toBeNull();
    expect((await itemFor(question.id)).removedAt).not.toBeNull();
    expect((await itemsOf(post.id)).filter((item) => item.removedAt === null)).toHaveLength(2);
  });

  it("stops at its budget, counted by the network, and leaves a post read in part open", async () => {
    const { fake } = world;
    const post = await publishedPost("facebook", "A busy post");
    for (let i = 0; i < 130; i++)
      fake.addComment({ on: post.externalId, text: `Comment ${i}`, from: STRANGER });
    const partial = await world.t.deps.social.readComments({
      ...ref("facebook"),
      posts: [{ externalId: post.externalId, publishedAt: new Date() }],
      cursor: null,
      budget: 1,
    });
    expect(partial.calls).toBe(1);
    expect(partial.complete).toEqual([]);
    expect(partial.comments).toHaveLength(100);
    expect(commentCalls("GET", /\/comments$/)).toHaveLength(1);

    const whole = await readAndRecord("facebook", post, 5);
    expect(whole.read.calls).toBe(2);
    expect(whole.read.complete).toEqual([post.externalId]);
    expect(whole.recorded.added).toBe(130);
  });

  it("is polled by the inbox sweep within the Page's budget", async () => {
    const { fake, t } = world;
    const post = await publishedPost("facebook", "Polled post");
    fake.addComment({ on: post.externalId, text: "Is there a vegan option?", from: STRANGER });
    const budget = await t.deps.social.commentReadBudget(ref("facebook"));
    expect(budget).toEqual({ ...META_INBOX_READ_BUDGET, account: `meta:${PAGE_ID}` });
    await pollInboxes(t.deps);
    const items = await itemsOf(post.id);
    expect(items.map((item) => item.text)).toEqual(["Is there a vegan option?"]);
  });
});

describe("reading Instagram comments", () => {
  it("reads comments with their replies, paging a long thread, and removes deleted ones", async () => {
    const { fake } = world;
    const post = await publishedPost("instagram", "Flat white season");
    const top = fake.addComment({ on: post.externalId, text: "Oat milk? 🥛", from: STRANGER });
    for (let i = 0; i < 30; i++)
      fake.addComment({ parentId: top.id, text: `Reply ${i}`, from: { id: `77${i}`, username: `fan${i}` } });
    const mine = fake.addComment({
      parentId: top.id,
      text: "Yes, always!",
      from: { id: IG_ID, username: "fakecoffee" },
    });

    const first = await readAndRecord("instagram", post);
    expect(first.read.complete).toEqual([post.externalId]);
    expect(first.recorded.added).toBe(32);
    expect(await itemFor(top.id)).toMatchObject({
      text: "Oat milk? 🥛",
      authorHandle: "anna.berg",
      own: false,
    });
    expect(await itemFor(mine.id)).toMatchObject({ own: true, parentExternalId: top.id });
    // The thread's replies past the first 25 came from the comment's own edge.
    expect(commentCalls("GET", new RegExp(`^/${top.id}/replies$`))).toHaveLength(1);

    fake.removeComment(mine.id);
    const later = await readAndRecord("instagram", post);
    expect(later.recorded).toMatchObject({ added: 0, removed: 1 });
  });
});

describe("replying", () => {
  it("puts a Facebook reply under the comment, as the Page", async () => {
    const { fake, t } = world;
    const comment = fake.addComment({ on: facebookPost.externalId, text: "Gluten free?", from: STRANGER });
    const sent = await t.deps.social.replyToComment({
      ...ref("facebook"),
      postExternalId: facebookPost.externalId,
      parentExternalId: comment.id,
      text: "Yes, on Fridays",
      marker: "m-fb-1",
    });
    const made = fake.comments.filter((c) => c.parentId === comment.id);
    expect(made).toMatchObject([{ id: sent.externalId, message: "Yes, on Fridays", fromId: PAGE_ID }]);
  });

  it("answers an Instagram reply under its top-level comment (Instagram takes no replies to replies)", async () => {
    const { fake, t } = world;
    const top = fake.addComment({ on: instagramPost.externalId, text: "Where is this?", from: STRANGER });
    const reply = fake.addComment({
      parentId: top.id,
      text: "Looks like Berlin",
      from: { id: "555", username: "x" },
    });
    const sent = await t.deps.social.replyToComment({
      ...ref("instagram"),
      postExternalId: instagramPost.externalId,
      parentExternalId: reply.id,
      text: "Kreuzberg!",
      marker: "m-ig-1",
    });
    expect(fake.comments.find((c) => c.id === sent.externalId)).toMatchObject({
      parentId: top.id,
      fromId: IG_ID,
      message: "Kreuzberg!",
    });
    expect(commentCalls("POST", new RegExp(`^/${top.id}/replies$`))).toHaveLength(1);
  });

  it.each([
    ["facebook", /\/comments$/],
    ["instagram", /\/replies$/],
  ] as const)("a %s reply whose answer was lost is on the network exactly once", async (platform, path) => {
    const { fake, t } = world;
    const post = platform === "facebook" ? facebookPost : instagramPost;
    const comment = fake.addComment({
      on: post.externalId,
      text: `Lost answer ${platform}?`,
      from: STRANGER,
    });
    await readAndRecord(platform, post);
    const item = await itemFor(comment.id);

    fake.dropAnswerNext({ method: "POST", path });
    const ctx = { ...t.as(brand.userId), brandId: brand.brandId };
    const view = await sendReply(ctx, { itemId: item.id, text: "We are on it" });
    const replies = fake.comments.filter((c) => c.parentId === comment.id);
    expect(replies).toHaveLength(1);
    expect(view).toMatchObject({ delivery: "sent", own: true, text: "We are on it" });
    expect((await itemFor(replies[0]?.id ?? "")).id).toBe(view.id);
  });

  it("sends again when the failed call left nothing, and says unconfirmed when it cannot look", async () => {
    const { fake, t } = world;
    const comment = fake.addComment({ on: facebookPost.externalId, text: "Any news?", from: STRANGER });
    fake.failNext({ method: "POST", path: /\/comments$/ }, { status: 500, code: 1, message: "unknown" });
    await t.deps.social.replyToComment({
      ...ref("facebook"),
      postExternalId: facebookPost.externalId,
      parentExternalId: comment.id,
      text: "Soon!",
      marker: "m-fb-2",
    });
    expect(fake.comments.filter((c) => c.parentId === comment.id)).toHaveLength(1);

    const other = fake.addComment({ on: facebookPost.externalId, text: "And now?", from: STRANGER });
    fake.dropAnswerNext({ method: "POST", path: /\/comments$/ });
    for (let i = 0; i < 4; i++)
      fake.failNext({ method: "GET", path: /\/comments$/ }, { status: 500, code: 2, message: "down" });
    const error = await failure(
      t.deps.social.replyToComment({
        ...ref("facebook"),
        postExternalId: facebookPost.externalId,
        parentExternalId: other.id,
        text: "Still soon",
        marker: "m-fb-3",
      }),
    );
    expect(error.reason).toBe("reply_unconfirmed");
    expect(fake.comments.filter((c) => c.parentId === other.id)).toHaveLength(1);
  });

  it("a refusal keeps the reply failed with the network's words", async () => {
    const { fake, t } = world;
    const top = fake.addComment({
      on: instagramPost.externalId,
      text: "buy followers at spam.example",
      from: STRANGER,
    });
    await readAndRecord("instagram", instagramPost);
    // Hidden on Instagram since it was read.
    top.hidden = true;
    const refused = await failure(
      t.deps.social.replyToComment({
        ...ref("instagram"),
        postExternalId: instagramPost.externalId,
        parentExternalId: top.id,
        text: "No thanks",
        marker: "m-ig-2",
      }),
    );
    expect(refused).toMatchObject({
      reason: "upstream_failed",
      message: "(#100) Hidden comments cannot be replied to.",
    });

    const ctx = { ...t.as(brand.userId), brandId: brand.brandId };
    const error = await failure(sendReply(ctx, { itemId: (await itemFor(top.id)).id, text: "Still no" }));
    expect(error.reason).toBe("reply_failed");
    expect(error.message).toContain("Hidden comments cannot be replied to.");
    const [reply] = await world.t.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.brandId, brand.brandId), eq(inboxItems.text, "Still no")));
    expect(reply).toMatchObject({ delivery: "failed", externalId: null });
    expect(reply?.deliveryError).toContain("Hidden comments cannot be replied to.");
    expect(fake.comments.filter((c) => c.parentId === top.id)).toHaveLength(0);
  });
});

describe("moderating", () => {
  it("hides, shows, likes and deletes a Facebook comment on the network; deleting it twice is fine", async () => {
    const { fake, t } = world;
    const comment = fake.addComment({ on: facebookPost.externalId, text: "spam spam", from: STRANGER });
    const act = (action: "hide" | "unhide" | "delete" | "like") =>
      t.deps.social.moderateComment({ ...ref("facebook"), externalId: comment.id, action });
    await act("hide");
    expect(comment.hidden).toBe(true);
    expect(commentCalls("POST", new RegExp(`^/${comment.id}$`))[0]?.params).toEqual({ is_hidden: "true" });
    await act("unhide");
    expect(comment.hidden).toBe(false);
    await act("like");
    expect(comment.liked).toBe(true);
    await act("delete");
    expect(comment.deleted).toBe(true);
    await act("delete");
  });

  it("hides and deletes an Instagram comment, and refuses a like (Instagram has none)", async () => {
    const { fake, t } = world;
    const comment = fake.addComment({ on: instagramPost.externalId, text: "follow me", from: STRANGER });
    await t.deps.social.moderateComment({ ...ref("instagram"), externalId: comment.id, action: "hide" });
    expect(comment.hidden).toBe(true);
    expect(commentCalls("POST", new RegExp(`^/${comment.id}$`))[0]?.params).toEqual({ hide: "true" });
    const like = await failure(
      t.deps.social.moderateComment({ ...ref("instagram"), externalId: comment.id, action: "like" }),
    );
    expect(like.reason).toBe("inbox_unsupported");
    await t.deps.social.moderateComment({ ...ref("instagram"), externalId: comment.id, action: "delete" });
    expect(comment.deleted).toBe(true);
  });
});

describe("failures", () => {
  it("a rate limit says when to try again", async () => {
    const { fake, t } = world;
    fake.failNext(
      { method: "GET", path: /\/comments$/ },
      {
        status: 400,
        code: 80001,
        message: "There have been too many calls to this Page account.",
        headers: {
          "x-business-use-case-usage": JSON.stringify({
            [PAGE_ID]: [{ type: "pages", call_count: 100, estimated_time_to_regain_access: 12 }],
          }),
        },
      },
    );
    const error = await failure(
      t.deps.social.readComments({
        ...ref("facebook"),
        posts: [{ externalId: facebookPost.externalId, publishedAt: new Date() }],
        cursor: null,
        budget: 5,
      }),
    );
    expect(error).toMatchObject({ reason: "upstream_failed", retryAfterMs: 12 * 60_000 });
  });

  // Last: the fake's tokens stay expired.
  it("an expired token marks the connection and says so", async () => {
    const { fake, t } = world;
    fake.expireTokens();
    const error = await failure(
      t.deps.social.readComments({
        ...ref("facebook"),
        posts: [{ externalId: facebookPost.externalId, publishedAt: new Date() }],
        cursor: null,
        budget: 5,
      }),
    );
    expect(error.reason).toBe("network_token_expired");
    const [page] = await t.database.db
      .select()
      .from(socialConnections)
      .where(and(eq(socialConnections.brandId, brand.brandId), eq(socialConnections.provider, "facebook")));
    expect(page?.expiredAt).not.toBeNull();
  });
});
