import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId } from "./columns";
import { mediaKindEnum } from "./enums";

/**
 * Every stored image of a brand: chat uploads, AI-generated images, watermarks. Rows hold the storage key,
 * never a URL: URLs are signed and expire, so they are minted from the key when shown.
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
    createdAt: createdAt(),
  },
  (t) => [
    index("media_brand_id_created_at_idx").on(t.brandId, t.createdAt),
    index("media_user_id_idx").on(t.userId),
  ],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
