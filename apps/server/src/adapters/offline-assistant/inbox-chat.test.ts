import { inboxItems, posts, sandboxComments } from "@smm/domain/db/schema";
import { recordIncomingComments } from "@smm/domain/inbox";
import type { IncomingComment } from "@smm/domain/ports";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import type { UIMessage } from "ai";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { assembleUIMessage, parseUIMessageStream } from "../../chat/scripted-model";

/*
 * The inbox in the chat end to end (issue 33): /api/chat, the offline assistant, the real inbox tools and use
 * cases on a real database, and a brand whose post went out on the sandbox network, with comments under it.
 * A reply is drafted and shown, never sent, until the user says so; then it is sent once.
 */
let ctx: TestContext;
let cookie: string;
let userId: string;
let brandId: string;
let postId: string;
let postExternalId: string;

async function call(path: string, body?: unknown) {
  const response = await jsonRequest(ctx, path, {
    cookie,
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Connects the brand's Facebook page on the sandbox (no Meta app): its consent page, then "Allow". */
async function connectSandboxPage() {
  const start = await call("/api/connections/facebook/start", { flow: "page" });
  const html = await (await ctx.app.request(start.url)).text();
  const allow = new URL(
    /id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&").replaceAll("&#38;", "&") ?? "",
  );
  await call("/api/connections/facebook/exchange", {
    code: allow.searchParams.get("code"),
    state: allow.searchParams.get("state"),
  });
  await call("/api/connections/facebook/page", { pageId: "sandbox-page" });
}

const MINUTE = 60_000;
let serial = 0;
/** A comment on the sandbox post (the network holds it) and in the inbox (as polling records it). */
async function comment(author: { name: string; handle: string }, text: string, minutesAgo: number) {
  serial += 1;
  const id = `${postExternalId}_c${serial}`;
  const writtenAt = new Date(Date.now() - minutesAgo * MINUTE);
  await ctx.database.db.insert(sandboxComments).values({
    id,
    userId,
    brandId,
    sandboxPostId: postExternalId,
    authorName: author.name,
    authorHandle: author.handle,
    text,
    writtenAt,
  });
  const incoming: IncomingComment = {
    externalId: id,
    postExternalId,
    parentExternalId: null,
    authorExternalId: author.handle,
    authorName: author.name,
    authorHandle: author.handle,
    authorAvatarUrl: null,
    text,
    writtenAt,
    own: false,
  };
  await recordIncomingComments(ctx.deps, {
    userId,
    brandId,
    platform: "facebook",
    network: "sandbox",
    comments: [incoming],
    complete: [],
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie } = await signUpVerifiedUser(ctx));
  userId = await userIdOf(ctx, cookie);
  brandId = ((await call("/api/brands", { name: "Waffle Corner" })) as { id: string }).id;
  await connectSandboxPage();
  postId = crypto.randomUUID();
  const content = "Crispy Belgian waffles every Sunday morning, with fresh berries";
  ({ externalId: postExternalId } = await ctx.deps.social.publish({
    userId,
    brandId,
    postId,
    platform: "facebook",
    content,
    imageUrl: null,
  }));
  await ctx.database.db.insert(posts).values({
    id: postId,
    userId,
    brandId,
    content,
    platform: "facebook",
    status: "approved",
    externalPostId: postExternalId,
    publishedVia: "sandbox",
    postedAt: new Date(Date.now() - 3 * 60 * MINUTE),
  });
  await comment({ name: "Anna Berg", handle: "anna.berg" }, "Are you open on Friday too?", 50);
  await comment({ name: "Bob Stone", handle: "bob.stone" }, "Do the waffles come gluten free?", 30);
  await comment({ name: "Cleo Park", handle: "cleo.park" }, "Best waffles in town, love them", 10);
});
afterAll(async () => {
  await ctx?.close();
});

/** One turn: the conversation so far and the user's words; the tools called, the reply and the message. */
async function say(history: UIMessage[], text: string) {
  const user: UIMessage = { id: `u-${history.length}`, role: "user", parts: [{ type: "text", text }] };
  const messages = [...history, user];
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages }, cookie });
  expect(response.status).toBe(200);
  const chunks = parseUIMessageStream(await response.text());
  const message = await assembleUIMessage(chunks);
  const calls = chunks.flatMap((chunk) =>
    chunk.type === "tool-input-available" ? [{ toolName: chunk.toolName, input: chunk.input }] : [],
  );
  const reply = chunks.flatMap((chunk) => (chunk.type === "text-delta" ? [chunk.delta] : [])).join("");
  const errors = chunks.flatMap((chunk) => (chunk.type === "tool-output-error" ? [chunk.errorText] : []));
  const outputs = chunks.flatMap((chunk) => (chunk.type === "tool-output-available" ? [chunk.output] : []));
  return { calls, reply, errors, outputs, conversation: message ? [...messages, message] : messages };
}

