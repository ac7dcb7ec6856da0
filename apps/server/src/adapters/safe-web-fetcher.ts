import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { AppError } from "@smm/domain/errors";
import type { FetchedPage, WebFetcher } from "@smm/domain/ports";

/**
 * The web fetcher of website analysis, with an SSRF guard:
 * - only http: and https: URLs without credentials (any port);
 * - the host name is resolved here, every resolved address is checked against the non-public ranges below,
 *   and the connection goes to the checked address (pinned through `lookup`, so a second DNS answer cannot
 *   rebind it), with the Host header and TLS SNI still the host name;
 * - redirects are followed by hand (at most 5), each hop checked the same way;
 * - 10 s for the whole fetch, 2 MB of (decompressed) body, text/html or text/plain only.
 * Tests may pass `allowAddress` to reach a fixture server on loopback; production passes nothing and nothing
 * else (no environment variable) can widen the guard.
 */

export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const BLOCKED_ADDRESS = "This address is not allowed: it points to a private or internal network.";
export const BLOCKED_SCHEME = "Only http:// and https:// website addresses can be analysed.";
export const BLOCKED_CREDENTIALS = "Website addresses with a user name or password are not allowed.";
export const INVALID_URL = "Please enter a valid website address (http:// or https://)";
export const TOO_MANY_REDIRECTS = `The website redirected more than ${MAX_REDIRECTS} times.`;
export const BODY_TOO_LARGE = `The page is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB and cannot be analysed.`;
export const NOT_A_WEB_PAGE = "This address does not serve a web page (HTML or plain text).";
export const HOST_NOT_FOUND = "The website's address could not be found.";
export const timeoutMessage = (ms: number) => `The website did not answer within ${ms / 1000} seconds.`;
export const UNREACHABLE = "The website could not be reached.";

// ---- address checks ----

type Cidr = [bytes: number[], prefix: number];

function parseIPv4(ip: string): number[] | null {
  if (isIP(ip) !== 4) return null;
  return ip.split(".").map(Number);
}

