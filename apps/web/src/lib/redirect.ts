export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/**
 * Accepts only same-app paths so a crafted ?redirect= can never send a user to another site,
 * and never back to /login (which would loop).
 */
export function sanitizeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/api/"))
    return DEFAULT_SIGNED_IN_PATH;
  return value;
}

export function buildLoginPath(origin: string): string {
  const target = sanitizeRedirect(origin);
  return target === DEFAULT_SIGNED_IN_PATH ? "/login" : `/login?redirect=${encodeURIComponent(target)}`;
}
