import { randomUUID } from "node:crypto";
import { open, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import type { BrandContext } from "@smm/domain/context";
import { AppError } from "@smm/domain/errors";
import {
  IMAGE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  sniffImageType,
  sniffVideoType,
  storeUploadedImage,
  storeVideo,
  toUploadedMediaView,
  type UploadedMediaView,
  uploadedMediaView,
  VIDEO_HEAD_BYTES,
  VIDEO_NOT_A_VIDEO,
  videoTooLarge,
} from "@smm/domain/media";
import { safeText } from "@smm/domain/text";
import { FileStore } from "@tus/file-store";
import { Metadata, TUS_RESUMABLE, Server as TusServer } from "@tus/server";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext } from "../lib/domain-context";
import { brandHeader, createRoutes, errors, idParam, jsonAnswer } from "../lib/http";
import { requireUser } from "../middleware/session";

/** Where the tus endpoint is mounted (app.ts); upload URLs are `${UPLOADS_PATH}/{id}`. */
export const UPLOADS_PATH = "/api/uploads";

/** Upload ids are UUIDs (namingFunction); anything else is no upload of ours. */
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/** An unfinished upload is kept a day after it was created, then removed. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Unfinished uploads one user may have at once (each may hold up to MAX_VIDEO_MB on disk). */
export const MAX_OPEN_UPLOADS = 10;

export const UPLOAD_NOT_FOUND = "Upload not found";
export const TOO_MANY_UPLOADS = `You have ${MAX_OPEN_UPLOADS} uploads in progress; finish or cancel one first.`;
const UPLOAD_BEING_STORED = "This upload is being stored; try again in a moment.";

/**
 * The upload's metadata (tus `Upload-Metadata`): what the client may send. The owner and the brand are
 * written by the server at creation and never taken from a later request.
 */
const clientMetadata = z.object({
  /** The brand the file goes to (else X-Brand-Id, else the active brand); fixed at creation. */
  brandId: z.string().optional(),
  /** The file's name as the user knows it (tus-js-client's `filename`, or `name`). */
  filename: safeText().trim().max(255).optional(),
  name: safeText().trim().max(255).optional(),
  /** The browser's claim of the type: only chooses the size limit before a byte is sent (5 MB for images). */
  filetype: z.string().max(255).optional(),
  /** Where the poster frame is taken, in milliseconds. */
  posterMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
});

interface StoredMetadata {
  userId: string;
  brandId: string;
  filename: string;
  filetype: string;
  posterMs: string;
}

interface UploadRecord {
  id: string;
  size?: number;
  metadata?: Partial<StoredMetadata>;
}

const tusHeaders = [
  {
    name: "Tus-Resumable",
    in: "header" as const,
    required: true,
    description: "The tus protocol version: 1.0.0.",
    schema: { type: "string" as const, enum: ["1.0.0"] },
  },
];

const uploadId = idParam("The upload's id (the last part of its Location); a finished video's media id too.");
const tags = ["Media"];
const protocol = (description: string) => ({ description });

const routes = {
  create: createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Start a resumable upload (tus 1.0.0 creation) of a video or an image.",
    description:
      "Send `Upload-Length` (or `Upload-Defer-Length: 1`) and `Upload-Metadata` (`filename`, `filetype`, and optionally `brandId` and `posterMs`, base64 as tus says). A video may be at most MAX_VIDEO_MB (250 MB by default), an image 5 MB: a larger declared length is refused here with 413 and nothing is written. The Location answered is the upload's URL for HEAD, PATCH and DELETE.",
    parameters: [
      brandHeader,
      ...tusHeaders,
      { name: "Upload-Length", in: "header", required: false, schema: { type: "integer" } },
      { name: "Upload-Metadata", in: "header", required: false, schema: { type: "string" } },
    ],
    responses: {
      201: protocol("Created; `Location` is the upload's URL."),
      ...errors("400", "404", "413", "429"),
    },
  }),
  status: createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "How far an upload is (HEAD on the same URL is tus's offset request: `Upload-Offset`).",
    request: { params: uploadId },
    responses: {
      200: jsonAnswer(
        z.object({ id: z.string(), offset: z.number().int(), length: z.number().int().nullable() }),
        "The bytes received and the length declared.",
      ),
      ...errors("404"),
    },
  }),
  append: createRoute({
    method: "patch",
    path: "/{id}",
    tags,
    summary:
      "Send the next bytes of an upload (tus 1.0.0, application/offset+octet-stream at Upload-Offset).",
    description:
      "While bytes are missing: 204 with the new `Upload-Offset`. The request that completes the upload is answered once the file is checked and stored: 200 with the stored media, or 400 `video_invalid` (not a video, cut short or damaged, longer than 15 minutes, a frame over 4096 pixels a side) or `image_type_invalid`, and the upload is removed.",
    parameters: [
      ...tusHeaders,
      { name: "Upload-Offset", in: "header", required: true, schema: { type: "integer" } },
    ],
    request: {
      params: uploadId,
      body: {
        required: true,
        content: {
          "application/offset+octet-stream": { schema: { type: "string" as const, format: "binary" } },
        },
      },
    },
    responses: {
      200: jsonAnswer(uploadedMediaView, "The upload is complete: the stored video (or image)."),
      204: protocol("Bytes taken; `Upload-Offset` says how many in all."),
      ...errors("400", "404", "409"),
    },
  }),
  cancel: createRoute({
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Cancel an unfinished upload (tus termination); its bytes are removed.",
    parameters: tusHeaders,
    request: { params: uploadId },
    responses: { 204: protocol("Removed."), ...errors("404") },
  }),
};

