import { AppError } from "@smm/domain/errors";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CLIENT_IP_HEADER } from "../auth";
import type { AppEnv } from "../context";
import { FixedWindowLimiter } from "../lib/fixed-window-limiter";
import { headersWithClientIp } from "./session";

/** What a JSON body may weigh unless its route says more (a brand, a post, settings: a few KB at most). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function bodyTooLargeMessage(maxBytes: number): string {
  return `The request body is too large (at most ${formatBytes(maxBytes)}).`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Refuses a body over `maxBytes` with 413 before it is buffered: a Content-Length over the limit is refused
 * without reading a byte, and a body sent without one (chunked) is counted as it arrives and refused at the
 * first byte past the limit. The server drains or cuts the rest (@hono/node-server), so memory stays bounded.
 */
export function limitJsonBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("payload_too_large", bodyTooLargeMessage(maxBytes));
    },
  });
}

/**
 * The app-wide body limit: JSON_BODY_LIMIT_BYTES for every route, except the paths listed as having their
 * own limit (uploads, the chat), which check theirs in the route so they can answer in their own words.
 */
export function limitRequestBodies(ownLimitPaths: RegExp[]): MiddlewareHandler<AppEnv> {
  const limitDefault = limitJsonBody(JSON_BODY_LIMIT_BYTES);
  return async (c, next) => {
    if (ownLimitPaths.some((pattern) => pattern.test(c.req.path))) return next();
    // Decided from the headers when they say enough: bodyLimit itself builds the whole web Request (a
    // stream, an abort signal) on every call just to look, which was a measurable share of a small call.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined && /^\d+$/.test(length)) {
      if (Number(length) > JSON_BODY_LIMIT_BYTES)
        throw new AppError("payload_too_large", bodyTooLargeMessage(JSON_BODY_LIMIT_BYTES));
      return next();
    }
    return limitDefault(c, next);
  };
}

export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests from this address. Try again in ${seconds} s.`;
}

/**
 * Counts a public write per client address (the address better-auth's limiter sees, so a client cannot
 * dodge it with a forged header unless we sit behind a trusted proxy) and answers 429 over `max` per window.
 * A request without a known address (in-process tests have no socket) is let through, as better-auth does.
 */
export function limitPerClientAddress(options: {
  windowMs: number;
  max: number;
  trustProxy: boolean;
}): MiddlewareHandler<AppEnv> {
  const limiter = new FixedWindowLimiter({ windowMs: options.windowMs, max: options.max });
  return async (c, next) => {
    const address = headersWithClientIp(c, options.trustProxy).get(CLIENT_IP_HEADER);
    if (address) {
      const wait = limiter.take(address);
      if (wait > 0) {
        c.header("retry-after", String(wait));
        throw new AppError("quota_exceeded", tooManyRequestsMessage(wait));
      }
    }
    return next();
  };
}
