import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { media } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { readMediaBytes } from "./media";
import { mediaVariants, readOrMakeVariant } from "./media-variants";
import { MEDIA_NOT_FOUND } from "./schemas";

/**
 * The file behind a signed link. The signature is the permission (a network fetching the image has no
 * session), so a bad or expired one is indistinguishable from a missing file.
 */
export async function readSignedMedia(
  deps: Pick<Deps, "db" | "storage" | "imaging" | "mediaUrls" | "now">,
  link: { mediaId: string; expires: number; signature: string; variant?: string | undefined },
): Promise<{ bytes: Uint8Array; mimeType: string; expiresAt: Date }> {
  const variant = link.variant === undefined ? undefined : mediaVariants.find((v) => v === link.variant);
  const valid =
    isUuid(link.mediaId) &&
    Number.isSafeInteger(link.expires) &&
    (link.variant === undefined || variant !== undefined) &&
    deps.mediaUrls.verify(link.mediaId, link.expires, link.signature, deps.now(), variant);
  if (!valid) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const [row] = await deps.db.select().from(media).where(eq(media.id, link.mediaId));
  if (!row) throw new AppError("not_found", MEDIA_NOT_FOUND);
  if (variant) {
    // Made when the post was handed over; made here if it is gone (a cleared cache, another node's disk).
    const copy = await readOrMakeVariant(deps, row, () => readMediaBytes(deps, row), variant);
    return { ...copy, expiresAt: new Date(link.expires * 1000) };
  }
  return {
    bytes: await readMediaBytes(deps, row),
    mimeType: row.mimeType,
    expiresAt: new Date(link.expires * 1000),
  };
}
