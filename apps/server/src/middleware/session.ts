import { getConnInfo } from "@hono/node-server/conninfo";
import { user as userTable } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "../auth";
import type { AppDeps, AppEnv, SessionUser } from "../context";
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

/** Puts the caller (session cookie or API key) on the context; never rejects by itself. */
export function sessionMiddleware(deps: AppDeps, sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("authMethod", null);
    const authorization = c.req.header("authorization");
    const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (bearer) {
      const result = await deps.auth.api.verifyApiKey({ body: { key: bearer } }).catch(() => null);
      const userId = result?.valid ? result.key?.referenceId : undefined;
      if (userId) {
        const [user] = await deps.database.db.select().from(userTable).where(eq(userTable.id, userId));
        if (user) {
          c.set("user", toSessionUser(user));
          c.set("authMethod", "api_key");
        }
      }
      return next();
    }
    const cookie = c.req.header("cookie");
    if (cookie) {
      let user = sessions.get(cookie);
      if (user === undefined) {
        const generation = sessions.generation;
        const session = await deps.auth.api.getSession({ headers: headersWithClientIp(c, deps.trustProxy) });
        user = session ? toSessionUser(session.user) : null;
        sessions.set(cookie, user, session?.session.expiresAt, generation);
      }
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
