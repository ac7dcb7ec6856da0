import type { ToolName } from "@smm/tools";
import { toolNames } from "@smm/tools";
import { generateText, type ModelMessage, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decideInboxTurn, type InboxHistory } from "./inbox-intents";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";
import type { TurnStep } from "./media-intents";
import { createOfflineAssistantModel } from "./model";

// Monday 23 November 2026, 15:00 UTC.
const NOW = new Date("2026-11-23T15:00:00.000Z");
const tools = new Set(toolNames);
const ctx = (overrides: Partial<TurnContext> = {}): TurnContext => ({
  tools,
  now: NOW,
  utcOffsetMinutes: 0,
  lastPost: null,
  ...overrides,
});
const callOf = (message: string, overrides: Partial<TurnContext> = {}) => {
  const decision = decideTurn(message, ctx(overrides));
  if (decision.kind === "call") return { toolName: decision.call.toolName, input: decision.call.input };
  if (decision.kind === "calls")
    return decision.calls.map((call) => ({ toolName: call.toolName, input: call.input }));
  return decision;
};
const nextOf = (message: string, steps: TurnStep[], inbox?: InboxHistory) => {
  const decision = decideInboxTurn(message, ctx(inbox ? { inbox } : {}), steps);
  if (decision?.kind === "call")
    return { toolName: decision.call.toolName, input: decision.call.input, preface: decision.call.preface };
  return decision;
};

const can = {
  reply: true,
  hide: true,
  unhide: false,
  delete: true,
  like: true,
  markDone: true,
  reopen: false,
  retry: false,
};
let ids = 0;
function item(overrides: Record<string, unknown> = {}) {
  ids += 1;
  return {
    id: `i${ids}`,
    postId: "p1",
    platform: "facebook",
    network: "facebook",
    replyToId: null,
    author: { name: "Someone", handle: null, avatarUrl: null },
    text: "Nice!",
    url: null,
    own: false,
    writtenAt: "2026-11-23T10:00:00.000Z",
    editedAt: null,
    removedAt: null,
    hidden: false,
    liked: false,
    sentiment: "neutral",
    question: false,
    spam: false,
    spamReason: null,
    triagedBy: "offline",
    status: "open",
    read: false,
    delivery: null,
    deliveryError: null,
    deliveryReason: null,
    can,
    ...overrides,
  };
}
type Item = ReturnType<typeof item>;
function post(id: string, content: string, postedAt = "2026-11-20T09:00:00.000Z") {
  return {
    id,
    platform: "facebook",
    content,
    thumbnailUrl: null,
    externalUrl: null,
    postedAt,
    format: "feed",
  };
}
function thread(postValue: ReturnType<typeof post>, items: Item[]) {
  const others = items.filter((entry) => !entry.own);
  return {
    post: postValue,
    items: items.map((entry) => ({ ...entry, postId: postValue.id })),
    lastActivityAt: "2026-11-23T10:00:00.000Z",
    total: others.length,
    open: others.filter((entry) => entry.status === "open").length,
    unread: others.filter((entry) => !entry.read).length,
    urgent: others.filter((entry) => entry.question || entry.sentiment === "negative").length,
  };
}
function page(...threads: ReturnType<typeof thread>[]) {
  const all = threads.flatMap((entry) => entry.items).filter((entry) => !entry.own);
  return {
    threads,
    nextBefore: null,
    unread: all.filter((entry) => !entry.read).length,
    needsReply: all.filter((entry) => entry.status === "open").length,
  };
}
const listed = (input: Record<string, unknown>, result: unknown): TurnStep => ({
  toolName: "listInboxItems",
  input,
  result,
});

