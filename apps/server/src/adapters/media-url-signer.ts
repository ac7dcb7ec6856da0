import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { SIGNED_URL_REFRESH_SECONDS, SIGNED_URL_SECONDS } from "@smm/domain/media";
import type { MediaUrlSigner, MediaVariant } from "@smm/domain/ports";

/**
 * Links of the form /api/media/{id}/file?expires=...&signature=... (relative: the browser resolves them
 * against the app; a network adapter prefixes the public URL).
 *
 * Expiry is rounded to 5-minute steps, so every read within a step hands out the same link (the browser
 * caches the image) and no link is handed out with less than 55 minutes left.
 */
export function createMediaUrlSigner(secret: string): MediaUrlSigner {
  // A key of its own, so a media link can never be replayed as anything the auth secret signs.
  const key = createHash("sha256").update(`media-urls:${secret}`).digest();
  const signatureOf = (mediaId: string, expires: number, variant?: MediaVariant): string =>
    createHmac("sha256", key)
      .update(variant ? `${mediaId}.${expires}.${variant}` : `${mediaId}.${expires}`)
      .digest("base64url");
  return {
    sign(mediaId, now, variant) {
      const step = Math.floor(now.getTime() / 1000 / SIGNED_URL_REFRESH_SECONDS) * SIGNED_URL_REFRESH_SECONDS;
      const expires = step + SIGNED_URL_SECONDS;
      const signature = signatureOf(mediaId, expires, variant);
      return {
        url: `/api/media/${mediaId}/file?${variant ? `variant=${variant}&` : ""}expires=${expires}&signature=${signature}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    verify(mediaId, expires, signature, now, variant) {
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(mediaId, expires, variant));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
