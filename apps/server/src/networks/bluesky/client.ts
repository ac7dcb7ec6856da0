import { Agent } from "@atproto/api";
import { AppError } from "@smm/domain/errors";
import type { ProviderConnection, ProviderTools } from "../provider";
import { type BlueskyCredentials, findPdsOfDidDoc } from "./credentials";
import { EXPIRED_MESSAGE, findRefusal, findXrpcError, isXrpcError, toAppError } from "./errors";

export interface BlueskyClientOptions {
  /** The service sessions are made and renewed at (BLUESKY_SERVICE_URL: bsky.social's entryway). */
  serviceUrl: string;
  tools: ProviderTools;
}

// A hung PDS must not hold a publish job forever; an upload of a 1 MB image takes well under this.
const REQUEST_TIMEOUT_MS = 30_000;
// Waiting inside the call is worth it only for a short reset; longer ones go back to the publish job.
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
// RateLimit-Reset is whole seconds, rounded down: waiting to the second exactly can still be refused.
const RATE_LIMIT_MARGIN_MS = 1_000;
const UNKNOWN_RESET_RETRY_MS = 60_000;

/**
 * An XRPC agent whose requests go to `session().service` with its access token. The configured service
 * is ours to trust; any other host is the one an account's DID document names, which anybody can point
 * at a private address, so those requests go through the guarded fetch.
 */
export function createAgent(
  options: BlueskyClientOptions,
  session: () => { service: string; accessJwt: string | null; did?: string | undefined },
): Agent {
  const trustedOrigin = new URL(options.serviceUrl).origin;
  return new Agent({
    get did() {
      return session().did;
    },
    fetchHandler: (path, init) => {
      const { service, accessJwt } = session();
      const url = new URL(path, service);
      const headers = new Headers(init.headers);
      if (accessJwt && !headers.has("authorization")) headers.set("authorization", `Bearer ${accessJwt}`);
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const fetchVia = url.origin === trustedOrigin ? globalThis.fetch : options.tools.guardedFetch;
      return fetchVia(url.toString(), { ...init, headers, signal });
    },
  });
}

/** How long Bluesky asks to wait (RateLimit-Reset, epoch seconds), or null when it does not say. */
function readRateLimitWaitMs(error: unknown, now: Date): number | null {
  const reset = Number(findXrpcError(error)?.headers?.["ratelimit-reset"]);
  if (!Number.isFinite(reset) || reset <= 0) return null;
  return Math.max(0, reset * 1000 - now.getTime());
}

function createRateLimitError(waitMs: number | null): AppError {
  const retryAfterMs = waitMs === null ? UNKNOWN_RESET_RETRY_MS : waitMs + RATE_LIMIT_MARGIN_MS;
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    "upstream_failed",
    `Bluesky's rate limit was reached; it is tried again in about ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterMs },
  );
}

/** The access token is stale or unknown: a renewed session may be accepted. */
const isStaleSession = (error: unknown) =>
  isXrpcError(error, 400, "ExpiredToken", "InvalidToken") || isXrpcError(error, 401);

export interface BlueskyClient {
  readonly agent: Agent;
  /** The session as it stands (renewed if a call found it expired). */
  credentials(): BlueskyCredentials;
  /**
   * Runs `operation`, renewing an expired session once (the new pair is saved before the retry) and
   * waiting once for a rate limit that resets within a minute. Throws AppError network_token_expired (after
   * marking the connection expired) when Bluesky refuses the session for good, upstream_failed with
   * retryAfterMs for a longer rate limit, and Bluesky's own error for anything else.
   */
  call<T>(operation: (agent: Agent) => Promise<T>): Promise<T>;
}

/**
 * A client on the connection's stored session: no login per job (createSession is limited to 30 per
 * 5 minutes and 300 a day per account), the session is renewed with its refresh token when it expires.
 */
export function openBlueskyClient(
  connection: ProviderConnection<BlueskyCredentials>,
  options: BlueskyClientOptions,
): BlueskyClient {
  let current: BlueskyCredentials = { ...connection.credentials };
  const agent = createAgent(options, () => ({
    service: current.service,
    accessJwt: current.accessJwt,
    did: current.did,
  }));
  // Sessions are renewed where they were made, as @atproto/api's own session manager does: the entryway.
  const server = createAgent(options, () => ({ service: options.serviceUrl, accessJwt: null }));

  async function expire(): Promise<never> {
    await connection.markExpired();
    throw new AppError("network_token_expired", EXPIRED_MESSAGE);
  }

  async function renewSession(): Promise<void> {
    let session: Awaited<ReturnType<typeof server.com.atproto.server.refreshSession>>["data"];
    try {
      const response = await server.com.atproto.server.refreshSession(undefined, {
        headers: { authorization: `Bearer ${current.refreshJwt}` },
      });
      session = response.data;
    } catch (error) {
      if (isXrpcError(error, 400, "ExpiredToken", "InvalidToken") || isXrpcError(error, 401)) return expire();
      if (isXrpcError(error, 429))
        throw createRateLimitError(readRateLimitWaitMs(error, options.tools.now()));
      throw toAppError(error, "renew the session");
    }
    if (session.did !== current.did) return expire();
    current = {
      did: session.did,
      handle: session.handle,
      accessJwt: session.accessJwt,
      refreshJwt: session.refreshJwt,
      service: findPdsOfDidDoc(session.didDoc) ?? current.service,
    };
    // Saved before the retry: the old refresh token is spent, and the next job must start from this pair.
    await connection.saveCredentials(current);
  }

  return {
    agent,
    credentials: () => current,
    async call(operation) {
      let renewed = false;
      let waited = false;
      for (;;) {
        try {
          return await operation(agent);
        } catch (error) {
          const refusal = findRefusal(error);
          if (refusal) throw refusal;
          if (isXrpcError(error, 401, "AccountTakedown", "AccountDeactivated")) return expire();
          if (!renewed && isStaleSession(error)) {
            renewed = true;
            await renewSession();
            continue;
          }
          if (isXrpcError(error, 429)) {
            const waitMs = readRateLimitWaitMs(error, options.tools.now());
            if (!waited && waitMs !== null && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
              waited = true;
              await options.tools.sleep(waitMs + RATE_LIMIT_MARGIN_MS);
              continue;
            }
            throw createRateLimitError(waitMs);
          }
          throw error;
        }
      }
    },
  };
}
