import { AppError } from "@smm/domain/errors";
import { getImage } from "@smm/domain/media/get-image";
import { readSignedMedia } from "@smm/domain/media/read-signed-media";
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_UPLOAD_BYTES } from "@smm/domain/media/schemas";
import { uploadChatImage } from "@smm/domain/media/upload-chat-image";
import { uploadImage } from "@smm/domain/media/upload-image";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";

/** Multipart overhead on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Reads the one file of a multipart upload (field "file"); the domain checks what it really is. */
export async function readUploadedFile(c: {
  req: { parseBody: () => Promise<Record<string, string | File | (string | File)[]>> };
}): Promise<{ bytes: Uint8Array; name: string }> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError("invalid_input", INVALID_IMAGE_TYPE);
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError("invalid_input", INVALID_IMAGE_TYPE);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError("invalid_input", IMAGE_TOO_LARGE);
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

export const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
  onError: () => {
    throw new AppError("invalid_input", IMAGE_TOO_LARGE);
  },
});

/** /api/media: uploads of the active brand, and the signed links that serve every stored image. */
export function createMediaRoutes(deps: AppDeps) {
  const domain = () => ({
    db: deps.database.db,
    storage: deps.storage,
    mediaUrls: deps.mediaUrls,
    now: deps.now ?? (() => new Date()),
  });
  return (
    new Hono<AppEnv>()
      .post("/", uploadLimit, async (c) => {
        const ctx = await brandContext(c, deps);
        const file = await readUploadedFile(c);
        return c.json(await uploadImage(ctx, file), 201);
      })
      // A chat upload: watermarked when the brand's mark is on, and added to the brand's conversation.
      .post("/chat", uploadLimit, async (c) => {
        const ctx = await brandContext(c, deps);
        const file = await readUploadedFile(c);
        return c.json(await uploadChatImage(ctx, file), 201);
      })
      .get("/:id/file", async (c) => {
        const file = await readSignedMedia(domain(), {
          mediaId: c.req.param("id"),
          expires: Number(c.req.query("expires")),
          signature: c.req.query("signature") ?? "",
        });
        const maxAge = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
        return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
          "content-type": file.mimeType,
          // The link is the permission; a cache may keep the bytes only as long as the link is valid.
          "cache-control": `private, max-age=${maxAge}, immutable`,
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
        });
      })
      // One of the brand's images with a fresh signed link (the conversation stores ids, links expire).
      .get("/:id", async (c) => c.json(await getImage(await brandContext(c, deps), c.req.param("id"))))
  );
}
