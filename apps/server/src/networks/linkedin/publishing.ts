import { fitText } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import { checkMediaFits, checkVideoBytes, itemLabel, itemName, processingFailed } from "../media-fit";
import type {
  OutgoingMedia,
  OutgoingPost,
  ProviderConnection,
  ProviderTools,
  PublishedCopy,
} from "../provider";
import type { LinkedInCredentials } from "./connect";
import {
  describeLinkedIn,
  LINKEDIN_ALT_TEXT_MAX,
  LINKEDIN_IMAGE_TYPES,
  LINKEDIN_MAX_IMAGE_BYTES,
  LINKEDIN_TEXT_LIMIT,
} from "./descriptor";
import {
  baseOf,
  createLinkedInApi,
  type LinkedInApi,
  LostAnswerError,
  TOKEN_EXPIRED_MESSAGE,
  UNREACHABLE_MESSAGE,
  UPLOAD_TIMEOUT_MS,
} from "./linkedin-api";
import { escapeLittleText } from "./little-text";

export interface LinkedInPublishingOptions {
  apiUrl: string;
  /** www.linkedin.com: where a post's page is, and (with *.linkedin.com) where uploads may go. */
  authUrl: string;
  fetch: typeof fetch;
  tools: ProviderTools;
}

/**
 * LinkedIn has no idempotency and a member's own posts cannot be read back (r_member_social is for selected
 * developers), so a post whose answer was lost is never sent again: the user checks the profile.
 */
export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your LinkedIn profile";
export const POST_GONE_MESSAGE = "This post is no longer on LinkedIn.";

type Connection = ProviderConnection<LinkedInCredentials>;
type ReadMedia = { kind: OutgoingMedia["kind"]; bytes: Uint8Array; mimeType: string; altText: string };

/** MP4 [3p Postiz; LinkedIn's Videos API]. */
export const LINKEDIN_VIDEO_TYPES = ["video/mp4"];
/**
 * GET /rest/videos/{urn} after finalizeUpload, then after these waits until AVAILABLE: about 10 minutes,
 * LinkedIn's processing of a long video.
 */
export const VIDEO_POLL_DELAYS_MS = [
  2_000, 3_000, 5_000, 10_000, 15_000, 30_000, 30_000, 60_000, 60_000, 60_000, 60_000, 60_000, 60_000, 60_000,
  60_000, 60_000,
];

const initializeSchema = z.object({
  value: z.object({ uploadUrl: z.string().min(1), image: z.string().startsWith("urn:li:image:") }),
});
const initializeVideoSchema = z.object({
  value: z.object({
    video: z.string().startsWith("urn:li:video:"),
    uploadToken: z.string().optional(),
    uploadInstructions: z
      .array(
        z.object({ uploadUrl: z.string().min(1), firstByte: z.number().int(), lastByte: z.number().int() }),
      )
      .min(1),
  }),
});
const videoStatusSchema = z.object({
  status: z.string(),
  processingFailureReason: z.string().optional(),
});
const unexpected = () => new AppError("upstream_failed", "LinkedIn gave an unexpected answer.");

const unconfirmed = () => new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);

/** Outside the post's own POST, a lost answer is a failed call: nothing was published. */
function settleLost(error: unknown): never {
  if (error instanceof LostAnswerError) throw new AppError("upstream_failed", UNREACHABLE_MESSAGE);
  throw error;
}

