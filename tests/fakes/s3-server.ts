import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A fake S3-compatible server over real HTTP, path-style (`/<bucket>/<key>`), holding objects in memory:
 * PutObject, GetObject (with Range), HeadObject, DeleteObject, ListObjectsV2 (prefix, max-keys,
 * continuation tokens) and multipart uploads (Create, UploadPart, Complete, Abort), with S3's XML errors.
 * Signatures are not checked, but a request without an Authorization header is refused as S3 refuses an
 * anonymous one. Buckets named in `buckets` exist; others answer NoSuchBucket.
 */

export interface FakeS3Object {
  bytes: Uint8Array;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  bucket: string;
  key: string;
  /** The S3 action it was read as ("PutObject", "UploadPart", ...). */
  action: string;
}

export interface FakeS3Server {
  url: string;
  /** bucket -> key -> object. */
  buckets: Map<string, Map<string, FakeS3Object>>;
  requests: FakeS3Request[];
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads(): number;
  close(): Promise<void>;
}

interface Multipart {
  bucket: string;
  key: string;
  contentType: string;
  parts: Map<number, Uint8Array>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = new Uint8Array(Buffer.concat(chunks));
  const encoding = request.headers["content-encoding"] ?? "";
  return encoding.includes("aws-chunked") ? decodeAwsChunked(raw) : raw;
}

