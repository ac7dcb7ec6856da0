import type { ErrorReason } from "@smm/domain/web";
import type { AppType } from "@smm/server/app";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

import { notifyUnauthorized } from "@/lib/unauthorized";

/** A field-level validation problem reported by the server (zod issues). */
export type ApiIssue = { path: string; message: string };

/** Every failed call surfaces as an ApiError so screens can show the server's exact message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's stable reason (API.md); screens branch on it, never on the message. */
  readonly reason: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, code: string, message: string, issues?: ApiIssue[], reason?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.reason = reason ?? code;
    this.issues = issues;
  }
}

/** True when a call failed for this documented reason (the one way a screen tells refusals apart). */
export const hasApiReason = (error: unknown, reason: ErrorReason): error is ApiError =>
  error instanceof ApiError && error.reason === reason;

export const NETWORK_ERROR_MESSAGE = "Could not reach the server. Check your connection and try again.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Reads both error shapes we receive: ours `{error:{code,message,issues}}` and better-auth's `{code,message}`. */
function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const fallbackMessage = statusText || `Request failed with status ${status}`;
  if (isRecord(body)) {
    const inner = isRecord(body.error) ? body.error : body;
    const code = typeof inner.code === "string" ? inner.code : `http_${status}`;
    const message = typeof inner.message === "string" && inner.message ? inner.message : fallbackMessage;
    const issues = Array.isArray(inner.issues) ? (inner.issues as ApiIssue[]) : undefined;
    const reason = typeof inner.reason === "string" ? inner.reason : undefined;
    return new ApiError(status, code, message, issues, reason);
  }
  return new ApiError(status, `http_${status}`, fallbackMessage);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const WRITES_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * Every call's fetch: same origin with the session cookie, JSON accepted, and a write without a body sent as
 * `{}` with its JSON type (the server refuses cookie writes that are not JSON). Resolves only with a
 * successful response; anything else throws ApiError, the screens' one error shape.
 */
async function fetchApi(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  let body = init.body;
  if (body === undefined && WRITES_WITH_BODY.has(method)) {
    headers.set("Content-Type", "application/json");
    body = "{}";
  }
  const path = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;

  let response: Response;
  try {
    response = await fetch(input, { ...init, method, headers, body, credentials: "include" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    // Auth endpoints answer 401 for wrong credentials; only other areas mean "your session is gone".
    if (response.status === 401 && !new URL(path, "http://local").pathname.startsWith("/api/auth/")) {
      notifyUnauthorized();
    }
    throw toApiError(response.status, response.statusText, await readBody(response));
  }
  return response;
}

/**
 * The API's typed client: paths, inputs and answers come from the server's route declarations (a type
 * import only; no server code reaches the bundle), so a changed route breaks the web's type check.
 */
export const client = hc<AppType>(
  typeof window === "undefined" ? "http://localhost" : window.location.origin,
  {
    fetch: fetchApi,
  },
);

/** The body of a successful answer of a typed call: `await call(client.api.plan.$get())`. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  return (await readBody(await request)) as SuccessBody<R>;
}

type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, string>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/** Per-call options of the typed client: the brand header and an abort signal. */
export function callOptions(options: { brandId?: string | undefined; signal?: AbortSignal | undefined }) {
  return {
    ...(options.brandId ? { headers: { "X-Brand-Id": options.brandId } } : {}),
    ...(options.signal ? { init: { signal: options.signal } } : {}),
  };
}

/**
 * better-auth's own endpoints (/api/auth/*), which the server forwards rather than declares, so they have no
 * typed route: same fetch, same ApiError.
 */
async function requestAuthJson<T>(path: AuthPath, init: RequestInit): Promise<T> {
  return (await readBody(await fetchApi(path, init))) as T;
}

type AuthPath = `/api/auth/${string}`;

export const betterAuth = {
  get: <T>(path: AuthPath, options: { signal?: AbortSignal } = {}) =>
    requestAuthJson<T>(path, options.signal ? { signal: options.signal } : {}),
  post: <T = unknown>(path: AuthPath, body: unknown = {}) =>
    requestAuthJson<T>(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
};

/** Which embedded defaults run, so the screens can label them ("Offline model", "Sandbox network"). */
export type PublicConfig = Awaited<ReturnType<typeof fetchPublicConfig>>;

export function fetchPublicConfig(signal?: AbortSignal) {
  return call(client.api["public-config"].$get(undefined, callOptions({ signal })));
}

export function createDataDeletionRequest(input: {
  email: string;
  reason?: string;
}): Promise<{ id: string }> {
  return call(client.api["data-deletion-requests"].$post({ json: input }));
}

/** A path id for the typed client, escaped as the old string paths did (hc inserts it as it is). */
export const pathId = (id: string) => ({ id: encodeURIComponent(id) });