export function createLinkedInPublishing(options: LinkedInPublishingOptions) {
  const { tools } = options;
  const webBase = baseOf(options.authUrl);
  const trustedOrigins = new Set([new URL(options.apiUrl).origin, new URL(options.authUrl).origin]);

  const apiOf = (connection: Connection): LinkedInApi =>
    createLinkedInApi({
      apiUrl: options.apiUrl,
      fetch: options.fetch,
      accessToken: connection.credentials.accessToken,
      onTokenRejected: () => connection.markExpired(),
    });

  const postUrl = (urn: string) => `${webBase}/feed/update/${urn}/`;
  const postPath = (urn: string) => `/rest/posts/${encodeURIComponent(urn)}`;

  // ---- checks made before any call ----

  function checkText(content: string) {
    const fit = fitText(content, LINKEDIN_TEXT_LIMIT);
    if (fit.over)
      throw new AppError(
        "text_over_limit",
        `The post is ${fit.count} characters long; LinkedIn takes ${fit.max}.`,
      );
  }

  /**
   * The post's items read and checked before any call: one image or video (content.media), or 2-20 images
   * (content.multiImage); a video goes alone (the descriptor's formats).
   */
  async function readMedia(post: OutgoingPost): Promise<ReadMedia[]> {
    const descriptor = describeLinkedIn("linkedin");
    const rule = checkMediaFits(descriptor, post);
    const read: ReadMedia[] = [];
    for (const [index, image] of post.media.entries()) {
      if (image.kind === "video") {
        if (!LINKEDIN_VIDEO_TYPES.includes(image.mimeType))
          throw new AppError(
            "media_not_fitting",
            `${itemLabel(post.media, index)} is ${image.mimeType}: LinkedIn takes MP4 videos.`,
          );
        const { bytes, mimeType } = await image.read();
        checkVideoBytes(descriptor, rule, post.media, index, bytes.byteLength);
        read.push({ kind: "video", bytes, mimeType, altText: image.altText });
        continue;
      }
      if (image.altText.length > LINKEDIN_ALT_TEXT_MAX)
        throw new AppError(
          "invalid_input",
          `An image's alt text is longer than the ${LINKEDIN_ALT_TEXT_MAX} characters LinkedIn takes.`,
        );
      const { bytes, mimeType } = await image.read();
      if (!(LINKEDIN_IMAGE_TYPES as readonly string[]).includes(mimeType))
        throw new AppError("invalid_input", `LinkedIn takes JPEG, PNG and GIF images, not ${mimeType}.`);
      if (bytes.byteLength > LINKEDIN_MAX_IMAGE_BYTES)
        throw new AppError(
          "invalid_input",
          `An image is larger than the ${LINKEDIN_MAX_IMAGE_BYTES / 1_048_576} MB LinkedIn takes.`,
        );
      read.push({ kind: "image", bytes, mimeType, altText: image.altText });
    }
    return read;
  }

  /** A token past the end LinkedIn gave it (60 days) is not tried: the member must connect again. */
  async function checkNotExpired(connection: Connection) {
    const end = connection.tokenExpiresAt;
    if (end && end.getTime() <= tools.now().getTime()) {
      await connection.markExpired();
      throw new AppError("network_token_expired", TOKEN_EXPIRED_MESSAGE);
    }
  }

  /** The member's token goes only to LinkedIn: an upload address elsewhere is refused. */
  function uploadAddress(raw: string): string {
    let address: URL;
    try {
      address = new URL(raw);
    } catch {
      throw new AppError("upstream_failed", "LinkedIn gave an unexpected answer.");
    }
    const linkedIn =
      address.protocol === "https:" &&
      (address.hostname === "linkedin.com" || address.hostname.endsWith(".linkedin.com"));
    if (!linkedIn && !trustedOrigins.has(address.origin))
      throw new AppError(
        "upstream_failed",
        "LinkedIn gave an upload address outside LinkedIn; nothing was sent.",
      );
    return address.toString();
  }

  // ---- calls ----

  /** initializeUpload, then the bytes PUT to the address it gave: the image's urn. */
  async function uploadImage(api: LinkedInApi, owner: string, image: ReadMedia): Promise<string> {
    const initialized = await api.send({
      method: "POST",
      path: "/rest/images?action=initializeUpload",
      json: { initializeUploadRequest: { owner } },
    });
    const parsed = initializeSchema.safeParse(initialized.body);
    if (!parsed.success) throw new AppError("upstream_failed", "LinkedIn gave an unexpected answer.");
    await api.send({
      method: "PUT",
      url: uploadAddress(parsed.data.value.uploadUrl),
      bytes: { data: image.bytes, mimeType: image.mimeType },
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    return parsed.data.value.image;
  }

  /**
   * A video [3p Postiz; LinkedIn's Videos API]: initializeUpload with its size, each part PUT to the address
   * LinkedIn gave for its bytes (firstByte..lastByte), the parts' ETags handed to finalizeUpload, then GET
   * /rest/videos/{urn} polled until AVAILABLE; PROCESSING_FAILED stops with LinkedIn's reason.
   */
  async function uploadVideo(
    api: LinkedInApi,
    owner: string,
    items: ReadMedia[],
    index: number,
  ): Promise<string> {
    const video = items[index] as ReadMedia;
    const initialized = initializeVideoSchema.safeParse(
      (
        await api.send({
          method: "POST",
          path: "/rest/videos?action=initializeUpload",
          json: {
            initializeUploadRequest: {
              owner,
              fileSizeBytes: video.bytes.byteLength,
              uploadCaptions: false,
              uploadThumbnail: false,
            },
          },
        })
      ).body,
    );
    if (!initialized.success) throw unexpected();
    const { video: urn, uploadToken, uploadInstructions } = initialized.data.value;
    const etags: string[] = [];
    for (const part of uploadInstructions) {
      if (part.firstByte < 0 || part.lastByte < part.firstByte || part.lastByte >= video.bytes.byteLength)
        throw unexpected();
      const answer = await api.send({
        method: "PUT",
        url: uploadAddress(part.uploadUrl),
        bytes: {
          data: video.bytes.subarray(part.firstByte, part.lastByte + 1),
          mimeType: "application/octet-stream",
        },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      const etag = answer.headers.get("etag");
      if (!etag) throw unexpected();
      etags.push(etag);
    }
    await api.send({
      method: "POST",
      path: "/rest/videos?action=finalizeUpload",
      json: { finalizeUploadRequest: { video: urn, uploadToken: uploadToken ?? "", uploadedPartIds: etags } },
    });
    for (let poll = 0; ; poll++) {
      const answer = await api.send({ method: "GET", path: `/rest/videos/${encodeURIComponent(urn)}` });
      const status = videoStatusSchema.safeParse(answer.body);
      if (!status.success) throw unexpected();
      if (status.data.status === "AVAILABLE") return urn;
      if (status.data.status === "PROCESSING_FAILED")
        throw processingFailed("LinkedIn", items, index, status.data.processingFailureReason);
      const delay = VIDEO_POLL_DELAYS_MS[poll];
      if (delay === undefined)
        throw new AppError(
          "upstream_failed",
          `LinkedIn was still processing ${itemName(items, index)} after 10 minutes; nothing was published. Please try again later.`,
        );
      await tools.sleep(delay);
    }
  }

  function contentOf(media: { id: string; altText: string }[]) {
    const item = ({ id, altText }: { id: string; altText: string }) =>
      altText.trim() === "" ? { id } : { id, altText };
    if (media.length === 0) return {};
    if (media.length === 1 && media[0]) return { content: { media: item(media[0]) } };
    return { content: { multiImage: { images: media.map(item) } } };
  }

  async function publish(connection: Connection, post: OutgoingPost): Promise<PublishedCopy> {
    checkText(post.content);
    const items = await readMedia(post);
    await checkNotExpired(connection);
    const api = apiOf(connection);
    const author = connection.credentials.personUrn;

    const media: { id: string; altText: string }[] = [];
    try {
      for (const [index, item] of items.entries()) {
        // LinkedIn keeps alt text for images only.
        if (item.kind === "video")
          media.push({ id: await uploadVideo(api, author, items, index), altText: "" });
        else media.push({ id: await uploadImage(api, author, item), altText: item.altText });
      }
    } catch (error) {
      settleLost(error);
    }

    let answer: Awaited<ReturnType<LinkedInApi["send"]>>;
    try {
      answer = await api.send({
        method: "POST",
        path: "/rest/posts",
        json: {
          author,
          commentary: escapeLittleText(post.content),
          visibility: "PUBLIC",
          distribution: {
            feedDistribution: "MAIN_FEED",
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          lifecycleState: "PUBLISHED",
          isReshareDisabledByAuthor: false,
          ...contentOf(media),
        },
      });
    } catch (error) {
      // Cut off, timed out or 5xx: it may be on the profile, and nothing can tell. Never sent twice.
      if (error instanceof LostAnswerError) throw unconfirmed();
      throw error;
    }
    const urn = answer.headers.get("x-restli-id") ?? answer.headers.get("x-linkedin-id");
    // Made (2xx), but which post it is nobody knows.
    if (!urn) throw unconfirmed();
    return { externalId: urn, url: postUrl(urn), publishedAt: tools.now() };
  }

  async function findPublished(): Promise<PublishedCopy | null> {
    throw unconfirmed();
  }

  async function deletePost(connection: Connection, externalId: string): Promise<void> {
    await checkNotExpired(connection);
    await apiOf(connection)
      .send({ method: "DELETE", path: postPath(externalId), restliMethod: "DELETE", accept: [404, 410] })
      .catch(settleLost);
  }

  /** Only the text changes (LinkedIn edits commentary; images stay as posted). */
  async function edit(connection: Connection, externalId: string, post: OutgoingPost): Promise<void> {
    checkText(post.content);
    await checkNotExpired(connection);
    const answer = await apiOf(connection)
      .send({
        method: "POST",
        path: postPath(externalId),
        restliMethod: "PARTIAL_UPDATE",
        json: { patch: { $set: { commentary: escapeLittleText(post.content) } } },
        accept: [404, 410],
      })
      .catch(settleLost);
    if (answer.status === 404 || answer.status === 410)
      throw new AppError("upstream_failed", POST_GONE_MESSAGE);
  }

  return { publish, findPublished, delete: deletePost, edit };
}
