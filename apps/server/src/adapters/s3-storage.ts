import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { FileStorage } from "@smm/domain/ports";
import type { Env } from "../env";

export interface S3StorageOptions {
  bucket: string;
  /** Another S3-compatible host (MinIO, R2, the tests' fake); absent: AWS's own for the region. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Absent: the SDK's default chain (instance roles, ~/.aws, AWS_* variables). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `host/bucket/key` instead of `bucket.host/key`: MinIO and most self-hosted servers need it. */
  forcePathStyle?: boolean | undefined;
  /** Bytes per part of a large upload (at least 5 MiB, S3's minimum); 8 MiB by default. */
  partSize?: number | undefined;
}

/** The bucket the environment names (S3_*); null when S3_BUCKET is unset (files stay on local disk). */
export function s3OptionsOf(env: Env): S3StorageOptions | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

/** The key is not there; a missing bucket is a misconfiguration, never "no such file". */
const isMissing = (error: unknown): boolean => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (failure.name === "NoSuchBucket") return false;
  return (
    failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.$metadata?.httpStatusCode === 404
  );
};

/** Keys come from ids; one that is empty, absolute or climbs (`..`) is a bug, refused before it reaches the bucket. */
function checkKey(key: string): string {
  if (key === "" || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "."))
    throw new Error(`storage key not allowed: ${key}`);
  return key;
}

/**
 * Files in an S3-compatible bucket under the same keys local storage uses, so any instance reads what
 * another wrote. Large files go up in parts from a stream (never whole in memory); reads of a range ask the
 * bucket for that range only. No localPath: code that needs a file on disk downloads it first.
 */
export type S3Storage = FileStorage & {
  client: S3Client;
  size(key: string): Promise<number | null>;
  /** As putFile, but the file stays where it is (storage:migrate copies the uploads folder). */
  copyFile(key: string, path: string, mimeType: string): Promise<void>;
};

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
  const client = new S3Client({
    region: options.region ?? "us-east-1",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer streamed ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  async function sizeOf(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The file at `path` into the bucket, in parts when large; the file stays where it is. */
  async function copyFile(key: string, path: string, mimeType: string): Promise<void> {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: checkKey(key), Body: createReadStream(path), ContentType: mimeType },
      partSize,
      // Two parts in flight: memory stays near 2 x partSize however large the file.
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  return {
    kind: "s3",
    client,
    async put(key, bytes, mimeType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: bytes, ContentType: mimeType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        if (!answer.Body) return new Uint8Array();
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too; some compatible servers answer 404, which is fine here.
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    copyFile,
    async putFile(key, path, mimeType) {
      await copyFile(key, path, mimeType);
      // Local storage moves the file in; here it was copied, so the source goes as a move would take it.
      await rm(path, { force: true });
    },
    size: sizeOf,
    async readRange(key, start, end) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: checkKey(key), Range: `bytes=${start}-${end}` }),
        );
        if (!answer.Body) return new ReadableStream({ start: (controller) => controller.close() });
        return answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isMissing(error)) return null;
        // An empty file has no byte 0: a range of it is nothing, as the local file's read would give.
        if ((error as { name?: string }).name === "InvalidRange" && (await sizeOf(key)) === 0)
          return new ReadableStream({ start: (controller) => controller.close() });
        throw error;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix });
      for await (const page of pages)
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      return keys;
    },
  };
}
