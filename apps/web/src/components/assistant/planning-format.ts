import { type PostPlatform, platformLabels } from "@smm/domain/web";

/* How the planning cards write networks and dates. */

export const networkName = (platform: string) =>
  platformLabels[platform as PostPlatform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);

/** "Wed 25 Nov, 12:00" in the browser's time zone (the server stores UTC). */
export function formatSlot(iso: string | null): string {
  if (!iso) return "Any time";
  return new Date(iso).toLocaleString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}
