/*
 * The offline assistant's understanding of the inbox (issue 33): "any new comments?", "what are people asking
 * about the waffle post?", "reply to Anna thanking her and mention Friday" (a draft, shown; "send it" sends
 * it), "hide the spam on yesterday's post" (the comments listed; "hide them" hides them), "mark them done",
 * "how many unread comments", "how fast do we reply".
 *
 * Nothing reaches a network without the user's yes: a reply is drafted and shown, and sent only on a later
 * "send it" (or the card's Send); spam is listed, and hidden only on a later "hide them" (or the card's
 * button). The conversation's earlier tool results say what "it" and "them" are.
 */

import { type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import type { TurnStep } from "./media-intents";
import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

type Page = ToolOutput<"listInboxItems">;
type Thread = Page["threads"][number];
type Item = Thread["items"][number];
type InboxPost = Thread["post"];
type ThreadDetail = ToolOutput<"getInboxThread">;

/** What the conversation did before the user's newest message, as the inbox's requests read it. */
export interface InboxHistory {
  /** Every tool the conversation ran before the newest message, oldest first. */
  steps: readonly TurnStep[];
  /** The user's message before the newest one and what its turn ran: what "yes" answers. */
  previous: { text: string; steps: readonly TurnStep[] } | null;
}

export interface InboxTurnContext {
  tools: OfferedTools;
  now: Date;
  /** Minutes to add to UTC to get the user's wall clock. */
  utcOffsetMinutes: number;
  inbox?: InboxHistory | undefined;
}

export type InboxDecision =
  | { kind: "call"; call: ToolCallIntent }
  /** Several calls in one step ("hide them": one hideComment per comment). */
  | { kind: "calls"; calls: ToolCallIntent[]; preface?: string }
  | { kind: "say"; text: string };

/** A post the user names: by its day, the newest one, or words of its text. */
type PostRef = { by: "yesterday" } | { by: "today" } | { by: "latest" } | { by: "words"; words: string };

type InboxRequest =
  | { kind: "list"; input: Record<string, unknown> }
  | { kind: "about"; post: PostRef | null; questions: boolean }
  | { kind: "reply"; target: { by: "latest" } | { by: "name"; name: string }; instructions: string }
  | { kind: "send" }
  | { kind: "retry" }
  | { kind: "hideSpam"; post: PostRef | null }
  | { kind: "hideThem" }
  /** "yes": what the assistant's last turn asked for (a send or a hide), with the word said, if any. */
  | { kind: "confirm"; verb: "send" | "hide" | null }
  | { kind: "mark"; as: "done" | "read"; which: "it" | "them" }
  | { kind: "counts" }
  | { kind: "stats" };

/** The most comments one list reads (listInboxItems' limit of conversations). */
const LIST_LIMIT = 50;
/** The most posts whose whole thread a spam request reads (one step each, within the chat's steps). */
const MAX_THREADS = 3;
/** The most comments hidden on one "hide them" (one call each, in one step). */
const MAX_HIDDEN = 20;

const quote = (text: string) => `“${text}”`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const excerpt = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};
const networkOf = (platform: string) => platformLabels[platform as PostPlatform] ?? platform;
const authorOf = (item: Pick<Item, "author">) =>
  item.author.name ?? (item.author.handle ? `@${item.author.handle}` : "someone");
const postName = (post: Pick<InboxPost, "content">) => quote(excerpt(post.content || "your post", 50));

