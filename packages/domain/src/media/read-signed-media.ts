import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { type Media, media } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import type { MediaVariant } from "../ports";
import { readMediaBytes } from "./media";
import { parseMediaVariant, readOrMakeVariant, variantKeyOf } from "./media-variants";
import { MEDIA_NOT_FOUND } from "./schemas";
import { containerOfMimeType } from "./sniff-video-type";
import { parseVideoVariantName, readOrMakeVideoVariant, videoSourceOf } from "./video-variants";

type SignedMediaDeps = Pick<Deps, "db" | "storage" | "imaging" | "videos" | "mediaUrls" | "now">;

interface SignedLink {
  mediaId: string;
  expires: number;
  signature: string;
  variant?: string | undefined;
}

const notFound = () => new AppError("not_found", MEDIA_NOT_FOUND);

/** The row a signed link names; a bad or expired signature is indistinguishable from a missing file. */
async function verifiedRow(
  deps: SignedMediaDeps,
  link: SignedLink,
): Promise<{ row: Media; variant: MediaVariant | undefined }> {
  const variant = link.variant === undefined ? undefined : parseMediaVariant(link.variant);
  const valid =
    isUuid(link.mediaId) &&
    Number.isSafeInteger(link.expires) &&
    (link.variant === undefined || variant !== undefined) &&
    deps.mediaUrls.verify(link.mediaId, link.expires, link.signature, deps.now(), variant);
  if (!valid) throw notFound();
  const [row] = await deps.db.select().from(media).where(eq(media.id, link.mediaId));
  if (!row) throw notFound();
  return { row, variant };
}

/**
 * A video's poster frame: the stored JPEG, made again (1 s in) when it is gone (a cleared cache, another
 * node's disk). Images have none.
 */
async function readPoster(deps: SignedMediaDeps, row: Media): Promise<Uint8Array> {
  const container = containerOfMimeType(row.mimeType);
  if (!container) throw notFound();
  const key = row.thumbnailKey ?? variantKeyOf(row, "poster");
  const kept = await deps.storage.get(key);
  if (kept) return kept;
  const atMs = Math.min(1000, Math.floor((row.durationMs ?? 0) / 2));
  const bytes = await deps.videos.poster(await videoSourceOf(deps.storage, row.storageKey), container, {
    atMs,
  });
  await deps.storage.put(key, bytes, "image/jpeg");
  return bytes;
}

/**
 * The file behind a signed link, whole. The signature is the permission (a network fetching the image has
 * no session), so a bad or expired one is indistinguishable from a missing file.
 */
export async function readSignedMedia(
  deps: SignedMediaDeps,
  link: SignedLink,
): Promise<{ bytes: Uint8Array; mimeType: string; expiresAt: Date }> {
  const { row, variant } = await verifiedRow(deps, link);
  const expiresAt = new Date(link.expires * 1000);
  if (variant === "instagram") {
    // Made when the post was handed over; made here if it is gone (a cleared cache, another node's disk).
    const copy = await readOrMakeVariant(deps, row, () => readMediaBytes(deps, row), variant);
    return { ...copy, expiresAt };
  }
  if (variant === "poster") return { bytes: await readPoster(deps, row), mimeType: "image/jpeg", expiresAt };
  if (variant) {
    const copy = await readOrMakeVideoVariant(deps, row, parseVideoVariantName(variant) ?? {});
    const bytes = await deps.storage.get(copy.key);
    if (!bytes) throw notFound();
    return { bytes, mimeType: copy.mimeType, expiresAt };
  }
  return { bytes: await readMediaBytes(deps, row), mimeType: row.mimeType, expiresAt };
}

/** A file behind a signed link, ready to be served whole or in part (HTTP Range). */
export interface SignedMediaFile {
  mimeType: string;
  expiresAt: Date;
  /** Bytes in the whole file. */
  size: number;
  /**
   * True when the bytes behind the link never change (the original, a network's copy): cache them for the
   * link's life. False for a poster frame, which the cover choice replaces: revalidate with the ETag.
   */
  immutable: boolean;
  /** A strong validator of the content (posters). */
  etag: string | null;
  /** Bytes `start` to `end` (inclusive): a stream for stored videos, bytes for the rest. */
  read(start: number, end: number): Promise<ReadableStream<Uint8Array> | Uint8Array>;
}

const inMemory = (
  bytes: Uint8Array,
  rest: Pick<SignedMediaFile, "mimeType" | "expiresAt" | "immutable" | "etag">,
): SignedMediaFile => ({
  ...rest,
  size: bytes.byteLength,
  read: async (start, end) => bytes.subarray(start, end + 1),
});

async function etagOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return `"${[...digest.subarray(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
}

/**
 * The file behind a signed link without reading a video into memory: images, posters and Instagram copies
 * come as bytes; a stored video and its transcoded copies as ranges read from storage (where the storage can;
 * else as bytes). Same permission rule as readSignedMedia.
 */
export async function openSignedMedia(deps: SignedMediaDeps, link: SignedLink): Promise<SignedMediaFile> {
  const { row, variant } = await verifiedRow(deps, link);
  const expiresAt = new Date(link.expires * 1000);
  if (variant === "poster") {
    const bytes = await readPoster(deps, row);
    return inMemory(bytes, {
      mimeType: "image/jpeg",
      expiresAt,
      immutable: false,
      etag: await etagOf(bytes),
    });
  }
  if (variant === "instagram" || (!variant && !containerOfMimeType(row.mimeType))) {
    const file = await readSignedMedia(deps, link);
    return inMemory(file.bytes, { mimeType: file.mimeType, expiresAt, immutable: true, etag: null });
  }
  const key = variant
    ? (await readOrMakeVideoVariant(deps, row, parseVideoVariantName(variant) ?? {})).key
    : row.storageKey;
  const mimeType = variant ? "video/mp4" : row.mimeType;
  const { storage } = deps;
  if (storage.size && storage.readRange) {
    const size = await storage.size(key);
    if (size === null) throw notFound();
    const readRange = storage.readRange.bind(storage);
    return {
      mimeType,
      expiresAt,
      size,
      immutable: true,
      etag: null,
      read: async (start, end) => {
        const stream = await readRange(key, start, end);
        if (!stream) throw notFound();
        return stream;
      },
    };
  }
  const bytes = await storage.get(key);
  if (!bytes) throw notFound();
  return inMemory(bytes, { mimeType, expiresAt, immutable: true, etag: null });
}
