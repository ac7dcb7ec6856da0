import { AppError } from "@smm/domain/errors";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

export const CROSS_SITE_REFUSED = "This request must come from the app's own pages.";
export const JSON_REQUIRED = "Send the request body as application/json.";
export const MULTIPART_REQUIRED = "Send the file as multipart/form-data.";
export const TUS_REQUIRED = "Send resumable uploads with the tus protocol (Tus-Resumable: 1.0.0).";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CrossSiteOptions {
  /** Origins whose pages may write with the cookie: PUBLIC_URL, and the dev server in development. */
  trustedOrigins: readonly string[];
  /** Paths anyone may write to without signing in (sign-up, a data deletion request). */
  publicPaths: readonly RegExp[];
  /** Writes that carry a file (multipart) instead of JSON. */
  uploadPaths: readonly RegExp[];
  /**
   * Resumable uploads (tus): their bytes are `application/offset+octet-stream`, and every request carries a
   * `Tus-Resumable` header, which no HTML form can send and no other site's script may (a custom header asks
   * the browser for a CORS preflight, which this app never grants).
   */
  resumableUploadPaths?: readonly RegExp[];
}

/** The media type of a Content-Type header, without its parameters. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function hasBody(c: Context): boolean {
  const length = c.req.header("content-length");
  return c.req.header("transfer-encoding") !== undefined || (length !== undefined && length.trim() !== "0");
}

/**
 * Refuses cross-site request forgery: a browser sends the cookie with a form another site submits, so a write
 * authenticated by the cookie (and a public write, such as sign-up) must come from our own pages (a same-origin
 * `Origin`, or `Sec-Fetch-Site: same-origin` from a browser that sends no Origin) and carry JSON (multipart for
 * uploads), which a plain HTML form cannot send. Anything else is 403 in the documented shape. Runs after the
 * caller is known: writes with an API key go through (no browser attaches one on its own), and a write with
 * no credential to a signed-in path is left to the 401 that follows.
 */
export function refuseCrossSiteWrites(options: CrossSiteOptions): MiddlewareHandler<AppEnv> {
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.get("authMethod") === "api_key") return next();
    const byCookie = c.get("authMethod") === "session";
    if (!byCookie && !options.publicPaths.some((pattern) => pattern.test(c.req.path))) return next();
    if (!isSameOrigin(c, trusted)) throw new AppError("forbidden", CROSS_SITE_REFUSED);
    if (options.resumableUploadPaths?.some((pattern) => pattern.test(c.req.path))) {
      if (!c.req.header("tus-resumable")) throw new AppError("forbidden", TUS_REQUIRED);
      return next();
    }
    const upload = options.uploadPaths.some((pattern) => pattern.test(c.req.path));
    const type = mediaTypeOf(c.req.header("content-type"));
    // A DELETE names its target in the path; one without a body has no type to check.
    const needsType = c.req.method !== "DELETE" || hasBody(c);
    if (needsType && upload && type !== "multipart/form-data")
      throw new AppError("forbidden", MULTIPART_REQUIRED);
    if (needsType && !upload && type !== "application/json") throw new AppError("forbidden", JSON_REQUIRED);
    return next();
  };
}

function isSameOrigin(c: Context, trusted: ReadonlySet<string>): boolean {
  const origin = c.req.header("origin");
  // The Origin a browser sends decides; "null" (a sandboxed frame, a file) is no origin of ours.
  if (origin !== undefined) return trusted.has(origin) || origin === new URL(c.req.url).origin;
  return c.req.header("sec-fetch-site") === "same-origin";
}
