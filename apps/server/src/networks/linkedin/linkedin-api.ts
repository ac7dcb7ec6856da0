import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";

/**
 * The calls to LinkedIn (api.linkedin.com, and www.linkedin.com for the code exchange and the upload
 * addresses). Fixed hosts from the server's settings, so the global fetch. What every call shares lives
 * here: the /rest headers, the token, and what LinkedIn's refusals mean (contracts/networks.md section 4).
 */

/**
 * The Marketing API version every /rest call names (LinkedIn-Version, YYYYMM). LinkedIn retires a version
 * about a year after it ships (then 426 NONEXISTENT_VERSION): this is the one the contract was checked
 * against (li-lms-2026-05), and moving it forward is a one-line change here.
 */
export const LINKEDIN_VERSION = "202605";
export const RESTLI_PROTOCOL_VERSION = "2.0.0";

export const DEFAULT_TIMEOUT_MS = 30_000;
/** An image's bytes (up to 5 MB) go in one PUT. */
export const UPLOAD_TIMEOUT_MS = 120_000;
/**
 * LinkedIn's 429 says nothing of how long to wait (no Retry-After, no rate headers). Its quotas are per day
 * (reset at midnight UTC) but its throttles also answer short bursts: 15 minutes is long enough not to knock
 * again at once and short enough that a burst's refusal costs a quarter of an hour, not a day; the publish
 * job's tries (5) then span about an hour before the post fails with this message.
 */
export const RATE_LIMIT_RETRY_MS = 15 * 60_000;

export const TOKEN_EXPIRED_MESSAGE =
  "LinkedIn no longer accepts this connection: reconnect it in Settings > Channels.";
export const RATE_LIMITED_MESSAGE =
  "LinkedIn's rate limit was reached (it does not say for how long); the post is tried again in about 15 minutes.";
export const VERSION_RETIRED_MESSAGE = `LinkedIn no longer accepts the API version this server speaks (LinkedIn-Version ${LINKEDIN_VERSION}): the server's LinkedIn integration must be updated before posts can go out.`;
export const UNREACHABLE_MESSAGE = "LinkedIn could not be reached. Please try again later.";

export const refusedMessage = (status: number, message: string | null) =>
  message ? `LinkedIn refused (${status}): ${message}` : `LinkedIn answered HTTP ${status}.`;

/**
 * The call may or may not have been carried out: the connection broke, it timed out, or LinkedIn answered
 * 5xx. Only the caller knows what that means (a post: unconfirmed; anything else: a failed call).
 */
export class LostAnswerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LostAnswerError";
  }
}

export interface LinkedInRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** A path (and query) on the API host: /rest/posts, /v2/userinfo. Or `url`. */
  path?: string;
  /** A whole address (the code exchange on www.linkedin.com, an upload address). */
  url?: string;
  json?: unknown;
  form?: URLSearchParams;
  bytes?: { data: Uint8Array; mimeType: string };
  /** X-RestLi-Method: PARTIAL_UPDATE (an edit), DELETE. */
  restliMethod?: "PARTIAL_UPDATE" | "DELETE";
  /** Statuses outside 2xx handed back instead of thrown (404 on delete, 400 on the code exchange). */
  accept?: number[];
  timeoutMs?: number;
}

export interface LinkedInAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  /** LinkedIn's `message` (or OAuth's `error_description` / `error`) when the body has one. */
  error: string | null;
}

export interface LinkedInApi {
  send(request: LinkedInRequest): Promise<LinkedInAnswer>;
}

export interface LinkedInApiOptions {
  apiUrl: string;
  fetch: typeof fetch;
  accessToken?: string;
  /** LinkedIn refused the token (401): marks the connection expired; called at most once per client. */
  onTokenRejected?: () => Promise<void>;
}

/** The base address without a trailing slash, so paths can be appended. */
export const baseOf = (address: string) => address.replace(/\/+$/u, "");

function errorOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "error_description", "error"]) {
    const value = record[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}

export function createLinkedInApi(options: LinkedInApiOptions): LinkedInApi {
  const apiBase = baseOf(options.apiUrl);
  let tokenRejected = false;

  async function send(request: LinkedInRequest): Promise<LinkedInAnswer> {
    const path = request.path ?? "";
    const address = request.url ?? `${apiBase}${path}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (!request.url && path.startsWith("/rest/")) {
      headers["linkedin-version"] = LINKEDIN_VERSION;
      headers["x-restli-protocol-version"] = RESTLI_PROTOCOL_VERSION;
    }
    if (request.restliMethod) headers["x-restli-method"] = request.restliMethod;
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = request.form.toString();
    } else if (request.bytes) {
      headers["content-type"] = request.bytes.mimeType;
      body = new Uint8Array(request.bytes.data);
    }

    const { response, body: parsed } = await sendRequest(
      options.fetch,
      address,
      { method: request.method, headers, body },
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      (error) => new LostAnswerError("LinkedIn did not answer.", { cause: error }),
    );
    const { status } = response;
    const error = errorOf(parsed);
    const answer: LinkedInAnswer = { status, headers: response.headers, body: parsed, error };
    if (request.accept?.includes(status)) return answer;
    if (status >= 200 && status < 300) return answer;
    if (status === 401 && options.onTokenRejected) {
      // 65600 invalid, 65601 revoked, an expired token: the same for us, the member must connect again.
      if (!tokenRejected) {
        tokenRejected = true;
        await options.onTokenRejected();
      }
      throw new AppError("network_token_expired", TOKEN_EXPIRED_MESSAGE);
    }
    // Refused before anything was done: worth sending again later.
    if (status === 429)
      throw new AppError("upstream_failed", RATE_LIMITED_MESSAGE, { retryAfterMs: RATE_LIMIT_RETRY_MS });
    if (status === 426) throw new AppError("upstream_failed", VERSION_RETIRED_MESSAGE);
    if (status >= 500) throw new LostAnswerError(refusedMessage(status, error));
    throw new AppError("upstream_failed", refusedMessage(status, error));
  }

  return { send };
}
