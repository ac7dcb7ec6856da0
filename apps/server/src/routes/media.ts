import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "@smm/domain/errors";
import {
  chatImageUploadView,
  getImage,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE_TYPE,
  MAX_UPLOAD_BYTES,
  mediaView,
  openSignedMedia,
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
        description:
          "A copy of the file; part of what the link signs. `instagram`: the fitted JPEG; `poster`: a video's poster frame (a JPEG, answered with an ETag); `video-...`: a video transcoded for a network (H.264/AAC MP4, the name spells its spec).",
        schema: { type: "string", pattern: "^(instagram|poster|video-[a-z0-9.-]+)$" },
      },
      {
        name: "Range",
        in: "header",
        required: false,
        description:
          "One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-500`): a player seeking in a video.",
        schema: { type: "string" },
      },
    ],
    request: { params: imageId },
    responses: {
      200: {
        description: "The image or video (`Accept-Ranges: bytes`).",
        content: {
          "image/*": { schema: z.string().openapi({ format: "binary" }) },
          "video/*": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
      206: {
        description: "The range asked for, with `Content-Range`.",
        content: { "video/*": { schema: z.string().openapi({ format: "binary" }) } },
      },
      304: { description: "The poster frame has not changed since the ETag sent in If-None-Match." },
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

/**
 * The one range of a `Range: bytes=...` header within a file of `size` bytes: null for none (or one this
 * server answers whole: several ranges, another unit, a malformed header), "unsatisfiable" for one that
 * starts past the end (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? null : { start, end };
}

/** /api/media: uploads of the active brand, and the signed links that serve every stored image. */
export function createMediaRoutes(deps: AppDeps) {
  const domain = () => ({
    db: deps.database.db,
    storage: deps.storage,
    imaging: deps.imaging,
    videos: deps.videos,
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
        const file = await openSignedMedia(domain(), {
          mediaId: c.req.valid("param").id,
          expires: Number(c.req.query("expires")),
          signature: c.req.query("signature") ?? "",
          variant: c.req.query("variant"),
        });
        const maxAge = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
        const headers: Record<string, string> = {
          "content-type": file.mimeType,
          // The link is the permission; a cache may keep the bytes only as long as the link is valid. A
          // poster frame can be chosen again: kept as long, but asked again each time (ETag, 304).
          "cache-control": file.immutable ? `private, max-age=${maxAge}, immutable` : "private, no-cache",
          "accept-ranges": "bytes",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          ...(file.etag ? { etag: file.etag } : {}),
        };
        if (file.etag && c.req.header("if-none-match") === file.etag)
          return c.body(null, 304, headers) as never;
        const range = parseRange(c.req.header("range"), file.size);
        if (range === "unsatisfiable")
          return c.body(null, 416, { ...headers, "content-range": `bytes */${file.size}` }) as never;
        const { start, end } = range ?? { start: 0, end: file.size - 1 };
        headers["content-length"] = String(file.size === 0 ? 0 : end - start + 1);
        if (range) headers["content-range"] = `bytes ${start}-${end}/${file.size}`;
        // HEAD (a player asking the size): nothing is read.
        if (c.req.method === "HEAD") return c.body(null, range ? 206 : 200, headers) as never;
        const body = file.size === 0 ? new Uint8Array() : await file.read(start, end);
        return c.body(body as Uint8Array<ArrayBuffer> | ReadableStream, range ? 206 : 200, headers) as never;
      })
      // One of the brand's images with a fresh signed link (the conversation stores ids, links expire).
      .openapi(routes.get, async (c) =>
        c.json(await getImage(await brandContext(c, deps), c.req.valid("param").id), 200),
      )
  );
}
