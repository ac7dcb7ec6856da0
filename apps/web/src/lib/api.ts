/** A field-level validation problem reported by the server (zod issues). */
export type ApiIssue = { path: string; message: string };

/** Every failed call surfaces as an ApiError so screens can show the server's exact message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, code: string, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export const NETWORK_ERROR_MESSAGE = "Could not reach the server. Check your connection and try again.";

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Lets the session store learn that the cookie expired without api.ts depending on it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

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
    return new ApiError(status, code, message, issues);
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

/** Same-origin JSON request carrying the session cookie; resolves with the parsed body or throws ApiError. */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    credentials: "include",
    headers,
  };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }

  const body = await readBody(response);
  if (!response.ok) {
    // Auth endpoints answer 401 for wrong credentials; only other areas mean "your session is gone".
    if (response.status === 401 && !path.startsWith("/api/auth/")) {
      for (const listener of unauthorizedListeners) listener();
    }
    throw toApiError(response.status, response.statusText, body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    requestJson<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    requestJson<T>(path, { ...options, method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    requestJson<T>(path, { ...options, method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    requestJson<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    requestJson<T>(path, { ...options, method: "DELETE" }),
};

/** Which embedded defaults run, so the screens can label them ("Offline model", "Sandbox network"). */
export type PublicConfig = {
  facebookLogin: boolean;
  mail: "outbox" | "smtp";
  ai: "offline" | "openai";
  images: "offline" | "openai";
  social: "sandbox" | "meta";
  storage: "local" | "s3";
  version: string;
};

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>("/api/public-config", signal ? { signal } : undefined);
}

export function createDataDeletionRequest(input: {
  email: string;
  reason?: string;
}): Promise<{ id: string }> {
  return api.post<{ id: string }>("/api/data-deletion-requests", input);
}