/** The stored upload's record (tus's `<id>.json`), or null. */
async function readRecord(dir: string, id: string): Promise<UploadRecord | null> {
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), "utf8")) as UploadRecord;
  } catch {
    return null;
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const head = new Uint8Array(VIDEO_HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * /api/uploads: resumable uploads (the tus 1.0.0 protocol, @tus/server on files under the uploads folder)
 * for videos up to MAX_VIDEO_MB and images up to 5 MB. Only a signed-in caller with a brand may start one;
 * the brand is fixed at creation; another user's upload is 404. The request that completes an upload
 * stores it: sniffed by content, probed and checked, the poster made (domain storeVideo), and answered with
 * the stored media.
 */
export function createUploadRoutes(deps: AppDeps) {
  const config = deps.uploads;
  /** What a creation request resolved, read by tus's creation hook (keyed by the request it handles). */
  const created = new WeakMap<Request, StoredMetadata>();
  /** Uploads being stored right now (the completing PATCH), so a repeated one cannot store twice. */
  const storing = new Set<string>();
  let lastSweep = 0;
  let tus: TusServer | undefined;

  const tusServer = (): TusServer => {
    if (!config) throw new AppError("not_found", "Not found");
    tus ??= new TusServer({
      path: UPLOADS_PATH,
      datastore: new FileStore({ directory: config.dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
      relativeLocation: true,
      respectForwardedHeaders: false,
      // Same-origin pages and scripts only: no CORS grant to any other origin.
      allowedOrigins: () => false,
      // The largest anything may be; a creation declaring more was refused before tus saw it (413).
      maxSize: config.maxVideoBytes,
      namingFunction: () => randomUUID(),
      onUploadCreate: async (req) => {
        const metadata = created.get(req);
        if (!metadata) throw { status_code: 403, body: "Forbidden\n" };
        return { metadata: { ...metadata } };
      },
    });
    return tus;
  };

  const caller = (c: Context<AppEnv>) => requireUser(c);

  /** The caller's own upload's record; anything else (another user's, unknown, malformed) is 404. */
  async function ownUpload(
    c: Context<AppEnv>,
    id: string,
  ): Promise<UploadRecord & { metadata: StoredMetadata }> {
    const user = caller(c);
    if (!config || !isUuid(id)) throw new AppError("not_found", UPLOAD_NOT_FOUND);
    const record = await readRecord(config.dir, id);
    if (!record?.metadata?.userId || record.metadata.userId !== user.id)
      throw new AppError("not_found", UPLOAD_NOT_FOUND);
    return record as UploadRecord & { metadata: StoredMetadata };
  }

  async function openUploadsOf(userId: string): Promise<number> {
    if (!config) return 0;
    const names = await readdir(config.dir).catch(() => [] as string[]);
    let count = 0;
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      const record = await readRecord(config.dir, name.slice(0, -5));
      if (record?.metadata?.userId === userId) count += 1;
    }
    return count;
  }

  /** Unfinished uploads past their day are removed now and then (at most hourly, on a creation). */
  function sweepExpired() {
    if (Date.now() - lastSweep < 60 * 60 * 1000) return;
    lastSweep = Date.now();
    tusServer()
      .cleanUpExpiredUploads()
      .catch((error: unknown) => deps.logger.warn("expired uploads cleanup failed", { error }));
  }

  async function removeUpload(id: string) {
    if (!config) return;
    await rm(join(config.dir, id), { force: true });
    await rm(join(config.dir, `${id}.json`), { force: true });
  }

  /** The completed upload, stored as the brand's media (or refused, and removed). */
  async function store(
    c: Context<AppEnv>,
    record: UploadRecord & { metadata: StoredMetadata },
  ): Promise<UploadedMediaView> {
    if (!config) throw new AppError("not_found", UPLOAD_NOT_FOUND);
    const { metadata } = record;
    const ctx: BrandContext = await brandContext(c, deps, metadata.brandId);
    const path = join(config.dir, record.id);
    const byteSize = record.size ?? 0;
    try {
      const head = await readHead(path);
      const name = metadata.filename || null;
      if (sniffVideoType(head)) {
        const posterMs = metadata.posterMs ? Number(metadata.posterMs) : undefined;
        const row = await storeVideo(
          ctx,
          { path, byteSize, head, name, id: record.id, posterAtMs: posterMs },
          { maxBytes: config.maxVideoBytes },
        );
        return toUploadedMediaView(ctx, row);
      }
      const image = sniffImageType(head);
      if (image && image !== "image/svg+xml") {
        if (byteSize > MAX_UPLOAD_BYTES) throw new AppError("image_too_large", IMAGE_TOO_LARGE);
        const { row } = await storeUploadedImage(ctx, {
          bytes: new Uint8Array(await readFile(path)),
          ...(name ? { name } : {}),
        });
        return toUploadedMediaView(ctx, row);
      }
      throw new AppError("video_invalid", VIDEO_NOT_A_VIDEO);
    } catch (error) {
      // A refusal removes the upload; anything else (the database away) keeps it for a retried PATCH.
      if (error instanceof AppError && error.status < 500) await removeUpload(record.id);
      throw error;
    }
  }

  /** After tus answered a write: when the upload is now complete, it is stored and answered as media. */
  async function completeIfDone(c: Context<AppEnv>, id: string, response: Response): Promise<Response> {
    if (!response.ok || !config) return response;
    const record = await readRecord(config.dir, id);
    const offset = Number(response.headers.get("upload-offset"));
    if (!record || record.size === undefined || offset !== record.size) return response;
    if (storing.has(id)) throw new AppError("conflict", UPLOAD_BEING_STORED);
    storing.add(id);
    try {
      const view = await store(c, record as UploadRecord & { metadata: StoredMetadata });
      // Stored: the file was moved into storage (or copied, then removed here) and its record goes.
      await removeUpload(id).catch(() => {});
      return c.json(view, 200, {
        "Tus-Resumable": TUS_RESUMABLE,
        "Upload-Offset": String(record.size),
        ...(response.headers.get("location") ? { Location: response.headers.get("location") as string } : {}),
      });
    } finally {
      storing.delete(id);
    }
  }

  return createRoutes()
    .openapi(routes.create, async (c) => {
      const user = caller(c);
      if (!config) throw new AppError("not_found", "Not found");
      let raw: Record<string, string | null>;
      try {
        raw = Metadata.parse(c.req.header("upload-metadata") ?? undefined);
      } catch {
        throw new AppError("invalid_input", "Upload-Metadata is not valid tus metadata.");
      }
      const parsed = clientMetadata.safeParse(
        Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null)),
      );
      if (!parsed.success) throw AppError.fromZod(parsed.error);
      const metadata = parsed.data;
      const ctx = await brandContext(c, deps, metadata.brandId);
      const image = metadata.filetype?.toLowerCase().startsWith("image/") ?? false;
      const declared = c.req.header("upload-length");
      if (declared !== undefined && /^\d+$/.test(declared.trim())) {
        const length = Number(declared);
        if (image && length > MAX_UPLOAD_BYTES) throw new AppError("image_too_large", IMAGE_TOO_LARGE);
        if (length > config.maxVideoBytes) throw videoTooLarge(config.maxVideoBytes);
      }
      if ((await openUploadsOf(user.id)) >= MAX_OPEN_UPLOADS)
        throw new AppError("quota_exceeded", TOO_MANY_UPLOADS);
      created.set(c.req.raw, {
        userId: user.id,
        brandId: ctx.brandId,
        filename: metadata.filename ?? metadata.name ?? "",
        filetype: metadata.filetype ?? "",
        posterMs: metadata.posterMs === undefined ? "" : String(metadata.posterMs),
      });
      sweepExpired();
      const response = await tusServer().handleWeb(c.req.raw);
      // Creation with the first bytes in the same request may already complete a small upload.
      const id = response.headers.get("location")?.split("/").pop();
      return (id && isUuid(id) ? await completeIfDone(c, id, response) : response) as never;
    })
    .openapi(routes.status, async (c) => {
      const { id } = c.req.valid("param");
      const record = await ownUpload(c, id);
      // Hono answers HEAD with this GET route: the tus offset request.
      if (c.req.method === "HEAD") return (await tusServer().handleWeb(c.req.raw)) as never;
      const upload = await tusServer().datastore.getUpload(id);
      return c.json({ id, offset: upload.offset, length: record.size ?? null }, 200);
    })
    .openapi(routes.append, async (c) => {
      const { id } = c.req.valid("param");
      await ownUpload(c, id);
      if (storing.has(id)) throw new AppError("conflict", UPLOAD_BEING_STORED);
      const response = await tusServer().handleWeb(c.req.raw);
      return (await completeIfDone(c, id, response)) as never;
    })
    .openapi(routes.cancel, async (c) => {
      const { id } = c.req.valid("param");
      await ownUpload(c, id);
      if (storing.has(id)) throw new AppError("conflict", UPLOAD_BEING_STORED);
      return (await tusServer().handleWeb(c.req.raw)) as never;
    });
}
