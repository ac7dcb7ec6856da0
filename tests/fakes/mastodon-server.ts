import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A Mastodon instance over real HTTP, written from contracts/networks.md section 2: app registration, the
 * OAuth consent (auto-approved as the instance's signed-in user) with PKCE checked at the token exchange,
 * verify_credentials, /api/v2/instance with configurable limits, media uploads (GIFs and videos answer 202
 * and stay processing for a few polls, or fail: 422 once told to; a video goes alone in a status), statuses with the 1-hour Idempotency-Key store (checked before any
 * validation, as PostStatusService does), native scheduling (>= 5 minutes ahead), edit, delete, context,
 * notifications, an account's statuses and the scheduled statuses. Errors use Mastodon's `{"error"}` body.
 * Controls: revoke a token (401), answer 429 with an ISO X-RateLimit-Reset to the next N calls, and create
 * the next status but drop its answer (the socket is destroyed). `state` holds what it made, so tests count.
 */

export interface FakeMastodonLimits {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  supportedMimeTypes: string[];
  descriptionLimit: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
}

export interface FakeMastodonOptions {
  limits?: Partial<FakeMastodonLimits>;
  /** GET /api/v1/media/:id answers 206 this many times for an upload that answered 202. */
  processingPolls?: number;
  /** Uploads of these types answer 202 (still processing) instead of 200. */
  processingTypes?: string[];
  /** The signed-in user the consent page approves as. */
  user?: { username?: string; displayName?: string };
  /** Answer /api/v2/instance as something that is not Mastodon (a plain web site's 404 page). */
  notMastodon?: boolean;
  /**
   * Each account's API calls (by its token) allowed per window: more answer 429 with an ISO 8601
   * X-RateLimit-Reset, as rack-attack does (300 per 5 minutes on a real instance). Absent: counted only.
   */
  rateLimit?: { calls: number; windowMs: number };
  now?: () => Date;
}

export interface FakeMastodonApp {
  id: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
  clientId: string;
  clientSecret: string;
}

export interface FakeMastodonAccount {
  id: string;
  username: string;
  displayName: string;
}

export interface FakeMastodonToken {
  token: string;
  accountId: string | null;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

export interface FakeMastodonMedia {
  id: string;
  accountId: string;
  mimeType: string;
  size: number;
  description: string | null;
  /** 206 answers left before the media is ready. */
  pollsLeft: number;
  /** Its processing failed: GET /api/v1/media/:id answers 422 once the polls are spent. */
  failed: boolean;
  /** A thumbnail (a video's poster) came with the upload. */
  thumbnail: boolean;
  statusId: string | null;
}

export interface FakeMastodonStatus {
  id: string;
  accountId: string;
  text: string;
  language: string | null;
  visibility: string;
  spoilerText: string;
  mediaIds: string[];
  inReplyToId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  idempotencyKey: string | null;
}

export interface FakeMastodonScheduledStatus {
  id: string;
  accountId: string;
  scheduledAt: Date;
  text: string;
  language: string | null;
  visibility: string;
  mediaIds: string[];
  idempotencyKey: string | null;
}

export interface FakeMastodonRequest {
  method: string;
  path: string;
  /** When it came (the fake's clock), and whose token it carried: what the rate limit counts. */
  at: Date;
  accountId: string | null;
  query: URLSearchParams;
  token: string | null;
  idempotencyKey: string | null;
}

export interface FakeMastodonState {
  apps: FakeMastodonApp[];
  accounts: Map<string, FakeMastodonAccount>;
  tokens: Map<string, FakeMastodonToken>;
  media: Map<string, FakeMastodonMedia>;
  /** Each account's live statuses, oldest first (deleted ones move to `deleted`). */
  statuses: Map<string, FakeMastodonStatus[]>;
  deleted: FakeMastodonStatus[];
  scheduled: Map<string, FakeMastodonScheduledStatus[]>;
  notifications: {
    id: string;
    accountId: string;
    type: "mention";
    fromAccountId: string;
    statusId: string;
  }[];
  requests: FakeMastodonRequest[];
  limits: FakeMastodonLimits;
  /** Favourites made: which account favourited which status. */
  favourites: { accountId: string; statusId: string }[];
  /** Calls the rate limit refused (429). */
  refusedCalls: number;
}

type Matcher = { method?: string; path?: RegExp };

export interface FakeMastodonServer {
  /** http://127.0.0.1:port */
  url: string;
  /** 127.0.0.1:port: the instance as a user would type it. */
  host: string;
  /** The signed-in user (the account every consent approves). */
  user: FakeMastodonAccount;
  state: FakeMastodonState;
  /** The live statuses of an account (the signed-in user by default), oldest first. */
  statusesOf(accountId?: string): FakeMastodonStatus[];
  scheduledOf(accountId?: string): FakeMastodonScheduledStatus[];
  /** A user token as the consent flow gives one, for tests that skip connecting. */
  issueToken(scopes?: string[]): string;
  /** The token (or every token of the signed-in user) answers 401 "The access token is invalid" from now. */
  revokeToken(token?: string): void;
  /** The next `count` API calls answer 429 before acting, with X-RateLimit-Reset = `resetAt` (ISO 8601). */
  rateLimitNext(count: number, resetAt: Date): void;
  /**
   * The next `count` successful POST /api/v1/statuses are carried out (a status made, or the first one of a
   * repeated Idempotency-Key looked up), then the connection is destroyed unanswered.
   */
  dropNextStatusResponse(count?: number): void;
  /** The next matching API call answers this error before acting. */
  failNext(matcher: Matcher, status: number, error: string): void;
  /**
   * The next `count` uploads that process (202) fail: once their polls are spent, GET /api/v1/media/:id
   * answers 422 "Error processing thumbnail for uploaded media", as Mastodon's check_processing does.
   */
  failNextProcessing(count?: number): void;
  /** The replies to a status (in_reply_to_id), oldest first. */
  repliesTo(statusId: string): FakeMastodonStatus[];
  /** Another account mentions the signed-in user (a reply when `inReplyToId` is given). */
  receiveMention(text: string, inReplyToId?: string): FakeMastodonStatus;
  /** Someone edits their status (edited_at set, as PUT /api/v1/statuses/:id does). */
  editStatus(statusId: string, text: string): FakeMastodonStatus;
  /** Someone deletes their status (it leaves every context). */
  removeStatus(statusId: string): void;
  /** API calls of the account (by its token) within the window ending now: what the rate limit counts. */
  callsOf(accountId: string, windowMs: number): number;
  /** Publishes the scheduled statuses whose time has come (as the instance's scheduler would). */
  publishDueScheduled(): FakeMastodonStatus[];
  close(): Promise<void>;
}

const IDEMPOTENCY_TTL_MS = 3_600_000;
const MIN_SCHEDULE_OFFSET_MS = 5 * 60_000;
const TOKEN_INVALID = "The access token is invalid";
const OUTSIDE_SCOPES = "This action is outside the authorized scopes";
const NOT_FOUND = "Record not found";

const DEFAULT_LIMITS: FakeMastodonLimits = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  supportedMimeTypes: [
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/heic",
    "image/webp",
    "image/avif",
    "video/mp4",
  ],
  descriptionLimit: 1500,
  imageSizeLimit: 16_777_216,
  videoSizeLimit: 103_809_024,
};

/** Mastodon counts graphemes, any URL as the reserved length, and `@user@domain` as `@user` [src]. */
function countStatus(text: string, urlLength: number): number {
  let links = 0;
  const withoutLinks = text.replace(/https?:\/\/\S+/giu, () => {
    links += 1;
    return "";
  });
  const local = withoutLinks.replace(/@(\w+)@[\w.-]+\w/gu, "@$1");
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...segmenter.segment(local)].length + links * urlLength;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The HTML Mastodon renders: paragraphs, <br />, links split in invisible spans, mentions and hashtags. */
function renderContent(text: string, instanceUrl: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/https?:\/\/[^\s<]+/gu, (url) => {
        const [, scheme = "", rest = ""] = url.match(/^(https?:\/\/(?:www\.)?)(.*)$/u) ?? [];
        const shown = rest.slice(0, 30);
        const hidden = rest.slice(30);
        return `<a href="${url}" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">${scheme}</span><span class="${hidden ? "ellipsis" : ""}">${shown}</span><span class="invisible">${hidden}</span></a>`;
      })
      .replace(
        /(^|\s)@(\w+)@([\w.-]+\w)/gu,
        (_m, before: string, user: string, domain: string) =>
          `${before}<span class="h-card" translate="no"><a href="https://${domain}/@${user}" class="u-url mention">@<span>${user}</span></a></span>`,
      )
      .replace(
        /(^|\s)#(\w+)/gu,
        (_m, before: string, tag: string) =>
          `${before}<a href="${instanceUrl}/tags/${tag.toLowerCase()}" class="mention hashtag" rel="tag">#<span>${tag}</span></a>`,
      );
  return text
    .split(/\n{2,}/u)
    .map((paragraph) => `<p>${paragraph.split("\n").map(inline).join("<br />")}</p>`)
    .join("");
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

type Params = Record<string, string | string[] | File>;

/** JSON, urlencoded (`key[]` as lists) or multipart, as Rails' params would see them. */
async function parseParams(req: IncomingMessage, body: Buffer): Promise<Params> {
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  const params: Params = {};
  const add = (key: string, value: string | File) => {
    if (key.endsWith("[]")) {
      const name = key.slice(0, -2);
      const list = params[name];
      params[name] = [...(Array.isArray(list) ? list : []), String(value)];
    } else params[key] = value;
  };
  if (body.length === 0) return params;
  if (type.startsWith("application/json")) {
    const json = JSON.parse(body.toString()) as Record<string, unknown>;
    for (const [key, value] of Object.entries(json)) {
      if (Array.isArray(value)) params[key] = value.map(String);
      else if (value !== null && value !== undefined) params[key] = String(value);
    }
  } else if (type.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    for (const [key, value] of form.entries()) add(key, value);
  } else {
    for (const [key, value] of new URLSearchParams(body.toString())) add(key, value);
  }
  return params;
}

const text = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return typeof value === "string" ? value : undefined;
};
const list = (params: Params, key: string): string[] => {
  const value = params[key];
  if (Array.isArray(value)) return value;
  return typeof value === "string" && value !== "" ? [value] : [];
};

