/*
 * The offline assistant's understanding of rich posts and the media library (issue 32): "make a carousel
 * from my last four images", "turn this video into a Reel for Friday", "make it a story", "add a first
 * comment with the hashtags", "retry the first comment", "write alt text for these images", "show my media
 * library", "find images of coffee", "delete image harbour.png", "rename image harbour.png to Terrace".
 *
 * One request may take several tools in a turn (the newest images are looked up, a post is captioned from
 * the first, then it gets them all as a carousel). Each step is decided from the request and what this
 * turn's tools answered so far, so a conversation always gives the same calls; a refused step ends the turn
 * with the tool's own words.
 */

import { type PostPlatform, platformLabels } from "@smm/domain/posts";
import {
  formatWhen,
  type OfferedTools,
  type ToolCallIntent,
  type ToolName,
  type ToolOutput,
} from "./tool-call";
import { parseWhen, whenWords } from "./when";

/** A file the conversation is about ("these images", "this video"): shown by a tool, or uploaded here. */
export interface ContextMedia {
  id: string;
  type: "image" | "video";
  name: string;
}

/** A tool this turn already ran, with what it answered. */
export interface TurnStep {
  toolName: ToolName;
  input: Record<string, unknown>;
  result?: unknown;
  error?: string;
}

export interface MediaTurnContext {
  tools: OfferedTools;
  now: Date;
  utcOffsetMinutes: number;
  timeZone?: string | null;
  /** The post the conversation is about (the last one made or shown), with its state. */
  lastPost: { id: string; state: string } | null;
  contextMedia?: readonly ContextMedia[] | undefined;
}

export type MediaDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

type Format = "feed" | "carousel" | "reel" | "story";
type MediaType = "image" | "video";

/** Which files a request names. */
type Source =
  /** "my last four images", "my last video": the newest of the library. */
  | { from: "latest"; type: MediaType; count: number }
  /** "these images", "this video": the ones the conversation is about (else the newest). */
  | { from: "context"; type: MediaType };

type MediaRequest =
  | {
      kind: "format";
      format: Format;
      /** Null: the post keeps its files and changes format ("make it a Reel"). */
      source: Source | null;
      /** The network of a post made for the request (the captions' two). */
      platform: "facebook" | "instagram";
      /** "a new carousel": never the post of the conversation. */
      fresh: boolean;
      when: string | null;
      /** The user's words for it ("for Friday"), to say back. */
      whenText: string | null;
      /** What a new post is about ("a Reel about our new roast"); "" for none. */
      topic: string;
    }
  | { kind: "firstComment"; action: "hashtags" | "remove" | "retry" | "ask" }
  | { kind: "firstComment"; action: "text"; text: string }
  | { kind: "altText"; target: "post" | "context" | "library"; overwrite: boolean }
  | { kind: "library"; input: Record<string, unknown> }
  | { kind: "file"; action: "delete" | "rename" | "altText"; name: string; value: string }
  | { kind: "ask"; text: string };

/** The most files one call describes or one post carries (writeAltText's and the media list's limits). */
const MAX_FILES = 20;

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const NUMBER = String.raw`(\d{1,3}|${NUMBER_WORDS.slice(1).join("|")})`;
const NEWEST = "(?:last|latest|newest|most recent|recent)";
const FILES = "(images?|photos?|pictures?|pics?|videos?|clips?)";
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word));
const typeOf = (noun: string): MediaType => (/^(?:videos?|clips?)$/.test(noun) ? "video" : "image");

const FORMAT_LABELS: Record<Format, string> = {
  feed: "post",
  carousel: "carousel",
  reel: "Reel",
  story: "story",
};

