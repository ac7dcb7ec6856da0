import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";
import { readRetryAfterMs } from "../meta/meta-graph-client";

/**
 * The calls to graph.threads.net (contracts/networks.md section 5). Every call carries the token as the
 * contract shows it: `access_token` in the form body of a POST, in the query of a GET or DELETE. What every
 * call shares lives here: Graph's error envelope read by `error.code` (190: the token is dead; 4, 17, 32,
 * 613: a rate limit), and telling a lost answer (no answer, a timeout, a 5xx, Graph's code 2)
 * from a refusal, since only a caller that can settle a lost write may act on it.
 */

export const THREADS_API_VERSION = "v1.0";
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A rate limit without a usage header to say how long: the publish job tries again in an hour. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 3_600_000;

export const TOKEN_EXPIRED_MESSAGE =
  "Threads no longer accepts this connection: reconnect it in Settings > Channels.";
export const RATE_LIMITED_MESSAGE =
  "Threads asked us to slow down (its rate limit); the post will be tried again later.";

/** Graph's throttling codes: application, user, page-level and per-action limits. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Graph's "service temporarily unavailable": the call may or may not have been done. */
const SERVICE_UNAVAILABLE = 2;
const TOKEN_CODE = 190;

/**
 * The call may or may not have been carried out: the connection broke, it timed out, Threads answered 5xx
 * or a transient Graph error. Only a caller that can settle it (threads_publish, by the container) acts on it.
 */
export class LostAnswerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LostAnswerError";
  }
}

/** Threads refused the call (a 4xx with Graph's envelope): nothing was done. */
export class ThreadsRefusal extends Error {
  readonly code: number | null;
  readonly subcode: number | null;
  readonly status: number;

  constructor(values: { message: string; code: number | null; subcode: number | null; status: number }) {
    super(values.message);
    this.name = "ThreadsRefusal";
    this.code = values.code;
    this.subcode = values.subcode;
    this.status = values.status;
  }
}

export const isRefusal = (error: unknown, code?: number, subcode?: number): error is ThreadsRefusal =>
  error instanceof ThreadsRefusal &&
  (code === undefined || error.code === code) &&
  (subcode === undefined || error.subcode === subcode);

export type ThreadsParams = Record<string, string | number | boolean | undefined | null>;

export interface ThreadsRequest {
  method: "GET" | "POST" | "DELETE";
  /** "/me", "/{user-id}/threads"; under /v1.0 unless `unversioned` (the token endpoints). */
  path: string;
  params?: ThreadsParams;
  unversioned?: boolean;
  /** Without the connection's token (the code exchange names its own). */
  anonymous?: boolean;
}

export interface ThreadsApi {
  send<T = unknown>(request: ThreadsRequest): Promise<T>;
  /** The token calls go out with (a refresh replaces it). */
  token(): string | null;
  setToken(token: string): void;
}

export interface ThreadsApiOptions {
  /** https://graph.threads.net, or the fake's address in tests. */
  graphUrl: string;
  accessToken?: string;
  /** Threads refused the token (190): marks the connection expired; called at most once per client. */
  onTokenRejected?: () => Promise<void>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface GraphEnvelope {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_user_msg?: unknown;
}

const numberOr = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** How long a rate limit asks to wait: Retry-After, Meta's usage headers, or an hour. */
export function rateLimitWaitOf(headers: Headers): number {
  const retryAfter = Number(headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  return readRetryAfterMs(headers) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
}

export function createThreadsApi(options: ThreadsApiOptions): ThreadsApi {
  const base = options.graphUrl.replace(/\/+$/u, "");
  const doFetch = options.fetch ?? fetch;
  let accessToken = options.accessToken ?? null;
  let tokenRejected = false;

  async function send<T>(request: ThreadsRequest): Promise<T> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.params ?? {})) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    if (!request.anonymous && accessToken) params.set("access_token", accessToken);
    const path = request.unversioned ? request.path : `/${THREADS_API_VERSION}${request.path}`;
    const isPost = request.method === "POST";
    const query = isPost ? "" : params.toString();
    const { response, body } = await sendRequest(
      doFetch,
      `${base}${path}${query ? `?${query}` : ""}`,
      {
        method: request.method,
        headers: {
          accept: "application/json",
          ...(isPost ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        ...(isPost ? { body: params.toString() } : {}),
      },
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      (error) => new LostAnswerError("Threads did not answer.", { cause: error }),
    );
    const envelope =
      typeof body === "object" && body !== null && "error" in body
        ? ((body as { error: unknown }).error as GraphEnvelope | null)
        : null;
    if (response.ok && !envelope) return body as T;

    const code = numberOr(envelope?.code);
    const subcode = numberOr(envelope?.error_subcode);
    const said = envelope?.message;
    const message = typeof said === "string" && said ? said : `HTTP ${response.status}`;
    if (code === TOKEN_CODE && options.onTokenRejected) {
      if (!tokenRejected) {
        tokenRejected = true;
        await options.onTokenRejected();
      }
      throw new AppError("network_token_expired", TOKEN_EXPIRED_MESSAGE);
    }
    if ((code !== null && RATE_LIMIT_CODES.has(code)) || response.status === 429) {
      throw new AppError("upstream_failed", RATE_LIMITED_MESSAGE, {
        retryAfterMs: rateLimitWaitOf(response.headers),
      });
    }
    // Graph's code 1 also comes with a 400 for a plain refusal ("Error validating client secret.").
    if (response.status >= 500 || code === SERVICE_UNAVAILABLE) {
      throw new LostAnswerError(`Threads failed: ${message}`);
    }
    throw new ThreadsRefusal({ message, code, subcode, status: response.status });
  }

  return {
    send,
    token: () => accessToken,
    setToken(token) {
      accessToken = token;
    },
  };
}
