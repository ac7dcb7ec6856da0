import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * Discord's channel webhooks over real HTTP, written from contracts/networks.md section 6: GET the webhook
 * with its token (no auth), execute it (JSON or multipart with payload_json + files[n], `wait=true` for the
 * message, 204 without), and GET/PATCH/DELETE its messages. Errors use Discord's `{"message","code"}` body
 * (404 Unknown Webhook 10015, 401 Invalid Webhook Token 50027, 404 Unknown Message 10008, 400 50006 and
 * 50035, 413 40005). Every answer carries the X-RateLimit-* headers of the webhook's bucket.
 * Controls: delete a webhook (404 from then on), answer 429 with Retry-After and `retry_after` to the next N
 * calls, empty the bucket (Remaining 0 with a Reset-After) on the next answers, and carry out the next
 * execute but drop its answer (socket destroyed, or a 500). `state` holds what it made, so tests count.
 */

export interface FakeDiscordWebhook {
  id: string;
  token: string;
  name: string | null;
  avatar: string | null;
  guildId: string | null;
  channelId: string;
  /** 1 incoming, 2 channel follower, 3 application. */
  type: number;
  deleted: boolean;
}

export interface FakeDiscordAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  description: string | null;
  bytes: Uint8Array;
}

export interface FakeDiscordMessage {
  id: string;
  webhookId: string;
  channelId: string;
  content: string;
  attachments: FakeDiscordAttachment[];
  allowedMentions: unknown;
  createdAt: Date;
  editedAt: Date | null;
}

export interface FakeDiscordRequest {
  method: string;
  /** The path with the token masked (/api/webhooks/{id}/***\/messages/{id}). */
  path: string;
  query: URLSearchParams;
  webhookId: string | null;
  contentType: string | null;
}

export interface FakeDiscordState {
  webhooks: Map<string, FakeDiscordWebhook>;
  /** Live messages by id (deleted ones move to `deleted`). */
  messages: Map<string, FakeDiscordMessage>;
  deleted: FakeDiscordMessage[];
  requests: FakeDiscordRequest[];
}

type Matcher = { method?: string; path?: RegExp };

