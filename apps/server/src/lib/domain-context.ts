import { resolveBrand } from "@smm/domain/brands";
import type { BrandContext, UserContext } from "@smm/domain/context";
import type { AccountConfirmation } from "@smm/domain/ports";
import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { requireUser } from "../middleware/session";

/** The header a script sends to act on another of its own brands (API.md). */
export const BRAND_HEADER = "x-brand-id";

const confirmations = new WeakMap<AppDeps, AccountConfirmation>();

/** The auth service's password check and the account mail, made once per app. */
export function accountConfirmationOf(deps: AppDeps): AccountConfirmation {
  let made = confirmations.get(deps);
  if (!made) {
    made = {
      verifyPassword: async (hash, password) =>
        (await deps.auth.$context).password.verify({ hash, password }),
      mailer: deps.mailer,
      deletionLinkUrl: (token) => `${deps.auth.options.baseURL}/delete?token=${encodeURIComponent(token)}`,
    };
    confirmations.set(deps, made);
  }
  return made;
}

/** The use cases' context for the signed-in caller. */
export function userContext(c: Context<AppEnv>, deps: AppDeps): UserContext {
  return {
    db: deps.database.db,
    events: deps.events,
    now: deps.now ?? (() => new Date()),
    ai: deps.ai,
    plans: deps.plans,
    social: deps.social,
    images: deps.images,
    imaging: deps.imaging,
    videos: deps.videos,
    storage: deps.storage,
    mediaUrls: deps.mediaUrls,
    jobs: deps.jobs,
    web: deps.web,
    billing: deps.billing,
    ...(deps.connectors ? { connectors: deps.connectors } : {}),
    ...(deps.channels ? { channels: deps.channels } : {}),
    accountConfirmation: accountConfirmationOf(deps),
    userId: requireUser(c).id,
  };
}

/** The caller's context on the brand named by `brandId` (or X-Brand-Id), else their active brand. */
export function brandContext(c: Context<AppEnv>, deps: AppDeps, brandId?: string): Promise<BrandContext> {
  return resolveBrand(userContext(c, deps), { brandId: brandId ?? c.req.header(BRAND_HEADER) });
}

/** The brand a script named with X-Brand-Id, if any (an absent or blank header names none). */
export function namedBrandId(c: Context<AppEnv>): string | undefined {
  return c.req.header(BRAND_HEADER)?.trim() || undefined;
}

/**
 * For routes that act on the user rather than on one brand (the brand list, the active brand, creating a
 * brand): a named brand must still be the caller's, so another user's or an unknown X-Brand-Id is 404 on
 * every route (API.md), never quietly ignored in favour of the caller's own brand. Mounted once on /api/*
 * and /mcp; brand-scoped routes get the same answer from brandContext.
 */
export function requireOwnNamedBrand(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const brandId = namedBrandId(c);
    // Open paths (health, public config) have no caller and no brand to check.
    if (brandId && c.get("user")) await resolveBrand(userContext(c, deps), { brandId });
    return next();
  };
}