const WAFFLES = post("p1", "Crispy waffles every Sunday morning, with berries");
const LATTE = post("p2", "Our new oat latte is here", "2026-11-22T08:00:00.000Z");
const anna = item({
  id: "anna",
  author: { name: "Anna Berg", handle: "anna_b", avatarUrl: null },
  text: "Are you open on Friday?",
  question: true,
  writtenAt: "2026-11-23T09:00:00.000Z",
});
const bob = item({
  id: "bob",
  author: { name: "Bob", handle: "bob", avatarUrl: null },
  text: "The waffles were cold last time.",
  sentiment: "negative",
  writtenAt: "2026-11-23T11:00:00.000Z",
});
const cleo = item({
  id: "cleo",
  author: { name: "Cleo", handle: "cleo", avatarUrl: null },
  text: "Do you have vegan ones?",
  question: true,
  writtenAt: "2026-11-22T12:00:00.000Z",
});
const spam1 = item({
  id: "spam1",
  author: { name: null, handle: "cheap_followers", avatarUrl: null },
  text: "Buy followers at http://spam.example",
  spam: true,
  spamReason: "link from a stranger",
});
const spam2 = item({
  id: "spam2",
  author: { name: null, handle: "deals4u", avatarUrl: null },
  text: "Buy followers at http://spam.example",
  spam: true,
  spamReason: "repeated text",
});
const inboxPage = page(thread(WAFFLES, [bob, anna, cleo]));

describe("the offline assistant on the inbox: what each request calls first", () => {
  it.each([
    ["any new comments?", { status: "needs_reply" }],
    ["what's in my inbox", { status: "needs_reply" }],
    ["do I have comments", { status: "needs_reply" }],
    ["Any new comments on Instagram?", { status: "needs_reply", platform: "instagram" }],
    ["show all comments", { status: "all" }],
    ["any new comments today?", { status: "needs_reply", since: "2026-11-23T00:00:00.000Z" }],
    [
      "what are people asking about the waffle post?",
      { status: "all", limit: 50, itemsPerThread: 50, query: "waffle" },
    ],
    [
      "reply to Anna thanking her and mention Friday",
      { status: "all", limit: 50, itemsPerThread: 50, query: "Anna" },
    ],
    ["reply to the last comment", { status: "all", limit: 50, itemsPerThread: 50 }],
    ["hide the spam on yesterday's post", { status: "all", limit: 50, itemsPerThread: 50 }],
  ])("“%s” lists the inbox with %j", (message, input) => {
    expect(callOf(message)).toEqual({ toolName: "listInboxItems", input });
  });

  it("opens the inbox, counts and times replies", () => {
    expect(callOf("open the inbox")).toEqual({ toolName: "navigateTo", input: { path: "/inbox" } });
    expect(callOf("go to inbox")).toEqual({ toolName: "navigateTo", input: { path: "/inbox" } });
    expect(callOf("how many unread comments do I have?")).toEqual({ toolName: "getInboxCounts", input: {} });
    expect(callOf("how fast do we reply to comments?")).toEqual({ toolName: "getResponseStats", input: {} });
  });

  it("leaves the other requests to their own intents", () => {
    expect(
      callOf("add a first comment with the hashtags", { lastPost: { id: "p9", state: "pending" } }),
    ).toEqual({
      toolName: "getPost",
      input: { postId: "p9" },
    });
    expect(callOf("retry the first comment", { lastPost: { id: "p9", state: "pending" } })).toEqual({
      toolName: "retryFirstComment",
      input: { postId: "p9" },
    });
    expect(callOf("what's in my media library?")).toEqual({ toolName: "listMedia", input: {} });
    expect(callOf("go to calendar")).toEqual({ toolName: "navigateTo", input: { path: "/calendar" } });
    expect(callOf("Create a post about our summer sale")).toMatchObject({ toolName: "generatePost" });
    expect(callOf("how did my posts do this month?")).toMatchObject({ toolName: "getAnalytics" });
    // A bare "yes" answers nothing of the inbox when the conversation asked nothing of it.
    expect(decideInboxTurn("yes", ctx())).toBeNull();
    expect(callOf("yes, cancel my subscription")).toMatchObject({ toolName: "cancelSubscription" });
  });
});

