import { createBrand } from "@smm/domain/brands";
import { inboxItems, posts, sandboxComments } from "@smm/domain/db/schema";
import { pollInboxes } from "@smm/domain/inbox";
import type { CommentsRead } from "@smm/domain/ports";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProviderConnection } from "../provider";
import { createSandboxInbox, scriptAudience } from "./sandbox-inbox";
import { createSandboxNetwork } from "./sandbox-network";

/*
 * The sandbox network's comments: its audience writes under each post at set times after it went out, the
 * brand's replies are taken once per attempt, and hides, deletes and likes land on the comment. Through the
 * app's router and the poller, a post published to the sandbox gets its comments into the inbox.
 */

const MINUTE = 60_000;
const PUBLISHED = new Date("2031-05-04T09:00:00.000Z");
let t: DomainTestContext;

beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

const at = (ms: number) => t.clock.set(new Date(PUBLISHED.getTime() + ms));

async function brand() {
  const userId = await t.createUser();
  const { id: brandId } = await createBrand(t.as(userId), { name: "Waffle Corner" });
  const connection: ProviderConnection<Record<string, never>> = {
    userId,
    brandId,
    platform: "facebook",
    externalAccountId: "sandbox",
    handle: null,
    credentials: {},
    metadata: {},
    saveCredentials: async () => {},
    markExpired: async () => {},
  };
  return { userId, brandId, connection };
}

/** A post on the sandbox network, as publishing leaves it. */
async function sandboxPost(who: { userId: string; brandId: string }, content: string) {
  t.clock.set(PUBLISHED);
  const { externalId } = await createSandboxNetwork(t.database.db, t.clock.now).publish({
    ...who,
    postId: crypto.randomUUID(),
    platform: "facebook",
    content,
    imageUrl: null,
  });
  return externalId;
}

const inbox = () => createSandboxInbox(t.database.db, t.clock.now);
const read = (
  connection: ProviderConnection<Record<string, never>>,
  ids: string[],
  budget = 10,
): Promise<CommentsRead> =>
  inbox().read(connection, {
    posts: ids.map((externalId) => ({ externalId, publishedAt: PUBLISHED })),
    cursor: null,
    budget,
  });