export interface FakeDiscordServer {
  /** http://127.0.0.1:port */
  url: string;
  /** http://127.0.0.1:port/api: what DISCORD_API_URL is set to. */
  apiUrl: string;
  state: FakeDiscordState;
  /** A webhook on a channel, with its URL as Discord's UI copies it (on the fake's origin). */
  createWebhook(input?: {
    name?: string | null;
    avatar?: string | null;
    guildId?: string | null;
    channelId?: string;
    type?: number;
  }): FakeDiscordWebhook & { url: string };
  /** The live messages a webhook posted, oldest first. */
  messagesOf(webhookId: string): FakeDiscordMessage[];
  /** Deleted in the channel's settings: every call answers 404 Unknown Webhook from now on. */
  deleteWebhook(webhookId: string): void;
  /** A message deleted in the channel by a moderator. */
  deleteMessage(messageId: string): void;
  /**
   * The next `count` calls answer 429 before acting, with Retry-After and the body's retry_after; `cloudflare`:
   * as Cloudflare's edge does (an HTML page with only Retry-After, in whole seconds).
   */
  rateLimitNext(
    count: number,
    retryAfterSeconds: number,
    options?: { global?: boolean; cloudflare?: boolean },
  ): void;
  /** The next `count` answers say the bucket is empty (X-RateLimit-Remaining 0) for `resetAfterSeconds`. */
  emptyBucketNext(count: number, resetAfterSeconds: number): void;
  /**
   * The next `count` executes are carried out (the message made), then the answer is lost: the socket
   * destroyed unanswered ("destroy") or a 500 answered instead ("500").
   */
  dropNextExecute(count?: number, mode?: "destroy" | "500"): void;
  /** The next matching call answers this error before acting. */
  failNext(matcher: Matcher, status: number, code: number, message: string): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const DISCORD_EPOCH = 1_420_070_400_000n;
const MAX_CONTENT = 2000;
const MAX_FILES = 10;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_DESCRIPTION = 1024;
const WEBHOOK_ROUTE = /^\/api\/webhooks\/([^/]+)\/([^/]+)(?:\/messages\/([^/]+))?\/?$/u;

const fail = (status: number, code: number, message: string, errors?: unknown): Answer => ({
  status,
  body: { message, code, ...(errors ? { errors } : {}) },
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startDiscordServer(options: { now?: () => Date } = {}): Promise<FakeDiscordServer> {
  const now = options.now ?? (() => new Date());
  const webhooks = new Map<string, FakeDiscordWebhook>();
  const messages = new Map<string, FakeDiscordMessage>();
  const deleted: FakeDiscordMessage[] = [];
  const requests: FakeDiscordRequest[] = [];
  const rateLimits: { left: number; retryAfter: number; global: boolean; cloudflare: boolean }[] = [];
  const emptyBuckets: { left: number; resetAfter: number }[] = [];
  const failures: { matcher: Matcher; status: number; code: number; message: string }[] = [];
  const drops: { left: number; mode: "destroy" | "500" }[] = [];
  let sequence = 0n;
  let url = "";

  const snowflake = () => {
    sequence = (sequence + 1n) & 0xfffn;
    return ((BigInt(now().getTime()) - DISCORD_EPOCH) << 22n) | sequence;
  };
  const nextId = () => snowflake().toString();

  function messageJson(message: FakeDiscordMessage) {
    const webhook = webhooks.get(message.webhookId);
    return {
      id: message.id,
      type: 0,
      content: message.content,
      channel_id: message.channelId,
      author: { id: message.webhookId, username: webhook?.name ?? "Captain Hook", bot: true },
      attachments: message.attachments.map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        size: attachment.size,
        content_type: attachment.contentType,
        url: `https://cdn.discordapp.com/attachments/${message.channelId}/${attachment.id}/${attachment.filename}`,
        ...(attachment.description !== null ? { description: attachment.description } : {}),
      })),
      embeds: [],
      mentions: [],
      mention_roles: [],
      pinned: false,
      mention_everyone: false,
      tts: false,
      timestamp: message.createdAt.toISOString(),
      edited_timestamp: message.editedAt?.toISOString() ?? null,
      flags: 0,
      components: [],
      webhook_id: message.webhookId,
    };
  }

  const webhookJson = (webhook: FakeDiscordWebhook) => ({
    application_id: null,
    avatar: webhook.avatar,
    channel_id: webhook.channelId,
    guild_id: webhook.guildId,
    id: webhook.id,
    name: webhook.name,
    type: webhook.type,
    token: webhook.token,
    url: `${url}/api/webhooks/${webhook.id}/${webhook.token}`,
  });

  /** The payload (JSON, or multipart's payload_json) and the uploaded files[n]. */
  async function readPayload(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ payload: Record<string, unknown>; files: Map<number, { file: File }> } | { error: Answer }> {
    const contentType = req.headers["content-type"] ?? "";
    const files = new Map<number, { file: File }>();
    if (contentType.startsWith("multipart/form-data")) {
      const form = await new Response(new Uint8Array(body), {
        headers: { "content-type": contentType },
      }).formData();
      let payload: Record<string, unknown> = {};
      for (const [name, value] of form.entries()) {
        if (name === "payload_json" && typeof value === "string") {
          try {
            payload = JSON.parse(value) as Record<string, unknown>;
          } catch {
            return { error: fail(400, 50109, "The request body contains invalid JSON.") };
          }
          continue;
        }
        const index = /^files\[(\d+)\]$/u.exec(name)?.[1];
        if (index !== undefined && typeof value !== "string") files.set(Number(index), { file: value });
      }
      return { payload, files };
    }
    if (body.length === 0) return { payload: {}, files };
    try {
      return { payload: JSON.parse(body.toString("utf8")) as Record<string, unknown>, files };
    } catch {
      return { error: fail(400, 50109, "The request body contains invalid JSON.") };
    }
  }

