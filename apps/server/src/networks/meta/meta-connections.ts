import type { DbExecutor } from "@smm/domain/context";
import { media, postMedia, posts, socialConnections } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { isMetaPlatform, metaPlatforms } from "@smm/domain/posts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TokenVault } from "../../adapters/token-vault";
import type { MetaAdConnection } from "./meta-ads";
import type { MetaBrandConnection, MetaPostFacts } from "./meta-network";

/** The brand's page (and Instagram account) with the token opened, for the Meta adapter only. */
export function createConnectionLoader(db: DbExecutor, vault: TokenVault) {
  return async (userId: string, brandId: string): Promise<MetaBrandConnection | null> => {
    const rows = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          inArray(socialConnections.provider, [...metaPlatforms]),
        ),
      );
    const page = rows.find((row) => row.provider === "facebook");
    if (page?.network !== "meta") return null;
    if (page.expiredAt) {
      throw new AppError(
        "upstream_failed",
        "Your Facebook connection has expired. Please reconnect your page in Settings.",
      );
    }
    return {
      pageId: page.externalAccountId,
      pageToken: vault.open(page.encryptedToken),
      instagramAccountId: rows.find((row) => row.provider === "instagram")?.externalAccountId ?? null,
    };
  };
}

/** The brand's ad account connection made through Meta, with its token opened, for the Meta adapter only. */
export function createAdConnectionLoader(db: DbExecutor, vault: TokenVault) {
  return async (userId: string, brandId: string): Promise<MetaAdConnection | null> => {
    const [row] = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          eq(socialConnections.provider, "facebook_ads"),
        ),
      );
    if (row?.network !== "meta") return null;
    return { token: vault.open(row.encryptedToken), expired: row.expiredAt !== null };
  };
}

/** Our post's text and format, for settling a publish whose answer was lost. */
export function createPostReader(db: DbExecutor) {
  return async (request: {
    userId: string;
    brandId: string;
    postId: string;
  }): Promise<MetaPostFacts | null> => {
    const [row] = await db
      .select({ content: posts.content, platform: posts.platform, format: posts.format })
      .from(posts)
      .where(
        and(
          eq(posts.id, request.postId),
          eq(posts.userId, request.userId),
          eq(posts.brandId, request.brandId),
        ),
      );
    // Only Facebook and Instagram posts are Meta's to settle.
    if (!row || !isMetaPlatform(row.platform)) return null;
    // Its first item says which of the page's lists holds a feed post (a video is under /videos).
    const [first] = await db
      .select({ mimeType: media.mimeType })
      .from(postMedia)
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(eq(postMedia.postId, request.postId))
      .orderBy(asc(postMedia.position))
      .limit(1);
    return {
      content: row.content,
      platform: row.platform,
      format: row.format,
      video: first?.mimeType.startsWith("video/") ?? false,
    };
  };
}
