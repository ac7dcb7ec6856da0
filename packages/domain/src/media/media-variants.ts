import type { Deps } from "../context";
import type { Media } from "../db/schema";
import type { MediaVariant } from "../ports";

export const mediaVariants: readonly MediaVariant[] = ["instagram"];

/** Where a variant's file lives: beside the original, so deleting a brand's files finds it too. */
export const variantKeyOf = (row: Pick<Media, "storageKey">, variant: MediaVariant): string =>
  `${row.storageKey}.${variant}.jpg`;

/**
 * The stored copy of an image made for a network, made once and kept (a second publish, or Meta fetching
 * the link again, reads the same bytes). The original stays as the user made it.
 */
export async function readOrMakeVariant(
  deps: Pick<Deps, "storage" | "imaging">,
  row: Pick<Media, "storageKey">,
  original: () => Promise<Uint8Array>,
  variant: MediaVariant,
): Promise<{ bytes: Uint8Array; mimeType: "image/jpeg" }> {
  const key = variantKeyOf(row, variant);
  const kept = await deps.storage.get(key);
  if (kept) return { bytes: kept, mimeType: "image/jpeg" };
  const bytes = await deps.imaging.fitForInstagram(await original());
  await deps.storage.put(key, bytes, "image/jpeg");
  return { bytes, mimeType: "image/jpeg" };
}
