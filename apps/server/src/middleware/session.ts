import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { user as userTable } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "../auth";
import type { AppDeps, AppEnv, SessionUser } from "../context";
import { type ApiKeyLimiter, rateLimitedMessage } from "../lib/api-key-limiter";
import type { SessionCache } from "../lib/session-cache";

/**
 * Rebuilds the request headers with the caller's address in our own header, so better-auth's
 * rate limiter keys on an address a client cannot forge (unless we sit behind a trusted proxy).
 */
export function headersWithClientIp(c: Context, trustProxy: boolean): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  let ip: string | undefined;
  if (trustProxy) ip = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket; the limiter then has no key and lets the call through.
    }
  }
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

function toSessionUser(user: {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}): SessionUser {
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
}

/** What the caller middleware remembers between requests (one of each per app). */
export interface CallerMemory {
  sessions: SessionCache;
  keyLimiter: ApiKeyLimiter;
}

/**
 * Puts the caller (session cookie or API key) on the context. It rejects only an API key over its rate
 * limit (429); a missing or bad credential leaves no caller, and requireSignedIn answers 401.
 */
export function sessionMiddleware(deps: AppDeps, memory: CallerMemory): MiddlewareHandler<AppEnv> {
  const { sessions, keyLimiter } = memory;
  return async (c, next) => {
    c.set("user", null);
    c.set("authMethod", null);
    const authorization = c.req.header("authorization");
    const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (bearer) {
      // Remembered under a digest of the key: the key itself is a secret and is kept nowhere.
      const keyId = createHash("sha256").update(bearer).digest("base64url");
      const user = await sessions.resolve(`api-key:${keyId}`, async () => {
        const result = await deps.auth.api.verifyApiKey({ body: { key: bearer } }).catch(() => null);
        if (result?.error?.code === "RATE_LIMITED") {
          const waitMs = Number((result.error as { details?: { tryAgainIn?: number } }).details?.tryAgainIn);
          throw new AppError(
            "quota_exceeded",
            rateLimitedMessage(Math.max(1, Math.ceil(waitMs / 1000) || 60)),
          );
        }
        const userId = result?.valid ? result.key?.referenceId : undefined;
        const [row] = userId
          ? await deps.database.db.select().from(userTable).where(eq(userTable.id, userId))
          : [];
        return {
          user: row ? toSessionUser(row) : null,
          expiresAt: result?.key?.expiresAt ? new Date(result.key.expiresAt) : undefined,
          // A lookup that failed (rather than a key found bad) is not remembered.
          remember: result !== null,
        };
      });
      if (user) {
        const wait = keyLimiter.take(keyId);
        if (wait > 0) throw new AppError("quota_exceeded", rateLimitedMessage(wait));
        c.set("user", user);
        c.set("authMethod", "api_key");
      }
      return next();
    }
    const cookie = c.req.header("cookie");
    if (cookie) {
      const user = await sessions.resolve(`cookie:${cookie}`, async () => {
        const session = await deps.auth.api.getSession({ headers: headersWithClientIp(c, deps.trustProxy) });
        return {
          user: session ? toSessionUser(session.user) : null,
          expiresAt: session?.session.expiresAt,
          remember: true,
        };
      });
      if (user) {
        c.set("user", user);
        c.set("authMethod", "session");
      }
    }
    return next();
  };
}

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthenticated", "No active session");
  return user;
}

/** Every /api path except the open ones answers 401 without a caller (API.md). */
export function requireSignedIn(openPaths: RegExp[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (openPaths.some((pattern) => pattern.test(c.req.path))) return next();
    requireUser(c);
    return next();
  };
}
