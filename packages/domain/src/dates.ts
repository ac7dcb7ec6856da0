/*
 * The app's one way to write a calendar date for people: "December 27, 2026". Notifications and chat replies
 * are written on the server (UTC); screens pass the browser's zone (undefined) so the day is the user's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatLongDate(value: Date | string, timeZone: string | undefined = "UTC"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const key = timeZone ?? "local";
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