  async function execute(
    webhook: FakeDiscordWebhook,
    req: IncomingMessage,
    body: Buffer,
    query: URLSearchParams,
  ): Promise<Answer> {
    const read = await readPayload(req, body);
    if ("error" in read) return read.error;
    const { payload, files } = read;
    const content = typeof payload.content === "string" ? payload.content : "";
    if (content.length > MAX_CONTENT)
      return fail(400, 50035, "Invalid Form Body", {
        content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
      });
    if (files.size > MAX_FILES) return fail(400, 50035, "Invalid Form Body");
    for (const { file } of files.values())
      if (file.size > MAX_FILE_BYTES) return fail(413, 40005, "Request entity too large");
    if (content.trim() === "" && files.size === 0) return fail(400, 50006, "Cannot send an empty message");
    const described = Array.isArray(payload.attachments) ? payload.attachments : [];
    const attachments: FakeDiscordAttachment[] = [];
    for (const [index, { file }] of [...files.entries()].sort(([a], [b]) => a - b)) {
      const meta = described.find(
        (entry): entry is Record<string, unknown> =>
          typeof entry === "object" && entry !== null && Number((entry as { id?: unknown }).id) === index,
      );
      const description = typeof meta?.description === "string" ? meta.description : null;
      if (description !== null && description.length > MAX_DESCRIPTION)
        return fail(400, 50035, "Invalid Form Body");
      attachments.push({
        id: nextId(),
        filename: typeof meta?.filename === "string" ? meta.filename : file.name,
        contentType: file.type,
        size: file.size,
        description,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
    }
    const message: FakeDiscordMessage = {
      id: nextId(),
      webhookId: webhook.id,
      channelId: webhook.channelId,
      content,
      attachments,
      allowedMentions: payload.allowed_mentions,
      createdAt: now(),
      editedAt: null,
    };
    messages.set(message.id, message);
    return query.get("wait") === "true" ? { status: 200, body: messageJson(message) } : { status: 204 };
  }

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    body: Buffer,
  ): Promise<Answer> {
    const match = WEBHOOK_ROUTE.exec(path);
    if (!match) return fail(404, 0, "404: Not Found");
    const [, id = "", token = "", messageId] = match;
    const webhook = webhooks.get(id);
    if (!webhook || webhook.deleted) return fail(404, 10015, "Unknown Webhook");
    if (webhook.token !== token) return fail(401, 50027, "Invalid Webhook Token");

    if (messageId === undefined) {
      if (method === "GET") return { status: 200, body: webhookJson(webhook) };
      if (method === "POST") return execute(webhook, req, body, query);
      return fail(405, 0, "405: Method Not Allowed");
    }
    const message = messages.get(messageId);
    if (!message || message.webhookId !== webhook.id) return fail(404, 10008, "Unknown Message");
    if (method === "GET") return { status: 200, body: messageJson(message) };
    if (method === "DELETE") {
      messages.delete(message.id);
      deleted.push(message);
      return { status: 204 };
    }
    if (method === "PATCH") {
      const read = await readPayload(req, body);
      if ("error" in read) return read.error;
      const content = read.payload.content;
      if (typeof content === "string") {
        if (content.length > MAX_CONTENT) return fail(400, 50035, "Invalid Form Body");
        message.content = content;
      }
      // Files left out of a given `attachments` are removed; without it they stay.
      if (Array.isArray(read.payload.attachments)) {
        const kept = new Set(
          read.payload.attachments.map((entry) => String((entry as { id?: unknown }).id ?? "")),
        );
        message.attachments = message.attachments.filter((attachment) => kept.has(attachment.id));
      }
      message.editedAt = now();
      return { status: 200, body: messageJson(message) };
    }
    return fail(405, 0, "405: Method Not Allowed");
  }

  function bucketHeaders(webhookId: string | null): Record<string, string> {
    const empty = emptyBuckets.find((bucket) => bucket.left > 0);
    const resetAfter = empty ? empty.resetAfter : 1;
    if (empty) empty.left -= 1;
    return {
      "x-ratelimit-limit": "5",
      "x-ratelimit-remaining": empty ? "0" : "4",
      "x-ratelimit-reset": ((now().getTime() + resetAfter * 1000) / 1000).toFixed(3),
      "x-ratelimit-reset-after": resetAfter.toFixed(3),
      "x-ratelimit-bucket": `webhook-${webhookId ?? "none"}`,
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const path = address.pathname;
    const body = await readBody(req);
    const webhookId = WEBHOOK_ROUTE.exec(path)?.[1] ?? null;
    requests.push({
      method,
      path: path.replace(/^(\/api\/webhooks\/[^/]+\/)[^/]+/u, "$1***"),
      query: address.searchParams,
      webhookId,
      contentType: req.headers["content-type"] ?? null,
    });

    const send = (answer: Answer) => {
      const headers = { ...bucketHeaders(webhookId), ...answer.headers };
      if (typeof answer.body === "string") {
        res.writeHead(answer.status, { "content-type": "text/html", ...answer.headers });
        res.end(answer.body);
        return;
      }
      if (answer.body === undefined) {
        res.writeHead(answer.status, headers);
        res.end();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(answer.body));
    };

    const limited = rateLimits.find((limit) => limit.left > 0);
    if (limited) {
      limited.left -= 1;
      if (limited.cloudflare) {
        send({
          status: 429,
          body: "<html><body>Error 1015: You are being rate limited.</body></html>",
          headers: { "retry-after": String(Math.ceil(limited.retryAfter)) },
        });
        return;
      }
      send({
        status: 429,
        body: {
          message: "You are being rate limited.",
          retry_after: limited.retryAfter,
          global: limited.global,
        },
        headers: {
          "retry-after": String(Math.ceil(limited.retryAfter)),
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset-after": limited.retryAfter.toFixed(3),
          "x-ratelimit-scope": limited.global ? "global" : "user",
          ...(limited.global ? { "x-ratelimit-global": "true" } : {}),
        },
      });
      return;
    }
    const failureIndex = failures.findIndex(
      (failure) =>
        (!failure.matcher.method || failure.matcher.method === method) &&
        (!failure.matcher.path || failure.matcher.path.test(path)),
    );
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure) {
      send(fail(failure.status, failure.code, failure.message));
      return;
    }

    const answer = await route(method, path, address.searchParams, req, body);
    const isExecute = method === "POST" && WEBHOOK_ROUTE.exec(path)?.[3] === undefined;
    const drop = drops.find((entry) => entry.left > 0);
    if (isExecute && answer.status < 300 && drop) {
      drop.left -= 1;
      // Made, but the caller never hears so.
      if (drop.mode === "destroy") res.socket?.destroy();
      else send(fail(500, 0, "500: Internal Server Error"));
      return;
    }
    send(answer);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: String(error), code: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Discord server did not bind");
  url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    apiUrl: `${url}/api`,
    state: { webhooks, messages, deleted, requests },
    createWebhook(input = {}) {
      const webhook: FakeDiscordWebhook = {
        id: nextId(),
        token: randomBytes(51).toString("base64url"),
        name: input.name === undefined ? "Captain Hook" : input.name,
        avatar: input.avatar === undefined ? null : input.avatar,
        guildId: input.guildId === undefined ? nextId() : input.guildId,
        channelId: input.channelId ?? nextId(),
        type: input.type ?? 1,
        deleted: false,
      };
      webhooks.set(webhook.id, webhook);
      return { ...webhook, url: `${url}/api/webhooks/${webhook.id}/${webhook.token}` };
    },
    messagesOf: (webhookId) =>
      [...messages.values()]
        .filter((message) => message.webhookId === webhookId)
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
    deleteWebhook(webhookId) {
      const webhook = webhooks.get(webhookId);
      if (webhook) webhook.deleted = true;
    },
    deleteMessage(messageId) {
      const message = messages.get(messageId);
      if (!message) return;
      messages.delete(messageId);
      deleted.push(message);
    },
    rateLimitNext(count, retryAfterSeconds, limitOptions = {}) {
      rateLimits.push({
        left: count,
        retryAfter: retryAfterSeconds,
        global: limitOptions.global ?? false,
        cloudflare: limitOptions.cloudflare ?? false,
      });
    },
    emptyBucketNext(count, resetAfterSeconds) {
      emptyBuckets.push({ left: count, resetAfter: resetAfterSeconds });
    },
    dropNextExecute(count = 1, mode = "destroy") {
      drops.push({ left: count, mode });
    },
    failNext(matcher, status, code, message) {
      failures.push({ matcher, status, code, message });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