describe("the sandbox's audience", () => {
  it("writes its comments at their times after the post went out, each once", async () => {
    const { userId, brandId, connection } = await brand();
    const content = "Belgian waffles are back this Friday! #waffles";
    const id = await sandboxPost({ userId, brandId }, content);
    const script = scriptAudience({ id, content, publishedAt: PUBLISHED });
    expect(script.length).toBeGreaterThanOrEqual(2);
    expect(script.length).toBeLessThanOrEqual(4);

    at(30_000);
    expect((await read(connection, [id])).comments).toEqual([]);

    at(MINUTE);
    const first = await read(connection, [id]);
    expect(first.comments.map((comment) => comment.text)).toEqual([script[0]?.text]);
    expect(first.complete).toEqual([id]);
    expect(first.calls).toBe(1);

    at(3 * 60 * MINUTE + 1);
    const all = await read(connection, [id]);
    expect(all.comments.map((comment) => comment.externalId)).toEqual(script.map((comment) => comment.id));
    expect(all.comments.every((comment) => comment.authorHandle?.endsWith(".sandbox"))).toBe(true);
    expect(all.comments.some((comment) => comment.text.includes("?"))).toBe(true);
    // Read again: the same comments, not a second copy of any.
    await read(connection, [id]);
    const stored = await t.database.db
      .select()
      .from(sandboxComments)
      .where(eq(sandboxComments.sandboxPostId, id));
    expect(stored).toHaveLength(script.length);
  });

  it("varies what it writes from post to post, a promo link now and then", () => {
    const scripts = Array.from({ length: 40 }, (_, index) =>
      scriptAudience({ id: `sbx${index}_post`, content: "Fresh bread daily", publishedAt: PUBLISHED }),
    );
    expect(new Set(scripts.map((script) => script.length)).size).toBe(3);
    const texts = scripts.flat().map((comment) => comment.text);
    expect(new Set(texts).size).toBeGreaterThan(10);
    expect(texts.some((text) => /https?:\/\//.test(text))).toBe(true);
    expect(scripts.flat().some((comment) => comment.authorHandle === "promo.deals.sandbox")).toBe(true);
  });

  it("reads only the brand's own posts, and no more posts than the budget", async () => {
    const a = await brand();
    const b = await brand();
    const mine = await sandboxPost(a, "Pancake Tuesday");
    const other = await sandboxPost(b, "Someone else's post");
    at(4 * 60 * MINUTE);
    const result = await read(a.connection, [mine, other]);
    expect(result.complete).toEqual([mine]);
    expect(new Set(result.comments.map((comment) => comment.postExternalId))).toEqual(new Set([mine]));

    const limited = await read(a.connection, [mine, other], 1);
    expect(limited.calls).toBe(1);
  });
});

describe("the brand's replies and moderation", () => {
  it("takes a reply once per attempt, finds it by its marker, and may get an answer back", async () => {
    const { userId, brandId, connection } = await brand();
    const id = await sandboxPost({ userId, brandId }, "New syrup flavours");
    at(10 * MINUTE);
    const [question] = (await read(connection, [id])).comments;
    if (!question) throw new Error("no comment yet");
    const marker = crypto.randomUUID();
    const request = { postExternalId: id, parentExternalId: question.externalId, text: "Thank you!", marker };
    const sent = await inbox().reply(connection, request);
    const again = await inbox().reply(connection, request);
    expect(again.externalId).toBe(sent.externalId);

    const found = await inbox().findReply(connection, { ...request, since: PUBLISHED });
    expect(found).toEqual({ externalId: sent.externalId });
    expect(
      await inbox().findReply(connection, { ...request, marker: crypto.randomUUID(), since: PUBLISHED }),
    ).toBeNull();

    at(20 * MINUTE);
    const thread = (await read(connection, [id])).comments;
    const replies = thread.filter((comment) => comment.own);
    expect(replies).toEqual([
      expect.objectContaining({
        externalId: sent.externalId,
        parentExternalId: question.externalId,
        own: true,
      }),
    ]);
    // An answer to our reply, when the audience gives one, is under our reply and from the same person.
    for (const answer of thread.filter((comment) => comment.parentExternalId === sent.externalId))
      expect(answer.authorHandle).toBe(question.authorHandle);
  });

  it("hides, shows again, likes and deletes a comment; a deleted one is gone from the listing", async () => {
    const { userId, brandId, connection } = await brand();
    const id = await sandboxPost({ userId, brandId }, "Waffle of the week");
    at(4 * 60 * MINUTE);
    const [first, second] = (await read(connection, [id])).comments;
    if (!first || !second) throw new Error("comments missing");

    await inbox().moderate?.(connection, { externalId: first.externalId, action: "hide" });
    await inbox().moderate?.(connection, { externalId: second.externalId, action: "like" });
    let listed = (await read(connection, [id])).comments;
    expect(listed.find((comment) => comment.externalId === first.externalId)?.hidden).toBe(true);
    const [liked] = await t.database.db
      .select()
      .from(sandboxComments)
      .where(eq(sandboxComments.id, second.externalId));
    expect(liked?.liked).toBe(true);

    await inbox().moderate?.(connection, { externalId: first.externalId, action: "unhide" });
    listed = (await read(connection, [id])).comments;
    expect(listed.find((comment) => comment.externalId === first.externalId)?.hidden).toBe(false);

    await inbox().moderate?.(connection, { externalId: first.externalId, action: "delete" });
    // Deleting it again is not an error; and the audience does not write it anew.
    await inbox().moderate?.(connection, { externalId: first.externalId, action: "delete" });
    listed = (await read(connection, [id])).comments;
    expect(listed.map((comment) => comment.externalId)).not.toContain(first.externalId);
    expect(listed.map((comment) => comment.externalId)).toContain(second.externalId);
  });

  it("refuses a reply under another brand's post", async () => {
    const a = await brand();
    const b = await brand();
    const theirs = await sandboxPost(b, "Not yours");
    await expect(
      inbox().reply(a.connection, {
        postExternalId: theirs,
        parentExternalId: null,
        text: "Hello",
        marker: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ reason: "upstream_failed" });
  });
});

describe("through the app's router and the poller", () => {
  it("a post published to the sandbox gets its audience's comments into the inbox", async () => {
    const { userId, brandId } = await brand();
    t.clock.set(PUBLISHED);
    const [post] = await t.database.db
      .insert(posts)
      .values({ userId, brandId, content: "Waffles all weekend", platform: "facebook", status: "approved" })
      .returning();
    if (!post) throw new Error("no post");
    const { externalId, network } = await t.deps.social.publish({
      userId,
      brandId,
      postId: post.id,
      platform: "facebook",
      content: post.content,
      imageUrl: null,
    });
    expect(network).toBe("sandbox");
    await t.database.db
      .update(posts)
      .set({ externalPostId: externalId, postedAt: PUBLISHED, publishedVia: "sandbox" })
      .where(eq(posts.id, post.id));

    const descriptor = await t.deps.social.describe({ userId, brandId, platform: "facebook" });
    expect(descriptor.capabilities.inbox?.collect).toBe("poll");

    at(5 * 60 * MINUTE);
    const first = await pollInboxes(t.deps);
    const script = scriptAudience({ id: externalId, content: post.content, publishedAt: PUBLISHED });
    expect(first.added).toBe(script.length);
    const items = await t.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.postId, post.id), eq(inboxItems.network, "sandbox")));
    expect(items.map((item) => item.text).sort()).toEqual(script.map((comment) => comment.text).sort());

    // The next sweep within the post's interval reads nothing; after it, nothing new is added twice.
    expect(await pollInboxes(t.deps)).toEqual({ polled: 0, added: 0 });
    at(7 * 60 * MINUTE);
    expect(await pollInboxes(t.deps)).toEqual({ polled: 1, added: 0 });
  });

  it("gives each brand's sandbox account its own read budget", async () => {
    const a = await brand();
    const b = await brand();
    const budgetOf = (who: { userId: string; brandId: string }) =>
      t.deps.social.commentReadBudget({ ...who, platform: "facebook" });
    const [one, two] = await Promise.all([budgetOf(a), budgetOf(b)]);
    expect(one.account).not.toBe(two.account);
    expect(one.calls).toBeGreaterThanOrEqual(100);
  });

  it("networks whose live inbox is none have none on the sandbox either", async () => {
    const { userId, brandId } = await brand();
    const descriptor = await t.deps.social.describe({ userId, brandId, platform: "linkedin" });
    expect(descriptor.capabilities.inbox).toBeNull();
  });
});
