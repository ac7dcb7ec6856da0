const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The spec's relative times (core spec section 9): 'now', 'Nm ago', 'Nh ago', then the date. A time
 * slightly in the future (the server's clock ahead of the browser's) also reads 'now'.
 */
export function formatRelativeTime(value: Date | string, now: Date = new Date(), locale?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE_MS) return "now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return date.toLocaleDateString(locale);
}
