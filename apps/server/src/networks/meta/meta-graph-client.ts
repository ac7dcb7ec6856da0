/**
 * The one door to the Graph API (contracts/meta-and-stripe.md sections 1-3): versioned URLs, the token in
 * the Authorization header (never in a URL a proxy could log), Meta's error envelope read into one table,
 * and the spec's retry helper (3 retries, 1000 ms doubling) for the transient classes only.
 */

export type GraphErrorClass =
  /** 1, 2, 5xx, no answer: worth trying again at once (with backoff). */
  | "transient"
  /** 4, 17, 32, 613, 80001: the app, user or page is over its call budget; try again later. */
  | "rate_limited"
  /** 190: the token is expired or revoked; only a new connection helps. */
  | "token_expired"
  /** 3, 10, 200-299: a permission is missing; the user must grant it again. */
  | "permission"
  /** 100, 368, 506 and everything else: Meta refused this request; its message says why. */
  | "rejected";

/** Graph's error codes by class; anything not listed is "rejected" with Meta's own message. */
const GRAPH_ERROR_CLASSES: ReadonlyArray<[GraphErrorClass, (code: number) => boolean]> = [
  ["transient", (code) => code === 1 || code === 2],
  ["rate_limited", (code) => [4, 17, 32, 613, 80001].includes(code)],
  ["token_expired", (code) => code === 190],
  ["permission", (code) => code === 3 || code === 10 || (code >= 200 && code <= 299)],
];

export function classifyGraphError(code: number | null, httpStatus: number): GraphErrorClass {
  if (code !== null) {
    const match = GRAPH_ERROR_CLASSES.find(([, test]) => test(code));
    if (match) return match[0];
  }
  if (httpStatus >= 500 || httpStatus === 0) return "transient";
  return "rejected";
}

export class GraphError extends Error {
  readonly kind: GraphErrorClass;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly httpStatus: number;
  /** The request left but no answer came (timeout, reset): Meta may have acted on it. */
  readonly noAnswer: boolean;
  /** Rate limits: how long Meta says to wait, from the usage headers, when it says. */
  readonly retryAfterMs: number | null;

  constructor(values: {
    message: string;
    code: number | null;
    subcode?: number | null;
    httpStatus: number;
    noAnswer?: boolean;
    retryAfterMs?: number | null;
  }) {
    super(values.message);
    this.name = "GraphError";
    this.code = values.code;
    this.subcode = values.subcode ?? null;
    this.httpStatus = values.httpStatus;
    this.noAnswer = values.noAnswer ?? false;
    this.retryAfterMs = values.retryAfterMs ?? null;
    this.kind = classifyGraphError(values.code, values.httpStatus);
  }
}

export const isGraphError = (value: unknown): value is GraphError => value instanceof GraphError;

