import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";

/**
 * The Bot API calls: `POST {TELEGRAM_API_URL}/bot<token>/<method>` with JSON, or multipart for uploads,
 * answered `{ok:true, result}` or `{ok:false, error_code, description, parameters}`.
 *
 * The token is in the URL's path: nothing thrown from here carries the URL, the fetch error (whose cause
 * may name it) or the request, and nothing here logs. Errors say the method at most.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Up to ten 10 MB photos in one multipart request. */
export const UPLOAD_TIMEOUT_MS = 180_000;
/** The longest rate-limit wait spent inside one call; a longer one goes back to the job with retryAfterMs. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** A second on top of retry_after: it is whole seconds. */
const RATE_LIMIT_MARGIN_MS = 1_000;
/** When a 429 does not say how long (never seen; Telegram always sends retry_after). */
const UNKNOWN_RETRY_MS = 60_000;

/**
 * The call may or may not have been carried out: no answer (the connection broke, it timed out), a 5xx, or
 * a 2xx whose body could not be read. Only the caller knows whether that is a lost write.
 */
export class LostAnswerError extends Error {
  constructor(readonly method: string) {
    super(`Telegram gave no usable answer to ${method}.`);
    this.name = "LostAnswerError";
  }
}

/** Telegram answered and refused (ok:false, not a rate limit, not a 5xx): nothing was done. */
export class TelegramRefusal extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly description: string,
  ) {
    super(`Telegram refused ${method}: ${description}`);
    this.name = "TelegramRefusal";
  }
}

export interface TelegramApiOptions {
  /** TELEGRAM_API_URL (https://api.telegram.org, or the tests' fake). */
  apiUrl: string;
  token: string;
  sleep: (ms: number) => Promise<void>;
  /** Waits up to this long inside a call for a rate limit (0: never, as connecting does). */
  maxRateLimitWaitMs?: number;
  fetch?: typeof fetch;
}

export interface TelegramApi {
  /** The method's `result`; throws TelegramRefusal, LostAnswerError, or AppError for a rate limit. */
  call(method: string, params: Record<string, unknown> | FormData, timeoutMs?: number): Promise<unknown>;
}

export const rateLimitMessage = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Telegram asked us to slow down (its rate limit); it is tried again in about ${wait}.`;
};

interface Envelope {
  ok: boolean;
  result?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === "object" && body !== null && typeof (body as { ok?: unknown }).ok === "boolean";

export function createTelegramApi(options: TelegramApiOptions): TelegramApi {
  const base = options.apiUrl.replace(/\/+$/u, "");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const maxWait = options.maxRateLimitWaitMs ?? MAX_RATE_LIMIT_WAIT_MS;

  async function once(method: string, params: Record<string, unknown> | FormData, timeoutMs: number) {
    const isForm = params instanceof FormData;
    const { response, body } = await sendRequest(
      fetchImpl,
      `${base}/bot${options.token}/${method}`,
      {
        method: "POST",
        headers: isForm
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
        body: isForm ? params : JSON.stringify(params),
      },
      timeoutMs,
      // Deliberately without the cause: it may name the URL, and so the token.
      () => new LostAnswerError(method),
    );
    return { status: response.status, headers: response.headers, body };
  }

  async function call(
    method: string,
    params: Record<string, unknown> | FormData,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const { status, headers, body } = await once(method, params, timeoutMs);
      const envelope = isEnvelope(body) ? body : null;
      if (status >= 500) throw new LostAnswerError(method);
      if (status >= 200 && status < 300) {
        if (envelope?.ok) return envelope.result;
        // A success without Telegram's envelope: whatever was asked may have been done.
        if (!envelope) throw new LostAnswerError(method);
      }
      if (status === 429) {
        // Refused before anything was done: the same request may be sent again.
        const seconds = Number(envelope?.parameters?.retry_after ?? headers.get("retry-after"));
        const waitMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
        if (attempt === 0 && waitMs !== null && waitMs <= maxWait) {
          await options.sleep(waitMs + RATE_LIMIT_MARGIN_MS);
          continue;
        }
        const retryAfterMs = waitMs === null ? UNKNOWN_RETRY_MS : waitMs + RATE_LIMIT_MARGIN_MS;
        throw new AppError("upstream_failed", rateLimitMessage(retryAfterMs), { retryAfterMs });
      }
      const description =
        typeof envelope?.description === "string" && envelope.description !== ""
          ? envelope.description
          : `HTTP ${status}`;
      throw new TelegramRefusal(method, status, description);
    }
  }

  return { call };
}
