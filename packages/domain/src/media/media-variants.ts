import type { Deps } from "../context";
import type { Media } from "../db/schema";
import type { FileStorage, MediaVariant } from "../ports";
import { isVideoVariantName, videoVariantKeyOf } from "./video-variants";

/** The variants a signed link may name by a fixed word; transcoded videos' names spell their spec. */
export const mediaVariants: readonly MediaVariant[] = ["instagram", "poster"];

/** The variant a link names, or undefined when it names none that exists (a bad link is a 404). */
export const parseMediaVariant = (name: string): MediaVariant | undefined =>
  mediaVariants.find((variant) => variant === name) ?? (isVideoVariantName(name) ? name : undefined);

/** Where a variant's file lives: beside the original, so deleting a brand's files finds it too. */
export const variantKeyOf = (row: Pick<Media, "storageKey">, variant: MediaVariant): string =>
  variant === "instagram" || variant === "poster"
    ? `${row.storageKey}.${variant}.jpg`
    : videoVariantKeyOf(row, variant);

/**
 * The stored copy of an image made for a network, made once and kept (a second publish, or Meta fetching
 * the link again, reads the same bytes). The original stays as the user made it.
 */
export async function readOrMakeVariant(
  deps: Pick<Deps, "storage" | "imaging">,
  row: Pick<Media, "storageKey">,
  original: () => Promise<Uint8Array>,
  variant: "instagram",
): Promise<{ bytes: Uint8Array; mimeType: "image/jpeg" }> {
  const key = variantKeyOf(row, variant);
  const kept = await deps.storage.get(key);
  if (kept) return { bytes: kept, mimeType: "image/jpeg" };
  const bytes = await deps.imaging.fitForInstagram(await original());
  await deps.storage.put(key, bytes, "image/jpeg");
  return { bytes, mimeType: "image/jpeg" };
}

/**
 * Deletes a stored file and every copy kept beside it: the Instagram JPEG, a video's poster frame and its
 * transcoded copies (all keys beginning with `${storageKey}.` where the storage can list them).
 */
export async function deleteMediaFiles(
  storage: FileStorage,
  row: Pick<Media, "storageKey"> & Partial<Pick<Media, "thumbnailKey">>,
): Promise<void> {
  const keys = new Set([row.storageKey, variantKeyOf(row, "instagram"), variantKeyOf(row, "poster")]);
  if (row.thumbnailKey) keys.add(row.thumbnailKey);
  if (storage.list) for (const key of await storage.list(`${row.storageKey}.`)) keys.add(key);
  for (const key of keys) await storage.delete(key);
}
