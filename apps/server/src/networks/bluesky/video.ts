import { createHash } from "node:crypto";
import { type $Typed, type AppBskyEmbedVideo, BlobRef, jsonToLex } from "@atproto/api";
import { AppError } from "@smm/domain/errors";
import { sendRequest } from "../http-call";
import { itemName, processingFailed } from "../media-fit";
import type { OutgoingMedia } from "../provider";
import type { BlueskyClient } from "./client";
import { toAppError } from "./errors";

/** The video service (BLUESKY_VIDEO_SERVICE_URL), the tests' fake otherwise. */
export const DEFAULT_VIDEO_SERVICE_URL = "https://video.bsky.app";

/** A service token lives this long (the docs' example asks for 30 minutes). */
const SERVICE_TOKEN_SECONDS = 30 * 60;
/** Up to 100 MB in one POST. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
const POLL_TIMEOUT_MS = 30_000;
/**
 * getJobStatus read at once, then after these waits: about 6 minutes in all, enough for a 3-minute video
 * (the video service transcodes in about its length).
 */
export const VIDEO_POLL_DELAYS_MS = [
  1_000, 2_000, 3_000, 5_000, 5_000, 10_000, 10_000, 15_000, 15_000, 15_000, 30_000, 30_000, 30_000, 30_000,
  30_000, 30_000, 30_000, 30_000, 30_000, 30_000,
];

interface JobStatus {
  jobId?: unknown;
  state?: unknown;
  blob?: unknown;
  error?: unknown;
  message?: unknown;
}

/** uploadVideo answers the job status itself (the lexicon says {jobStatus}): both are read. */
function jobStatusOf(body: unknown): JobStatus | null {
  if (typeof body !== "object" || body === null) return null;
  const wrapped = (body as { jobStatus?: unknown }).jobStatus;
  const status = typeof wrapped === "object" && wrapped !== null ? wrapped : body;
  return status as JobStatus;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** The job's reason in words: its message, else its error code. */
const reasonOf = (status: JobStatus | null) => text(status?.message) ?? text(status?.error);

/** The PDS's service DID as getServiceAuth's audience: did:web of its host (a port percent-encoded). */
export const pdsAudienceOf = (service: string) => `did:web:${encodeURIComponent(new URL(service).host)}`;

/**
 * One video as Bluesky takes it (contracts/networks.md section 1, docs "Uploading Video"): a service token
 * from the account's PDS for uploadBlob, the bytes POSTed to the video service, then its job polled until
 * it gives the blob it stored on the PDS. JOB_STATE_FAILED stops with the service's reason.
 */
export async function uploadVideo(
  client: BlueskyClient,
  options: { videoServiceUrl: string; now: () => Date; sleep: (ms: number) => Promise<void> },
  media: readonly OutgoingMedia[],
  index: number,
  video: { bytes: Uint8Array; mimeType: string },
): Promise<$Typed<AppBskyEmbedVideo.Main>> {
  const item = media[index] as OutgoingMedia;
  const name = itemName(media, index);
  const { did, service } = client.credentials();
  let token: string;
  try {
    const exp = Math.floor(options.now().getTime() / 1000) + SERVICE_TOKEN_SECONDS;
    const { data } = await client.call((agent) =>
      agent.com.atproto.server.getServiceAuth({
        aud: pdsAudienceOf(service),
        lxm: "com.atproto.repo.uploadBlob",
        exp,
      }),
    );
    token = data.token;
  } catch (error) {
    throw toAppError(error, "authorize the video upload");
  }

  const base = options.videoServiceUrl.replace(/\/+$/u, "");
  const fileName = `${createHash("sha256").update(video.bytes).digest("hex").slice(0, 16)}.mp4`;
  const unreachable = () =>
    new AppError("upstream_failed", "Bluesky's video service could not be reached; nothing was published.");
  const { response, body } = await sendRequest(
    globalThis.fetch,
    `${base}/xrpc/app.bsky.video.uploadVideo?${new URLSearchParams({ did, name: fileName })}`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "video/mp4", accept: "application/json" },
      body: new Uint8Array(video.bytes),
    },
    UPLOAD_TIMEOUT_MS,
    unreachable,
  );
  let status = jobStatusOf(body);
  const jobId = text(status?.jobId);
  // 409 already_exists: the same video was uploaded before (a retry), and its job is the one to read.
  if (!(response.ok || (response.status === 409 && jobId))) {
    if (response.status >= 500) throw unreachable();
    const reason = reasonOf(status) ?? `HTTP ${response.status}`;
    if (response.status === 400 || response.status === 413)
      throw processingFailed("Bluesky", media, index, reason);
    throw new AppError("upstream_failed", `Bluesky's video service refused ${name}: ${reason}`);
  }
  if (!jobId) throw new AppError("upstream_failed", "Bluesky's video service gave an unexpected answer.");

  for (let poll = 0; ; poll++) {
    if (status?.state === "JOB_STATE_FAILED")
      throw processingFailed("Bluesky", media, index, reasonOf(status));
    if (status?.blob) {
      const blob = jsonToLex(status.blob);
      if (!(blob instanceof BlobRef))
        throw new AppError("upstream_failed", "Bluesky's video service gave an unexpected answer.");
      return {
        $type: "app.bsky.embed.video",
        video: blob,
        ...(item.altText.trim() !== "" ? { alt: item.altText } : {}),
        ...(item.width && item.height ? { aspectRatio: { width: item.width, height: item.height } } : {}),
      };
    }
    const delay = VIDEO_POLL_DELAYS_MS[poll];
    if (delay === undefined) {
      throw new AppError(
        "upstream_failed",
        `Bluesky was still processing ${name} after several minutes; nothing was published. Please try again later.`,
      );
    }
    await options.sleep(delay);
    try {
      const read = await sendRequest(
        globalThis.fetch,
        `${base}/xrpc/app.bsky.video.getJobStatus?${new URLSearchParams({ jobId })}`,
        { method: "GET", headers: { accept: "application/json" } },
        POLL_TIMEOUT_MS,
        unreachable,
      );
      // A read that failed is read again at the next poll; the job goes on regardless.
      status = read.response.ok ? jobStatusOf(read.body) : null;
    } catch {
      status = null;
    }
  }
}
