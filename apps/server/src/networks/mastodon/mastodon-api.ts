import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";

/**
 * The calls to one Mastodon instance, each through the SSRF-guarded fetch (the host is what a user typed).
 * masto.js is not used for them: it calls the global fetch and takes no other, so it cannot go through the
 * guard. What every call shares lives here: the token, the rate limit (429 with an ISO 8601 X-RateLimit-Reset:
 * waited out once when it is near), a refused token (401), and telling a lost answer from a refusal.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest rate-limit wait spent inside one call; a longer one goes back to the job with retryAfterMs. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
export const TOKEN_EXPIRED_MESSAGE =
  "Your Mastodon connection has expired. Please reconnect it in Settings > Channels.";

export const rateLimitedMessage = (host: string) =>
  `${host} asked us to slow down (Mastodon's rate limit); the post will be tried again later.`;
export const refusedMessage = (host: string, status: number, error: string | null) =>
  error ? `Mastodon (${host}) refused: ${error}` : `Mastodon (${host}) answered HTTP ${status}.`;

/**
 * The call may or may not have been carried out: the connection broke, it timed out, or the instance
 * answered 5xx. Only a caller that can settle it (a status POST with its Idempotency-Key) retries.
 */
export class LostAnswerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LostAnswerError";
  }
}

export interface MastodonRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path and query, e.g. /api/v1/accounts/1/statuses?limit=20 */
  path: string;
  json?: unknown;
  form?: FormData | URLSearchParams;
  idempotencyKey?: string;
  /** Statuses outside 2xx handed back to the caller instead of thrown (404 on delete, 206 while processing). */
  accept?: number[];
  timeoutMs?: number;
}

export interface MastodonAnswer {
  status: number;
  body: unknown;
  /** Mastodon's `error` (or OAuth's `error_description`) when the body has one. */
  error: string | null;
}

export interface MastodonApi {
  readonly host: string;
  readonly origin: string;
  send(request: MastodonRequest): Promise<MastodonAnswer>;
}

export interface MastodonApiOptions {
  host: string;
  scheme: "https" | "http";
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  userAgent: string;
  accessToken?: string;
  /** The instance refused the token (401): marks the connection expired; called at most once per client. */
  onTokenRejected?: () => Promise<void>;
}

function errorOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const description = record.error_description;
  const error = record.error;
  if (typeof description === "string" && description !== "") return description;
  return typeof error === "string" && error !== "" ? error : null;
}

/** X-RateLimit-Reset is an ISO 8601 time (not epoch seconds): how long until then, or null when absent. */
export function rateLimitWaitMs(reset: string | null, now: Date): number | null {
  if (!reset) return null;
  const at = Date.parse(reset);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

export function createMastodonApi(options: MastodonApiOptions): MastodonApi {
  const origin = `${options.scheme}://${options.host}`;
  let tokenRejected = false;

  async function once(
    request: MastodonRequest,
  ): Promise<{ status: number; headers: Headers; body: unknown }> {
    const headers: Record<string, string> = { accept: "application/json", "user-agent": options.userAgent };
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (request.idempotencyKey) headers["idempotency-key"] = request.idempotencyKey;
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    } else if (request.form) body = request.form;

    const { response, body: parsed } = await sendRequest(
      options.fetch,
      `${origin}${request.path}`,
      { method: request.method, headers, body },
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      (error) =>
        // The guard's refusals (private address, unknown host) are answers, not lost ones.
        error instanceof AppError
          ? error
          : new LostAnswerError(`${options.host} did not answer.`, { cause: error }),
    );
    return { status: response.status, headers: response.headers, body: parsed };
  }

  async function send(request: MastodonRequest): Promise<MastodonAnswer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await once(request);
      const { status, body } = answer;
      const error = errorOf(body);
      if (status === 429) {
        // Refused before anything was done (rack-attack sits in front), so sending it again is safe.
        const waitMs = rateLimitWaitMs(answer.headers.get("x-ratelimit-reset"), options.now());
        if (attempt === 0 && waitMs !== null && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
          await options.sleep(waitMs + 1000);
          continue;
        }
        throw new AppError("upstream_failed", rateLimitedMessage(options.host), {
          retryAfterMs: waitMs ?? 0,
        });
      }
      if (request.accept?.includes(status)) return { status, body, error };
      if (status >= 200 && status < 300) return { status, body, error };
      if (status === 401 && options.onTokenRejected) {
        if (!tokenRejected) {
          tokenRejected = true;
          await options.onTokenRejected();
        }
        throw new AppError("network_token_expired", TOKEN_EXPIRED_MESSAGE);
      }
      if (status >= 500) throw new LostAnswerError(refusedMessage(options.host, status, error));
      throw new AppError("upstream_failed", refusedMessage(options.host, status, error));
    }
  }

  return { host: options.host, origin, send };
}
