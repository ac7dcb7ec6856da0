import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { media } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { readMediaBytes } from "./media";
import { MEDIA_NOT_FOUND } from "./schemas";

/**
 * The file behind a signed link. The signature is the permission (a network fetching the image has no
 * session), so a bad or expired one is indistinguishable from a missing file.
 */
export async function readSignedMedia(
  deps: Pick<Deps, "db" | "storage" | "mediaUrls" | "now">,
  link: { mediaId: string; expires: number; signature: string },
): Promise<{ bytes: Uint8Array; mimeType: string; expiresAt: Date }> {
  const valid =
    isUuid(link.mediaId) &&
    Number.isSafeInteger(link.expires) &&
    deps.mediaUrls.verify(link.mediaId, link.expires, link.signature, deps.now());
  if (!valid) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const [row] = await deps.db.select().from(media).where(eq(media.id, link.mediaId));
  if (!row) throw new AppError("not_found", MEDIA_NOT_FOUND);
  return {
    bytes: await readMediaBytes(deps, row),
    mimeType: row.mimeType,
    expiresAt: new Date(link.expires * 1000),
  };
}
