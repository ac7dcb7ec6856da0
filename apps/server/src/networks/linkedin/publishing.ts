import { fitText } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import type {
  OutgoingImage,
  OutgoingPost,
  ProviderConnection,
  ProviderTools,
  PublishedCopy,
} from "../provider";
import type { LinkedInCredentials } from "./connect";
import {
  LINKEDIN_ALT_TEXT_MAX,
  LINKEDIN_IMAGE_TYPES,
  LINKEDIN_MAX_IMAGE_BYTES,
  LINKEDIN_MAX_IMAGES,
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
type ReadImage = { bytes: Uint8Array; mimeType: string; altText: string };

const initializeSchema = z.object({
  value: z.object({ uploadUrl: z.string().min(1), image: z.string().startsWith("urn:li:image:") }),
});

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

  async function readImages(images: OutgoingImage[]): Promise<ReadImage[]> {
    if (images.length > LINKEDIN_MAX_IMAGES)
      throw new AppError("invalid_input", `LinkedIn takes at most ${LINKEDIN_MAX_IMAGES} images per post.`);
    const read: ReadImage[] = [];
    for (const image of images) {
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
      read.push({ bytes, mimeType, altText: image.altText });
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
  async function uploadImage(api: LinkedInApi, owner: string, image: ReadImage): Promise<string> {
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

  function contentOf(media: { id: string; altText: string }[]) {
    const item = ({ id, altText }: { id: string; altText: string }) =>
      altText.trim() === "" ? { id } : { id, altText };
    if (media.length === 0) return {};
    if (media.length === 1 && media[0]) return { content: { media: item(media[0]) } };
    return { content: { multiImage: { images: media.map(item) } } };
  }

  async function publish(connection: Connection, post: OutgoingPost): Promise<PublishedCopy> {
    checkText(post.content);
    const images = await readImages(post.images);
    await checkNotExpired(connection);
    const api = apiOf(connection);
    const author = connection.credentials.personUrn;

    const media: { id: string; altText: string }[] = [];
    try {
      for (const image of images)
        media.push({ id: await uploadImage(api, author, image), altText: image.altText });
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
