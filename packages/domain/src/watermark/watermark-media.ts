import { and, eq, inArray, notInArray } from "drizzle-orm";
import { toBrandSettingsView } from "../brands/brand";
import type { BrandContext, DbExecutor, Deps } from "../context";
import { type Media, media } from "../db/schema";
import type { UserBrand } from "../db/schema/brands";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { requireBrandMedia } from "../media/media";
import { MEDIA_NOT_FOUND } from "../media/schemas";
import type { WatermarkView } from "./schemas";

/** What the editor sees of a brand row: the saved placement and links to the images that still exist. */
export async function toWatermarkView(
  deps: Pick<Deps, "db" | "mediaUrls" | "now">,
  row: Pick<UserBrand, "id" | "name" | "brandSettings">,
): Promise<WatermarkView> {
  const settings = toBrandSettingsView({ ...row.brandSettings, name: row.name });
  const mark = settings.watermarkSettings;
  // Settings written by other doors (updateBrandField) may hold any text; only real ids are looked up.
  const ids = [mark.imageMediaId, mark.processedImageMediaId].filter(
    (id): id is string => typeof id === "string" && isUuid(id),
  );
  const existing =
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await deps.db
              .select({ id: media.id })
              .from(media)
              .where(and(eq(media.brandId, row.id), eq(media.kind, "watermark"), inArray(media.id, ids)))
          ).map((found) => found.id),
        );
  const link = (id: string | null | undefined) =>
    id && existing.has(id) ? deps.mediaUrls.sign(id, deps.now()).url : null;
  return {
    enabled: settings.watermarkEnabled,
    settings: mark,
    imageUrl: link(mark.imageMediaId),
    processedImageUrl: link(mark.processedImageMediaId),
  };
}

/**
 * Deletes the brand's watermark rows other than `keep` and returns their storage keys; the caller removes
 * the files once its transaction has committed (a leftover file is harmless, a row without a file is not).
 */
export async function deleteWatermarkRows(
  tx: DbExecutor,
  ctx: Pick<BrandContext, "userId" | "brandId">,
  keep: readonly string[],
): Promise<string[]> {
  const deleted = await tx
    .delete(media)
    .where(
      and(
        eq(media.brandId, ctx.brandId),
        eq(media.userId, ctx.userId),
        eq(media.kind, "watermark"),
        ...(keep.length > 0 ? [notInArray(media.id, [...keep])] : []),
      ),
    )
    .returning({ storageKey: media.storageKey });
  return deleted.map((row) => row.storageKey);
}

export async function deleteFiles(deps: Pick<Deps, "storage">, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => {})));
}

/** One of the brand's watermark images; any other id (another brand's, a post image) is not found. */
export async function requireWatermarkMedia(ctx: BrandContext, mediaId: string): Promise<Media> {
  const row = await requireBrandMedia(ctx, mediaId);
  if (row.kind !== "watermark") throw new AppError("not_found", MEDIA_NOT_FOUND);
  return row;
}