describe("replying to a comment", () => {
  it("finds Anna's newest open comment, drafts with the instructions, and shows the draft without sending", () => {
    const message = "reply to Anna thanking her and mention Friday";
    const found = listed({ status: "all", limit: 50, itemsPerThread: 50, query: "Anna" }, inboxPage);
    expect(nextOf(message, [found])).toEqual({
      toolName: "draftReply",
      input: { itemId: "anna", instructions: "thanking her and mention Friday" },
      preface: "Drafting a reply to Anna Berg's comment “Are you open on Friday?”…",
    });
    const drafted: TurnStep = {
      toolName: "draftReply",
      input: { itemId: "anna" },
      result: {
        itemId: "anna",
        text: "Thank you Anna! See you on Friday.",
        model: "offline",
        maxLength: 8000,
      },
    };
    const shown = nextOf(message, [found, drafted]);
    expect(shown).toEqual({
      kind: "say",
      text: "Here's a draft reply to Anna Berg (“Are you open on Friday?”) (written by the offline model: give it a read):\n\n“Thank you Anna! See you on Friday.”\n\nI'll send it only when you say so: say “send it”, press Send on the card, or Edit it there first.",
    });
  });

  it("answers the newest comment from others for “the last comment”, never the brand's own", () => {
    const own = item({ id: "own", own: true, status: "done", writtenAt: "2026-11-23T12:00:00.000Z" });
    const found = listed(
      { status: "all", limit: 50, itemsPerThread: 50 },
      page(thread(WAFFLES, [own, bob, anna])),
    );
    expect(nextOf("reply to the last comment", [found])).toMatchObject({
      toolName: "draftReply",
      input: { itemId: "bob" },
    });
    expect(nextOf("reply to Zoe saying hi", [listed({}, page())])).toEqual({
      kind: "say",
      text: "I couldn't find a comment from “Zoe”. Say “any new comments?” to see who wrote.",
    });
  });

  it("sends the draft on “send it” or a yes, after checking it was not sent from the card", () => {
    const draft = {
      itemId: "anna",
      text: "Thank you Anna! See you on Friday.",
      model: "ai",
      maxLength: 8000,
    };
    const history: InboxHistory = {
      steps: [listed({}, inboxPage), { toolName: "draftReply", input: { itemId: "anna" }, result: draft }],
      previous: {
        text: "reply to Anna thanking her and mention Friday",
        steps: [{ toolName: "draftReply", input: { itemId: "anna" }, result: draft }],
      },
    };
    for (const message of ["send it", "yes, send", "Yes", "ok send it please"])
      expect(nextOf(message, [], history)).toMatchObject({
        toolName: "getInboxThread",
        input: { itemId: "anna" },
      });
    const read: TurnStep = {
      toolName: "getInboxThread",
      input: { itemId: "anna" },
      result: { post: WAFFLES, items: [anna], unread: 1, open: 1, capabilities: null },
    };
    expect(nextOf("send it", [read], history)).toMatchObject({
      toolName: "sendReply",
      input: { itemId: "anna", text: "Thank you Anna! See you on Friday." },
    });
    const sentFromCard = item({
      own: true,
      replyToId: "anna",
      delivery: "sent",
      text: draft.text,
      status: "done",
    });
    expect(
      nextOf(
        "send it",
        [{ ...read, result: { ...(read.result as object), items: [anna, sentFromCard] } }],
        history,
      ),
    ).toEqual({
      kind: "say",
      text: "You've already replied to this comment: “Thank you Anna! See you on Friday.” (sent). Nothing more was sent.",
    });
    // Once sent, the reply is described, and the draft is spent: "send it" again has nothing to send.
    const sent = { ...sentFromCard, platform: "facebook" };
    expect(describeOutcome({ toolName: "sendReply", input: {}, result: sent }, [read])).toBe(
      "Sent: your reply to Anna Berg is on Facebook, and the comment is marked done.",
    );
    const after: InboxHistory = {
      steps: [...history.steps, { toolName: "sendReply", input: { itemId: "anna" }, result: sent }],
      previous: null,
    };
    expect(nextOf("send it", [], after)).toMatchObject({ kind: "say", text: /no reply draft/ });
    expect(nextOf("yes", [], after)).toBeNull();
  });

  it("retries a reply the network refused", () => {
    const failed = item({ id: "r1", own: true, delivery: "failed", deliveryError: "Rate limited" });
    const history: InboxHistory = {
      steps: [{ toolName: "sendReply", input: {}, result: failed }],
      previous: null,
    };
    expect(nextOf("try again", [], history)).toMatchObject({
      toolName: "retryReply",
      input: { replyId: "r1" },
    });
    expect(describeOutcome({ toolName: "sendReply", input: {}, result: failed })).toBe(
      "Facebook refused your reply: Rate limited. Say “try again” or press Retry on the card.",
    );
  });
});

