import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/**
 * The app's content security policy. Scripts only from our own files (the built bundle has no inline
 * script); styles also inline, because the toast and dialog libraries insert <style> elements at run time;
 * images also from data:/blob: (previews of a picked file) and any http(s) address, since a brand's logo and
 * a post's image may be a link the user pasted. Nothing may frame the app, and forms post only to us.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sent with every response, pages and API alike. */
export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  // For browsers that predate frame-ancestors.
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // Paths can carry ids (a post, a signed media link); other sites get the origin at most.
  "referrer-policy": "strict-origin-when-cross-origin",
  // The app uses none of these; a script that got in could not either.
  "permissions-policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()",
};

/**
 * Adds the security headers to every response. A header a route chose itself is kept (a signed image link
 * sends a stricter sandboxing policy of its own).
 */
export function addSecurityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        if (!headers.has(name)) headers.set(name, value);
    } catch {
      // A response with immutable headers (one passed through from fetch) is copied once, then completed.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        if (!headers.has(name)) headers.set(name, value);
    }
  };
}