function stripQuotes(text: string): string {
  return text
    .trim()
    .replace(/^["“'‘]+|["”'’.!?]+$/g, "")
    .trim();
}

// ---- reading the request ----

const COMMENTS = /\b(?:comments?|replies|inbox|mentions)\b/;
const FIRST_COMMENT = /\bfirst[- ]comment\b/;
const ASKS =
  /\b(?:any|new|unread|show|list|see|check|read|what(?:'s| is| are)?|whats|do i have|do we have|have i got|have we got|did i get|did we get|got|open|pending|waiting|need(?:s|ing)?)\b/;
const CONFIRM =
  /^(?:yes|yep|yeah|yup|sure|ok|okay|alright|go ahead|do it|confirm(?:ed)?|looks good)\b[\s,.!]*(?:(?:please|go ahead|do it)\b[\s,.!]*)*(?:(send|hide)\b(?:\s+(?:it|them|that|those|these|the reply|the draft|the comments?|all|them all))?[\s,.!]*)?(?:(?:please|now|thanks?|thank you)\b[\s,.!]*)*$/;
const SEND =
  /^(?:please\s+)?(?:ok(?:ay)?,?\s+)?send\s*(?:it|that|this|the reply|the draft|my reply|the answer|this reply|that reply)?(?:\s+now)?(?:,?\s*please)?[\s.!]*$/;
const RETRY =
  /^(?:please\s+)?(?:retry|try again|resend|re-send|send again)(?:\s+(?:it|the reply|my reply|sending|that))?(?:,?\s*please)?[\s.!]*$/;
const HIDE_THEM =
  /^(?:please\s+)?(?:ok(?:ay)?,?\s+)?hide\s+(?:them|those|these|them all|all of them|those comments|these comments|the spam comments)(?:\s+now)?(?:,?\s*please)?[\s.!]*$/;
const REPLY =
  /^(?:please\s+|can you\s+|could you\s+)?(?:(?:draft|write|compose|suggest|prepare)\s+(?:me\s+)?(?:an?\s+)?(?:reply|response|answer)\s+(?:to|for)|reply\s+to|respond\s+to|answer)\s+(.+?)[.!?]*$/i;
/** Words that end a commenter's name and start what the reply should say. */
const NAME_END =
  /\s+(?:thanking|thank|and|saying|say|with|to|that|telling|tell|about|asking|ask|letting|let|mentioning|mention|who|on|in|under|please)\b|\s+[—–-]\s+|[,:;]/i;
const NOT_A_NAME = /^(?:them|her|him|it|this|that|these|those|everyone|everybody|all|me|us)$/i;

/** The start of the user's day `daysAgo` days back, in ms (their wall clock, by the browser's offset). */
function dayStart(ctx: Pick<InboxTurnContext, "now" | "utcOffsetMinutes">, daysAgo: number): number {
  const offset = ctx.utcOffsetMinutes * 60_000;
  const local = new Date(ctx.now.getTime() + offset);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysAgo) - offset;
}

function readPostRef(text: string, lower: string): PostRef | null {
  if (/\byesterday(?:'s|’s)?\b/.test(lower)) return { by: "yesterday" };
  if (/\btoday(?:'s|’s)?\s+post\b/.test(lower)) return { by: "today" };
  if (/\b(?:last|latest|newest|most recent|recent)\s+post\b/.test(lower)) return { by: "latest" };
  const named =
    text.match(
      /\b(?:on|about|under|for|from)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?(.+?)\s+post\b/i,
    )?.[1] ?? text.match(/\bpost\s+(?:about|on)\s+(.+?)[.!?]*$/i)?.[1];
  const words = named ? stripQuotes(named.replace(/\b(?:the|my|our)\b/gi, " ").replace(/\s+/g, " ")) : "";
  return words ? { by: "words", words: words.slice(0, 100) } : null;
}

function readList(lower: string, ctx: InboxTurnContext): InboxRequest | null {
  if (!COMMENTS.test(lower) || FIRST_COMMENT.test(lower) || !ASKS.test(lower)) return null;
  const input: Record<string, unknown> = {
    status: /\ball\b/.test(lower)
      ? "all"
      : /\b(?:done|answered|handled)\b/.test(lower)
        ? "done"
        : "needs_reply",
  };
  const platform = postPlatforms.find((name) => new RegExp(String.raw`\b${name}\b`).test(lower));
  if (platform) input.platform = platform;
  const since = /\btoday\b/.test(lower)
    ? dayStart(ctx, 0)
    : /\byesterday\b/.test(lower)
      ? dayStart(ctx, 1)
      : /\b(?:this|past|last)\s+week\b/.test(lower)
        ? ctx.now.getTime() - 7 * 86_400_000
        : null;
  if (since !== null) input.since = new Date(since).toISOString();
  return { kind: "list", input };
}

function readReply(text: string): InboxRequest | null {
  const rest = text.match(REPLY)?.[1]?.trim();
  if (!rest) return null;
  const latest = rest.match(
    /^(?:to\s+)?(?:the|that|this|my)\s+(?:(?:last|latest|newest|most recent|recent)\s+)?(?:comment|one|reply|question|message)\b|^(?:the\s+)?(?:last|latest|newest|most recent)(?:\s+(?:comment|one|reply|question|message))?\b/i,
  );
  if (latest) {
    const instructions = stripQuotes(rest.slice(latest[0].length).replace(/^[\s,:;—–-]+|^and\s+/i, ""));
    return { kind: "reply", target: { by: "latest" }, instructions: instructions.slice(0, 500) };
  }
  const end = rest.search(NAME_END);
  const spoken = (end < 0 ? rest : rest.slice(0, end))
    .replace(/(?:'s|’s)\s+(?:comment|question|message|reply)$/i, "")
    .replace(/(?:'s|’s)$/i, "")
    .replace(/^@/, "")
    .trim();
  if (!spoken || NOT_A_NAME.test(spoken) || spoken.split(/\s+/).length > 3) return null;
  const instructions =
    end < 0
      ? ""
      : stripQuotes(
          rest
            .slice(end)
            .replace(/^[\s,:;—–-]+/, "")
            .replace(/^(?:and|please)\s+/i, ""),
        );
  return { kind: "reply", target: { by: "name", name: spoken }, instructions: instructions.slice(0, 500) };
}

/** What the message asks of the inbox, or null when it is about something else. */
function readInboxRequest(text: string, ctx: InboxTurnContext): InboxRequest | null {
  const lower = text.toLowerCase().trim();
  const confirm = lower.match(CONFIRM);
  if (confirm) return { kind: "confirm", verb: (confirm[1] as "send" | "hide" | undefined) ?? null };
  if (SEND.test(lower)) return { kind: "send" };
  if (RETRY.test(lower)) return { kind: "retry" };
  if (HIDE_THEM.test(lower)) return { kind: "hideThem" };
  if (/\b(?:hide|remove|delete|clean up|get rid of)\b.*\bspam\b/.test(lower))
    return { kind: "hideSpam", post: readPostRef(text, lower) };
  const reply = readReply(text);
  if (reply) return reply;
  const mark = lower.match(
    /\bmark\b.*?\b(?:as\s+)?(done|answered|handled|resolved|complete|finished|read)\b/,
  );
  if (mark?.[1] && !/\b(?:campaign|suggestion|notifications?)\b/.test(lower)) {
    const which = /\b(?:them|all|these|those|every|everything)\b/.test(lower)
      ? "them"
      : /\b(?:it|this|that)\b/.test(lower)
        ? "it"
        : "them";
    return { kind: "mark", as: mark[1] === "read" ? "read" : "done", which };
  }
  if (
    /\b(?:response|reply)\s+(?:times?|stats|statistics|rate)\b|\bhow (?:fast|quickly|soon|long)\b.*\b(?:reply|respond|answer)/.test(
      lower,
    )
  )
    return { kind: "stats" };
  if (/\bhow many\b.*\b(?:comments?|replies)\b/.test(lower) && !/\b(?:sent|send|did we|did i)\b/.test(lower))
    return { kind: "counts" };
  const asking =
    /\bwhat(?:'s| is| are| do| did)?\b.*\b(?:people|they|followers|fans|customers|everyone|folks|users)\b.*\b(?:asking|ask|saying|say|think|writing|commenting)\b/.test(
      lower,
    ) ||
    (/\b(?:comments?|questions?)\s+(?:on|about|under|for)\b/.test(lower) && /\bpost\b/.test(lower));
  if (asking && !FIRST_COMMENT.test(lower))
    return {
      kind: "about",
      post: readPostRef(text, lower),
      questions: /\b(?:ask(?:ing)?|questions?)\b/.test(lower),
    };
  return readList(lower, ctx);
}

// ---- what the conversation holds ----

const call = (toolName: ToolName, input: Record<string, unknown>, preface?: string): InboxDecision => ({
  kind: "call",
  call: { toolName, input, ...(preface ? { preface } : {}) },
});
const say = (text: string): InboxDecision => ({ kind: "say", text });
const cannot = (what: string) => say(`I can't ${what} in this version yet.`);

/** The last step that ran `tool` and was answered. */
const ran = <K extends ToolName>(steps: readonly TurnStep[], tool: K) =>
  steps.findLast((step) => step.toolName === tool && step.error === undefined && step.result) as
    | (TurnStep & { result: ToolOutput<K> })
    | undefined;
const ranAll = <K extends ToolName>(steps: readonly TurnStep[], tool: K) =>
  steps.filter((step) => step.toolName === tool && step.error === undefined && step.result) as (TurnStep & {
    result: ToolOutput<K>;
  })[];

const itemsOf = (page: Page) => page.threads.flatMap((thread) => thread.items);
/** What others wrote and is still there. */
const fromOthers = (item: Item) => !item.own && !item.removedAt;
const isHideableSpam = (item: Item) => item.spam && fromOthers(item) && !item.hidden && item.can.hide;

/** The newest draft of the conversation not sent since: what "send it" sends. */
export function pendingDraft(history: InboxHistory | undefined): ToolOutput<"draftReply"> | null {
  const steps = history?.steps ?? [];
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index];
    if (!step || step.error !== undefined) continue;
    if (step.toolName === "sendReply") return null;
    if (step.toolName === "draftReply" && step.result) return step.result as ToolOutput<"draftReply">;
  }
  return null;
}

/** The comments the newest inbox list or thread of the conversation showed, newest first. */
function lastShown(history: InboxHistory | undefined): Item[] | null {
  const steps = history?.steps ?? [];
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index];
    if (!step || step.error !== undefined || !step.result) continue;
    if (step.toolName === "listInboxItems") return itemsOf(step.result as Page);
    if (step.toolName === "getInboxThread") return [...(step.result as ThreadDetail).items].reverse();
  }
  return null;
}

/** The spam comments the assistant's last turn listed for hiding, if that is what it asked. */
function hideProposal(history: InboxHistory | undefined, ctx: InboxTurnContext): Item[] | null {
  const previous = history?.previous;
  if (!previous || readInboxRequest(previous.text, ctx)?.kind !== "hideSpam") return null;
  const threads = ranAll(previous.steps, "getInboxThread");
  if (threads.length === 0) return null;
  return threads.flatMap((step) => step.result.items.filter(isHideableSpam));
}

/** True when the assistant's last turn showed a draft and waits for the user's yes. */
function draftOffered(history: InboxHistory | undefined): boolean {
  return Boolean(history?.previous && ran(history.previous.steps, "draftReply") && pendingDraft(history));
}

/** The posts a reference means, among those of a list (newest activity first). */
function postsMatching(page: Page, ref: PostRef | null, ctx: InboxTurnContext): Thread[] {
  if (!ref) return page.threads;
  if (ref.by === "words") {
    const words = ref.words.toLowerCase().split(/\s+/).filter(Boolean);
    const named = page.threads.filter((thread) =>
      words.every((word) => thread.post.content.toLowerCase().includes(word)),
    );
    // The list was searched with the words: what matched in the comments only is what is left.
    return named.length > 0 ? named : page.threads;
  }
  const posted = (thread: Thread) => (thread.post.postedAt ? Date.parse(thread.post.postedAt) : Number.NaN);
  if (ref.by === "latest") {
    const newest = [...page.threads]
      .filter((thread) => !Number.isNaN(posted(thread)))
      .sort((a, b) => posted(b) - posted(a))[0];
    return newest ? [newest] : [];
  }
  const from = dayStart(ctx, ref.by === "yesterday" ? 1 : 0);
  const until = ref.by === "yesterday" ? dayStart(ctx, 0) : Number.POSITIVE_INFINITY;
  return page.threads.filter((thread) => posted(thread) >= from && posted(thread) < until);
}

const refWords = (ref: PostRef | null) =>
  !ref
    ? "your posts"
    : ref.by === "yesterday"
      ? "yesterday's post"
      : ref.by === "today"
        ? "today's post"
        : ref.by === "latest"
          ? "your latest post"
          : `the post about ${quote(ref.words)}`;

// ---- deciding the next step ----

function planAbout(
  request: Extract<InboxRequest, { kind: "about" }>,
  ctx: InboxTurnContext,
  steps: readonly TurnStep[],
): InboxDecision | null {
  const listed = ran(steps, "listInboxItems");
  if (!listed) {
    const query = request.post?.by === "words" ? { query: request.post.words } : {};
    return call("listInboxItems", { status: "all", limit: LIST_LIMIT, itemsPerThread: LIST_LIMIT, ...query });
  }
  const threads = postsMatching(listed.result, request.post, ctx);
  if (threads.length === 0)
    return say(
      request.post
        ? `I found no comments on ${refWords(request.post)}.`
        : "No one has commented on your posts yet.",
    );
  const lines: string[] = [];
  let questions = 0;
  for (const thread of threads.slice(0, 3)) {
    const items = thread.items.filter(fromOthers);
    const asked = items.filter((item) => item.question);
    questions += asked.length;
    const shown = request.questions && asked.length > 0 ? asked : items;
    if (shown.length === 0) continue;
    const what = request.questions
      ? asked.length > 0
        ? `${plural(asked.length, "question")}`
        : "no questions"
      : plural(items.length, "comment");
    lines.push(
      `On ${postName(thread.post)} (${networkOf(thread.post.platform)}), ${what}:\n${shown
        .slice(0, 5)
        .map(
          (item) =>
            `• ${authorOf(item)}: ${quote(excerpt(item.text, 120))}${item.status === "open" ? "" : " (answered)"}`,
        )
        .join("\n")}${shown.length > 5 ? `\n…and ${shown.length - 5} more.` : ""}`,
    );
  }
  if (lines.length === 0) return say(`No one has commented on ${refWords(request.post)} yet.`);
  const none =
    request.questions && questions === 0
      ? "No one is asking anything there; here is what people wrote.\n\n"
      : "";
  return say(
    `${none}${lines.join("\n\n")}\n\nSay “reply to <name> …” and I'll draft an answer for you to check.`,
  );
}

/** The comment a reply is for: the newest one of the named author (or of anyone), open ones first. */
function pickComment(page: Page, target: Extract<InboxRequest, { kind: "reply" }>["target"]): Item | null {
  const wanted = target.by === "name" ? target.name.toLowerCase() : null;
  const matches = itemsOf(page).filter((item) => {
    if (!fromOthers(item)) return false;
    if (wanted === null) return true;
    const names = [item.author.name, item.author.handle]
      .filter(Boolean)
      .map((name) => String(name).toLowerCase());
    return names.some((name) =>
      new RegExp(String.raw`(?:^|[\s@._-])${wanted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(name),
    );
  });
  const newest = (items: Item[]) =>
    [...items].sort((a, b) => Date.parse(b.writtenAt) - Date.parse(a.writtenAt))[0] ?? null;
  return newest(matches.filter((item) => item.status === "open")) ?? newest(matches);
}

function planReply(
  request: Extract<InboxRequest, { kind: "reply" }>,
  ctx: InboxTurnContext,
  steps: readonly TurnStep[],
): InboxDecision | null {
  if (!ctx.tools.has("listInboxItems") || !ctx.tools.has("draftReply")) return cannot("reply to comments");
  const listed = ran(steps, "listInboxItems");
  if (!listed) {
    const query = request.target.by === "name" ? { query: request.target.name } : {};
    return call("listInboxItems", { status: "all", limit: LIST_LIMIT, itemsPerThread: LIST_LIMIT, ...query });
  }
  const drafted = ran(steps, "draftReply");
  if (drafted) return say(describeDraft(drafted.result, itemsOf(listed.result)));
  const item = pickComment(listed.result, request.target);
  if (!item)
    return say(
      request.target.by === "name"
        ? `I couldn't find a comment from ${quote(request.target.name)}. Say “any new comments?” to see who wrote.`
        : "There are no comments to reply to yet.",
    );
  if (!item.can.reply)
    return say(
      `I can't reply to ${authorOf(item)}'s comment ${quote(excerpt(item.text))} from here (${networkOf(item.platform)} doesn't take replies from the app${item.hidden ? ", and it is hidden" : ""}).`,
    );
  return call(
    "draftReply",
    { itemId: item.id, ...(request.instructions ? { instructions: request.instructions } : {}) },
    `Drafting a reply to ${authorOf(item)}'s comment ${quote(excerpt(item.text))}…`,
  );
}

const NO_DRAFT =
  "There's no reply draft in this conversation to send. Say “reply to the last comment” (or “reply to Anna …”) and I'll draft one for you to check first.";

function planSend(ctx: InboxTurnContext, steps: readonly TurnStep[]): InboxDecision | null {
  const draft = pendingDraft(ctx.inbox);
  if (!draft) return say(NO_DRAFT);
  if (!ctx.tools.has("sendReply") || !ctx.tools.has("getInboxThread")) return cannot("send replies");
  if (ran(steps, "sendReply")) return null;
  // The card's Send may have sent it already: the thread says, so a reply is never sent twice from here.
  const thread = ran(steps, "getInboxThread");
  if (!thread) return call("getInboxThread", { itemId: draft.itemId });
  const comment = thread.result.items.find((item) => item.id === draft.itemId);
  const answered = thread.result.items.find(
    (item) => item.own && item.replyToId === draft.itemId && item.delivery !== "failed",
  );
  if (answered)
    return say(
      `You've already replied to this comment: ${quote(excerpt(answered.text, 120))}${answered.delivery === "sent" ? " (sent)" : ""}. Nothing more was sent.`,
    );
  if (!comment || comment.removedAt) return say("That comment was removed, so the reply wasn't sent.");
  if (!comment.can.reply)
    return say(`I can't send replies to that comment from here (${networkOf(comment.platform)}).`);
  return call("sendReply", { itemId: draft.itemId, text: draft.text }, "Sending your reply…");
}

function planRetry(ctx: InboxTurnContext, steps: readonly TurnStep[]): InboxDecision | null {
  if (ran(steps, "retryReply")) return null;
  const history = ctx.inbox?.steps ?? [];
  const last = history.findLast(
    (step) => (step.toolName === "sendReply" || step.toolName === "retryReply") && step.result,
  );
  const reply = last?.result as ToolOutput<"sendReply"> | undefined;
  if (reply?.delivery !== "failed") return null;
  if (!ctx.tools.has("retryReply")) return cannot("retry replies");
  return call("retryReply", { replyId: reply.id });
}

function planHideSpam(
  request: Extract<InboxRequest, { kind: "hideSpam" }>,
  ctx: InboxTurnContext,
  steps: readonly TurnStep[],
): InboxDecision | null {
  if (!ctx.tools.has("listInboxItems") || !ctx.tools.has("getInboxThread")) return cannot("read comments");
  const listed = ran(steps, "listInboxItems");
  if (!listed) {
    const query = request.post?.by === "words" ? { query: request.post.words } : {};
    return call("listInboxItems", { status: "all", limit: LIST_LIMIT, itemsPerThread: LIST_LIMIT, ...query });
  }
  let posts = postsMatching(listed.result, request.post, ctx);
  // Without a post named, only the posts whose comments look like spam.
  if (!request.post)
    posts = posts.filter((thread) => thread.items.some((item) => item.spam && fromOthers(item)));
  if (posts.length === 0)
    return say(
      request.post
        ? `I found no comments on ${refWords(request.post)}, so there is no spam to hide.`
        : "None of your posts' comments look like spam.",
    );
  // Each post's whole thread: the list shows only its newest comments.
  const read = new Set(ranAll(steps, "getInboxThread").map((step) => step.result.post.id));
  const next = posts.slice(0, MAX_THREADS).find((thread) => !read.has(thread.post.id));
  if (next) return call("getInboxThread", { postId: next.post.id });
  const threads = ranAll(steps, "getInboxThread").map((step) => step.result);
  return say(describeSpamProposal(threads, request.post));
}

function describeSpamProposal(threads: readonly ThreadDetail[], ref: PostRef | null): string {
  const where =
    threads.length === 1 && threads[0]
      ? `${refWords(ref) === "your posts" ? "your post" : refWords(ref)} ${postName(threads[0].post)}`
      : refWords(ref);
  const spam = threads.flatMap((thread) => thread.items.filter((item) => item.spam && fromOthers(item)));
  const hideable = spam.filter(isHideableSpam);
  if (spam.length === 0) return `No comments on ${where} look like spam.`;
  if (hideable.length === 0) {
    const hidden = spam.every((item) => item.hidden);
    return hidden
      ? `The ${plural(spam.length, "comment")} that look like spam on ${where} ${spam.length === 1 ? "is" : "are"} already hidden.`
      : `${plural(spam.length, "comment")} on ${where} look like spam, but ${networkOf(spam[0]?.platform ?? "")} doesn't let comments be hidden. Open the Inbox to delete them where the network allows.`;
  }
  const lines = hideable
    .slice(0, 10)
    .map(
      (item) =>
        `• ${authorOf(item)}: ${quote(excerpt(item.text, 100))}${item.spamReason ? ` (${item.spamReason})` : ""}`,
    )
    .join("\n");
  const more = hideable.length > 10 ? `\n…and ${hideable.length - 10} more.` : "";
  const count = plural(hideable.length, "comment");
  return `${count} on ${where} look${hideable.length === 1 ? "s" : ""} like spam:\n${lines}${more}\n\nI won't hide anything without your yes: say “hide them”, or press “Hide ${count}” on the card. Hidden comments stay visible to their authors and can be shown again.`;
}

function planHide(ctx: InboxTurnContext, steps: readonly TurnStep[]): InboxDecision | null {
  const hidden = ranAll(steps, "hideComment");
  if (steps.some((step) => step.toolName === "hideComment")) {
    const failed = steps.filter((step) => step.toolName === "hideComment" && step.error !== undefined);
    const done = hidden.length > 0 ? `Done: I hid ${plural(hidden.length, "comment")}.` : "";
    const errors = failed.length
      ? ` ${plural(failed.length, "comment")} couldn't be hidden: ${failed[0]?.error ?? "the network refused"}.`
      : "";
    return say(`${done}${errors} They stay visible to their authors; the Inbox can show them again.`.trim());
  }
  const items =
    hideProposal(ctx.inbox, ctx) ?? (lastShown(ctx.inbox) ?? []).filter((item) => isHideableSpam(item));
  if (items.length === 0)
    return say("Which comments? Say “hide the spam on yesterday's post” and I'll list them for you first.");
  if (!ctx.tools.has("hideComment")) return cannot("hide comments");
  const chosen = items.slice(0, MAX_HIDDEN);
  return {
    kind: "calls",
    calls: chosen.map((item) => ({ toolName: "hideComment", input: { itemId: item.id } })),
    preface: `Hiding ${plural(chosen.length, "comment")}…`,
  };
}

function planMark(
  request: Extract<InboxRequest, { kind: "mark" }>,
  ctx: InboxTurnContext,
  steps: readonly TurnStep[],
): InboxDecision | null {
  const toolName = request.as === "read" ? "markInboxRead" : "markInboxItemsDone";
  if (ran(steps, toolName)) return null;
  if (!ctx.tools.has(toolName)) return cannot("mark comments");
  if (request.which === "it") {
    // "Mark it done": the comment the conversation drafted a reply to.
    const draft = ran(ctx.inbox?.steps ?? [], "draftReply")?.result;
    if (draft) return call(toolName, { itemIds: [draft.itemId] });
  }
  // "Them": the comments the conversation showed last, else those waiting for a reply (listed first).
  const listed = ran(steps, "listInboxItems");
  const items = listed ? itemsOf(listed.result) : lastShown(ctx.inbox);
  if (!items) {
    if (!ctx.tools.has("listInboxItems")) return cannot("read comments");
    return call("listInboxItems", { status: "needs_reply", limit: LIST_LIMIT, itemsPerThread: LIST_LIMIT });
  }
  const chosen = items.filter(
    (item) => fromOthers(item) && (request.as === "read" ? !item.read : item.status === "open"),
  );
  if (chosen.length === 0)
    return say(
      request.as === "read"
        ? "Those comments are already read."
        : "Nothing there is waiting for a reply: those comments are already done.",
    );
  const ids = (request.which === "it" ? chosen.slice(0, 1) : chosen).slice(0, 200).map((item) => item.id);
  return call(toolName, { itemIds: ids });
}

/**
 * The next step of an inbox request: the first call (no steps yet), the one after what this turn's tools
 * answered, or words. Null when the message is not about the inbox (or its "yes" answers nothing of the
 * inbox), or when the last result is simply described.
 */
export function decideInboxTurn(
  text: string,
  ctx: InboxTurnContext,
  steps: readonly TurnStep[] = [],
): InboxDecision | null {
  const request = readInboxRequest(text.trim(), ctx);
  if (!request) return null;
  // A refusal ends the turn with the tool's own words (the hides' summary counts their refusals).
  if (steps.at(-1)?.error !== undefined && !(steps.at(-1)?.toolName === "hideComment")) return null;
  switch (request.kind) {
    case "list":
      if (steps.length > 0) return null;
      if (!ctx.tools.has("listInboxItems")) return cannot("read comments");
      return call("listInboxItems", request.input);
    case "about":
      if (!ctx.tools.has("listInboxItems")) return cannot("read comments");
      return planAbout(request, ctx, steps);
    case "reply":
      return planReply(request, ctx, steps);
    case "send":
      return planSend(ctx, steps);
    case "retry":
      return planRetry(ctx, steps);
    case "hideSpam":
      return planHideSpam(request, ctx, steps);
    case "hideThem":
      return planHide(ctx, steps);
    case "confirm": {
      // "yes" answers what the last turn asked: a draft to send, or spam to hide; else it is not the inbox's.
      if (request.verb === "send" || (request.verb === null && draftOffered(ctx.inbox)))
        return planSend(ctx, steps);
      if (request.verb === "hide" || (request.verb === null && hideProposal(ctx.inbox, ctx)?.length))
        return planHide(ctx, steps);
      return null;
    }
    case "mark":
      return planMark(request, ctx, steps);
    case "counts":
      if (steps.length > 0) return null;
      if (!ctx.tools.has("getInboxCounts")) return cannot("count comments");
      return call("getInboxCounts", {});
    case "stats":
      if (steps.length > 0) return null;
      if (!ctx.tools.has("getResponseStats")) return cannot("read reply statistics");
      return call("getResponseStats", {});
  }
}

// ---- the replies ----

function describeList(page: Page, input: Record<string, unknown>): string {
  const items = itemsOf(page).filter(fromOthers);
  const status = input.status ?? "needs_reply";
  if (status === "needs_reply") {
    const open = items.filter((item) => item.status === "open");
    const total = Math.max(page.needsReply, open.length);
    if (total === 0 || open.length === 0)
      return page.unread > 0
        ? `Nothing needs a reply right now (${plural(page.unread, "unread comment")}). Open the Inbox to read them.`
        : "No comments need a reply right now.";
    const questions = open.filter((item) => item.question).length;
    const negative = open.filter((item) => item.sentiment === "negative").length;
    const spam = open.filter((item) => item.spam).length;
    const kinds = [
      questions ? plural(questions, "question") : "",
      negative ? `${negative} negative` : "",
      spam ? `${spam} looking like spam` : "",
    ].filter(Boolean);
    const posts = page.threads.filter((thread) =>
      thread.items.some((item) => item.status === "open" && fromOthers(item)),
    );
    const head = `${plural(total, "comment")} need${total === 1 ? "s" : ""} a reply${kinds.length ? `: ${kinds.join(", ")},` : ""} on ${plural(posts.length, "post")}${page.nextBefore ? " and more" : ""}.`;
    const lines = open
      .slice(0, 5)
      .map((item) => {
        const post = page.threads.find((thread) => thread.post.id === item.postId)?.post;
        return `• ${authorOf(item)}${post ? ` on ${postName(post)}` : ""}: ${quote(excerpt(item.text, 100))}`;
      })
      .join("\n");
    const more = open.length > 5 ? `\n…and ${open.length - 5} more.` : "";
    const first = open[0];
    const hint = first
      ? `\n\nSay “reply to ${first.author.name?.split(/\s+/)[0] ?? "the last comment"} …” to draft an answer, or open the Inbox.`
      : "";
    return `${head}\n${lines}${more}${hint}`;
  }
  if (items.length === 0)
    return input.query ? `No comments match ${quote(String(input.query))}.` : "No comments here yet.";
  const lines = items
    .slice(0, 5)
    .map(
      (item) =>
        `• ${authorOf(item)}: ${quote(excerpt(item.text, 100))}${item.status === "done" ? " (done)" : ""}`,
    )
    .join("\n");
  const more = items.length > 5 ? `\n…and ${items.length - 5} more.` : "";
  return `Here ${items.length === 1 ? "is 1 comment" : `are ${items.length} comments`} on ${plural(page.threads.length, "post")}:\n${lines}${more}`;
}

function describeThread(thread: ThreadDetail): string {
  const others = thread.items.filter(fromOthers);
  if (others.length === 0) return `No one has commented on ${postName(thread.post)} yet.`;
  const open = others.filter((item) => item.status === "open").length;
  return `${postName(thread.post)} has ${plural(others.length, "comment")}${open ? `, ${open} waiting for a reply` : ""}.`;
}

function describeDraft(draft: ToolOutput<"draftReply">, known: readonly Item[]): string {
  const item = known.find((candidate) => candidate.id === draft.itemId);
  const to = item ? ` to ${authorOf(item)} (${quote(excerpt(item.text, 80))})` : "";
  const model = draft.model === "offline" ? " (written by the offline model: give it a read)" : "";
  return `Here's a draft reply${to}${model}:\n\n${quote(draft.text)}\n\nI'll send it only when you say so: say “send it”, press Send on the card, or Edit it there first.`;
}

function describeSent(reply: ToolOutput<"sendReply">, earlier: readonly TurnStep[]): string {
  const thread = ran(earlier, "getInboxThread")?.result;
  const comment = thread?.items.find((item) => item.id === reply.replyToId);
  const to = comment ? ` to ${authorOf(comment)}` : "";
  const where = networkOf(reply.platform);
  switch (reply.delivery) {
    case "sent":
      return `Sent: your reply${to} is on ${where}, and the comment is marked done.`;
    case "sending":
      return `Your reply${to} is on its way to ${where}.`;
    case "unconfirmed":
      return `${where} didn't confirm your reply${to}. ${reply.deliveryError ?? "Check the comment there before sending again."}`;
    case "failed":
      return `${where} refused your reply${to}: ${reply.deliveryError ?? "no reason given"}. Say “try again” or press Retry on the card.`;
    default:
      return "Done.";
  }
}

function describeStats(stats: ToolOutput<"getResponseStats">): string {
  const comments = stats.weeks.reduce((sum, week) => sum + week.comments, 0);
  const median = stats.medianFirstReplyMinutes;
  const time =
    median === null
      ? "no first reply to time yet"
      : median < 90
        ? `a median of ${Math.round(median)} minutes to the first reply`
        : `a median of ${(median / 60).toFixed(1)} hours to the first reply`;
  return `Over the last ${plural(stats.weeks.length, "week")}: ${plural(comments, "comment")}, ${plural(stats.replies, "reply")} sent, ${time}. Analytics shows it week by week.`;
}

/** The reply after an inbox tool, knowing what the turn ran before it; null for the other tools. */
export function describeInboxOutcome(
  outcome: { toolName: ToolName; input: Record<string, unknown>; result?: unknown },
  earlier: readonly TurnStep[] = [],
): string | null {
  const { toolName, input, result } = outcome;
  switch (toolName) {
    case "listInboxItems":
      return describeList(result as Page, input);
    case "getInboxCounts": {
      const counts = result as ToolOutput<"getInboxCounts">;
      return `${plural(counts.needsReply, "comment")} need${counts.needsReply === 1 ? "s" : ""} a reply, and ${counts.unread} ${counts.unread === 1 ? "is" : "are"} unread. Say “any new comments?” to see them.`;
    }
    case "getInboxThread":
      return describeThread(result as ThreadDetail);
    case "draftReply": {
      const listed = ran(earlier, "listInboxItems")?.result;
      return describeDraft(result as ToolOutput<"draftReply">, listed ? itemsOf(listed) : []);
    }
    case "sendReply":
    case "retryReply":
      return describeSent(result as ToolOutput<"sendReply">, earlier);
    case "hideComment": {
      const item = result as ToolOutput<"hideComment">;
      return item.hidden
        ? `Done: ${authorOf(item)}'s comment is hidden.`
        : `Done: ${authorOf(item)}'s comment is shown again.`;
    }
    case "deleteComment":
      return `Done: ${authorOf(result as Item)}'s comment is deleted.`;
    case "likeComment":
      return `Done: you liked ${authorOf(result as Item)}'s comment.`;
    case "markInboxItemsDone": {
      const { updated } = result as ToolOutput<"markInboxItemsDone">;
      return input.done === false
        ? `Done: ${plural(updated, "comment")} ${updated === 1 ? "needs" : "need"} a reply again.`
        : `Done: ${plural(updated, "comment")} marked done. You'll find ${updated === 1 ? "it" : "them"} under Done in the Inbox.`;
    }
    case "markInboxRead": {
      const counts = result as ToolOutput<"markInboxRead">;
      return `Done: marked read. ${counts.unread} unread ${counts.unread === 1 ? "comment" : "comments"} left.`;
    }
    case "getResponseStats":
      return describeStats(result as ToolOutput<"getResponseStats">);
    default:
      return null;
  }
}
