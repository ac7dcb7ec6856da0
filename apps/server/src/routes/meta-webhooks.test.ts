import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { inboxItems, inboxWebhookEvents, notifications, posts } from "@smm/domain/db/schema";
import type { PostPlatform } from "@smm/domain/posts";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";
import { createLogger } from "../lib/logger";
import { createMetaWebhookRoutes } from "./meta-webhooks";

/*
 * Meta's webhook over real HTTP, fed by the fake Graph server's emitter as Meta sends (escaped-unicode JSON
 * signed with the app secret): a signed comment is stored once and a replay changes nothing; a missing or
 * wrong signature stores nothing; the handshake answers only our verify token; other fields are
 * acknowledged; edits and removals update what is stored; Instagram's shapes are all taken.
 */

const VERIFY_TOKEN = "verify-me-please";
const PAGE_ID = "10100000000";
const IG_ID = "17841400000000001";
const ANNA = { id: "9000000000042", name: "Anna Berg", username: "anna.berg" };

let ctx: TestContext;
let fake: FakeMetaGraphServer;
let server: Server;
let url: string;
let user: { cookie: string; brandId: string; userId: string };

beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
  ctx = await createTestContext({
    meta: { graphUrl: fake.url, appId: fake.appId, appSecret: fake.appSecret },
    metaWebhookVerifyToken: VERIFY_TOKEN,
  });
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/meta`;
  user = await connectedUser();
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
  await fake?.close();
});

async function call(path: string, cookie: string, body: unknown) {
  const response = await jsonRequest(ctx, path, { cookie, method: "POST", body });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A user whose brand picked the fake's page (with its Instagram account) through the real flow. */
async function connectedUser() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await call("/api/brands", cookie, { name: "Bean There" });
  const start = await call("/api/connections/facebook/start", cookie, { flow: "page" });
  const html = await (await fetch(start.url)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "");
  await call("/api/connections/facebook/exchange", cookie, {
    code: allow.searchParams.get("code"),
    state: allow.searchParams.get("state"),
  });
  await call("/api/connections/facebook/page", cookie, { pageId: PAGE_ID });
  return { cookie, brandId: brand.id as string, userId: await userIdOf(ctx, cookie) };
}

let serial = 0;
/** A published post of the brand, with the id the network gave it. */
async function publishedPost(platform: PostPlatform) {
  serial++;
  const externalId = platform === "facebook" ? `${PAGE_ID}_${7000 + serial}` : `1790000000${serial}`;
  const [row] = await ctx.database.db
    .insert(posts)
    .values({
      userId: user.userId,
      brandId: user.brandId,
      content: `Post ${serial}`,
      platform,
      status: "approved",
      externalPostId: externalId,
      publishedVia: "meta",
      postedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("post insert failed");
  return { id: row.id, externalId };
}

const itemsOf = (postId: string) =>
  ctx.database.db.select().from(inboxItems).where(eq(inboxItems.postId, postId));
const commentId = () => `${7000 + serial}_${Math.floor(Math.random() * 1e9)}`;

describe("subscribing", () => {
  it("installs the app on the page when it is connected, for its feed", () => {
    expect(fake.subscribedApps.get(PAGE_ID)).toEqual(["feed"]);
  });
});

describe("the handshake", () => {
  it("answers the challenge only to our verify token", async () => {
    expect(await fake.verifyWebhook({ url, verifyToken: VERIFY_TOKEN, challenge: "1158201444" })).toEqual({
      status: 200,
      body: "1158201444",
    });
    expect((await fake.verifyWebhook({ url, verifyToken: "guess" })).status).toBe(403);
    expect((await fake.verifyWebhook({ url, verifyToken: VERIFY_TOKEN, mode: "unsubscribe" })).status).toBe(
      403,
    );
  });

  it("is refused when no verify token is configured, and deliveries when no app secret is", async () => {
    const routes = createMetaWebhookRoutes({
      database: ctx.database,
      events: ctx.events,
      ai: ctx.deps.ai,
      logger: createLogger("silent"),
      now: ctx.clock.now,
      metaWebhooks: { appSecret: null, verifyToken: null },
    });
    const handshake = await routes.request("/?hub.mode=subscribe&hub.challenge=1&hub.verify_token=");
    expect(handshake.status).toBe(403);
    const delivery = await routes.request("/", {
      method: "POST",
      body: "{}",
      headers: { "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
    });
    expect(delivery.status).toBe(503);
  });
});

describe("Facebook comments", () => {
  it("stores a signed comment once; the same delivery again changes nothing", async () => {
    const post = await publishedPost("facebook");
    const id = commentId();
    const status = await fake.sendCommentWebhook({
      url,
      object: "page",
      postId: post.externalId,
      commentId: id,
      text: "Do you open on Sunday?",
      from: ANNA,
    });
    expect(status).toBe(200);
    const stored = await itemsOf(post.id);
    expect(stored).toMatchObject([
      { externalId: id, text: "Do you open on Sunday?", authorName: "Anna Berg", own: false, question: true },
    ]);
    const notices = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.userId));

    const replay = fake.webhookDeliveries.at(-1)?.body ?? "";
    expect(await fake.sendWebhook({ url, body: replay })).toBe(200);
    expect(await itemsOf(post.id)).toEqual(stored);
    expect(
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.userId)),
    ).toEqual(notices);
  });

  it("refuses a missing or wrong signature and stores nothing", async () => {
    const post = await publishedPost("facebook");
    const about = { url, object: "page" as const, postId: post.externalId, text: "Forged", from: ANNA };
    expect(await fake.sendCommentWebhook({ ...about, commentId: commentId(), signature: null })).toBe(401);
    expect(
      await fake.sendCommentWebhook({ ...about, commentId: commentId(), signWith: "not-the-secret" }),
    ).toBe(403);
    expect(
      await fake.sendCommentWebhook({ ...about, commentId: commentId(), signature: "sha256=deadbeef" }),
    ).toBe(403);
    expect(await itemsOf(post.id)).toEqual([]);
  });

  it("checks the signature over the raw bytes: non-ASCII text sent escaped arrives as written", async () => {
    const post = await publishedPost("facebook");
    const text = "Café ☕ — ¿abren el sábado? 🥐";
    expect(
      await fake.sendCommentWebhook({
        url,
        object: "page",
        postId: post.externalId,
        commentId: commentId(),
        text,
        from: ANNA,
      }),
    ).toBe(200);
    expect(fake.webhookDeliveries.at(-1)?.body).toContain("Caf\\u00e9 \\u2615");
    expect((await itemsOf(post.id)).map((item) => item.text)).toEqual([text]);
  });

  it("takes an edit and a removal, and the page's own reply as the brand's", async () => {
    const post = await publishedPost("facebook");
    const id = commentId();
    const send = (extra: Partial<Parameters<FakeMetaGraphServer["sendCommentWebhook"]>[0]>) =>
      fake.sendCommentWebhook({
        url,
        object: "page",
        postId: post.externalId,
        commentId: id,
        from: ANNA,
        ...extra,
      });
    expect(await send({ text: "Love the wafles" })).toBe(200);
    expect(await send({ verb: "edited", text: "Love the waffles" })).toBe(200);
    const [edited] = await itemsOf(post.id);
    expect(edited).toMatchObject({ text: "Love the waffles" });
    expect(edited?.editedAt).not.toBeNull();

    const reply = commentId();
    expect(
      await fake.sendCommentWebhook({
        url,
        object: "page",
        postId: post.externalId,
        commentId: reply,
        parentId: id,
        text: "Thank you!",
        from: { id: PAGE_ID, name: "Fake Coffee Page" },
      }),
    ).toBe(200);
    const [own] = await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.externalId, reply));
    expect(own).toMatchObject({ own: true, parentExternalId: id, status: "done" });

    expect(await send({ verb: "remove" })).toBe(200);
    const [removed] = await ctx.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.postId, post.id), eq(inboxItems.externalId, id)));
    expect(removed?.removedAt).not.toBeNull();
  });

  it("acknowledges fields and items that are not comments, and stores nothing for them", async () => {
    const post = await publishedPost("facebook");
    const before = await ctx.database.db.select().from(inboxWebhookEvents);
    const time = Math.floor(Date.now() / 1000);
    const status = await fake.sendWebhook({
      url,
      body: {
        object: "page",
        entry: [
          {
            id: PAGE_ID,
            time,
            changes: [
              {
                field: "feed",
                value: { item: "reaction", verb: "add", post_id: post.externalId, reaction_type: "like" },
              },
              {
                field: "feed",
                value: { item: "status", verb: "add", post_id: post.externalId, message: "Hi" },
              },
              { field: "ratings", value: { review_text: "Great" } },
            ],
          },
        ],
      },
    });
    expect(status).toBe(200);
    expect(await fake.sendWebhook({ url, body: { object: "user", entry: [{ id: "1", changes: [] }] } })).toBe(
      200,
    );
    expect(await itemsOf(post.id)).toEqual([]);
    expect(await ctx.database.db.select().from(inboxWebhookEvents)).toHaveLength(before.length);
  });

  it("ignores comments under posts that are not the brand's", async () => {
    const status = await fake.sendCommentWebhook({
      url,
      object: "page",
      postId: `${PAGE_ID}_999999`,
      commentId: "999999_1",
      text: "Not ours",
      from: ANNA,
    });
    expect(status).toBe(200);
    expect(
      await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.externalId, "999999_1")),
    ).toEqual([]);
  });
});

describe("Instagram comments", () => {
  it.each([
    ["`id` in changes", { idKey: "id" as const, flat: false }],
    ["`comment_id` in changes", { idKey: "comment_id" as const, flat: false }],
    ["field and value under the entry", { idKey: "id" as const, flat: true }],
  ])("are stored from %s, a replay changing nothing", async (_shape, shape) => {
    const post = await publishedPost("instagram");
    const id = String(Math.floor(Math.random() * 1e15));
    const about = {
      url,
      object: "instagram" as const,
      postId: post.externalId,
      commentId: id,
      text: "Oat milk? 🥛",
      from: ANNA,
      accountId: IG_ID,
      ...shape,
    };
    expect(await fake.sendCommentWebhook({ ...about, duplicate: true })).toBe(200);
    expect(await itemsOf(post.id)).toMatchObject([
      { externalId: id, text: "Oat milk? 🥛", authorHandle: "anna.berg", own: false, platform: "instagram" },
    ]);
  });

  it("keeps a reply under its comment and the account's own as the brand's", async () => {
    const post = await publishedPost("instagram");
    const top = String(Math.floor(Math.random() * 1e15));
    const mine = String(Math.floor(Math.random() * 1e15));
    const base = { url, object: "instagram" as const, postId: post.externalId, accountId: IG_ID };
    await fake.sendCommentWebhook({ ...base, commentId: top, text: "Where is this?", from: ANNA });
    await fake.sendCommentWebhook({
      ...base,
      commentId: mine,
      parentId: top,
      text: "Kreuzberg!",
      from: { id: IG_ID, username: "fakecoffee" },
    });
    const [own] = await ctx.database.db.select().from(inboxItems).where(eq(inboxItems.externalId, mine));
    expect(own).toMatchObject({ own: true, parentExternalId: top });
  });
});
