import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "@smm/domain/errors";
import {
  chatImageUploadView,
  getImage,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE_TYPE,
  MAX_UPLOAD_BYTES,
  mediaView,
  readSignedMedia,
  uploadChatImage,
  uploadImage,
} from "@smm/domain/media";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import { brandHeader, createRoutes, errors, idParam, jsonAnswer } from "../lib/http";

/** Multipart overhead on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads the one file of a multipart upload (field "file"); the domain checks what it really is. With
 * `checkSize: false` the domain also judges the size (up to the body limit), to refuse it in its own words.
 */
export async function readUploadedFile(
  c: {
    req: { parseBody: () => Promise<Record<string, string | File | (string | File)[]>> };
  },
  { checkSize = true }: { checkSize?: boolean } = {},
): Promise<{ bytes: Uint8Array; name: string }> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError("image_type_invalid", INVALID_IMAGE_TYPE);
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError("image_type_invalid", INVALID_IMAGE_TYPE);
  if (checkSize && file.size > MAX_UPLOAD_BYTES) throw new AppError("image_too_large", IMAGE_TOO_LARGE);
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

export const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
  onError: () => {
    throw new AppError("image_too_large", IMAGE_TOO_LARGE);
  },
});

/**
 * A multipart upload of one `file`, documented but not validated by the declaration (a JSON Schema, not a
 * zod one): readUploadedFile answers a missing or bad file with the product's messages.
 */
export const uploadBody = (description: string) => ({
  required: true,
  description,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: ["file"],
        properties: { file: { type: "string" as const, format: "binary", description: "The image file." } },
      },
    },
  },
});

const UPLOAD_REFUSALS =
  "A file of another type, or over the size limit, is a 400 with the product's message for it.";
const imageId = idParam("The image's id.");
const uploaded = jsonAnswer(mediaView, "The stored image with a signed link.");
const tags = ["Media"];

const routes = {
  upload: createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Upload an image for the brand (JPEG, PNG, GIF or WebP, at most 5MB).",
    parameters: [brandHeader],
    middleware: uploadLimit,
    request: { body: uploadBody(UPLOAD_REFUSALS) },
    responses: { 201: uploaded },
  }),
  chatUpload: createRoute({
    method: "post",
    path: "/chat",
    tags,
    summary: "Upload an image into the brand's chat (watermarked when the brand's mark is on).",
    parameters: [brandHeader],
    middleware: uploadLimit,
    request: { body: uploadBody(UPLOAD_REFUSALS) },
    responses: {
      201: jsonAnswer(chatImageUploadView, "The stored image with a signed link."),
    },
  }),
  file: createRoute({
    method: "get",
    path: "/{id}/file",
    tags,
    summary: "The bytes of a stored image, through a signed link (the link is the permission).",
    security: [],
    // Read by readSignedMedia, which answers a missing or wrong signature with 404 (not validated here).
    parameters: [
      {
        name: "expires",
        in: "query",
        required: true,
        description: "The link's expiry, seconds since the epoch.",
        schema: { type: "integer" },
      },
      {
        name: "signature",
        in: "query",
        required: true,
        description: "The link's signature.",
        schema: { type: "string" },
      },
      {
        name: "variant",
        in: "query",
        required: false,
        description: "A copy made for a network (instagram: the fitted JPEG); part of what the link signs.",
        schema: { type: "string", enum: ["instagram"] },
      },
    ],
    request: { params: imageId },
    responses: {
      200: {
        description: "The image.",
        content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errors("404"),
    },
  }),
  get: createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "One of the brand's images with a fresh signed link.",
    parameters: [brandHeader],
    request: { params: imageId },
    responses: { 200: jsonAnswer(mediaView, "The image and its signed link.") },
  }),
};

/** /api/media: uploads of the active brand, and the signed links that serve every stored image. */
export function createMediaRoutes(deps: AppDeps) {
  const domain = () => ({
    db: deps.database.db,
    storage: deps.storage,
    imaging: deps.imaging,
    mediaUrls: deps.mediaUrls,
    now: deps.now ?? (() => new Date()),
  });
  return (
    createRoutes()
      .openapi(routes.upload, async (c) => {
        const ctx = await brandContext(c, deps);
        const file = await readUploadedFile(c);
        return c.json(await uploadImage(ctx, file), 201);
      })
      // A chat upload: watermarked when the brand's mark is on, and added to the brand's conversation.
      .openapi(routes.chatUpload, async (c) => {
        const ctx = await brandContext(c, deps);
        const file = await readUploadedFile(c);
        return c.json(await uploadChatImage(ctx, file), 201);
      })
      .openapi(routes.file, async (c) => {
        const file = await readSignedMedia(domain(), {
          mediaId: c.req.valid("param").id,
          expires: Number(c.req.query("expires")),
          signature: c.req.query("signature") ?? "",
          variant: c.req.query("variant"),
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
      .openapi(routes.get, async (c) =>
        c.json(await getImage(await brandContext(c, deps), c.req.valid("param").id), 200),
      )
  );
}
