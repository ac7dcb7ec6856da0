import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * graph.threads.net over real HTTP, written from contracts/networks.md section 5: the consent page
 * (auto-approved as the signed-in user, back to redirect_uri with code and state), the code exchange (a
 * 1-hour token; user_id written as a bare JSON number, as Graph does), the long-lived exchange and refresh
 * (60 days; a refresh needs the token 24 hours old), /me, containers (TEXT, IMAGE, CAROUSEL with 2-20
 * is_carousel_item children) whose status stays IN_PROGRESS for a few reads, threads_publish (FINISHED
 * containers only; the post gets an id of its own), a post's permalink, the publishing quota, the account's
 * listing (newest first, since/until, cursor paging), DELETE, VIDEO containers (processed for a few more
 * reads, or failing when told to), replies (a container with reply_to_id; the post's /replies). Errors use
 * Graph's envelope.
 * Controls: revoke the token (190), the next N calls answer a rate limit (code 4 by default), the next
 * container(s) end in ERROR or EXPIRED, image links that "could not be fetched", publish then drop the
 * answer (socket destroyed, or a 500), any call failing once. `state` holds what was made, so tests count.
 */

export interface FakeThreadsOptions {
  appId?: string;
  appSecret?: string;
  user?: { id?: string; username?: string };
  /** Status reads answering IN_PROGRESS before a container is FINISHED. */
  inProgressPolls?: number;
  /** More reads answering IN_PROGRESS for a VIDEO container (Meta processes the video; default 2). */
  videoProcessingPolls?: number;
  /** Posts already counted against the 250 of the rolling day. */
  quotaUsage?: number;
  quotaTotal?: number;
  now?: () => Date;
  /**
   * Each user's API calls (by token) allowed per window: more answer Graph's code 17 "User request limit
   * reached". Absent: every call is counted, none refused.
   */
  rateLimit?: { calls: number; windowMs: number };
}

/** What the consent page grants when it is asked nothing else, and what issueToken gives by default. */
export const FAKE_THREADS_SCOPES = [
  "threads_basic",
  "threads_content_publish",
  "threads_read_replies",
  "threads_manage_replies",
  "threads_delete",
];

export interface FakeThreadsToken {
  token: string;
  kind: "short" | "long";
  userId: string;
  issuedAt: Date;
  expiresAt: Date;
  revoked: boolean;
  /** The permissions the user granted (the consent's scope). */
  scopes: string[];
}

export interface FakeThreadsContainer {
  id: string;
  userId: string;
  mediaType: string;
  text: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  altText: string | null;
  isCarouselItem: boolean;
  /** A reply's container: the post it answers (reply_to_id). */
  replyToId: string | null;
  children: string[];
  /** Reads left answering IN_PROGRESS. */
  pollsLeft: number;
  /** Where it ends once processed. */
  outcome: "FINISHED" | "ERROR" | "EXPIRED";
  errorMessage: string | null;
  publishedPostId: string | null;
  createdAt: Date;
}

export interface FakeThreadsPost {
  id: string;
  userId: string;
  containerId: string;
  mediaType: string;
  text: string | null;
  imageUrls: string[];
  altTexts: (string | null)[];
  /** Every item in order, images and videos. */
  media: { type: "IMAGE" | "VIDEO"; url: string; altText: string | null }[];
  /** A reply: the post it answers (it is not in the account's listing, but in that post's replies). */
  replyToId: string | null;
  shortcode: string;
  timestamp: Date;
  /** Whose it is: the signed-in user's, or someone else's reply. */
  username: string;
  /** Hidden by the root post's author (manage_reply hide=true). */
  hidden: boolean;
}

export interface FakeThreadsRequest {
  method: string;
  path: string;
  /** When it came (the fake's clock), and whose token it carried: what the rate limit counts. */
  at: Date;
  userId: string | null;
  /** Query and form parameters together. */
  params: URLSearchParams;
  token: string | null;
}

export interface FakeThreadsState {
  tokens: Map<string, FakeThreadsToken>;
  containers: Map<string, FakeThreadsContainer>;
  /** Live posts, oldest first (deleted ones move to `deleted`). */
  posts: FakeThreadsPost[];
  deleted: FakeThreadsPost[];
  requests: FakeThreadsRequest[];
  quotaUsage: number;
  quotaTotal: number;
  inProgressPolls: number;
  /** Calls the rate limit refused. */
  refusedCalls: number;
}

/** Which call an injected failure hits: the first match after `skip` others. */
type Matcher = { method?: string; path?: RegExp; skip?: number };

export interface FakeThreadsServer {
  /** http://127.0.0.1:port: THREADS_GRAPH_URL. */
  url: string;
  appId: string;
  appSecret: string;
  user: { id: string; username: string };
  state: FakeThreadsState;
  /** The user's live posts (replies aside), oldest first. */
  postsOf(): FakeThreadsPost[];
  /** The live replies to a post, oldest first. */
  repliesTo(postId: string): FakeThreadsPost[];
  /** API calls (not the consent page or token endpoints) by method and path pattern. */
  requestsTo(method: string, path: RegExp): FakeThreadsRequest[];
  /** A long-lived token as the connect flow gives one, for tests that skip connecting (every scope by default). */
  issueToken(values?: { issuedAt?: Date; expiresAt?: Date; scopes?: string[] }): FakeThreadsToken;
  /** Someone else replies under `replyToId` (a post or a reply), now or at `timestamp`. */
  addReply(
    replyToId: string,
    text: string,
    values?: { username?: string; timestamp?: Date },
  ): FakeThreadsPost;
  /** Someone deletes their reply: it leaves every conversation. */
  removeReply(id: string): void;
  /** API calls of the user (by token) within the window ending now: what the rate limit counts. */
  callsOf(userId: string, windowMs: number): number;
  /** Every token of the user (or this one) answers 190 from now. */
  revokeToken(token?: string): void;
  /** The next `count` API calls answer Graph's rate limit before acting, with these headers. */
  rateLimitNext(count: number, values?: { code?: number; headers?: Record<string, string> }): void;
  /** The next `count` containers made end in ERROR (with this error_message) or EXPIRED. */
  failNextContainers(count: number, outcome: "ERROR" | "EXPIRED", errorMessage?: string): void;
  /** The next `count` VIDEO containers end in ERROR with this error_message once processed. */
  failNextVideos(count: number, errorMessage?: string): void;
  /** Containers whose image_url passes this test are refused: "The media could not be fetched from this URI". */
  failMediaFetch(test: ((url: string) => boolean) | null): void;
  /** The next `count` successful threads_publish are carried out, then the answer is lost. */
  dropPublishAnswer(count?: number, how?: "destroy" | "500"): void;
  /** The next matching API call answers this Graph error before acting. */
  failNext(
    matcher: Matcher,
    status: number,
    error: { message: string; code: number; subcode?: number },
  ): void;
  /** A post made outside the app (the user's own, in the Threads app). */
  addPost(text: string, timestamp?: Date): FakeThreadsPost;
  close(): Promise<void>;
}

const LONG_LIVED_S = 5_183_944;
const SHORT_LIVED_S = 3_600;
const DAY_MS = 86_400_000;
const TEXT_LIMIT = 500;
const PAGE_DEFAULT = 25;

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
/** The documented count: 500 characters, an emoji as its UTF-8 bytes. */
function threadsLength(text: string): number {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    length += EMOJI.test(segment) ? Buffer.byteLength(segment) : [...segment].length;
  }
  return length;
}