describe("what people say", () => {
  it("sums up the inbox: how many need a reply, of which kind, on how many posts", () => {
    const reply = describeOutcome({
      toolName: "listInboxItems",
      input: { status: "needs_reply" },
      result: page(thread(WAFFLES, [bob, anna]), thread(LATTE, [cleo])),
    });
    expect(reply).toMatch(/^3 comments need a reply: 2 questions, 1 negative, on 2 posts\.\n/);
    expect(reply).toContain(
      "• Bob on “Crispy waffles every Sunday morning, with berries”: “The waffles were cold last time.”",
    );
    expect(
      describeOutcome({ toolName: "listInboxItems", input: { status: "needs_reply" }, result: page() }),
    ).toBe("No comments need a reply right now.");
  });

  it("lists the questions about the waffle post", () => {
    const message = "what are people asking about the waffle post?";
    const latte = thread(LATTE, [item({ text: "Is the waffle mix vegan?", question: true })]);
    const found = listed({ status: "all", query: "waffle" }, page(thread(WAFFLES, [bob, anna, cleo]), latte));
    expect(nextOf(message, [found])).toEqual({
      kind: "say",
      text:
        "On “Crispy waffles every Sunday morning, with berries” (Facebook), 2 questions:\n" +
        "• Anna Berg: “Are you open on Friday?”\n• Cleo: “Do you have vegan ones?”\n\n" +
        "Say “reply to <name> …” and I'll draft an answer for you to check.",
    });
  });
});

describe("hiding spam", () => {
  const yesterdays = post("p3", "Pumpkin spice is back", "2026-11-22T17:00:00.000Z");
  const older = post("p4", "Old news", "2026-11-10T17:00:00.000Z");
  const found = listed(
    { status: "all", limit: 50, itemsPerThread: 50 },
    page(thread(yesterdays, [spam1, anna]), thread(older, [item({ spam: true })])),
  );
  const read: TurnStep = {
    toolName: "getInboxThread",
    input: { postId: "p3" },
    result: { post: yesterdays, items: [anna, spam1, spam2], unread: 3, open: 3, capabilities: null },
  };

  it("reads the thread of yesterday's post and lists its spam, hiding nothing", () => {
    const message = "hide the spam on yesterday's post";
    expect(nextOf(message, [found])).toMatchObject({ toolName: "getInboxThread", input: { postId: "p3" } });
    const proposal = nextOf(message, [found, read]);
    expect(proposal).toEqual({
      kind: "say",
      text:
        "2 comments on yesterday's post “Pumpkin spice is back” look like spam:\n" +
        "• @cheap_followers: “Buy followers at http://spam.example” (link from a stranger)\n" +
        "• @deals4u: “Buy followers at http://spam.example” (repeated text)\n\n" +
        "I won't hide anything without your yes: say “hide them”, or press “Hide 2 comments” on the card. Hidden comments stay visible to their authors and can be shown again.",
    });
  });

  it("hides them on the yes, one call per comment, and sums up", () => {
    const history: InboxHistory = {
      steps: [found, read],
      previous: { text: "hide the spam on yesterday's post", steps: [found, read] },
    };
    const hides = [
      { toolName: "hideComment", input: { itemId: "spam1" } },
      { toolName: "hideComment", input: { itemId: "spam2" } },
    ];
    expect(callOf("yes", { inbox: history })).toEqual(hides);
    expect(callOf("hide them", { inbox: history })).toEqual(hides);
    const done: TurnStep[] = [
      { toolName: "hideComment", input: { itemId: "spam1" }, result: { ...spam1, hidden: true } },
      { toolName: "hideComment", input: { itemId: "spam2" }, error: "The network refused" },
    ];
    expect(nextOf("yes", done, history)).toEqual({
      kind: "say",
      text: "Done: I hid 1 comment. 1 comment couldn't be hidden: The network refused. They stay visible to their authors; the Inbox can show them again.",
    });
  });

  it("says so when yesterday's post has no spam", () => {
    const clean = { ...read, result: { ...(read.result as object), items: [anna] } };
    expect(nextOf("hide the spam on yesterday's post", [found, clean])).toEqual({
      kind: "say",
      text: "No comments on yesterday's post “Pumpkin spice is back” look like spam.",
    });
  });
});