/** `<hex size>[;ext]\r\n<bytes>\r\n ... 0\r\n<trailers>\r\n\r\n`: what the SDK sends with streamed checksums. */
function decodeAwsChunked(raw: Uint8Array): Uint8Array {
  const text = Buffer.from(raw);
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(text.subarray(at, lineEnd).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(text.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return new Uint8Array(Buffer.concat(out));
}

function sendXml(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function sendError(response: ServerResponse, status: number, code: string, message: string, head = false) {
  if (head) {
    response.writeHead(status);
    response.end();
    return;
  }
  sendXml(response, status, `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`);
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against an object of `size` bytes; null when unsatisfiable. */
function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const length = Math.min(Number(to), size);
    return length === 0 ? null : { start: size - length, end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return null;
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? null : { start, end };
}

export async function startS3Server(options: { buckets?: string[] } = {}): Promise<FakeS3Server> {
  const buckets = new Map<string, Map<string, FakeS3Object>>(
    (options.buckets ?? ["test-bucket"]).map((name) => [name, new Map()]),
  );
  const uploads = new Map<string, Multipart>();
  const requests: FakeS3Request[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    const head = method === "HEAD";
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const query = url.searchParams;
    const action = actionOf(method, key, query);
    requests.push({ method, bucket: bucketName, key, action });
    // The body is read before any answer, so a refused upload never leaves the client writing into a reset.
    const body = method === "PUT" || method === "POST" ? await readBody(request) : new Uint8Array();

    if (!request.headers.authorization)
      return sendError(response, 403, "AccessDenied", "Anonymous access is not allowed.", head);
    const bucket = buckets.get(bucketName);
    if (!bucket) return sendError(response, 404, "NoSuchBucket", "The bucket does not exist.", head);

    switch (action) {
      case "ListObjectsV2":
        return listObjects(response, bucketName, bucket, query);
      case "PutObject": {
        const object = {
          bytes: body,
          contentType: request.headers["content-type"] ?? "application/octet-stream",
          etag: `"${md5(body)}"`,
          lastModified: new Date(),
        };
        bucket.set(key, object);
        response.writeHead(200, { etag: object.etag });
        return response.end();
      }
      case "GetObject":
      case "HeadObject": {
        const object = bucket.get(key);
        if (!object) return sendError(response, 404, "NoSuchKey", "The key does not exist.", head);
        const size = object.bytes.length;
        const headers = {
          "content-type": object.contentType,
          etag: object.etag,
          "last-modified": object.lastModified.toUTCString(),
          "accept-ranges": "bytes",
        };
        const rangeHeader = request.headers.range;
        if (rangeHeader && !head) {
          const range = parseRange(rangeHeader, size);
          if (!range)
            return sendError(response, 416, "InvalidRange", "The requested range is not satisfiable.");
          response.writeHead(206, {
            ...headers,
            "content-length": String(range.end - range.start + 1),
            "content-range": `bytes ${range.start}-${range.end}/${size}`,
          });
          return response.end(object.bytes.subarray(range.start, range.end + 1));
        }
        response.writeHead(200, { ...headers, "content-length": String(size) });
        return response.end(head ? undefined : object.bytes);
      }
      case "DeleteObject":
        bucket.delete(key);
        response.writeHead(204);
        return response.end();
      case "CreateMultipartUpload": {
        const uploadId = randomUUID();
        uploads.set(uploadId, {
          bucket: bucketName,
          key,
          contentType: request.headers["content-type"] ?? "application/octet-stream",
          parts: new Map(),
        });
        return sendXml(
          response,
          200,
          `<InitiateMultipartUploadResult><Bucket>${escapeXml(bucketName)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case "UploadPart": {
        const upload = uploads.get(query.get("uploadId") ?? "");
        if (!upload) return sendError(response, 404, "NoSuchUpload", "The upload does not exist.");
        upload.parts.set(Number(query.get("partNumber")), body);
        response.writeHead(200, { etag: `"${md5(body)}"` });
        return response.end();
      }
      case "CompleteMultipartUpload": {
        const uploadId = query.get("uploadId") ?? "";
        const upload = uploads.get(uploadId);
        if (!upload) return sendError(response, 404, "NoSuchUpload", "The upload does not exist.");
        const numbers = [
          ...Buffer.from(body)
            .toString("utf8")
            .matchAll(/<PartNumber>(\d+)<\/PartNumber>/g),
        ].map((match) => Number(match[1]));
        const parts = numbers.map((n) => upload.parts.get(n));
        if (numbers.length === 0 || parts.some((part) => !part))
          return sendError(response, 400, "InvalidPart", "A listed part was not uploaded.");
        // As S3 does: every part but the last is at least 5 MiB.
        if (parts.slice(0, -1).some((part) => (part as Uint8Array).length < 5 * 1024 * 1024))
          return sendError(response, 400, "EntityTooSmall", "A part is smaller than the minimum.");
        const bytes = new Uint8Array(Buffer.concat(parts as Uint8Array[]));
        const etag = `"${md5(bytes)}-${parts.length}"`;
        bucket.set(upload.key, { bytes, contentType: upload.contentType, etag, lastModified: new Date() });
        uploads.delete(uploadId);
        return sendXml(
          response,
          200,
          `<CompleteMultipartUploadResult><Bucket>${escapeXml(bucketName)}</Bucket><Key>${escapeXml(upload.key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case "AbortMultipartUpload":
        uploads.delete(query.get("uploadId") ?? "");
        response.writeHead(204);
        return response.end();
      default:
        return sendError(response, 501, "NotImplemented", `${action} is not implemented by the fake.`, head);
    }
  }

  function listObjects(
    response: ServerResponse,
    bucketName: string,
    bucket: Map<string, FakeS3Object>,
    query: URLSearchParams,
  ) {
    const prefix = query.get("prefix") ?? "";
    const maxKeys = Math.min(1000, Number(query.get("max-keys") ?? "1000") || 1000);
    // The token is the last key already listed; S3's are opaque, so a client cannot tell the difference.
    const after = query.get("continuation-token") ?? query.get("start-after") ?? "";
    const keys = [...bucket.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = bucket.get(key) as FakeS3Object;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join("");
    const next = truncated
      ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? "")}</NextContinuationToken>`
      : "";
    sendXml(
      response,
      200,
      `<ListBucketResult><Name>${escapeXml(bucketName)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, "InternalError", String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake S3 server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    buckets,
    requests,
    openUploads: () => uploads.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function actionOf(method: string, key: string, query: URLSearchParams): string {
  if (key === "")
    return method === "GET" && query.get("list-type") === "2" ? "ListObjectsV2" : `${method} bucket`;
  if (method === "POST" && query.has("uploads")) return "CreateMultipartUpload";
  if (method === "POST" && query.has("uploadId")) return "CompleteMultipartUpload";
  if (method === "PUT" && query.has("uploadId")) return "UploadPart";
  if (method === "DELETE" && query.has("uploadId")) return "AbortMultipartUpload";
  if (method === "PUT") return "PutObject";
  if (method === "GET") return "GetObject";
  if (method === "HEAD") return "HeadObject";
  if (method === "DELETE") return "DeleteObject";
  return `${method} object`;
}