export async function startMastodonServer(options: FakeMastodonOptions = {}): Promise<FakeMastodonServer> {
  const now = options.now ?? (() => new Date());
  const processingPolls = options.processingPolls ?? 2;
  const processingTypes = new Set(options.processingTypes ?? ["image/gif", "video/mp4"]);
  let nextId = 110_000_000_000_000_000n;
  const newId = () => {
    nextId += 1n;
    return String(nextId);
  };

  const state: FakeMastodonState = {
    apps: [],
    accounts: new Map(),
    tokens: new Map(),
    media: new Map(),
    statuses: new Map(),
    deleted: [],
    scheduled: new Map(),
    notifications: [],
    requests: [],
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    favourites: [],
    refusedCalls: 0,
  };
  const user: FakeMastodonAccount = {
    id: "109000000000000001",
    username: options.user?.username ?? "alice",
    displayName: options.user?.displayName ?? "Alice Example",
  };
  const stranger: FakeMastodonAccount = { id: "109000000000000002", username: "bob", displayName: "" };
  state.accounts.set(user.id, user);
  state.accounts.set(stranger.id, stranger);

  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; scopes: string[]; challenge: string | null; used: boolean }
  >();
  const idempotency = new Map<string, { statusId: string; scheduled: boolean; at: number }>();
  const failures: { matcher: Matcher; status: number; error: string }[] = [];
  let rateLimited: { left: number; resetAt: Date } | null = null;
  let statusAnswersToDrop = 0;
  let processingFailures = 0;
  let url = "";

  const statusesOf = (accountId: string) => {
    let found = state.statuses.get(accountId);
    if (!found) {
      found = [];
      state.statuses.set(accountId, found);
    }
    return found;
  };
  const scheduledOf = (accountId: string) => {
    let found = state.scheduled.get(accountId);
    if (!found) {
      found = [];
      state.scheduled.set(accountId, found);
    }
    return found;
  };
  const findStatus = (id: string) => {
    for (const statuses of state.statuses.values()) {
      const status = statuses.find((s) => s.id === id);
      if (status) return status;
    }
    return null;
  };

  // ---- serialisers (REST::*Serializer shapes) ----

  const accountJson = (account: FakeMastodonAccount) => ({
    id: account.id,
    username: account.username,
    acct: account.username,
    display_name: account.displayName,
    locked: false,
    bot: false,
    created_at: "2023-01-01T00:00:00.000Z",
    note: "",
    url: `${url}/@${account.username}`,
    avatar: `${url}/avatars/${account.username}.png`,
    avatar_static: `${url}/avatars/${account.username}.png`,
    header: `${url}/headers/original/missing.png`,
    followers_count: 12,
    following_count: 3,
    statuses_count: statusesOf(account.id).length,
  });

  const mediaJson = (media: FakeMastodonMedia) => {
    const ready = media.pollsLeft <= 0;
    return {
      id: media.id,
      type: media.mimeType.startsWith("video/") ? "video" : media.mimeType === "image/gif" ? "gifv" : "image",
      url: ready ? `${url}/system/media_attachments/${media.id}/original` : null,
      preview_url: `${url}/system/media_attachments/${media.id}/small`,
      remote_url: null,
      description: media.description,
      blurhash: "UFBWY:8_0Jof4nWB-;Rj~qayM{Rj-;Rj9Foz",
    };
  };

  const statusJson = (status: FakeMastodonStatus) => {
    const account = state.accounts.get(status.accountId) ?? user;
    const replyTo = status.inReplyToId ? findStatus(status.inReplyToId) : null;
    return {
      id: status.id,
      created_at: status.createdAt.toISOString(),
      edited_at: status.editedAt?.toISOString() ?? null,
      in_reply_to_id: status.inReplyToId,
      in_reply_to_account_id: replyTo?.accountId ?? null,
      sensitive: false,
      spoiler_text: status.spoilerText,
      visibility: status.visibility,
      language: status.language,
      uri: `${url}/users/${account.username}/statuses/${status.id}`,
      url: `${url}/@${account.username}/${status.id}`,
      replies_count: 0,
      reblogs_count: 0,
      favourites_count: 0,
      content: renderContent(status.text, url),
      reblog: null,
      account: accountJson(account),
      media_attachments: status.mediaIds.flatMap((id) => {
        const media = state.media.get(id);
        return media ? [mediaJson(media)] : [];
      }),
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
    };
  };

  const scheduledJson = (scheduled: FakeMastodonScheduledStatus) => ({
    id: scheduled.id,
    scheduled_at: scheduled.scheduledAt.toISOString(),
    params: {
      text: scheduled.text,
      language: scheduled.language,
      visibility: scheduled.visibility,
      media_ids: scheduled.mediaIds,
      poll: null,
      spoiler_text: null,
      sensitive: null,
      in_reply_to_id: null,
      scheduled_at: null,
      application_id: 1,
      idempotency: null,
      with_rate_limit: false,
    },
    media_attachments: scheduled.mediaIds.flatMap((id) => {
      const media = state.media.get(id);
      return media ? [mediaJson(media)] : [];
    }),
  });

  const instanceJson = () => ({
    domain: new URL(url).host,
    title: "Fake Mastodon",
    version: "4.3.0",
    source_url: "https://github.com/mastodon/mastodon",
    description: "A fake instance for tests.",
    usage: { users: { active_month: 2 } },
    thumbnail: { url: `${url}/thumbnail.png` },
    languages: ["en"],
    configuration: {
      urls: { streaming: url.replace(/^http/u, "ws") },
      accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
      statuses: {
        max_characters: state.limits.maxCharacters,
        max_media_attachments: state.limits.maxMediaAttachments,
        characters_reserved_per_url: state.limits.charactersReservedPerUrl,
      },
      media_attachments: {
        supported_mime_types: state.limits.supportedMimeTypes,
        description_limit: state.limits.descriptionLimit,
        image_size_limit: state.limits.imageSizeLimit,
        image_matrix_limit: 33_177_600,
        video_size_limit: state.limits.videoSizeLimit,
        video_frame_rate_limit: 120,
        video_matrix_limit: 8_294_400,
      },
      polls: {
        max_options: 4,
        max_characters_per_option: 50,
        min_expiration: 300,
        max_expiration: 2_629_746,
      },
      translation: { enabled: false },
    },
    registrations: { enabled: false, approval_required: false, message: null },
    contact: { email: "admin@example.com", account: null },
    rules: [],
  });

  // ---- answers ----

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const error = (status: number, message: string): Answer => ({ status, body: { error: message } });

  function rateHeaders(): Record<string, string> {
    const reset = new Date(Math.ceil(now().getTime() / 300_000) * 300_000);
    return {
      "x-ratelimit-limit": "300",
      "x-ratelimit-remaining": "299",
      "x-ratelimit-reset": reset.toISOString(),
    };
  }

  function authenticate(
    token: string | null,
    scope: string,
  ): { token: FakeMastodonToken; account: FakeMastodonAccount } | Answer {
    const found = token ? state.tokens.get(token) : undefined;
    if (!found || found.revoked) return error(401, TOKEN_INVALID);
    const [family] = scope.split(":");
    if (
      !found.scopes.some((s) => s === scope || s === family || (scope === "read:accounts" && s === "profile"))
    )
      return error(403, OUTSIDE_SCOPES);
    const account = found.accountId ? state.accounts.get(found.accountId) : undefined;
    if (!account) return error(422, "This method requires an authenticated user");
    return { token: found, account };
  }
  const isAnswer = (value: unknown): value is Answer =>
    typeof value === "object" && value !== null && "status" in value && "body" in value;

  function registerApp(params: Params): Answer {
    const name = text(params, "client_name");
    const redirects = list(params, "redirect_uris").flatMap((uri) => uri.split(/\s+/u).filter(Boolean));
    if (!name) return error(422, "Validation failed: Application name can't be blank");
    if (redirects.length === 0) return error(422, "Validation failed: Redirect URI can't be blank");
    const scopes = (text(params, "scopes") ?? "read").split(/\s+/u).filter(Boolean);
    const app: FakeMastodonApp = {
      id: String(state.apps.length + 563_419),
      name,
      website: text(params, "website") ?? null,
      redirectUris: redirects,
      scopes,
      clientId: randomBytes(16).toString("base64url"),
      clientSecret: randomBytes(24).toString("base64url"),
    };
    state.apps.push(app);
    return ok({
      id: app.id,
      name: app.name,
      website: app.website,
      scopes: app.scopes,
      redirect_uri: app.redirectUris.join("\n"),
      redirect_uris: app.redirectUris,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      vapid_key: "BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=",
    });
  }

  function authorize(query: URLSearchParams, res: ServerResponse) {
    const app = state.apps.find((a) => a.clientId === query.get("client_id"));
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!app) {
      res.writeHead(401, { "content-type": "text/html" }).end("<p>Client authentication failed.</p>");
      return;
    }
    if (!app.redirectUris.includes(redirectUri)) {
      res
        .writeHead(400, { "content-type": "text/html" })
        .end("<p>The redirect uri included is not valid.</p>");
      return;
    }
    const back = new URL(redirectUri);
    const scopes = (query.get("scope") ?? "read").split(/\s+/u).filter(Boolean);
    const method = query.get("code_challenge_method");
    const challenge = query.get("code_challenge");
    let failure: string | null = null;
    if (query.get("response_type") !== "code") failure = "unsupported_response_type";
    else if (!scopes.every((s) => app.scopes.includes(s))) failure = "invalid_scope";
    else if (challenge && method !== "S256") failure = "invalid_request";
    if (failure) back.searchParams.set("error", failure);
    else {
      const code = randomBytes(16).toString("base64url");
      codes.set(code, { clientId: app.clientId, redirectUri, scopes, challenge, used: false });
      back.searchParams.set("code", code);
    }
    if (query.get("state") !== null) back.searchParams.set("state", query.get("state") ?? "");
    res.writeHead(302, { location: back.toString() }).end();
  }

  function exchange(params: Params): Answer {
    const invalidGrant = {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    };
    const app = state.apps.find(
      (a) => a.clientId === text(params, "client_id") && a.clientSecret === text(params, "client_secret"),
    );
    if (!app) {
      return {
        status: 401,
        body: {
          error: "invalid_client",
          error_description:
            "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
        },
      };
    }
    const grantType = text(params, "grant_type");
    if (grantType === "client_credentials") {
      const token = randomBytes(24).toString("base64url");
      state.tokens.set(token, {
        token,
        accountId: null,
        clientId: app.clientId,
        scopes: ["read"],
        revoked: false,
      });
      return ok({
        access_token: token,
        token_type: "Bearer",
        scope: "read",
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    if (grantType !== "authorization_code") return error(400, "unsupported_grant_type");
    const grant = codes.get(text(params, "code") ?? "");
    if (!grant || grant.used || grant.clientId !== app.clientId) return invalidGrant;
    if (grant.redirectUri !== text(params, "redirect_uri")) return invalidGrant;
    if (grant.challenge !== null) {
      const verifier = text(params, "code_verifier") ?? "";
      const computed = createHash("sha256").update(verifier).digest("base64url");
      if (computed !== grant.challenge) return invalidGrant;
    }
    grant.used = true;
    const token = randomBytes(24).toString("base64url");
    state.tokens.set(token, {
      token,
      accountId: user.id,
      clientId: app.clientId,
      scopes: grant.scopes,
      revoked: false,
    });
    return ok({
      access_token: token,
      token_type: "Bearer",
      scope: grant.scopes.join(" "),
      created_at: Math.floor(now().getTime() / 1000),
    });
  }

  async function uploadMedia(account: FakeMastodonAccount, params: Params): Promise<Answer> {
    const file = params.file;
    if (!(file instanceof File)) return error(422, "Validation failed: File can't be blank");
    const mimeType = file.type || "application/octet-stream";
    if (!state.limits.supportedMimeTypes.includes(mimeType))
      return error(422, `Validation failed: File content type is invalid`);
    if (file.size > state.limits.imageSizeLimit && mimeType.startsWith("image/"))
      return error(422, "Validation failed: File file size must be less than 16 MB");
    if (file.size > state.limits.videoSizeLimit && mimeType.startsWith("video/"))
      return error(422, "Validation failed: File file size must be less than 99 MB");
    const description = text(params, "description") ?? null;
    if (description && [...description].length > state.limits.descriptionLimit)
      return error(
        422,
        `Validation failed: Description is too long (maximum is ${state.limits.descriptionLimit} characters)`,
      );
    const processing = processingTypes.has(mimeType);
    const failed = processing && processingFailures > 0;
    if (failed) processingFailures -= 1;
    const media: FakeMastodonMedia = {
      id: newId(),
      accountId: account.id,
      mimeType,
      size: file.size,
      description,
      pollsLeft: processing ? processingPolls : 0,
      failed,
      thumbnail: params.thumbnail instanceof File,
      statusId: null,
    };
    state.media.set(media.id, media);
    return { status: processing ? 202 : 200, body: mediaJson(media) };
  }

  function pollMedia(account: FakeMastodonAccount, id: string): Answer {
    const media = state.media.get(id);
    if (!media || media.accountId !== account.id || media.statusId) return error(404, NOT_FOUND);
    if (media.pollsLeft > 0) {
      media.pollsLeft -= 1;
      return { status: 206, body: { ...mediaJson(media), url: null } };
    }
    if (media.failed) return error(422, "Error processing thumbnail for uploaded media");
    return ok(mediaJson(media));
  }

  /**
   * The checks of Status' validators and PostStatusService#validate_media!; null when it may be saved.
   * `attached`: media already on the status being edited.
   */
  function validateStatus(
    account: FakeMastodonAccount,
    statusText: string,
    mediaIds: string[],
    attached: string[] = [],
  ): Answer | null {
    if (mediaIds.length > state.limits.maxMediaAttachments)
      return error(422, `Cannot attach more than ${state.limits.maxMediaAttachments} files`);
    for (const id of mediaIds.filter((m) => !attached.includes(m))) {
      const media = state.media.get(id);
      if (!media || media.accountId !== account.id || media.statusId)
        return error(422, `Validation failed: Media attachments could not be found: ${id}`);
      if (media.pollsLeft > 0 || media.failed)
        return error(422, "Cannot attach files that have not finished processing. Try again in a moment!");
    }
    const isVideo = (id: string) => state.media.get(id)?.mimeType.startsWith("video/") ?? false;
    // PostStatusService#validate_media!: a video goes alone.
    if (mediaIds.length > 1 && mediaIds.some(isVideo))
      return error(422, "Cannot attach a video to a post that already contains images");
    if (statusText.trim() === "" && mediaIds.length === 0)
      return error(422, "Validation failed: Text can't be blank");
    if (countStatus(statusText, state.limits.charactersReservedPerUrl) > state.limits.maxCharacters)
      return error(422, `Validation failed: Text character limit of ${state.limits.maxCharacters} exceeded`);
    return null;
  }

  function createStatus(account: FakeMastodonAccount, params: Params, key: string | null): Answer {
    const storeKey = key ? `${account.id}:${key}` : null;
    // Idempotency comes first, before any validation (PostStatusService#call) [src].
    if (storeKey) {
      const seen = idempotency.get(storeKey);
      if (seen && now().getTime() - seen.at < IDEMPOTENCY_TTL_MS) {
        if (seen.scheduled) {
          const scheduled = scheduledOf(account.id).find((s) => s.id === seen.statusId);
          return scheduled ? ok(scheduledJson(scheduled)) : error(404, NOT_FOUND);
        }
        const status = statusesOf(account.id).find((s) => s.id === seen.statusId);
        return status ? ok(statusJson(status)) : error(404, NOT_FOUND);
      }
    }
    const statusText = text(params, "status") ?? "";
    const mediaIds = list(params, "media_ids");
    const invalid = validateStatus(account, statusText, mediaIds);
    if (invalid) return invalid;
    const visibility = text(params, "visibility") ?? "public";
    const language = text(params, "language") ?? null;
    const scheduledAtText = text(params, "scheduled_at");
    if (scheduledAtText) {
      const scheduledAt = new Date(scheduledAtText);
      if (Number.isNaN(scheduledAt.getTime()))
        return error(422, "Validation failed: Scheduled at is invalid");
      // In the past it is posted now; less than 5 minutes ahead it is refused (ScheduledStatus validation).
      if (scheduledAt.getTime() > now().getTime()) {
        if (scheduledAt.getTime() - now().getTime() < MIN_SCHEDULE_OFFSET_MS)
          return error(422, "Validation failed: Scheduled at The scheduled date must be in the future");
        const pending = scheduledOf(account.id);
        if (pending.length >= 300)
          return error(
            422,
            "Validation failed: Scheduled at You have exceeded the limit of 300 scheduled statuses",
          );
        const sameDay = pending.filter(
          (s) => s.scheduledAt.toISOString().slice(0, 10) === scheduledAt.toISOString().slice(0, 10),
        );
        if (sameDay.length >= 25)
          return error(
            422,
            "Validation failed: Scheduled at You have exceeded the limit of 25 scheduled statuses for that day",
          );
        const scheduled: FakeMastodonScheduledStatus = {
          id: newId(),
          accountId: account.id,
          scheduledAt,
          text: statusText,
          language,
          visibility,
          mediaIds,
          idempotencyKey: key,
        };
        pending.push(scheduled);
        for (const id of mediaIds) {
          const media = state.media.get(id);
          if (media) media.statusId = `scheduled:${scheduled.id}`;
        }
        if (storeKey)
          idempotency.set(storeKey, { statusId: scheduled.id, scheduled: true, at: now().getTime() });
        return ok(scheduledJson(scheduled));
      }
    }
    const inReplyToId = text(params, "in_reply_to_id") ?? null;
    if (inReplyToId && !findStatus(inReplyToId)) return error(404, NOT_FOUND);
    const status = makeStatus(account, {
      text: statusText,
      language,
      visibility,
      spoilerText: text(params, "spoiler_text") ?? "",
      mediaIds,
      inReplyToId,
      idempotencyKey: key,
    });
    if (storeKey) idempotency.set(storeKey, { statusId: status.id, scheduled: false, at: now().getTime() });
    return ok(statusJson(status));
  }

  function makeStatus(
    account: FakeMastodonAccount,
    fields: Omit<FakeMastodonStatus, "id" | "accountId" | "createdAt" | "editedAt">,
  ): FakeMastodonStatus {
    const status: FakeMastodonStatus = {
      id: newId(),
      accountId: account.id,
      createdAt: now(),
      editedAt: null,
      ...fields,
    };
    statusesOf(account.id).push(status);
    for (const id of fields.mediaIds) {
      const media = state.media.get(id);
      if (media) media.statusId = status.id;
    }
    return status;
  }

  function editStatus(account: FakeMastodonAccount, id: string, params: Params): Answer {
    const status = statusesOf(account.id).find((s) => s.id === id);
    if (!status) return error(404, NOT_FOUND);
    const statusText = text(params, "status") ?? status.text;
    // Media stay as they are unless media_ids is sent (UpdateStatusService).
    const mediaIds = params.media_ids !== undefined ? list(params, "media_ids") : status.mediaIds;
    const invalid = validateStatus(account, statusText, mediaIds, status.mediaIds);
    if (invalid) return invalid;
    for (const mediaId of mediaIds) {
      const media = state.media.get(mediaId);
      if (media) media.statusId = status.id;
    }
    status.text = statusText;
    status.language = text(params, "language") ?? status.language;
    status.spoilerText = text(params, "spoiler_text") ?? status.spoilerText;
    status.mediaIds = mediaIds;
    status.editedAt = now();
    return ok(statusJson(status));
  }

  function deleteStatus(account: FakeMastodonAccount, id: string): Answer {
    const statuses = statusesOf(account.id);
    const index = statuses.findIndex((s) => s.id === id);
    const status = statuses[index];
    if (!status) return error(404, NOT_FOUND);
    statuses.splice(index, 1);
    state.deleted.push(status);
    return ok({ ...statusJson(status), text: status.text, spoiler_text: status.spoilerText });
  }

  function context(id: string): Answer {
    const status = findStatus(id);
    if (!status) return error(404, NOT_FOUND);
    const ancestors: FakeMastodonStatus[] = [];
    for (let parent = status.inReplyToId ? findStatus(status.inReplyToId) : null; parent; ) {
      ancestors.unshift(parent);
      parent = parent.inReplyToId ? findStatus(parent.inReplyToId) : null;
    }
    const all = [...state.statuses.values()].flat();
    const descendants: FakeMastodonStatus[] = [];
    const walk = (parentId: string) => {
      for (const child of all.filter((s) => s.inReplyToId === parentId)) {
        descendants.push(child);
        walk(child.id);
      }
    };
    walk(id);
    return ok({ ancestors: ancestors.map(statusJson), descendants: descendants.map(statusJson) });
  }

  function accountStatuses(id: string, query: URLSearchParams): Answer {
    if (!state.accounts.has(id)) return error(404, NOT_FOUND);
    const limit = Math.min(Number(query.get("limit") ?? 20) || 20, 40);
    const maxId = query.get("max_id");
    const newestFirst = [...statusesOf(id)]
      .reverse()
      .filter((s) => !maxId || BigInt(s.id) < BigInt(maxId))
      .slice(0, limit);
    return ok(newestFirst.map(statusJson));
  }

  function scheduledRoute(account: FakeMastodonAccount, method: string, id: string | undefined): Answer {
    const pending = scheduledOf(account.id);
    if (!id) return method === "GET" ? ok(pending.map(scheduledJson)) : error(404, NOT_FOUND);
    const index = pending.findIndex((s) => s.id === id);
    const scheduled = pending[index];
    if (!scheduled) return error(404, NOT_FOUND);
    if (method === "GET") return ok(scheduledJson(scheduled));
    if (method === "DELETE") {
      pending.splice(index, 1);
      for (const mediaId of scheduled.mediaIds) {
        const media = state.media.get(mediaId);
        if (media) media.statusId = null;
      }
      return ok({});
    }
    return error(404, NOT_FOUND);
  }

  async function api(
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
    params: Params,
    token: string | null,
    key: string | null,
  ): Promise<Answer | null> {
    const auth = (scope: string) => authenticate(token, scope);
    // The path's id, for the routes that have one.
    const idIn = (pattern: RegExp): string | null => path.match(pattern)?.[1] ?? null;
    const mediaId = idIn(/^\/api\/v1\/media\/(\d+)$/u);
    const statusId = idIn(/^\/api\/v1\/statuses\/(\d+)$/u);
    const contextId = idIn(/^\/api\/v1\/statuses\/(\d+)\/context$/u);
    const accountId = idIn(/^\/api\/v1\/accounts\/(\d+)\/statuses$/u);
    const scheduledPath = /^\/api\/v1\/scheduled_statuses(?:\/(\d+))?$/u.exec(path);

    if (method === "GET" && path === "/api/v2/instance") {
      if (options.notMastodon) return { status: 404, body: "<!doctype html><title>Not found</title>" };
      return ok(instanceJson());
    }
    if (method === "POST" && path === "/api/v1/apps") return registerApp(params);
    if (method === "GET" && path === "/api/v1/accounts/verify_credentials") {
      const who = auth("read:accounts");
      if (isAnswer(who)) return who;
      return ok({
        ...accountJson(who.account),
        source: { privacy: "public", sensitive: false, language: "en", note: "" },
      });
    }
    if (method === "POST" && path === "/api/v2/media") {
      const who = auth("write:media");
      if (isAnswer(who)) return who;
      return uploadMedia(who.account, params);
    }
    if (method === "GET" && mediaId) {
      const who = auth("write:media");
      if (isAnswer(who)) return who;
      return pollMedia(who.account, mediaId);
    }
    if (method === "POST" && path === "/api/v1/statuses") {
      const who = auth("write:statuses");
      if (isAnswer(who)) return who;
      const answer = createStatus(who.account, params, key);
      if (statusAnswersToDrop > 0 && answer.status === 200) {
        statusAnswersToDrop -= 1;
        // Created, but the caller never hears of it.
        res.destroy();
        return null;
      }
      return answer;
    }
    const favouriteId = idIn(/^\/api\/v1\/statuses\/(\d+)\/favourite$/u);
    if (method === "POST" && favouriteId) {
      const who = auth("write:favourites");
      if (isAnswer(who)) return who;
      const status = findStatus(favouriteId);
      if (!status) return error(404, NOT_FOUND);
      // Favouriting twice is one favourite (FavouriteService finds the first).
      if (!state.favourites.some((f) => f.accountId === who.account.id && f.statusId === status.id))
        state.favourites.push({ accountId: who.account.id, statusId: status.id });
      return ok({ ...statusJson(status), favourited: true });
    }
    if ((method === "PUT" || method === "DELETE") && statusId) {
      const who = auth("write:statuses");
      if (isAnswer(who)) return who;
      return method === "PUT"
        ? editStatus(who.account, statusId, params)
        : deleteStatus(who.account, statusId);
    }
    if (method === "GET" && contextId) {
      const who = auth("read:statuses");
      if (isAnswer(who)) return who;
      return context(contextId);
    }
    if (method === "GET" && statusId) {
      const who = auth("read:statuses");
      if (isAnswer(who)) return who;
      const status = findStatus(statusId);
      return status ? ok(statusJson(status)) : error(404, NOT_FOUND);
    }
    if (method === "GET" && path === "/api/v1/notifications") {
      const who = auth("read:notifications");
      if (isAnswer(who)) return who;
      const types = query.getAll("types[]");
      const sinceId = query.get("since_id");
      const limit = Math.min(Number(query.get("limit") ?? 40) || 40, 80);
      const mine = state.notifications
        .filter((n) => n.accountId === who.account.id && (types.length === 0 || types.includes(n.type)))
        .filter((n) => !sinceId || BigInt(n.id) > BigInt(sinceId))
        .reverse()
        .slice(0, limit)
        .flatMap((n) => {
          const status = findStatus(n.statusId);
          const from = state.accounts.get(n.fromAccountId);
          if (!status || !from) return [];
          return [
            {
              id: n.id,
              type: n.type,
              created_at: status.createdAt.toISOString(),
              account: accountJson(from),
              status: statusJson(status),
            },
          ];
        });
      return ok(mine);
    }
    if (method === "GET" && accountId) {
      const who = auth("read:statuses");
      if (isAnswer(who)) return who;
      return accountStatuses(accountId, query);
    }
    if (scheduledPath) {
      const who = auth(method === "GET" ? "read:statuses" : "write:statuses");
      if (isAnswer(who)) return who;
      return scheduledRoute(who.account, method, scheduledPath[1]);
    }
    return error(404, NOT_FOUND);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const parsed = new URL(req.url ?? "/", url);
    const path = parsed.pathname;
    const body = await readBody(req);
    const authorization = String(req.headers.authorization ?? "");
    const token = authorization.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : null;
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const caller = token ? state.tokens.get(token) : undefined;
    const accountId = caller && !caller.revoked ? caller.accountId : null;
    state.requests.push({
      method,
      path,
      query: parsed.searchParams,
      token,
      idempotencyKey: key,
      at: now(),
      accountId,
    });

    if (method === "GET" && path === "/oauth/authorize") {
      authorize(parsed.searchParams, res);
      return;
    }
    const params = await parseParams(req, body);
    const send = (answer: Answer) => {
      const isText = typeof answer.body === "string";
      res.writeHead(answer.status, {
        "content-type": isText ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
        ...(path.startsWith("/api/") ? rateHeaders() : {}),
        ...answer.headers,
      });
      res.end(isText ? answer.body : JSON.stringify(answer.body));
    };
    if (method === "POST" && path === "/oauth/token") {
      send(exchange(params));
      return;
    }
    if (path.startsWith("/api/") && options.rateLimit && accountId) {
      const { calls, windowMs } = options.rateLimit;
      const inWindow = state.requests.filter(
        (r) =>
          r.accountId === accountId &&
          r.path.startsWith("/api/") &&
          r.at.getTime() > now().getTime() - windowMs,
      );
      if (inWindow.length > calls) {
        state.refusedCalls += 1;
        const resetAt = new Date((inWindow[0]?.at.getTime() ?? now().getTime()) + windowMs);
        send({
          status: 429,
          body: { error: "Too many requests" },
          headers: {
            "x-ratelimit-limit": String(calls),
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset": resetAt.toISOString(),
          },
        });
        return;
      }
    }
    if (path.startsWith("/api/")) {
      // Rate limits and injected failures answer before anything is done (rack-attack sits in front).
      if (rateLimited && rateLimited.left > 0) {
        rateLimited.left -= 1;
        const resetAt = rateLimited.resetAt;
        if (rateLimited.left === 0) rateLimited = null;
        send({
          status: 429,
          body: { error: "Too many requests" },
          headers: {
            "x-ratelimit-limit": "300",
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset": resetAt.toISOString(),
          },
        });
        return;
      }
      const failure = failures.findIndex(
        (f) =>
          (!f.matcher.method || f.matcher.method === method) &&
          (!f.matcher.path || f.matcher.path.test(path)),
      );
      if (failure >= 0) {
        const [injected] = failures.splice(failure, 1);
        if (injected) {
          send(error(injected.status, injected.error));
          return;
        }
      }
    }
    const answer = await api(res, method, path, parsed.searchParams, params, token, key);
    if (answer) send(answer);
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((failure: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: String(failure) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Mastodon server did not bind");
  url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    host: `127.0.0.1:${address.port}`,
    user,
    state,
    statusesOf: (accountId = user.id) => [...statusesOf(accountId)],
    scheduledOf: (accountId = user.id) => [...scheduledOf(accountId)],
    issueToken(scopes = ["profile", "write:statuses", "write:media", "read:statuses", "read:notifications"]) {
      const token = randomBytes(24).toString("base64url");
      state.tokens.set(token, { token, accountId: user.id, clientId: "test", scopes, revoked: false });
      return token;
    },
    revokeToken(token) {
      for (const entry of state.tokens.values()) {
        if (token ? entry.token === token : entry.accountId === user.id) entry.revoked = true;
      }
    },
    rateLimitNext(count, resetAt) {
      rateLimited = count > 0 ? { left: count, resetAt } : null;
    },
    dropNextStatusResponse(count = 1) {
      statusAnswersToDrop = count;
    },
    failNextProcessing(count = 1) {
      processingFailures = count;
    },
    repliesTo: (statusId) => [...state.statuses.values()].flat().filter((s) => s.inReplyToId === statusId),
    failNext(matcher, status, message) {
      failures.push({ matcher, status, error: message });
    },
    receiveMention(mentionText, inReplyToId) {
      const status = makeStatus(stranger, {
        text: `@${user.username}@${new URL(url).host} ${mentionText}`,
        language: "en",
        visibility: "public",
        spoilerText: "",
        mediaIds: [],
        inReplyToId: inReplyToId ?? null,
        idempotencyKey: null,
      });
      state.notifications.push({
        id: newId(),
        accountId: user.id,
        type: "mention",
        fromAccountId: stranger.id,
        statusId: status.id,
      });
      return status;
    },
    editStatus(statusId, newText) {
      const status = findStatus(statusId);
      if (!status) throw new Error(`no fake status ${statusId}`);
      status.text = newText;
      status.editedAt = now();
      return status;
    },
    removeStatus(statusId) {
      for (const statuses of state.statuses.values()) {
        const index = statuses.findIndex((s) => s.id === statusId);
        const [removed] = index >= 0 ? statuses.splice(index, 1) : [];
        if (removed) state.deleted.push(removed);
      }
    },
    callsOf: (accountId, windowMs) =>
      state.requests.filter(
        (r) =>
          r.accountId === accountId &&
          r.path.startsWith("/api/") &&
          r.at.getTime() > now().getTime() - windowMs,
      ).length,
    publishDueScheduled() {
      const published: FakeMastodonStatus[] = [];
      for (const [accountId, pending] of state.scheduled) {
        const account = state.accounts.get(accountId);
        if (!account) continue;
        for (const scheduled of pending.filter((s) => s.scheduledAt.getTime() <= now().getTime())) {
          pending.splice(pending.indexOf(scheduled), 1);
          published.push(
            makeStatus(account, {
              text: scheduled.text,
              language: scheduled.language,
              visibility: scheduled.visibility,
              spoilerText: "",
              mediaIds: scheduled.mediaIds,
              inReplyToId: null,
              idempotencyKey: null,
            }),
          );
        }
      }
      return published;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
