import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext, Deps } from "../context";
import { type Media, media } from "../db/schema";
import { mediaKinds } from "../db/schema/enums";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import type { StoredImageMimeType } from "../ports";
import { mediaIdOfLink } from "./media-link";
import { deleteMediaFiles } from "./media-variants";
import { MEDIA_NOT_FOUND } from "./schemas";
import { extensionFor } from "./sniff-image-type";

/** A stored image as the API, the tools and the screens see it: the URL is signed and expires. */
export const mediaView = z
  .object({
    id: z.string(),
    kind: z.enum(mediaKinds),
    url: z.string().meta({ description: "A signed link that expires at urlExpiresAt." }),
    urlExpiresAt: z.string(),
    name: z.string().nullable(),
    mimeType: z.string(),
    byteSize: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Media", description: "A stored image with a signed link." });
export type MediaView = z.infer<typeof mediaView>;

export function toMediaView(deps: Pick<Deps, "mediaUrls" | "now">, row: Media): MediaView {
  const signed = deps.mediaUrls.sign(row.id, deps.now());
  return {
    id: row.id,
    kind: row.kind,
    url: signed.url,
    urlExpiresAt: signed.expiresAt.toISOString(),
    name: row.name,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores already-checked image bytes for a brand and records them. The file is written before the row. */
export async function storeMedia(
  deps: Pick<Deps, "db" | "storage">,
  owner: { userId: string; brandId: string },
  file: {
    kind: Media["kind"];
    bytes: Uint8Array;
    mimeType: StoredImageMimeType;
    width: number;
    height: number;
    name?: string | null | undefined;
  },
): Promise<Media> {
  const id = crypto.randomUUID();
  const storageKey = `${owner.userId}/${owner.brandId}/${id}.${extensionFor[file.mimeType]}`;
  await deps.storage.put(storageKey, file.bytes, file.mimeType);
  try {
    const [row] = await deps.db
      .insert(media)
      .values({
        id,
        userId: owner.userId,
        brandId: owner.brandId,
        kind: file.kind,
        storageKey,
        mimeType: file.mimeType,
        byteSize: file.bytes.byteLength,
        width: file.width,
        height: file.height,
        name: file.name ?? null,
      })
      .returning();
    if (!row) throw new Error("media insert returned nothing");
    return row;
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** The brand's media row with that id; anything else (another brand's, malformed) is not found. */
export async function requireBrandMedia(ctx: BrandContext, mediaId: string): Promise<Media> {
  if (!isUuid(mediaId)) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.brandId, ctx.brandId), eq(media.userId, ctx.userId)));
  if (!row) throw new AppError("not_found", MEDIA_NOT_FOUND);
  return row;
}

/**
 * For an image link a caller gives (a post's image, a logo): when it points at our stored files it must be
 * one of the brand's own images (a signed link copied from another user's post is not found, even while it
 * is valid), and that row comes back so the caller can keep the id rather than a link that expires. Any
 * other link is not ours to check: null.
 */
export async function requireOwnMediaLink(ctx: BrandContext, link: string): Promise<Media | null> {
  const mediaId = mediaIdOfLink(link);
  return mediaId === null ? null : requireBrandMedia(ctx, mediaId);
}

/** The bytes of a media row; a row whose file is gone is reported as not found. */
export async function readMediaBytes(deps: Pick<Deps, "storage">, row: Media): Promise<Uint8Array> {
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw new AppError("not_found", MEDIA_NOT_FOUND);
  return bytes;
}

/**
 * Removes the row, then the file and the copies beside it (a leftover file is harmless; a row without a file
 * is not).
 */
export async function deleteMedia(deps: Pick<Deps, "db" | "storage">, row: Media): Promise<void> {
  await deps.db.delete(media).where(eq(media.id, row.id));
  await deleteMediaFiles(deps.storage, row).catch(() => {});
}