export interface GraphClientOptions {
  /** https://graph.facebook.com, or a fake's address in tests. */
  graphUrl: string;
  /** v25.0 by default (META_GRAPH_VERSION). */
  version: string;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs?: number;
  /** Tests shorten the backoff; production waits 1000, 2000, 4000 ms. */
  retryDelayMs?: number;
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export type GraphParams = Record<string, string | number | boolean | undefined | null>;

export interface GraphRequest {
  method: "GET" | "POST" | "DELETE";
  /** Without the version: "/me/accounts", "/{page-id}/feed". */
  path: string;
  token?: string | undefined;
  params?: GraphParams;
}

export interface GraphClient {
  /** One call, no retry: for calls that create something, whose caller decides what a retry may do. */
  once<T>(request: GraphRequest): Promise<T>;
  /** Retries transient failures (3 times, 1000 ms doubling): for reads and calls that change nothing twice. */
  call<T>(request: GraphRequest): Promise<T>;
  /** The backoff the retry helper waits before retry number `attempt` (0-based). */
  backoffMs(attempt: number): number;
  retries: number;
  sleep(ms: number): Promise<void>;
  /**
   * One POST of bytes' whereabouts to Meta's upload host (rupload: Reels and Stories), no retry: `url` is
   * absolute, the token goes as `Authorization: OAuth`, the rest as headers (`file_url`, `offset`...).
   */
  upload<T>(request: { url: string; token: string; headers: Record<string, string> }): Promise<T>;
  /** The dialog and redirect URLs are built on the same version. */
  version: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * App-level limits are counted over a rolling hour and X-App-Usage says only how full it is (percent): at
 * 100 % a quarter of that hour lets enough of the oldest calls drop out.
 */
export const APP_USAGE_FULL_WAIT_MS = 15 * 60_000;

/**
 * How long to wait, from X-Business-Use-Case-Usage (estimated_time_to_regain_access, minutes, per business
 * id: Page and Instagram calls) or else X-App-Usage (call_count / total_time / total_cputime, percent).
 */
export function readRetryAfterMs(headers: Headers): number | null {
  const buc = headers.get("x-business-use-case-usage");
  if (buc) {
    try {
      const usage = JSON.parse(buc) as Record<string, { estimated_time_to_regain_access?: number }[]>;
      const minutes = Object.values(usage)
        .flat()
        .map((entry) => entry.estimated_time_to_regain_access ?? 0);
      const longest = Math.max(0, ...minutes);
      if (longest > 0) return longest * 60_000;
    } catch {
      // An unreadable header says nothing; the app header may.
    }
  }
  const app = headers.get("x-app-usage");
  if (app) {
    try {
      const usage = JSON.parse(app) as Record<string, number>;
      const fullest = Math.max(0, ...Object.values(usage).filter((value) => typeof value === "number"));
      if (fullest >= 100) return APP_USAGE_FULL_WAIT_MS;
    } catch {
      return null;
    }
  }
  return null;
}

function toForm(params: GraphParams): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) form.set(key, String(value));
  }
  return form;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const base = options.graphUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const retries = options.retries ?? 3;
  const sleep = options.sleep ?? defaultSleep;
  const doFetch = options.fetch ?? fetch;

  async function once<T>(request: GraphRequest): Promise<T> {
    const params = toForm(request.params ?? {});
    const query = request.method === "POST" ? "" : params.toString();
    const url = `${base}/${options.version}${request.path}${query ? `?${query}` : ""}`;
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.method === "POST") headers["content-type"] = "application/x-www-form-urlencoded";
    return send<T>(url, {
      method: request.method,
      headers,
      ...(request.method === "POST" ? { body: params.toString() } : {}),
    });
  }

  async function upload<T>(request: {
    url: string;
    token: string;
    headers: Record<string, string>;
  }): Promise<T> {
    return send<T>(request.url, {
      method: "POST",
      headers: { ...request.headers, authorization: `OAuth ${request.token}` },
    });
  }

  async function send<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new GraphError({
        message: timedOut ? "Facebook did not answer in time" : "Could not reach Facebook",
        code: null,
        httpStatus: 0,
        noAnswer: true,
      });
    }
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const envelope = (body as { error?: { message?: string; code?: number; error_subcode?: number } } | null)
      ?.error;
    // rupload answers failures as {"debug_info":{"retriable":false,"type":"ProcessingFailedError","message":".."}}.
    const debug = (body as { debug_info?: { message?: string; type?: string } } | null)?.debug_info;
    if (!response.ok || envelope || debug) {
      throw new GraphError({
        message:
          envelope?.message ||
          debug?.message ||
          debug?.type ||
          response.statusText ||
          `HTTP ${response.status}`,
        code: typeof envelope?.code === "number" ? envelope.code : null,
        subcode: typeof envelope?.error_subcode === "number" ? envelope.error_subcode : null,
        httpStatus: response.status,
        retryAfterMs: readRetryAfterMs(response.headers),
      });
    }
    return body as T;
  }

  const backoffMs = (attempt: number) => retryDelayMs * 2 ** attempt;

  async function call<T>(request: GraphRequest): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once<T>(request);
      } catch (error) {
        if (!isGraphError(error) || error.kind !== "transient" || attempt >= retries) throw error;
        await sleep(backoffMs(attempt));
      }
    }
  }

  return { once, call, upload, backoffMs, retries, sleep, version: options.version };
}

/** One page of a Graph list: `paging.next` is there only when another page follows. */
interface GraphListPage<T> {
  data: T[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** A list longer than this many pages is cut there (with 100 a page: 2,000 Pages or ad accounts). */
export const GRAPH_LIST_MAX_PAGES = 20;

/**
 * The whole of a Graph list, page after page by its `after` cursor. Graph answers 25 items a page unless
 * asked for more, so an agency's 26th Page or ad account would otherwise never be offered.
 */
export async function readWholeGraphList<T>(
  graph: GraphClient,
  request: GraphRequest,
  pageSize = 100,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < GRAPH_LIST_MAX_PAGES; page++) {
    const answer = await graph.call<GraphListPage<T>>({
      ...request,
      params: { limit: pageSize, ...request.params, ...(after ? { after } : {}) },
    });
    items.push(...answer.data);
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return items;
}
