import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "@smm/domain/errors";
import { Agent, buildConnector } from "undici";
import { BLOCKED_ADDRESS, checkUrl, isBlockedAddress, type ResolvedAddress } from "./safe-web-fetcher";

/**
 * fetch for hosts a user typed (a Mastodon instance), with the SSRF guard of safe-web-fetcher.ts applied to
 * every connection rather than to the URL: the dispatcher's connector resolves the host itself, refuses it
 * when any answer is not a public address, and connects to the address it checked (TLS name and Host header
 * stay the host name), so a second DNS answer cannot rebind it. Redirects are followed by fetch as usual:
 * each hop opens its connection through the same connector, so each is checked the same way. Pooled
 * connections were checked when opened.
 *
 * `allowAddress` is for TESTS ONLY (a fake server on one loopback port); production passes nothing, and
 * nothing else (no environment variable) widens the guard.
 */

export const CONNECT_TIMEOUT_MS = 10_000;
/**
 * A backstop: a user-typed host that accepts the connection and then says nothing must not hold a job
 * forever. Callers set their own, shorter deadline (an AbortSignal) where they know the call.
 */
export const RESPONSE_TIMEOUT_MS = 300_000;

export const hostNotFoundMessage = (host: string) => `${host} could not be found.`;

export interface GuardedFetchOptions {
  /** TESTS ONLY: lets one exact address and port through the guard (a fake server on loopback). */
  allowAddress?: (address: string, port: number) => boolean;
  /** Name resolution; defaults to the system resolver. Tests inject one to simulate hostile DNS answers. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export function createGuardedFetch(options: GuardedFetchOptions = {}): typeof fetch {
  const resolve = options.resolve ?? systemResolve;
  const connectDirect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });

  async function checkedAddress(hostname: string, port: number): Promise<string> {
    let addresses: ResolvedAddress[];
    if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(hostname);
      } catch {
        throw new AppError("upstream_failed", hostNotFoundMessage(hostname));
      }
    }
    const first = addresses[0];
    if (!first) throw new AppError("upstream_failed", hostNotFoundMessage(hostname));
    // Every answer must be public: a name with one public and one private address is refused outright.
    for (const { address } of addresses) {
      const allowed = options.allowAddress?.(address, port) === true;
      if (!allowed && isBlockedAddress(address)) throw new AppError("invalid_input", BLOCKED_ADDRESS);
    }
    return first.address;
  }

  const connect: buildConnector.connector = (connectOptions, callback) => {
    const hostname = connectOptions.hostname.replace(/^\[(.*)\]$/, "$1");
    const port = connectOptions.port
      ? Number(connectOptions.port)
      : connectOptions.protocol === "https:"
        ? 443
        : 80;
    checkedAddress(hostname, port).then(
      (address) =>
        connectDirect(
          {
            ...connectOptions,
            hostname: address,
            // The certificate is checked against the name the caller asked for, not the address.
            ...(isIP(hostname) ? {} : { servername: connectOptions.servername || hostname }),
          },
          callback,
        ),
      (error: Error) => callback(error, null),
    );
  };

  const dispatcher = new Agent({
    connect,
    headersTimeout: RESPONSE_TIMEOUT_MS,
    bodyTimeout: RESPONSE_TIMEOUT_MS,
  });

  const guardedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // Scheme and credentials are refused before anything is sent (the connector sees neither).
    checkUrl(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    try {
      return await fetch(input, { ...init, dispatcher } as RequestInit);
    } catch (error) {
      // fetch wraps the connector's refusal in "fetch failed"; callers branch on the guard's own error.
      throw findAppError(error) ?? error;
    }
  };
  return guardedFetch as typeof fetch;
}

function findAppError(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof AppError) return current;
    current = current.cause;
  }
  return null;
}