describe("marking done", () => {
  it("marks the open comments the conversation listed", () => {
    const history: InboxHistory = { steps: [listed({}, inboxPage)], previous: null };
    expect(callOf("mark them done", { inbox: history })).toEqual({
      toolName: "markInboxItemsDone",
      input: { itemIds: ["bob", "anna", "cleo"] },
    });
    expect(callOf("mark all as done", { inbox: history })).toMatchObject({ toolName: "markInboxItemsDone" });
    // Nothing shown yet: the comments waiting for a reply are listed first.
    expect(callOf("mark all as done")).toEqual({
      toolName: "listInboxItems",
      input: { status: "needs_reply", limit: 50, itemsPerThread: 50 },
    });
    expect(describeOutcome({ toolName: "markInboxItemsDone", input: {}, result: { updated: 3 } })).toBe(
      "Done: 3 comments marked done. You'll find them under Done in the Inbox.",
    );
  });
});

describe("the offline assistant as an AI SDK model, over several steps", () => {
  function fakeTools(log: { name: string; input: unknown }[]) {
    return {
      listInboxItems: tool({
        description: "list",
        inputSchema: z.object({
          status: z.string().optional(),
          query: z.string().optional(),
          limit: z.number().optional(),
        }),
        execute: async (input) => {
          log.push({ name: "listInboxItems", input });
          return inboxPage;
        },
      }),
      draftReply: tool({
        description: "draft",
        inputSchema: z.object({ itemId: z.string(), instructions: z.string().optional() }),
        execute: async (input) => {
          log.push({ name: "draftReply", input });
          return {
            itemId: input.itemId,
            text: "Thanks Anna, see you Friday!",
            model: "offline",
            maxLength: 8000,
          };
        },
      }),
      getInboxThread: tool({
        description: "thread",
        inputSchema: z.object({ itemId: z.string().optional(), postId: z.string().optional() }),
        execute: async (input) => {
          log.push({ name: "getInboxThread", input });
          return { post: WAFFLES, items: [anna], unread: 0, open: 1, capabilities: null };
        },
      }),
      sendReply: tool({
        description: "send",
        inputSchema: z.object({ itemId: z.string(), text: z.string() }),
        execute: async (input) => {
          log.push({ name: "sendReply", input });
          return item({
            own: true,
            replyToId: input.itemId,
            text: input.text,
            delivery: "sent",
            status: "done",
          });
        },
      }),
    };
  }

  it("drafts in one turn and sends only on the next one", async () => {
    const log: { name: string; input: unknown }[] = [];
    const model = createOfflineAssistantModel({ now: () => NOW });
    const first = await generateText({
      model,
      tools: fakeTools(log),
      stopWhen: stepCountIs(5),
      prompt: "reply to Anna thanking her and mention Friday",
    });
    expect(log.map((entry) => entry.name)).toEqual(["listInboxItems", "draftReply"]);
    expect(first.text).toContain("“Thanks Anna, see you Friday!”");
    expect(first.text).toContain("I'll send it only when you say so");

    const messages: ModelMessage[] = [
      { role: "user", content: "reply to Anna thanking her and mention Friday" },
      ...first.response.messages,
      { role: "user", content: "send it" },
    ];
    const second = await generateText({ model, tools: fakeTools(log), stopWhen: stepCountIs(5), messages });
    expect(log.map((entry) => entry.name)).toEqual([
      "listInboxItems",
      "draftReply",
      "getInboxThread",
      "sendReply",
    ]);
    expect(log[3]?.input).toEqual({ itemId: "anna", text: "Thanks Anna, see you Friday!" });
    expect(second.text).toContain("Sent: your reply to Anna Berg is on Facebook");
  });
});

// Keeps the fixtures honest: every tool named here is one the registry has.
const named: ToolName[] = ["listInboxItems", "draftReply", "sendReply", "hideComment", "markInboxItemsDone"];
it("names only registry tools", () => {
  for (const name of named) expect(tools.has(name)).toBe(true);
});