/** 16 bytes of an IPv6 address (embedded dotted IPv4 tail included); null when not IPv6. */
function parseIPv6(input: string): number[] | null {
  const ip = input.replace(/%.*$/, "");
  if (isIP(ip) !== 6) return null;
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const v4 = parseIPv4(dotted[1]);
    if (!v4) return null;
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    text = text.slice(0, -dotted[1].length);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const [head = "", rest] = text.split("::");
  const left = head === "" ? [] : head.split(":").map((g) => Number.parseInt(g, 16));
  const right = rest === undefined || rest === "" ? [] : rest.split(":").map((g) => Number.parseInt(g, 16));
  const groupsNeeded = 8 - tail.length;
  const zeros = rest === undefined ? 0 : groupsNeeded - left.length - right.length;
  const groups = [...left, ...new Array(Math.max(zeros, 0)).fill(0), ...right, ...tail];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

function inCidr(bytes: number[], [net, prefix]: Cidr): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((net[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const v4 = (cidr: string): Cidr => {
  const [ip = "", prefix = "32"] = cidr.split("/");
  return [parseIPv4(ip) as number[], Number(prefix)];
};
const v6 = (cidr: string): Cidr => {
  const [ip = "", prefix = "128"] = cidr.split("/");
  return [parseIPv6(ip) as number[], Number(prefix)];
};

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry, plus cloud metadata). */
const BLOCKED_V4: Cidr[] = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, incl. 169.254.169.254 cloud metadata
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments (incl. 192.0.0.192 Oracle metadata)
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, incl. 255.255.255.255 broadcast
].map(v4);

/** IPv6 ranges whose last 32 bits are an IPv4 address: that address decides. */
const EMBEDDED_V4: Cidr[] = [
  "::ffff:0:0/96", // IPv4-mapped
  "::/96", // IPv4-compatible (deprecated), also covers :: and ::1 (checked as 0.0.0.0 / 0.0.0.1)
  "64:ff9b::/96", // NAT64 well-known prefix
  "64:ff9b:1::/48", // local-use NAT64
  "::ffff:0:0:0/96", // SIIT IPv4-translated
].map(v6);

/** Only global unicast (2000::/3) may be reached, minus its special-purpose blocks. */
const GLOBAL_UNICAST = v6("2000::/3");
const BLOCKED_V6: Cidr[] = [
  "2001::/23", // IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking...)
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4 (embeds an IPv4 address; refused rather than decoded)
  "3fff::/20", // documentation
  "fc00::/7", // unique local, incl. fd00:ec2::254 (AWS metadata)
  "fe80::/10", // link-local
  "ff00::/8", // multicast
  "::1/128",
  "::/128",
].map(v6);

/** True when the address is not a public internet address (or is not an IP address at all). */
export function isBlockedAddress(ip: string): boolean {
  const four = parseIPv4(ip);
  if (four) return BLOCKED_V4.some((range) => inCidr(four, range));
  const six = parseIPv6(ip);
  if (!six) return true;
  if (BLOCKED_V6.some((range) => inCidr(six, range))) return true;
  if (EMBEDDED_V4.some((range) => inCidr(six, range))) {
    const embedded = six.slice(12).join(".");
    return isBlockedAddress(embedded) || six.slice(12).every((b) => b === 0);
  }
  return !inCidr(six, GLOBAL_UNICAST);
}

// ---- the fetcher ----

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeWebFetcherOptions {
  /**
   * TESTS ONLY: lets one exact address and port through the guard (a fixture server on loopback). Production
   * wiring (server.ts) never passes it, and it is not read from the environment.
   */
  allowAddress?: (address: string, port: number) => boolean;
  /** Name resolution; defaults to the system resolver. Tests inject one to simulate hostile DNS answers. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Parses and checks one hop's URL: scheme and credentials. */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("invalid_input", INVALID_URL);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AppError("invalid_input", BLOCKED_SCHEME);
  if (url.username !== "" || url.password !== "") throw new AppError("invalid_input", BLOCKED_CREDENTIALS);
  if (url.hostname === "") throw new AppError("invalid_input", INVALID_URL);
  return url;
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80);
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  stream: http.IncomingMessage;
}

export function createSafeWebFetcher(options: SafeWebFetcherOptions = {}): WebFetcher {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const userAgent = options.userAgent ?? "SocialMediaManager-SiteAnalyzer/1.0";

  /** Resolves the hop's host and checks every address; returns the one to connect to. */
  async function checkedAddress(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    const host = hostOf(url);
    const port = portOf(url);
    let addresses: ResolvedAddress[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await abortable(resolve(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new AppError("upstream_failed", HOST_NOT_FOUND);
      }
    }
    if (addresses.length === 0) throw new AppError("upstream_failed", HOST_NOT_FOUND);
    // Every answer must be public: a name with one public and one private address is refused outright.
    for (const { address } of addresses) {
      const allowed = options.allowAddress?.(address, port) === true;
      if (!allowed && isBlockedAddress(address)) throw new AppError("invalid_input", BLOCKED_ADDRESS);
    }
    return addresses[0] as ResolvedAddress;
  }

  function request(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<Response> {
    // The connection goes to the checked address whatever the resolver would say now (no DNS rebinding).
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (e: null, list: { address: string; family: number }[]) => void)(null, [
          { address: pinned.address, family: pinned.family },
        ]);
      } else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolvePromise, reject) => {
      const req = client.request(
        url,
        {
          method: "GET",
          agent: false,
          lookup,
          signal,
          headers: {
            "user-agent": userAgent,
            accept: "text/html,application/xhtml+xml,text/plain;q=0.9",
            "accept-encoding": "gzip, deflate, br",
          },
        },
        (res) => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, stream: res }),
      );
      req.on("error", reject);
      req.end();
    });
  }

  async function readBody(response: Response, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.stream.destroy();
      throw new AppError("invalid_input", BODY_TOO_LARGE);
    }
    const encoding = String(response.headers["content-encoding"] ?? "identity")
      .toLowerCase()
      .trim();
    let stream: Readable = response.stream;
    if (encoding === "gzip" || encoding === "x-gzip") stream = response.stream.pipe(createGunzip());
    else if (encoding === "deflate") stream = response.stream.pipe(createInflate());
    else if (encoding === "br") stream = response.stream.pipe(createBrotliDecompress());
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        // Counted after decompression, so a small compressed bomb is cut at the same limit.
        if (size > maxBytes) throw new AppError("invalid_input", BODY_TOO_LARGE);
        chunks.push(buffer);
      }
    } finally {
      response.stream.destroy();
      if (stream !== response.stream) stream.destroy();
    }
    if (signal.aborted) throw signal.reason;
    return Buffer.concat(chunks);
  }

  async function fetchPage(rawUrl: string, signal: AbortSignal): Promise<FetchedPage> {
    let url = checkUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url, signal);
      const response = await request(url, pinned, signal);
      if ([301, 302, 303, 307, 308].includes(response.status)) {
        response.stream.destroy();
        const location = response.headers.location;
        if (!location) throw new AppError("upstream_failed", `The website answered HTTP ${response.status}.`);
        if (hop >= maxRedirects) throw new AppError("invalid_input", TOO_MANY_REDIRECTS);
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new AppError("upstream_failed", UNREACHABLE);
        }
        url = checkUrl(next);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        response.stream.destroy();
        throw new AppError("upstream_failed", `The website answered HTTP ${response.status}.`);
      }
      const [mediaType = "", ...params] = String(response.headers["content-type"] ?? "")
        .split(";")
        .map((part) => part.trim());
      const contentType = mediaType.toLowerCase();
      if (
        contentType !== "text/html" &&
        contentType !== "application/xhtml+xml" &&
        contentType !== "text/plain"
      ) {
        response.stream.destroy();
        throw new AppError("invalid_input", NOT_A_WEB_PAGE);
      }
      const bytes = await readBody(response, signal);
      const charset = params
        .find((p) => p.toLowerCase().startsWith("charset="))
        ?.slice(8)
        .replace(/["']/g, "")
        .trim();
      let body: string;
      try {
        body = new TextDecoder(charset || "utf-8").decode(bytes);
      } catch {
        body = new TextDecoder("utf-8").decode(bytes);
      }
      return {
        url: url.toString(),
        status: response.status,
        contentType: contentType === "text/plain" ? "text/plain" : "text/html",
        body,
      };
    }
  }

  return {
    async fetchPage(rawUrl) {
      // One deadline for the whole fetch: every DNS answer, hop and body byte.
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        return await fetchPage(rawUrl, signal);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (signal.aborted) throw new AppError("upstream_failed", timeoutMessage(timeoutMs));
        throw new AppError("upstream_failed", UNREACHABLE);
      }
    },
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolvePromise(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