const itemByAuthor = async (name: string) =>
  (
    await ctx.database.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.postId, postId), eq(inboxItems.authorName, name)))
  )[0];
const repliesTo = (itemId: string) =>
  ctx.database.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.replyToId, itemId), eq(inboxItems.own, true)));
const networkReplies = () =>
  ctx.database.db
    .select()
    .from(sandboxComments)
    .where(and(eq(sandboxComments.sandboxPostId, postExternalId), eq(sandboxComments.own, true)));

it("answers “any new comments?” with what needs a reply", async () => {
  const { calls, reply, errors } = await say([], "any new comments?");
  expect(errors).toEqual([]);
  expect(calls).toEqual([{ toolName: "listInboxItems", input: { status: "needs_reply" } }]);
  expect(reply).toMatch(/^3 comments need a reply: 2 questions, on 1 post\./);
  expect(reply).toContain("Anna Berg");
});

it("sums up what people ask about the waffle post", async () => {
  const { calls, reply } = await say([], "what are people asking about the waffle post?");
  expect(calls).toEqual([
    { toolName: "listInboxItems", input: { status: "all", limit: 50, itemsPerThread: 50, query: "waffle" } },
  ]);
  expect(reply).toContain("2 questions:");
  expect(reply).toContain("• Bob Stone: “Do the waffles come gluten free?”");
  expect(reply).toContain("• Anna Berg: “Are you open on Friday too?”");
  expect(reply).not.toContain("Cleo Park");
});

it("drafts a reply to Anna and sends nothing until the user says “send it”, then sends it once", async () => {
  const anna = await itemByAuthor("Anna Berg");
  if (!anna) throw new Error("Anna's comment was not recorded");

  const drafted = await say([], "reply to Anna thanking her and mention Friday");
  expect(drafted.errors).toEqual([]);
  expect(drafted.calls).toEqual([
    { toolName: "listInboxItems", input: { status: "all", limit: 50, itemsPerThread: 50, query: "Anna" } },
    { toolName: "draftReply", input: { itemId: anna.id, instructions: "thanking her and mention Friday" } },
  ]);
  const draft = drafted.outputs[1] as { itemId: string; text: string; model: string };
  expect(draft.itemId).toBe(anna.id);
  expect(draft.text).toContain("Friday");
  expect(drafted.reply).toContain(`“${draft.text}”`);
  expect(drafted.reply).toContain("I'll send it only when you say so");
  // Nothing left for the network: no reply stored, none on the sandbox, the comment still open.
  expect(await repliesTo(anna.id)).toEqual([]);
  expect(await networkReplies()).toEqual([]);
  expect((await itemByAuthor("Anna Berg"))?.status).toBe("open");

  const sent = await say(drafted.conversation, "send it");
  expect(sent.errors).toEqual([]);
  expect(sent.calls).toEqual([
    { toolName: "getInboxThread", input: { itemId: anna.id } },
    { toolName: "sendReply", input: { itemId: anna.id, text: draft.text } },
  ]);
  expect(sent.reply).toContain("Sent: your reply to Anna Berg is on Facebook");
  const stored = await repliesTo(anna.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ text: draft.text, delivery: "sent" });
  expect((await networkReplies()).map((row) => row.text)).toEqual([draft.text]);
  expect((await itemByAuthor("Anna Berg"))?.status).toBe("done");

  // "Send it" once more: the draft is spent, nothing more reaches the network.
  const again = await say(sent.conversation, "send it");
  expect(again.calls.map((entry) => entry.toolName)).not.toContain("sendReply");
  expect(await networkReplies()).toHaveLength(1);
});

it("drafts for “reply to the last comment”, and a yes on a draft sent from its card sends nothing more", async () => {
  const cleo = await itemByAuthor("Cleo Park");
  if (!cleo) throw new Error("Cleo's comment was not recorded");
  const drafted = await say([], "reply to the last comment");
  expect(drafted.calls.map((entry) => entry.toolName)).toEqual(["listInboxItems", "draftReply"]);
  expect(drafted.calls[1]?.input).toEqual({ itemId: cleo.id });
  const draft = drafted.outputs[1] as { text: string };
  // The card's Send: the tool API, as the browser calls it.
  await call("/api/tools/sendReply", { itemId: cleo.id, text: draft.text });
  const before = (await networkReplies()).length;
  const yes = await say(drafted.conversation, "yes");
  expect(yes.calls.map((entry) => entry.toolName)).toEqual(["getInboxThread"]);
  expect(yes.reply).toContain("You've already replied to this comment");
  expect(await networkReplies()).toHaveLength(before);
});
