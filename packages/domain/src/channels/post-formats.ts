import type { PostFormat } from "../db/schema/enums";
import type { NetworkDescriptor } from "./network-descriptor";

export type FormatRule = NetworkDescriptor["formats"][number];

/** Any width / height a network shows as it is (Bluesky, Mastodon, Telegram, Discord). */
export const ANY_ASPECT = { min: 0.01, max: 100 } as const;

/**
 * One format's rule with the common defaults spelled once: a feed post carries at most one item, a carousel
 * two or more; a network's descriptor states only what differs (contracts/meta-formats-and-inbox.md,
 * contracts/networks.md).
 */
export function formatRule(
  format: PostFormat,
  rule: Partial<Omit<FormatRule, "format">> & Pick<FormatRule, "maxItems">,
): FormatRule {
  return {
    format,
    minItems: format === "carousel" ? 2 : format === "feed" ? 0 : 1,
    images: true,
    videos: false,
    mixed: false,
    minVideoSeconds: 0,
    maxVideoSeconds: 600,
    maxVideoBytes: 100 * 1024 * 1024,
    aspect: { ...ANY_ASPECT },
    preferredAspect: "original",
    nativeScheduling: false,
    ...rule,
  };
}

/** The rule of `format` on that network, or null when the network does not publish it. */
export const findFormatRule = (descriptor: NetworkDescriptor, format: PostFormat): FormatRule | null =>
  descriptor.formats.find((rule) => rule.format === format) ?? null;

/** "9:16" → 0.5625; "original" → null. */
export function aspectOf(label: string): number | null {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(label);
  if (!match) return null;
  return Number(match[1]) / Number(match[2]);
}
