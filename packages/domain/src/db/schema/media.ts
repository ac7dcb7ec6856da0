import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId } from "./columns";
import { mediaKindEnum } from "./enums";

/**
 * Every stored image and video of a brand (its media library): uploads, AI-generated images, watermarks.
 * Rows hold the storage key, never a URL: URLs are signed and expire, so they are minted from the key when
 * shown. A video's poster frame is stored beside it (`thumbnail_key`).
 */
export const media = pgTable(
  "media",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    kind: mediaKindEnum("kind").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** The uploaded file name, shown by listImages / showImage. */
    name: text("name"),
    /** What the image shows, for people who cannot see it: sent as alt text to the networks that take it. */
    altText: text("alt_text"),
    /** Videos: their length, what the probe found, and their poster frame (a JPEG beside the file). */
    durationMs: integer("duration_ms"),
    videoInfo: jsonb("video_info").$type<VideoInfo>(),
    thumbnailKey: text("thumbnail_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_brand_id_created_at_idx").on(t.brandId, t.createdAt),
    index("media_user_id_idx").on(t.userId),
  ],
);

/** What ffprobe read of a stored video (the first video and audio streams). */
export interface VideoInfo {
  container: string;
  videoCodec: string;
  audioCodec: string | null;
  frameRate: number | null;
  bitRate: number | null;
}

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
