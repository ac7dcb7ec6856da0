import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";

/**
 * The calls to one Discord webhook (contracts/networks.md section 6), each through the SSRF-guarded fetch
 * (the webhook URL is what a user pasted). What every call shares lives here: the webhook's path (its
 * token never leaves this module in a message), Discord's rate limits (a bucket emptied with a short
 * X-RateLimit-Reset-After is waited out before the next call on that webhook; a 429 goes back with
 * retryAfterMs), and telling a lost answer from a refusal. What a status means is the caller's to say.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
/** A bucket emptied for less than this is waited out before the webhook's next call; longer is left to 429. */
export const MAX_PACING_WAIT_MS = 5_000;

export const RATE_LIMITED_MESSAGE =
  "Discord asked us to slow down (its rate limit); the post will be tried again later.";

/** Discord's JSON error codes the provider tells apart. */
export const UNKNOWN_WEBHOOK = 10015;
export const UNKNOWN_MESSAGE = 10008;
export const INVALID_WEBHOOK_TOKEN = 50027;

/**
 * The call may or may not have been carried out: the connection broke, it timed out, or Discord answered
 * 5xx. Discord keeps no idempotency for webhooks, so a write in this state is never sent again.
 */
export class LostAnswerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LostAnswerError";
  }
}

export interface DiscordWebhookRef {
  id: string;
  token: string;
}

export interface DiscordRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** After the webhook's own path: "" or "/messages/{id}". */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
}

export interface DiscordAnswer {
  status: number;
  body: unknown;
  /** Discord's JSON error code (10015 Unknown Webhook...), when the body has one. */
  code: number | null;
  /** Discord's error message, when the body has one (it never holds the token). */
  message: string | null;
}

export interface DiscordApi {
  send(webhook: DiscordWebhookRef, request: DiscordRequest): Promise<DiscordAnswer>;
}

export interface DiscordApiOptions {
  /** DISCORD_API_URL (https://discord.com/api), without a trailing slash or with. */
  apiUrl: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
}

const secondsToMs = (value: unknown): number | null => {
  const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0
    ? Math.ceil(seconds * 1000)
    : null;
};

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** How long a 429 asks us to wait: the body's retry_after (float seconds), else Retry-After, else the bucket's. */
export function retryAfterMsOf(headers: Headers, body: unknown): number {
  return (
    secondsToMs(fieldOf(body, "retry_after")) ??
    secondsToMs(headers.get("retry-after")) ??
    secondsToMs(headers.get("x-ratelimit-reset-after")) ??
    0
  );
}

export function createDiscordApi(options: DiscordApiOptions): DiscordApi {
  const base = options.apiUrl.replace(/\/+$/u, "");
  /** Per webhook id: no call before this time (ms), set when a bucket was emptied for a short while. */
  const pacedUntil = new Map<string, number>();

  async function pace(webhookId: string) {
    const until = pacedUntil.get(webhookId);
    if (until === undefined) return;
    pacedUntil.delete(webhookId);
    const waitMs = until - options.now().getTime();
    if (waitMs > 0) await options.sleep(waitMs);
  }

  function notePacing(webhookId: string, headers: Headers) {
    const resetAfterMs = secondsToMs(headers.get("x-ratelimit-reset-after"));
    if (headers.get("x-ratelimit-remaining") === "0" && resetAfterMs !== null && resetAfterMs > 0) {
      if (resetAfterMs < MAX_PACING_WAIT_MS)
        pacedUntil.set(webhookId, options.now().getTime() + resetAfterMs);
      return;
    }
    pacedUntil.delete(webhookId);
  }

  async function send(webhook: DiscordWebhookRef, request: DiscordRequest): Promise<DiscordAnswer> {
    await pace(webhook.id);
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : "";
    const url = `${base}/webhooks/${webhook.id}/${webhook.token}${request.path}${query}`;
    const headers: Record<string, string> = { accept: "application/json" };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    } else if (request.form) body = request.form;

    const { response, body: parsed } = await sendRequest(
      options.fetch,
      url,
      { method: request.method, headers, body },
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      (error) =>
        // The guard's refusals (private address, unknown host) are answers, not lost ones. Never the
        // error's own text: undici may quote the URL, and the URL is the secret.
        error instanceof AppError ? error : new LostAnswerError("Discord did not answer."),
    );
    notePacing(webhook.id, response.headers);
    const status = response.status;
    if (status === 429) {
      // Refused before anything was done: the same call is worth making again after the wait.
      throw new AppError("upstream_failed", RATE_LIMITED_MESSAGE, {
        retryAfterMs: retryAfterMsOf(response.headers, parsed),
      });
    }
    if (status >= 500) throw new LostAnswerError(`Discord answered HTTP ${status}.`);
    const code = fieldOf(parsed, "code");
    const message = fieldOf(parsed, "message");
    return {
      status,
      body: parsed,
      code: typeof code === "number" ? code : null,
      message: typeof message === "string" && message !== "" ? message : null,
    };
  }

  return { send };
}