/** Graph's timestamps: 2026-11-27T10:00:00+0000. */
const graphTime = (date: Date) => `${date.toISOString().slice(0, 19)}+0000`;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** strtotime-ish: epoch seconds or a date. */
function timeParam(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/u.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

export async function startThreadsServer(options: FakeThreadsOptions = {}): Promise<FakeThreadsServer> {
  const now = options.now ?? (() => new Date());
  const appId = options.appId ?? "1234567890123456";
  const appSecret = options.appSecret ?? "fake-threads-app-secret";
  // Longer than a double holds exactly: the code exchange writes it as a bare number, as Graph does.
  const user = { id: options.user?.id ?? "25025320703729521", username: options.user?.username ?? "alice" };
  let nextId = 18_000_000_000_000_000n;
  const newId = () => {
    nextId += 1n;
    return String(nextId);
  };

  const state: FakeThreadsState = {
    tokens: new Map(),
    containers: new Map(),
    posts: [],
    deleted: [],
    requests: [],
    quotaUsage: options.quotaUsage ?? 0,
    quotaTotal: options.quotaTotal ?? 250,
    inProgressPolls: options.inProgressPolls ?? 0,
    refusedCalls: 0,
  };
  const codes = new Map<string, { redirectUri: string; used: boolean; scopes: string[] }>();
  const failures: {
    matcher: Matcher;
    status: number;
    error: { message: string; code: number; subcode?: number };
  }[] = [];
  const containerFailures: { outcome: "ERROR" | "EXPIRED"; errorMessage: string | null }[] = [];
  const videoFailures: string[] = [];
  const videoProcessingPolls = options.videoProcessingPolls ?? 2;
  let mediaFetchFails: ((url: string) => boolean) | null = null;
  let rateLimited: { left: number; code: number; headers: Record<string, string> } | null = null;
  let publishAnswersToDrop: { left: number; how: "destroy" | "500" } | null = null;
  let url = "";

  type Answer = { status: number; body: unknown; raw?: string; headers?: Record<string, string> };
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const graphError = (
    status: number,
    message: string,
    code: number,
    subcode?: number,
    type = "OAuthException",
  ): Answer => ({
    status,
    body: {
      error: {
        message,
        type,
        code,
        ...(subcode !== undefined ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    },
  });
  const badParam = (message: string) => graphError(400, message, 100, undefined, "THApiException");
  const notFound = (id: string) =>
    graphError(
      400,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      33,
      "GraphMethodException",
    );

  function issue(
    kind: "short" | "long",
    issuedAt = now(),
    expiresAt?: Date,
    scopes: string[] = FAKE_THREADS_SCOPES,
  ): FakeThreadsToken {
    const token: FakeThreadsToken = {
      token: `TH${kind === "short" ? "S" : "L"}${randomBytes(24).toString("base64url")}`,
      kind,
      userId: user.id,
      issuedAt,
      expiresAt:
        expiresAt ?? new Date(issuedAt.getTime() + (kind === "short" ? SHORT_LIVED_S : LONG_LIVED_S) * 1000),
      revoked: false,
      scopes: [...scopes],
    };
    state.tokens.set(token.token, token);
    return token;
  }

  /** The token, or Graph's 190 (invalid, revoked or expired). */
  function authenticate(token: string | null): FakeThreadsToken | Answer {
    const found = token ? state.tokens.get(token) : undefined;
    if (!found) return graphError(400, "Invalid OAuth access token - Cannot parse access token", 190);
    if (found.revoked) {
      return graphError(
        400,
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
        190,
        460,
      );
    }
    if (found.expiresAt.getTime() <= now().getTime()) {
      return graphError(
        400,
        `Error validating access token: Session has expired on ${found.expiresAt.toUTCString()}.`,
        190,
        463,
      );
    }
    return found;
  }
  const isAnswer = (value: unknown): value is Answer =>
    typeof value === "object" && value !== null && "status" in value && "body" in value;

  // ---- the consent page and tokens ----

  function authorize(query: URLSearchParams, res: ServerResponse) {
    const redirectUri = query.get("redirect_uri") ?? "";
    if (query.get("client_id") !== appId || !/^https?:\/\//u.test(redirectUri)) {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end("<h1>Invalid platform app</h1>");
      return;
    }
    const code = randomBytes(24).toString("base64url");
    const asked = (query.get("scope") ?? "").split(/[\s,]+/u).filter(Boolean);
    codes.set(code, { redirectUri, used: false, scopes: asked.length > 0 ? asked : FAKE_THREADS_SCOPES });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    const stateParam = query.get("state");
    if (stateParam !== null) back.searchParams.set("state", stateParam);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function exchangeCode(params: URLSearchParams): Answer {
    if (params.get("client_id") !== appId) return graphError(400, "Invalid platform app", 101);
    if (params.get("client_secret") !== appSecret)
      return graphError(400, "Error validating client secret.", 1);
    if (params.get("grant_type") !== "authorization_code") return badParam("Unsupported grant_type");
    const code = codes.get(params.get("code") ?? "");
    if (!code) return graphError(400, "Invalid verification code format.", 100, undefined, "OAuthException");
    if (code.used) return graphError(400, "This authorization code has been used.", 100);
    if (code.redirectUri !== params.get("redirect_uri")) {
      return graphError(
        400,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        100,
      );
    }
    code.used = true;
    const token = issue("short", now(), undefined, code.scopes);
    return { status: 200, body: null, raw: `{"access_token":"${token.token}","user_id":${user.id}}` };
  }

  function exchangeLong(query: URLSearchParams): Answer {
    if (query.get("grant_type") !== "th_exchange_token") return badParam("Unsupported grant_type");
    if (query.get("client_secret") !== appSecret)
      return graphError(400, "Error validating client secret.", 1);
    const who = authenticate(query.get("access_token"));
    if (isAnswer(who)) return who;
    if (who.kind !== "short") return badParam("A short-lived access token is required");
    const token = issue("long", now(), undefined, who.scopes);
    return ok({ access_token: token.token, token_type: "bearer", expires_in: LONG_LIVED_S });
  }

  function refresh(query: URLSearchParams): Answer {
    if (query.get("grant_type") !== "th_refresh_token") return badParam("Unsupported grant_type");
    const who = authenticate(query.get("access_token"));
    if (isAnswer(who)) return who;
    if (who.kind !== "long") return badParam("A long-lived access token is required");
    if (now().getTime() - who.issuedAt.getTime() < DAY_MS) {
      return badParam("The access token must be at least 24 hours old to be refreshed");
    }
    const token = issue("long", now(), undefined, who.scopes);
    return ok({ access_token: token.token, token_type: "bearer", expires_in: LONG_LIVED_S });
  }

  // ---- the API ----

  const postJson = (post: FakeThreadsPost, fields: string[]) => {
    const all: Record<string, unknown> = {
      id: post.id,
      media_product_type: "THREADS",
      media_type:
        post.mediaType === "TEXT" ? "TEXT_POST" : post.mediaType === "IMAGE" ? "IMAGE" : "CAROUSEL_ALBUM",
      text: post.text ?? undefined,
      permalink: `https://www.threads.net/@${user.username}/post/${post.shortcode}`,
      shortcode: post.shortcode,
      timestamp: graphTime(post.timestamp),
      username: post.username,
      is_quote_post: false,
      ...(post.replyToId
        ? {
            replied_to: { id: post.replyToId },
            root_post: { id: rootOf(post).id },
            hide_status: post.hidden ? "HIDDEN" : "NOT_HUSHED",
          }
        : {}),
    };
    return Object.fromEntries([["id", post.id], ...fields.filter((f) => f in all).map((f) => [f, all[f]])]);
  };

  /** The top post of a reply's conversation. */
  function rootOf(post: FakeThreadsPost): FakeThreadsPost {
    let current = post;
    for (let parent = findPost(current.replyToId); parent; parent = findPost(parent.replyToId))
      current = parent;
    return current;
  }
  function findPost(id: string | null): FakeThreadsPost | undefined {
    return id ? state.posts.find((p) => p.id === id) : undefined;
  }
  const lacks = (who: FakeThreadsToken, scope: string) =>
    who.scopes.includes(scope)
      ? null
      : graphError(403, "Application does not have permission for this action", 10);

  /** Every reply under `id` at any depth, oldest first, paged by `after` (an offset) like Graph's cursors. */
  function conversation(id: string, query: URLSearchParams): Answer {
    const post = findPost(id);
    if (!post) return notFound(id);
    const fields = (query.get("fields") ?? "id").split(",").filter(Boolean);
    const limit = Math.min(Number(query.get("limit") ?? PAGE_DEFAULT) || PAGE_DEFAULT, 100);
    const all: FakeThreadsPost[] = [];
    const walk = (parentId: string) => {
      for (const reply of state.posts.filter((p) => p.replyToId === parentId)) {
        all.push(reply);
        walk(reply.id);
      }
    };
    walk(post.id);
    all.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    const after = query.get("after");
    const start = after ? Number(Buffer.from(after, "base64url").toString()) : 0;
    const page = all.slice(start, start + limit);
    const end = start + page.length;
    const cursor = (index: number) => Buffer.from(String(index)).toString("base64url");
    return ok({
      data: page.map((reply) => postJson(reply, fields)),
      paging: {
        cursors: { before: cursor(start), after: cursor(end) },
        ...(end < all.length ? { next: `${url}/v1.0/${id}/conversation?after=${cursor(end)}` } : {}),
      },
    });
  }

  function manageReply(who: FakeThreadsToken, id: string, params: URLSearchParams): Answer {
    const refused = lacks(who, "threads_manage_replies");
    if (refused) return refused;
    const reply = findPost(id);
    if (!reply?.replyToId) return notFound(id);
    if (rootOf(reply).userId !== who.userId)
      return graphError(400, "Application does not have permission for this action", 10);
    reply.hidden = params.get("hide") === "true";
    return ok({ success: true });
  }

  function readNode(id: string, fields: string[]): Answer {
    const container = state.containers.get(id);
    if (container && !container.publishedPostId) {
      const unknown = fields.find((f) => !["id", "status", "error_message"].includes(f));
      if (unknown)
        return badParam(`Tried accessing nonexisting field (${unknown}) on node type (ThreadsMedia)`);
      let status: string = container.outcome;
      if (container.pollsLeft > 0) {
        container.pollsLeft -= 1;
        status = "IN_PROGRESS";
      }
      return ok({
        id,
        ...(fields.includes("status") ? { status } : {}),
        ...(fields.includes("error_message") && status === "ERROR" && container.errorMessage
          ? { error_message: container.errorMessage }
          : {}),
      });
    }
    if (container?.publishedPostId) {
      // A published container answers its status as the docs list it.
      return ok({ id, ...(fields.includes("status") ? { status: "PUBLISHED" } : {}) });
    }
    const post = state.posts.find((p) => p.id === id);
    if (!post) return notFound(id);
    const unknown = fields.find(
      (f) =>
        ![
          "id",
          "text",
          "timestamp",
          "permalink",
          "media_type",
          "shortcode",
          "username",
          "media_product_type",
          "is_quote_post",
          "replied_to",
          "root_post",
          "hide_status",
        ].includes(f),
    );
    if (unknown)
      return badParam(`Tried accessing nonexisting field (${unknown}) on node type (ThreadsMedia)`);
    return ok(postJson(post, fields));
  }

  function createContainer(who: FakeThreadsToken, params: URLSearchParams): Answer {
    const mediaType = params.get("media_type") ?? "";
    const text = params.get("text");
    if (!["TEXT", "IMAGE", "VIDEO", "CAROUSEL"].includes(mediaType))
      return badParam("Param media_type is invalid");
    if (text !== null && threadsLength(text) > TEXT_LIMIT) {
      return badParam(`Param text must be at most ${TEXT_LIMIT} characters long.`);
    }
    const isCarouselItem = params.get("is_carousel_item") === "true";
    if (mediaType === "TEXT" && !text) return badParam("Param text is required for a text post");
    const imageUrl = params.get("image_url");
    if (mediaType === "IMAGE") {
      if (!imageUrl) return badParam("Param image_url is required");
      if (mediaFetchFails?.(imageUrl)) {
        return graphError(400, "The media could not be fetched from this URI", 100, 2207052);
      }
    }
    const videoUrl = params.get("video_url");
    if (mediaType === "VIDEO") {
      if (!videoUrl) return badParam("Param video_url is required");
      if (mediaFetchFails?.(videoUrl)) {
        return graphError(400, "The media could not be fetched from this URI", 100, 2207052);
      }
    }
    const replyToId = params.get("reply_to_id");
    if (replyToId !== null) {
      const refused = lacks(who, "threads_manage_replies");
      if (refused) return refused;
      const repliedTo = state.posts.find((p) => p.id === replyToId);
      if (!repliedTo) return badParam(`Param reply_to_id is invalid: ${replyToId}`);
      if (isCarouselItem) return badParam("A carousel item cannot be a reply");
    }
    if (isCarouselItem && text) return badParam("A carousel item cannot have text");
    const children =
      mediaType === "CAROUSEL" ? (params.get("children") ?? "").split(",").filter(Boolean) : [];
    if (mediaType === "CAROUSEL") {
      if (children.length < 2 || children.length > 20) return badParam("A carousel has 2 to 20 children");
      for (const child of children) {
        const found = state.containers.get(child);
        if (!found?.isCarouselItem || found.userId !== who.userId) {
          return badParam(`Param children contains an invalid id: ${child}`);
        }
        if (found.outcome !== "FINISHED" || found.pollsLeft > 0) {
          return badParam(`The carousel item ${child} is not ready`);
        }
      }
    }
    const isVideo = mediaType === "VIDEO";
    const videoFailure = isVideo ? videoFailures.shift() : undefined;
    const failure =
      videoFailure !== undefined
        ? { outcome: "ERROR" as const, errorMessage: videoFailure }
        : containerFailures.shift();
    const container: FakeThreadsContainer = {
      id: newId(),
      userId: who.userId,
      mediaType,
      text,
      imageUrl,
      videoUrl: isVideo ? videoUrl : null,
      altText: params.get("alt_text"),
      isCarouselItem,
      replyToId,
      children,
      pollsLeft: state.inProgressPolls + (isVideo ? videoProcessingPolls : 0),
      outcome: failure?.outcome ?? "FINISHED",
      errorMessage: failure?.errorMessage ?? null,
      publishedPostId: null,
      createdAt: now(),
    };
    state.containers.set(container.id, container);
    return ok({ id: container.id });
  }

  function publish(who: FakeThreadsToken, params: URLSearchParams): Answer {
    const id = params.get("creation_id") ?? "";
    const container = state.containers.get(id);
    if (!container || container.userId !== who.userId || container.isCarouselItem) {
      return graphError(400, "The requested resource does not exist", 24, 4279009);
    }
    if (container.publishedPostId) return badParam("This media has already been published");
    if (container.pollsLeft > 0 || container.outcome !== "FINISHED") {
      return graphError(400, "The requested resource does not exist", 24, 4279009);
    }
    if (!container.replyToId && state.quotaUsage >= state.quotaTotal) {
      return graphError(400, "The user has reached the limit of posts in 24 hours", 4);
    }
    const items =
      container.mediaType === "CAROUSEL"
        ? container.children.flatMap((child) => {
            const found = state.containers.get(child);
            return found ? [found] : [];
          })
        : [container];
    const post: FakeThreadsPost = {
      id: newId(),
      userId: who.userId,
      containerId: container.id,
      mediaType: container.mediaType,
      text: container.text,
      imageUrls: items.flatMap((item) => (item.imageUrl ? [item.imageUrl] : [])),
      altTexts: items.filter((item) => item.imageUrl).map((item) => item.altText),
      media: items.flatMap((item) => {
        const url = item.imageUrl ?? item.videoUrl;
        if (!url) return [];
        return [
          { type: item.videoUrl ? ("VIDEO" as const) : ("IMAGE" as const), url, altText: item.altText },
        ];
      }),
      replyToId: container.replyToId,
      shortcode: randomBytes(8).toString("base64url"),
      timestamp: now(),
      username: user.username,
      hidden: false,
    };
    container.publishedPostId = post.id;
    state.posts.push(post);
    // Replies have a quota of their own (1,000 a day); posts count against the 250.
    if (!post.replyToId) state.quotaUsage += 1;
    return ok({ id: post.id });
  }

  function list(who: FakeThreadsToken, query: URLSearchParams): Answer {
    const since = timeParam(query.get("since"));
    const until = timeParam(query.get("until"));
    const limit = Math.min(Number(query.get("limit") ?? PAGE_DEFAULT) || PAGE_DEFAULT, 100);
    const fields = (query.get("fields") ?? "id").split(",").filter(Boolean);
    const mine = state.posts
      .filter((p) => p.userId === who.userId && !p.replyToId)
      .filter(
        (p) =>
          (since === null || p.timestamp.getTime() >= since) &&
          (until === null || p.timestamp.getTime() <= until),
      )
      .reverse();
    const after = query.get("after");
    const start = after ? Number(Buffer.from(after, "base64url").toString()) : 0;
    const page = mine.slice(start, start + limit);
    const end = start + page.length;
    const cursor = (index: number) => Buffer.from(String(index)).toString("base64url");
    const next = new URL(`${url}/v1.0/${who.userId}/threads`);
    for (const [key, value] of query) if (key !== "after") next.searchParams.set(key, value);
    next.searchParams.set("after", cursor(end));
    return ok({
      data: page.map((post) => postJson(post, fields)),
      paging: {
        cursors: { before: cursor(start), after: cursor(end) },
        ...(end < mine.length ? { next: next.toString() } : {}),
      },
    });
  }

  function remove(who: FakeThreadsToken, id: string): Answer {
    const index = state.posts.findIndex((p) => p.id === id && p.userId === who.userId);
    const [post] = index >= 0 ? state.posts.splice(index, 1) : [];
    if (!post) {
      return graphError(
        400,
        `Unsupported delete request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        33,
        "GraphMethodException",
      );
    }
    state.deleted.push(post);
    return ok({ success: true, deleted_id: post.id });
  }

  function api(
    res: ServerResponse,
    method: string,
    path: string,
    params: URLSearchParams,
    token: string | null,
  ): Answer | null {
    const who = authenticate(token);
    if (isAnswer(who)) return who;
    const parts = path.split("/").filter(Boolean);
    const fields = (params.get("fields") ?? "").split(",").filter(Boolean);
    const owner = (id: string | undefined) => (id === "me" ? who.userId : id);
    if (method === "GET" && parts.length === 1 && parts[0] === "me") {
      return ok({
        id: who.userId,
        ...(fields.includes("username") ? { username: user.username } : {}),
        ...(fields.includes("threads_profile_picture_url")
          ? { threads_profile_picture_url: `https://scontent.cdninstagram.com/v/${user.username}.jpg` }
          : {}),
      });
    }
    if (method === "GET" && parts.length === 2 && parts[1] === "conversation") {
      const refused = lacks(who, "threads_read_replies");
      if (refused) return refused;
      return conversation(parts[0] ?? "", params);
    }
    if (method === "POST" && parts.length === 2 && parts[1] === "manage_reply")
      return manageReply(who, parts[0] ?? "", params);
    if (method === "GET" && parts.length === 2 && parts[1] === "replies") {
      const refused = lacks(who, "threads_read_replies");
      if (refused) return refused;
      const post = state.posts.find((p) => p.id === parts[0]);
      if (!post) return notFound(parts[0] ?? "");
      const replyFields = fields.length ? fields : ["id"];
      return ok({
        data: state.posts.filter((p) => p.replyToId === post.id).map((reply) => postJson(reply, replyFields)),
        paging: { cursors: { before: "", after: "" } },
      });
    }
    if (parts.length === 2 && owner(parts[0]) !== who.userId) {
      return graphError(400, "Application does not have permission for this action", 10);
    }
    if (method === "POST" && parts.length === 2 && parts[1] === "threads")
      return createContainer(who, params);
    if (method === "POST" && parts.length === 2 && parts[1] === "threads_publish") {
      const answer = publish(who, params);
      if (answer.status === 200 && publishAnswersToDrop && publishAnswersToDrop.left > 0) {
        const { how } = publishAnswersToDrop;
        publishAnswersToDrop.left -= 1;
        if (publishAnswersToDrop.left === 0) publishAnswersToDrop = null;
        // Published, but the caller never hears of it.
        if (how === "destroy") {
          res.destroy();
          return null;
        }
        return graphError(500, "An unknown error has occurred.", 1);
      }
      return answer;
    }
    if (method === "GET" && parts.length === 2 && parts[1] === "threads_publishing_limit") {
      return ok({
        data: [
          {
            ...(fields.includes("quota_usage") ? { quota_usage: state.quotaUsage } : {}),
            ...(fields.includes("config")
              ? { config: { quota_total: state.quotaTotal, quota_duration: 86_400 } }
              : {}),
          },
        ],
      });
    }
    if (method === "GET" && parts.length === 2 && parts[1] === "threads") return list(who, params);
    if (method === "GET" && parts.length === 1 && parts[0])
      return readNode(parts[0], fields.length ? fields : ["id"]);
    if (method === "DELETE" && parts.length === 1 && parts[0]) return remove(who, parts[0]);
    return badParam(`Unknown path components: ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const parsed = new URL(req.url ?? "/", url);
    const body = (await readBody(req)).toString();
    const params = new URLSearchParams(parsed.searchParams);
    if (String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
    }
    const authorization = String(req.headers.authorization ?? "");
    const token = authorization.toLowerCase().startsWith("bearer ")
      ? authorization.slice(7).trim()
      : params.get("access_token");
    const path = parsed.pathname;
    const caller = token ? state.tokens.get(token) : undefined;
    state.requests.push({ method, path, params, token, at: now(), userId: caller?.userId ?? null });

    const send = (answer: Answer) => {
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
      res.end(answer.raw ?? JSON.stringify(answer.body));
    };
    if (method === "GET" && path === "/oauth/authorize") return authorize(parsed.searchParams, res);
    if (method === "POST" && path === "/oauth/access_token") return send(exchangeCode(params));
    if (method === "GET" && path === "/access_token") return send(exchangeLong(params));
    if (method === "GET" && path === "/refresh_access_token") {
      if (rateLimited) return send(rateLimitAnswer());
      return send(refresh(params));
    }
    if (!path.startsWith("/v1.0/")) return send(badParam(`Unknown path: ${path}`));
    if (rateLimited) return send(rateLimitAnswer());
    if (options.rateLimit && caller) {
      const { calls, windowMs } = options.rateLimit;
      if (callsOf(caller.userId, windowMs) > calls) {
        state.refusedCalls += 1;
        return send(graphError(400, "User request limit reached", 17));
      }
    }
    const failure = failures.findIndex((f) => {
      const matches =
        (!f.matcher.method || f.matcher.method === method) && (!f.matcher.path || f.matcher.path.test(path));
      if (!matches || !f.matcher.skip) return matches;
      f.matcher.skip -= 1;
      return false;
    });
    const [injected] = failure >= 0 ? failures.splice(failure, 1) : [];
    if (injected) {
      return send(
        graphError(injected.status, injected.error.message, injected.error.code, injected.error.subcode),
      );
    }
    const answer = api(res, method, path.slice("/v1.0".length), params, token);
    if (answer) send(answer);
  }

  function rateLimitAnswer(): Answer {
    const limit = rateLimited ?? { left: 0, code: 4, headers: {} };
    limit.left -= 1;
    if (limit.left <= 0) rateLimited = null;
    const messages: Record<number, string> = {
      4: "Application request limit reached",
      17: "User request limit reached",
      32: "Page request limit reached",
      613: "Calls to this api have exceeded the rate limit.",
    };
    return { ...graphError(400, messages[limit.code] ?? "Rate limit", limit.code), headers: limit.headers };
  }

  function callsOf(userId: string, windowMs: number): number {
    const since = now().getTime() - windowMs;
    return state.requests.filter(
      (r) => r.userId === userId && r.path.startsWith("/v1.0/") && r.at.getTime() > since,
    ).length;
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((failure: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(failure), code: 1 } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Threads server did not bind");
  url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    appId,
    appSecret,
    user,
    state,
    postsOf: () => state.posts.filter((p) => p.userId === user.id && !p.replyToId),
    repliesTo: (postId) => state.posts.filter((p) => p.replyToId === postId),
    requestsTo: (method, path) => state.requests.filter((r) => r.method === method && path.test(r.path)),
    issueToken: (values = {}) => issue("long", values.issuedAt, values.expiresAt, values.scopes),
    callsOf,
    addReply(replyToId, text, values = {}) {
      if (!findPost(replyToId)) throw new Error(`no fake Threads post ${replyToId}`);
      const username = values.username ?? "bob";
      const reply: FakeThreadsPost = {
        id: newId(),
        userId: `user-${username}`,
        containerId: newId(),
        mediaType: "TEXT",
        text,
        imageUrls: [],
        altTexts: [],
        media: [],
        replyToId,
        shortcode: randomBytes(8).toString("base64url"),
        timestamp: values.timestamp ?? now(),
        username,
        hidden: false,
      };
      state.posts.push(reply);
      return reply;
    },
    removeReply(id) {
      const index = state.posts.findIndex((p) => p.id === id);
      const [removed] = index >= 0 ? state.posts.splice(index, 1) : [];
      if (removed) state.deleted.push(removed);
    },
    revokeToken(token) {
      for (const entry of state.tokens.values()) {
        if (token ? entry.token === token : entry.userId === user.id) entry.revoked = true;
      }
    },
    rateLimitNext(count, values = {}) {
      rateLimited = count > 0 ? { left: count, code: values.code ?? 4, headers: values.headers ?? {} } : null;
    },
    failNextContainers(count, outcome, errorMessage) {
      for (let i = 0; i < count; i++) containerFailures.push({ outcome, errorMessage: errorMessage ?? null });
    },
    failNextVideos(count, errorMessage = "FAILED_PROCESSING_VIDEO") {
      for (let i = 0; i < count; i++) videoFailures.push(errorMessage);
    },
    failMediaFetch(test) {
      mediaFetchFails = test;
    },
    dropPublishAnswer(count = 1, how = "destroy") {
      publishAnswersToDrop = count > 0 ? { left: count, how } : null;
    },
    failNext(matcher, status, error) {
      failures.push({ matcher: { ...matcher }, status, error });
    },
    addPost(text, timestamp = now()) {
      const post: FakeThreadsPost = {
        id: newId(),
        userId: user.id,
        containerId: newId(),
        mediaType: "TEXT",
        text,
        imageUrls: [],
        altTexts: [],
        media: [],
        replyToId: null,
        shortcode: randomBytes(8).toString("base64url"),
        timestamp,
        username: user.username,
        hidden: false,
      };
      state.posts.push(post);
      state.posts.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
      return post;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