const quote = (text: string) => `“${text}”`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const networkOf = (platform: string) => platformLabels[platform as PostPlatform] ?? platform;
const withArticle = (word: string) => `${/^[AEIOU]/i.test(word) ? "an" : "a"} ${word}`;
/** Names in a sentence: “a.jpg”, “b.jpg” and “c.jpg”; the first few, then how many more. */
function listNames(names: readonly string[], shown = 6): string {
  const quoted = names.slice(0, shown).map(quote);
  const more = names.length - quoted.length;
  if (more > 0) return `${quoted.join(", ")} and ${more} more`;
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}` : (quoted[0] ?? "");
}

function stripQuotes(text: string): string {
  return text
    .trim()
    .replace(/^["“'‘]+|["”'’.!?]+$/g, "")
    .trim();
}

// ---- reading the request ----

/** The files a request names: counted ("my last four images"), these ones, or none. */
function sourceIn(lower: string): Source | "uncounted" | null {
  const counted =
    lower.match(new RegExp(String.raw`\b${NEWEST}\s+${NUMBER}\s+${FILES}\b`)) ??
    lower.match(new RegExp(String.raw`\b${NUMBER}\s+(?:of\s+my\s+)?(?:${NEWEST}\s+)?${FILES}\b`));
  if (counted?.[1] && counted[2]) {
    const count = countOf(counted[1]);
    if (count > 0) return { from: "latest", type: typeOf(counted[2]), count };
  }
  const single = lower.match(
    new RegExp(String.raw`\b(?:my|the)\s+${NEWEST}\s+(image|photo|picture|pic|video|clip)\b`),
  );
  if (single?.[1]) return { from: "latest", type: typeOf(single[1]), count: 1 };
  const these = lower.match(
    /\b(?:these|those|the uploaded|this|that|the)\s+(images?|photos?|pictures?|pics?|videos?|clips?)\b/,
  );
  if (these?.[1]) return { from: "context", type: typeOf(these[1]) };
  if (/\b(?:them|these|those)\b/.test(lower)) return { from: "context", type: "image" };
  const mine = lower.match(
    /\b(?:my|a)\s+(?:(?:last|latest|newest|recent)\s+)?(images|photos|pictures|pics|videos?|clips?)\b/,
  );
  if (mine?.[1])
    return /^(?:video|clip)$/.test(mine[1]) ? { from: "latest", type: "video", count: 1 } : "uncounted";
  return null;
}

/** "it", "this post", "the last post": the post of the conversation. */
const refersToPost = (lower: string) =>
  /\b(?:it|post)\b/.test(lower) ||
  /\b(?:this|that)\b(?!\s+(?:videos?|clips?|images?|photos?|pictures?|pics?))/.test(lower);

/** Words that start a date ("for Friday", "tomorrow at 9"), which end a topic. */
const WHEN_WORDS = String.raw`(?:(?:for|on|this|next)\s+)?(?:today|tonight|tomorrow|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b`;

const FORMAT_WORD = /\b(carousels?|reels?|stor(?:y|ies)|feed post|regular post|normal post)\b/;
const formatOf = (word: string): Format =>
  word.startsWith("carousel")
    ? "carousel"
    : word.startsWith("reel")
      ? "reel"
      : word.startsWith("stor")
        ? "story"
        : "feed";

function readFormat(text: string, lower: string, ctx: MediaTurnContext): MediaRequest | null {
  const word = lower.match(FORMAT_WORD)?.[1];
  if (!word) return null;
  const format = formatOf(word);
  // "Write a post about our story" is about a story, not a format.
  if (/\babout\b/.test(lower.slice(0, lower.indexOf(word)))) return null;
  const acting =
    /\b(?:make|turn|convert|change|create|build|put|post|share|publish|set|use|do|want|switch|schedule)\b/.test(
      lower,
    );
  if (!acting) return null;
  const found = sourceIn(lower);
  const platform = /\b(?:instagram|insta|ig)\b/.test(lower) ? "instagram" : "facebook";
  // "a Reel about our new roast": what a new post says (never the post of the conversation).
  const topic = stripQuotes(
    text
      .match(/\babout\s+(.+)$/i)?.[1]
      ?.replace(
        new RegExp(String.raw`\s+(?:${WHEN_WORDS}|(?:on|for)\s+(?:facebook|instagram)\b).*$`, "i"),
        "",
      ) ?? "",
  );
  const request = {
    kind: "format" as const,
    format,
    platform,
    fresh: /\b(?:new|another)\b/.test(lower) || topic !== "",
    when: parseWhen(lower, ctx),
    whenText: whenWords(text),
    topic,
  } as const;
  if (found === "uncounted")
    return (ctx.contextMedia ?? []).some((file) => file.type === "image")
      ? { ...request, source: { from: "context", type: "image" } }
      : {
          kind: "ask",
          text: "How many images? For example: “make a carousel from my last four images”, or show them first (“show my media library”) and say “make a carousel from these images”.",
        };
  if (found) {
    // A Reel or a story is one video: "this video", "my last video".
    const source = format === "reel" || format === "story" ? { ...found, count: 1 } : found;
    return { ...request, source: source as Source };
  }
  if (refersToPost(lower) && topic === "") return { ...request, source: null };
  // "Make a Reel about our new roast": a Reel is a video, the newest one unless another is named.
  if (format === "reel" || format === "story")
    return { ...request, source: { from: "latest", type: "video", count: 1 } };
  if (format === "feed") return { ...request, source: null };
  return {
    kind: "ask",
    text: "Which images? For example: “make a carousel from my last four images”, or “make it a carousel” for the post we're talking about.",
  };
}

function readFirstComment(text: string, lower: string): MediaRequest | null {
  if (!/\bfirst[- ]comment\b/.test(lower)) return null;
  if (/\b(?:retry|resend|re-send|try again|send again|repost)\b/.test(lower))
    return { kind: "firstComment", action: "retry" };
  if (/\b(?:remove|delete|drop|clear)\b/.test(lower)) return { kind: "firstComment", action: "remove" };
  if (/\bhashtags?\b/.test(lower)) return { kind: "firstComment", action: "hashtags" };
  const said = text.match(
    /\bfirst[- ]comment\b\s*(?::|saying|that says|reading|with the text|with)\s*(.+)$/i,
  )?.[1];
  const value = said ? stripQuotes(said) : "";
  return value
    ? { kind: "firstComment", action: "text", text: value }
    : { kind: "firstComment", action: "ask" };
}

const ALT_TEXT = /\balt(?:ernative)?[- ]?texts?\b/;
const MISSING_ALT_TEXT =
  /\b(?:without|missing|lacking|with no|no|need|needs|have no|has no)\s+(?:an?\s+|any\s+)?alt(?:ernative)?[- ]?texts?\b/;

function readAltText(text: string, lower: string): MediaRequest | null {
  if (!ALT_TEXT.test(lower)) return null;
  const set = text.match(
    /\b(?:set|change|update|make)\s+(?:the\s+)?alt(?:ernative)?[- ]?text\s+(?:of|for|on)\s+(.+?)\s+(?:to|as)\s+(.+?)\s*$/i,
  );
  if (set?.[1] && set[2])
    return { kind: "file", action: "altText", name: stripQuotes(set[1]), value: stripQuotes(set[2]) };
  if (!/\b(?:write|generate|draft|add|create|describe|rewrite|redo|suggest|fill in|fill)\b/.test(lower))
    return null;
  const overwrite = /\b(?:rewrite|redo|replace|overwrite|new|again)\b/.test(lower);
  const target = /\bpost\b/.test(lower)
    ? "post"
    : /\b(?:these|those|them|this|that|the uploaded|i uploaded)\b/.test(lower)
      ? "context"
      : "library";
  return { kind: "altText", target, overwrite };
}

/** "today", "this week", "this month": the start of that span as an ISO instant. */
function sinceIn(lower: string, ctx: MediaTurnContext): string | null {
  if (/\btoday\b/.test(lower)) {
    const local = new Date(ctx.now.getTime() + ctx.utcOffsetMinutes * 60_000);
    const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    return new Date(midnight - ctx.utcOffsetMinutes * 60_000).toISOString();
  }
  const days = /\b(?:this|last|past)\s+week\b|\blast 7 days\b/.test(lower)
    ? 7
    : /\b(?:this|last|past)\s+month\b|\blast 30 days\b/.test(lower)
      ? 30
      : null;
  return days === null ? null : new Date(ctx.now.getTime() - days * 86_400_000).toISOString();
}

function readLibrary(text: string, lower: string, ctx: MediaTurnContext): MediaRequest | null {
  // "my media", "the media library", never "social media".
  const library =
    /\bmedia\s+(?:library|files?)\b|\blibrary\b|\b(?:my|our|the)\s+media\b/.test(lower) &&
    !/\bsocial media\b/.test(lower);
  const search = /\b(?:find|search|look for|look up|looking for)\b/.test(lower);
  const show = /\b(?:show|list|see|open|browse|which|what(?:'s| is)? in)\b/.test(lower);
  const videos = /\b(?:videos|clips)\b/.test(lower);
  const images = /\b(?:images?|photos?|pictures?|pics?)\b/.test(lower);
  if (MISSING_ALT_TEXT.test(lower) && (show || search || /\b(?:what|how many)\b/.test(lower)))
    return { kind: "library", input: { type: "image", missingAltText: true } };
  const about = text
    .match(/\b(?:of|about|named|called|matching|showing|with|containing|for)\s+(.+?)[.!?]*$/i)?.[1]
    ?.replace(
      /\b(?:my|the|our|images?|photos?|pictures?|pics?|videos?|clips?|files?|media|library|in|from|this|last|past|week|month|today)\b/gi,
      " ",
    )
    .replace(/\s+/g, " ");
  const query = about ? stripQuotes(about) : "";
  const asks =
    (library && (show || search)) ||
    (videos && (show || search)) ||
    (search && (images || /\bfiles?\b/.test(lower))) ||
    (show && images && query !== "");
  if (!asks) return null;
  const input: Record<string, unknown> = {};
  if (query) input.query = query.slice(0, 200);
  if (videos) input.type = "video";
  else if (images) input.type = "image";
  const from = sinceIn(lower, ctx);
  if (from) input.from = from;
  return { kind: "library", input };
}

function readFile(text: string): MediaRequest | null {
  const deleted =
    text.match(
      /^(?:please\s+)?(?:delete|remove)\s+(?:the\s+|my\s+)?(?:image|photo|picture|video|file)\s+(?:called\s+|named\s+)?(.+?)[.!?]*$/i,
    )?.[1] ??
    text.match(
      /^(?:please\s+)?(?:delete|remove)\s+(.+?)\s+from\s+(?:my\s+|the\s+)?media(?:\s+library)?[.!?]*$/i,
    )?.[1];
  if (deleted && !/^(?:from|of|in|on)\b/i.test(deleted))
    return { kind: "file", action: "delete", name: stripQuotes(deleted), value: "" };
  // A file by its kind ("rename image X to Y") or by a file's name ("rename harbour.png to Y").
  const renamed =
    text.match(
      /^(?:please\s+)?rename\s+(?:the\s+|my\s+)?(?:image|photo|picture|video|file)\s+(.+?)\s+(?:to|as)\s+(.+?)[.!?]*$/i,
    ) ?? text.match(/^(?:please\s+)?rename\s+(\S+\.[a-z0-9]{2,4})\s+(?:to|as)\s+(.+?)[.!?]*$/i);
  if (renamed?.[1] && renamed[2])
    return { kind: "file", action: "rename", name: stripQuotes(renamed[1]), value: stripQuotes(renamed[2]) };
  return null;
}

/** What the message asks of posts' media or the library, or null when it is about something else. */
function readRequest(text: string, ctx: MediaTurnContext): MediaRequest | null {
  const lower = text.toLowerCase();
  return (
    readFirstComment(text, lower) ??
    readAltText(text, lower) ??
    readFile(text) ??
    readFormat(text, lower, ctx) ??
    readLibrary(text, lower, ctx)
  );
}

// ---- deciding the next step ----

const call = (toolName: ToolName, input: Record<string, unknown>, preface?: string): MediaDecision => ({
  kind: "call",
  call: { toolName, input, ...(preface ? { preface } : {}) },
});
const say = (text: string): MediaDecision => ({ kind: "say", text });
const cannot = (what: string) => say(`I can't ${what} in this version yet.`);

const WHICH_POST = "Which post? Create one first, or open it from the dashboard.";

/** The step of this turn that ran `tool` and was answered. */
const ran = <K extends ToolName>(steps: readonly TurnStep[], tool: K) =>
  steps.find((step) => step.toolName === tool && step.error === undefined) as
    | (TurnStep & { result: ToolOutput<K> })
    | undefined;

/** The files this turn's listMedia found, newest first; undefined before it ran. */
function listed(steps: readonly TurnStep[]): ContextMedia[] | undefined {
  const step = ran(steps, "listMedia");
  return step?.result.items.map((item) => ({ id: item.id, type: item.type, name: item.name }));
}

/** The post of the conversation, when its media may still change (a published one's may not). */
const usablePost = (ctx: MediaTurnContext, fresh: boolean) =>
  !fresh && ctx.lastPost && ctx.lastPost.state !== "published" ? ctx.lastPost : null;

function noFiles(type: MediaType) {
  return type === "video"
    ? "You have no videos in your media library yet. Upload one first, then ask again."
    : "You have no images in your media library yet. Upload some here or generate a post first.";
}

function planFormat(
  request: Extract<MediaRequest, { kind: "format" }>,
  ctx: MediaTurnContext,
  steps: readonly TurnStep[],
): MediaDecision | null {
  const { format, source } = request;
  const label = FORMAT_LABELS[format];
  const justListed = steps.at(-1)?.toolName === "listMedia";
  // 1. The files: the ones the conversation is about, else the newest of the library.
  let files: ContextMedia[] | null = null;
  let picked = "";
  if (source) {
    const shown =
      source.from === "context" ? (ctx.contextMedia ?? []).filter((file) => file.type === source.type) : [];
    if (shown.length > 0) files = format === "carousel" ? shown.slice(0, MAX_FILES) : shown.slice(0, 1);
    else {
      const count = source.from === "latest" ? source.count : format === "carousel" ? 10 : 1;
      const found = listed(steps);
      if (!found) {
        if (!ctx.tools.has("listMedia")) return cannot("read your media library");
        return call("listMedia", { type: source.type, limit: Math.min(count, 100) });
      }
      if (found.length === 0) return say(noFiles(source.type));
      files = found;
      const noun = source.type;
      picked =
        found.length === 1
          ? `Your newest ${noun} is ${quote(found[0]?.name ?? "")}.`
          : found.length < count
            ? `You have ${plural(found.length, noun)}, so I'm using all of them: ${listNames(found.map((f) => f.name))}.`
            : `Using your ${found.length} newest ${noun}s: ${listNames(found.map((f) => f.name))}.`;
    }
    if (format === "carousel" && files.length < 2)
      return say(
        `A carousel takes at least 2 images, and I found only ${quote(files[0]?.name ?? "one")}. Upload more, or say “make it a post” to post it alone.`,
      );
  }

  // 2. The post: the one of the conversation, else one made for the request.
  const existing = usablePost(ctx, request.fresh);
  const captioned = ran(steps, "captionFromImage");
  const postId = existing?.id ?? captioned?.result.post.id;
  if (!postId) {
    const [first] = files ?? [];
    if (!first) return say(WHICH_POST);
    if (first.type === "image") {
      if (!ctx.tools.has("captionFromImage")) return cannot("make posts from images");
      const from = files && files.length > 1 ? "the first one" : "it";
      return call(
        "captionFromImage",
        {
          imageId: first.id,
          platform: request.platform,
          ...(request.topic ? { context: request.topic } : {}),
        },
        [justListed ? picked : "", `Writing a caption from ${from}…`].filter(Boolean).join(" "),
      );
    }
    // A video: no caption is written from a video, so the post is generated with it (in the background).
    const generated = ran(steps, "generatePost");
    if (generated) {
      const when = request.when && request.whenText ? ` ${request.whenText}` : "";
      return say(
        `I'm writing ${withArticle(networkOf(generated.result.platform))} post for your video ${quote(first.name)}; you can follow it here. ` +
          `When it's ready, say “make it ${withArticle(label)}${when}” and I'll ${request.when ? `make it ${withArticle(label)} and schedule it` : `make it ${withArticle(label)}`}.`,
      );
    }
    if (!ctx.tools.has("generatePost")) return cannot("create posts");
    return call(
      "generatePost",
      {
        imageId: first.id,
        includeWatermark: false,
        ...(request.platform === "instagram" ? { platform: "instagram" } : {}),
        ...(request.topic ? { prompt: request.topic } : {}),
      },
      justListed ? picked : undefined,
    );
  }

  // 3. Its files and format.
  const changed = ran(steps, "setPostMedia");
  if (!changed) {
    if (!ctx.tools.has("setPostMedia")) return cannot("change a post's media");
    return call(
      "setPostMedia",
      { postId, format, ...(files ? { media: files.map((file) => ({ mediaId: file.id })) } : {}) },
      justListed ? picked : undefined,
    );
  }

  // 4. Its date, as "schedule it" does: by the post's state now.
  if (request.when && !steps.some((step) => SCHEDULING.has(step.toolName))) {
    const state = changed.result.state;
    const toolName: ToolName =
      state === "approved" ? "schedulePost" : state === "scheduled" ? "reschedulePost" : "approvePost";
    if (!ctx.tools.has(toolName)) return cannot("schedule posts");
    return call(toolName, { postId, scheduledDate: request.when });
  }
  return null;
}

const SCHEDULING = new Set<ToolName>(["approvePost", "schedulePost", "reschedulePost"]);

/** A post's hashtags: those in its text, then the AI's suggestions, each once. */
export function hashtagsOf(post: Pick<ToolOutput<"getPost">, "content" | "aiSuggestions">): string[] {
  const inText = post.content.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  const suggested = (post.aiSuggestions?.hashtags ?? []).map((tag) =>
    tag.startsWith("#") ? tag : `#${tag}`,
  );
  const seen = new Set<string>();
  return [...inText, ...suggested].filter((tag) => {
    const key = tag.toLowerCase();
    if (tag.length < 2 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function planFirstComment(
  request: Extract<MediaRequest, { kind: "firstComment" }>,
  ctx: MediaTurnContext,
  steps: readonly TurnStep[],
): MediaDecision | null {
  if (request.action === "ask")
    return say(
      "What should the first comment say? For example: “add a first comment with the hashtags”, or “add a first comment: Link in bio”.",
    );
  const post = ctx.lastPost;
  if (!post) return say(WHICH_POST);
  if (request.action === "retry") {
    if (ran(steps, "retryFirstComment")) return null;
    if (!ctx.tools.has("retryFirstComment")) return cannot("retry first comments");
    return call("retryFirstComment", { postId: post.id });
  }
  if (ran(steps, "setPostMedia")) return null;
  if (!ctx.tools.has("setPostMedia")) return cannot("change first comments");
  if (request.action === "remove") return call("setPostMedia", { postId: post.id, firstComment: null });
  if (request.action === "text") return call("setPostMedia", { postId: post.id, firstComment: request.text });
  // The hashtags: the post as it is now (a generated post's text arrives after the chat first saw it).
  const read = ran(steps, "getPost");
  if (!read) {
    if (!ctx.tools.has("getPost")) return cannot("read posts");
    return call("getPost", { postId: post.id });
  }
  const tags = hashtagsOf(read.result);
  if (tags.length === 0)
    return say(
      "This post has no hashtags yet. Say “add a first comment: …” with the words you want instead.",
    );
  return call("setPostMedia", { postId: post.id, firstComment: tags.join(" ") });
}

function planAltText(
  request: Extract<MediaRequest, { kind: "altText" }>,
  ctx: MediaTurnContext,
  steps: readonly TurnStep[],
): MediaDecision | null {
  if (ran(steps, "writeAltText")) return null;
  if (!ctx.tools.has("writeAltText")) return cannot("write alt text");
  const overwrite = request.overwrite ? { overwrite: true } : {};
  if (request.target === "post" && ctx.lastPost)
    return call("writeAltText", { postId: ctx.lastPost.id, ...overwrite });
  const shown = (ctx.contextMedia ?? []).filter((file) => file.type === "image");
  if (request.target === "context" && shown.length > 0)
    return call("writeAltText", { mediaIds: shown.slice(0, MAX_FILES).map((file) => file.id), ...overwrite });
  // The library's images still lacking it (or the newest ones, to write again).
  const found = listed(steps);
  if (!found) {
    if (!ctx.tools.has("listMedia")) return cannot("read your media library");
    return call("listMedia", {
      type: "image",
      limit: MAX_FILES,
      ...(request.overwrite ? {} : { missingAltText: true }),
    });
  }
  if (found.length === 0)
    return say(
      request.overwrite
        ? noFiles("image")
        : "All your images already have alt text. Say “rewrite the alt text for my images” to write new ones.",
    );
  return call(
    "writeAltText",
    { mediaIds: found.map((file) => file.id), ...overwrite },
    `Describing ${found.length === 1 ? quote(found[0]?.name ?? "") : `${found.length} images`}…`,
  );
}

/** The one file a name means: the exact name (with or without its extension), else the only match. */
function pickFile(name: string, found: readonly ContextMedia[]): ContextMedia | ContextMedia[] {
  const wanted = name.toLowerCase();
  const bare = (text: string) => text.toLowerCase().replace(/\.[a-z0-9]{2,4}$/, "");
  const exact = found.filter(
    (file) => file.name.toLowerCase() === wanted || bare(file.name) === bare(wanted),
  );
  if (exact.length === 1 && exact[0]) return exact[0];
  if (exact.length > 1) return exact;
  return found.length === 1 && found[0] ? found[0] : [...found];
}

function planFile(
  request: Extract<MediaRequest, { kind: "file" }>,
  ctx: MediaTurnContext,
  steps: readonly TurnStep[],
): MediaDecision | null {
  const toolName = request.action === "delete" ? "deleteMedia" : "updateMedia";
  if (ran(steps, toolName)) return null;
  if (!ctx.tools.has(toolName) || !ctx.tools.has("listMedia")) return cannot("change your media library");
  const found = listed(steps);
  if (!found) return call("listMedia", { query: request.name.slice(0, 200) });
  const file = pickFile(request.name, found);
  if (Array.isArray(file))
    return say(
      file.length === 0
        ? `I couldn't find a file called ${quote(request.name)} in your media library. Say “show my media library” to see them.`
        : `More than one file matches ${quote(request.name)}: ${listNames(file.map((f) => f.name))}. Which one? Say its full name.`,
    );
  if (request.action === "delete") return call("deleteMedia", { mediaId: file.id });
  if (request.action === "rename") return call("updateMedia", { mediaId: file.id, name: request.value });
  return call("updateMedia", { mediaId: file.id, altText: request.value });
}

/**
 * The next step for a media request: the first call (no steps yet), the one after what this turn's tools
 * answered, or words. Null when the message is not a media request, or when nothing is left to do (the
 * last result is then described).
 */
export function decideMediaTurn(
  text: string,
  ctx: MediaTurnContext,
  steps: readonly TurnStep[] = [],
): MediaDecision | null {
  if (steps.at(-1)?.error !== undefined) return null;
  const request = readRequest(text.trim(), ctx);
  if (!request) return null;
  switch (request.kind) {
    case "ask":
      return steps.length === 0 ? say(request.text) : null;
    case "format":
      return planFormat(request, ctx, steps);
    case "firstComment":
      return planFirstComment(request, ctx, steps);
    case "altText":
      return planAltText(request, ctx, steps);
    case "library":
      if (steps.length > 0) return null;
      if (!ctx.tools.has("listMedia")) return cannot("read your media library");
      return call("listMedia", request.input);
    case "file":
      return planFile(request, ctx, steps);
  }
}

// ---- the replies ----

type PostResult = ToolOutput<"setPostMedia">;

/** "a Facebook carousel of 4 images", "an Instagram Reel with your video “clip.mp4”". */
function describePostShape(post: PostResult): string {
  const what = `${withArticle(networkOf(post.platform))} ${FORMAT_LABELS[post.format]}`;
  const items = post.media;
  const [first] = items;
  if (!first) return what;
  if (items.length === 1) return `${what} with your ${first.type} ${quote(first.name ?? "untitled")}`;
  const types = new Set(items.map((item) => item.type));
  const noun = types.size > 1 ? "file" : first.type;
  return `${what} of ${plural(items.length, noun)}`;
}

/** What the post waits for now. */
function describeNext(post: PostResult): string {
  if (post.state === "scheduled" && post.scheduledDate)
    return ` It stays scheduled for ${formatWhen(post.scheduledDate)}.`;
  if (post.state === "approved") return " It's approved: say “schedule it tomorrow at 9” to give it a date.";
  if (post.state === "published") return "";
  return " It waits for your approval: review it here, or say “schedule it tomorrow at 9”.";
}

function describePostMedia(post: PostResult, input: Record<string, unknown>, earlier: readonly TurnStep[]) {
  if (input.firstComment !== undefined && input.media === undefined && input.format === undefined) {
    if (!post.firstComment) return "Done: the post has no first comment now.";
    const when = post.postedAt ? "" : " as soon as the post goes out";
    return `Done: ${quote(post.firstComment.text)} will be posted as the first comment${when}.`;
  }
  const captioned = ran(earlier, "captionFromImage");
  const shape = describePostShape(post);
  if (captioned) {
    const from = post.media.length > 1 ? "the first image" : "the image";
    return `I made ${shape}, with a caption written from ${from}.${describeNext(post)}`;
  }
  return `Done: the post is now ${shape}.${describeNext(post)}`;
}

function describeLibrary(page: ToolOutput<"listMedia">, input: Record<string, unknown>): string {
  const { items, nextBefore } = page;
  const query = typeof input.query === "string" ? input.query : "";
  const noun = input.type === "video" ? "video" : input.type === "image" ? "image" : "file";
  if (input.missingAltText) {
    if (items.length === 0) return "All your images have alt text.";
    return `${plural(items.length, "image")}${nextBefore ? " (the newest)" : ""} ${items.length === 1 ? "has" : "have"} no alt text yet: ${listNames(items.map((item) => item.name))}. Say “write alt text for these images” and I'll describe them.`;
  }
  if (items.length === 0) {
    if (query) return `Nothing in your media library matches ${quote(query)}.`;
    return input.type === "video" ? noFiles("video") : noFiles("image");
  }
  const matching = query ? ` matching ${quote(query)}` : "";
  const images = items.filter((item) => item.type === "image").length;
  const videos = items.length - images;
  const mix =
    noun === "file" && images > 0 && videos > 0
      ? ` (${plural(images, "image")}, ${plural(videos, "video")})`
      : "";
  const count = plural(
    items.length,
    noun === "file" && videos === 0 ? "image" : noun === "file" && images === 0 ? "video" : noun,
  );
  const newest = nextBefore ? "your newest " : "";
  const verb = items.length === 1 && !nextBefore ? "is" : "are";
  return `Here ${verb} ${newest}${count}${matching}${mix}: ${listNames(items.map((item) => item.name))}.`;
}

function describeAltText(result: ToolOutput<"writeAltText">, input: Record<string, unknown>): string {
  const written = result.items.filter((item) => item.written);
  const kept = result.items.filter((item) => !item.written);
  if (result.items.length === 0) return "There was no image to describe (videos take no alt text).";
  const model =
    result.model === "offline"
      ? " (by the offline model, from the images' colours and light: give them a read)"
      : "";
  const lines = written.map((item) => `• ${item.name}: ${item.altText}`).join("\n");
  const again = input.postId ? "rewrite the alt text for this post" : "rewrite the alt text for these images";
  const keptText = kept.length
    ? `${plural(kept.length, "image")} already had alt text, which I kept. Say “${again}” to replace it.`
    : "";
  if (written.length === 0) return keptText;
  return [
    `I wrote alt text for ${plural(written.length, "image")}${model}:\n${lines}`,
    keptText,
    "It's saved on each image and goes with it to the networks that take alt text.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The name of a file this turn's listMedia found. */
const nameIn = (earlier: readonly TurnStep[], mediaId: unknown) =>
  listed(earlier)?.find((file) => file.id === mediaId)?.name ?? null;

/**
 * The reply after a media tool, knowing what the turn did before it (a post made from the first image, a
 * file found by its name); null for the other tools.
 */
export function describeMediaOutcome(
  outcome: { toolName: ToolName; input: Record<string, unknown>; result?: unknown },
  earlier: readonly TurnStep[] = [],
): string | null {
  const { toolName, input, result } = outcome;
  switch (toolName) {
    case "listMedia":
      return describeLibrary(result as ToolOutput<"listMedia">, input);
    case "setPostMedia":
      return describePostMedia(result as PostResult, input, earlier);
    case "approvePost":
    case "schedulePost":
    case "reschedulePost": {
      // After the post became a Reel (or a carousel) in the same turn: both in one sentence.
      const changed = ran(earlier, "setPostMedia");
      if (!changed) return null;
      const post = result as ToolOutput<"approvePost">;
      const shape = `Done: the post is now ${describePostShape(changed.result)}`;
      if (post.state === "published") return `${shape}, approved and published.`;
      return post.scheduledDate
        ? `${shape}, approved and scheduled for ${formatWhen(post.scheduledDate)}. You'll find it on the Calendar.`
        : `${shape}, and approved.`;
    }
    case "retryFirstComment": {
      const comment = (result as ToolOutput<"retryFirstComment">).firstComment;
      if (comment?.status === "posted") return "Done: the first comment is posted.";
      if (comment?.status === "failed")
        return `The first comment failed again: ${comment.error ?? "the network refused it"}. Say “retry the first comment” to try once more.`;
      return "The first comment is on its way.";
    }
    case "updateMedia": {
      const file = result as ToolOutput<"updateMedia">;
      if (input.name !== undefined) {
        const before = nameIn(earlier, input.mediaId);
        return before && before !== file.name
          ? `Done: ${quote(before)} is now called ${quote(file.name)}.`
          : `Done: the file is now called ${quote(file.name)}.`;
      }
      return file.altText
        ? `Done: the alt text of ${quote(file.name)} is now ${quote(file.altText)}.`
        : `Done: ${quote(file.name)} has no alt text now.`;
    }
    case "deleteMedia": {
      const name = nameIn(earlier, input.mediaId);
      return `Done: I deleted ${name ? quote(name) : "the file"} from your media library.`;
    }
    case "writeAltText":
      return describeAltText(result as ToolOutput<"writeAltText">, input);
    default:
      return null;
  }
}

/** Said after a refusal, when the turn had already done something the user should know of. */
export function describeMediaError(earlier: readonly TurnStep[]): string {
  const captioned = ran(earlier, "captionFromImage");
  if (captioned && !ran(earlier, "setPostMedia"))
    return " The post I started is saved with its caption, waiting for your approval.";
  const changed = ran(earlier, "setPostMedia");
  if (changed) return ` The post is now ${describePostShape(changed.result)}, but it isn't scheduled.`;
  return "";
}
