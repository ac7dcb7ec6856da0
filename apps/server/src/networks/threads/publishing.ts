import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import { checkMediaFits, itemLabel, processingFailed } from "../media-fit";
import type {
  OutgoingMedia,
  OutgoingPost,
  ProviderConnection,
  ProviderTools,
  PublishedCopy,
  PublishLookup,
} from "../provider";
import type { ThreadsCredentials } from "./connect";
import {
  describeThreads,
  hasEmoji,
  THREADS_ALT_TEXT_MAX,
  THREADS_IMAGE_TYPES,
  THREADS_MAX_IMAGE_BYTES,
  THREADS_TEXT_LIMIT,
  threadsTextLength,
} from "./descriptor";
import {
  createThreadsApi,
  isRefusal,
  LostAnswerError,
  type ThreadsApi,
  type ThreadsParams,
  ThreadsRefusal,
} from "./threads-api";

export interface ThreadsPublishingOptions {
  graphUrl: string;
  tools: ProviderTools;
  fetch?: typeof fetch;
}

export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your Threads profile before posting again.";
export const MEDIA_FETCH_MESSAGE =
  "Threads could not fetch the image from its link: it must be a public address Meta's servers can reach (JPEG or PNG, up to 8 MB).";
/** MOV or MP4 [3p copy of Meta's spec]. */
export const THREADS_VIDEO_TYPES = ["video/mp4", "video/quicktime"];
const FETCH_HINT =
  "Threads could not fetch it from its link: it must be a public address Meta's servers can reach";
export const quotaReachedMessage = (total: number) =>
  `Threads' limit of ${total} posts a day is reached; the post will be tried again in an hour.`;

const DAY_MS = 86_400_000;
/** Threads renews a token only once it is 24 hours old [doc]. */
export const REFRESH_MIN_AGE_MS = DAY_MS;
/** Renewed when it ends within a week: well before the end, without a call on every post. */
export const REFRESH_WITHIN_MS = 7 * DAY_MS;
/**
 * The 250 posts are counted over a rolling 24 hours and Threads does not say when the oldest drops out:
 * an hour is a short enough wait to go out soon after a slot frees, and few enough tries to say so.
 */
export const QUOTA_WAIT_MS = 3_600_000;
/**
 * A container is read at once (a text is usually ready), then after these waits: about 5 minutes in all,
 * the contract's "poll at most once a minute for at most 5 minutes" once past the first quick looks.
 */
export const CONTAINER_POLL_DELAYS_MS = [
  3_000, 5_000, 10_000, 15_000, 30_000, 60_000, 60_000, 60_000, 60_000,
];
/** threads_publish answering 24/4279009 "Media Not Found" for a container just made: a known race [3p]. */
export const MEDIA_NOT_FOUND_PAUSE_MS = 5_000;
const MEDIA_NOT_FOUND_TRIES = 3;
/** Before asking a container's status after a lost threads_publish (Meta may still be at it). */
export const LOST_ANSWER_PAUSE_MS = 5_000;
/** How far before the attempt a post may be dated and still be its copy (Meta's clock is not ours). */
export const CLOCK_MARGIN_MS = 5 * 60_000;
const LOOKUP_PAGE = 100;
/** 300 posts reach back past a whole day's quota (250). */
const LOOKUP_PAGES = 3;

const idSchema = z.object({ id: z.string().min(1) });
const refreshSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const quotaSchema = z.object({
  data: z.array(
    z.object({
      quota_usage: z.number(),
      config: z.object({ quota_total: z.number(), quota_duration: z.number().optional() }).optional(),
    }),
  ),
});
const statusSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
});
const listedSchema = z.object({
  id: z.string().min(1),
  text: z.string().optional(),
  timestamp: z.string().optional(),
  permalink: z.string().optional(),
});
type Listed = z.infer<typeof listedSchema>;
const listSchema = z.object({
  data: z.array(listedSchema),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});
const permalinkSchema = z.object({ permalink: z.string().optional() });

const unconfirmed = () => new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);

// ---- checks made before any call ----

export function checkText(content: string, what: string): void {
  const length = threadsTextLength(content);
  if (length > THREADS_TEXT_LIMIT.maxLength) {
    throw new AppError(
      "text_over_limit",
      hasEmoji(content)
        ? `The ${what} is ${length} characters long as Threads counts them (each emoji counts as 4 or more); Threads takes ${THREADS_TEXT_LIMIT.maxLength}.`
        : `The ${what} is ${length} characters long; Threads takes ${THREADS_TEXT_LIMIT.maxLength}.`,
    );
  }
}

/** The text, and the media against the format's rule (1 item, or a carousel of 2-20 mixing videos). */
function checkPost(post: OutgoingPost): void {
  checkText(post.content, "post");
  checkMediaFits(describeThreads("threads"), post);
  for (const [index, item] of post.media.entries()) {
    if ([...item.altText].length > THREADS_ALT_TEXT_MAX) {
      throw new AppError(
        "invalid_input",
        item.kind === "image" && post.media.length === 1
          ? `An image's alt text is longer than the ${THREADS_ALT_TEXT_MAX} characters Threads takes.`
          : `${itemLabel(post.media, index)}'s alt text is longer than the ${THREADS_ALT_TEXT_MAX} characters Threads takes.`,
      );
    }
    if (item.kind === "video" && !THREADS_VIDEO_TYPES.includes(item.mimeType)) {
      throw new AppError(
        "media_not_fitting",
        `${itemLabel(post.media, index)} is ${item.mimeType}: Threads takes MP4 and MOV videos.`,
      );
    }
  }
}

/**
 * Meta fetches each item from its link; an image's type and size are checked here first, from our copy (a
 * video's length and size by the format's rule, from what we stored: it is not read whole for that).
 */
async function checkImages(media: OutgoingMedia[]): Promise<void> {
  for (const image of media) {
    if (image.kind !== "image") continue;
    const { bytes, mimeType } = await image.read();
    if (!(THREADS_IMAGE_TYPES as readonly string[]).includes(mimeType)) {
      throw new AppError("invalid_input", `Threads takes JPEG and PNG images, not ${mimeType}.`);
    }
    if (bytes.byteLength > THREADS_MAX_IMAGE_BYTES) {
      throw new AppError(
        "invalid_input",
        `An image is larger than the ${THREADS_MAX_IMAGE_BYTES / 1_000_000} MB Threads takes.`,
      );
    }
  }
}

// ---- the session: a token renewed when it nears its end ----

/**
 * The connection's client, its token renewed first when it is at least a day old and ends within a week
 * (refresh_access_token: 60 new days), the new one kept with saveCredentials. A refusal with 190 marks the
 * connection expired (the client does it); any other failure leaves the current token, still good until
 * its end, to this call.
 */
export async function openSession(
  options: ThreadsPublishingOptions,
  connection: ProviderConnection<ThreadsCredentials>,
): Promise<ThreadsApi> {
  const credentials = connection.credentials;
  const api = createThreadsApi({
    graphUrl: options.graphUrl,
    accessToken: credentials.accessToken,
    onTokenRejected: () => connection.markExpired(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const now = options.tools.now();
  const age = now.getTime() - Date.parse(credentials.issuedAt);
  const left = Date.parse(credentials.expiresAt) - now.getTime();
  if (!(age >= REFRESH_MIN_AGE_MS && left <= REFRESH_WITHIN_MS)) return api;

  let renewed: z.infer<typeof refreshSchema>;
  try {
    renewed = refreshSchema.parse(
      await api.send({
        method: "GET",
        path: "/refresh_access_token",
        unversioned: true,
        params: { grant_type: "th_refresh_token" },
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.reason === "network_token_expired") throw error;
    return api;
  }
  const next: ThreadsCredentials = {
    ...credentials,
    accessToken: renewed.access_token,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + renewed.expires_in * 1000).toISOString(),
  };
  await connection.saveCredentials(next, { tokenExpiresAt: new Date(next.expiresAt) });
  api.setToken(next.accessToken);
  return api;
}

// ---- calls ----

/** A refusal of a write in words (the image Meta could not fetch, or Threads' own message). */
export function refusedPost(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof LostAnswerError) {
    return new AppError("upstream_failed", `Threads could not be reached to ${action}; nothing was posted.`);
  }
  if (error instanceof ThreadsRefusal) {
    if (/could not be fetched/iu.test(error.message))
      return new AppError("upstream_failed", MEDIA_FETCH_MESSAGE);
    return new AppError("upstream_failed", `Threads refused the post: ${error.message}`);
  }
  if (error instanceof z.ZodError)
    return new AppError("upstream_failed", "Threads gave an unexpected answer.");
  throw error;
}

/**
 * Before a post: the account's rolling 24-hour quota. Reached: a wait (retryAfterMs) without making a
 * container. The check only spares a call: when it cannot be read, threads_publish is the judge.
 */
async function checkQuota(api: ThreadsApi, userId: string): Promise<void> {
  let answer: unknown;
  try {
    answer = await api.send({
      method: "GET",
      path: `/${userId}/threads_publishing_limit`,
      params: { fields: "quota_usage,config" },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return;
  }
  const entry = quotaSchema.safeParse(answer).data?.data[0];
  if (!entry) return;
  const total = entry.config?.quota_total ?? 250;
  if (entry.quota_usage >= total) {
    throw new AppError("upstream_failed", quotaReachedMessage(total), { retryAfterMs: QUOTA_WAIT_MS });
  }
}

async function createContainer(api: ThreadsApi, userId: string, params: ThreadsParams) {
  try {
    return idSchema.parse(await api.send({ method: "POST", path: `/${userId}/threads`, params })).id;
  } catch (error) {
    throw refusedPost(error, "prepare the post");
  }
}

/**
 * Waits until Threads has processed the container (fetched its image or video): FINISHED, or why not. A
 * container of one item (`item`) in ERROR is media_processing_failed, naming it, with Threads' reason.
 */
export async function waitUntilFinished(
  options: ThreadsPublishingOptions,
  api: ThreadsApi,
  containerId: string,
  item?: { media: OutgoingMedia[]; index: number },
) {
  for (let poll = 0; ; poll++) {
    let status: z.infer<typeof statusSchema> | null = null;
    try {
      status = statusSchema.parse(
        await api.send({
          method: "GET",
          path: `/${containerId}`,
          params: { fields: "status,error_message" },
        }),
      );
    } catch (error) {
      // A read that got no answer is read again at the next poll; anything else is said as it is.
      if (!(error instanceof LostAnswerError)) throw refusedPost(error, "prepare the post");
    }
    if (status?.status === "FINISHED") return;
    if (status?.status === "ERROR") {
      const reason = status.error_message ?? "";
      if (item) {
        const said = /fetch|download/iu.test(reason)
          ? `${reason || "FAILED_DOWNLOADING"} (${FETCH_HINT})`
          : reason;
        throw processingFailed("Threads", item.media, item.index, said);
      }
      throw new AppError(
        "upstream_failed",
        /fetch|download/iu.test(reason)
          ? MEDIA_FETCH_MESSAGE
          : `Threads could not prepare the post${reason ? `: ${reason}` : "."}`,
      );
    }
    if (status?.status === "EXPIRED") {
      throw new AppError("upstream_failed", "Threads let the prepared post expire; nothing was posted.");
    }
    // PUBLISHED before we published it: not ours to explain, and not to be sent twice.
    if (status?.status === "PUBLISHED") throw unconfirmed();
    const delay = CONTAINER_POLL_DELAYS_MS[poll];
    if (delay === undefined) {
      throw new AppError(
        "upstream_failed",
        "Threads was still preparing the post after 5 minutes; nothing was posted. Please try again later.",
      );
    }
    await options.tools.sleep(delay);
  }
}

/** threads_publish, tried again (same container) only on the "Media Not Found" race, a refusal. */
export async function sendPublish(
  options: ThreadsPublishingOptions,
  api: ThreadsApi,
  userId: string,
  containerId: string,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    let answer: unknown;
    try {
      answer = await api.send({
        method: "POST",
        path: `/${userId}/threads_publish`,
        params: { creation_id: containerId },
      });
    } catch (error) {
      if (isRefusal(error, 24, 4279009) && attempt < MEDIA_NOT_FOUND_TRIES) {
        await options.tools.sleep(MEDIA_NOT_FOUND_PAUSE_MS);
        continue;
      }
      throw error;
    }
    const published = idSchema.safeParse(answer);
    // Done (2xx) but unreadable: as unknown as no answer at all.
    if (!published.success) throw new LostAnswerError("Threads' answer to threads_publish was unreadable.");
    return published.data.id;
  }
}

/** The post's address; a failure here leaves a published post without one, never a failed publish. */
async function copyOf(api: ThreadsApi, postId: string, now: Date): Promise<PublishedCopy> {
  let url: string | null = null;
  try {
    const answer = permalinkSchema.safeParse(
      await api.send({ method: "GET", path: `/${postId}`, params: { fields: "permalink" } }),
    );
    url = answer.data?.permalink ?? null;
  } catch {
    url = null;
  }
  return { externalId: postId, url, publishedAt: now };
}

/** Threads keeps the text as sent, but line ends and outer spaces are not worth a second post. */
export const comparable = (text: string) => text.replace(/\r\n?/gu, "\n").trim().normalize("NFC");

/**
 * The account's posts since the attempt (a margin before it), newest first: those whose text is the post's,
 * and whether the listing was read to its end (so "none" can be believed).
 */
async function listCopies(api: ThreadsApi, userId: string, content: string, attemptAt: Date | null) {
  const since = attemptAt ? attemptAt.getTime() - CLOCK_MARGIN_MS : null;
  const items: Listed[] = [];
  let after: string | undefined;
  let complete = false;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const answer = listSchema.parse(
      await api.send({
        method: "GET",
        path: `/${userId}/threads`,
        params: {
          fields: "id,text,timestamp,permalink",
          limit: LOOKUP_PAGE,
          ...(since !== null ? { since: Math.floor(since / 1000) } : {}),
          ...(after ? { after } : {}),
        },
      }),
    );
    items.push(...answer.data);
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) {
      complete = true;
      break;
    }
  }
  const wanted = comparable(content);
  const matches = items.filter((item) => {
    const at = item.timestamp ? Date.parse(item.timestamp) : Number.NaN;
    const recent = since === null || Number.isNaN(at) || at >= since;
    return recent && comparable(item.text ?? "") === wanted;
  });
  return { matches, complete };
}

const listedCopy = (item: Listed): PublishedCopy => {
  const at = item.timestamp ? new Date(item.timestamp) : null;
  return {
    externalId: item.id,
    url: item.permalink ?? null,
    publishedAt: at && !Number.isNaN(at.getTime()) ? at : null,
  };
};

/**
 * threads_publish got no answer (or a 5xx): the container says what happened [doc; 3p Postiz]. PUBLISHED
 * (or, as a published container is a post, a status field it no longer has [3p]): it went out, and its id
 * is found in the account's listing by text and time. FINISHED: not published, so it is sent once more with
 * the same container (one container makes one post); ERROR or EXPIRED: not published. Anything unclear,
 * including a failure while asking: unconfirmed, never a second copy.
 */
export async function settleLostPublish(
  options: ThreadsPublishingOptions,
  api: ThreadsApi,
  userId: string,
  containerId: string,
  findCopy: () => Promise<PublishedCopy | null>,
): Promise<PublishedCopy> {
  for (let round = 1; ; round++) {
    await options.tools.sleep(LOST_ANSWER_PAUSE_MS);
    let status: string;
    try {
      status = statusSchema.parse(
        await api.send({
          method: "GET",
          path: `/${containerId}`,
          params: { fields: "status,error_message" },
        }),
      ).status;
    } catch (error) {
      if (!(isRefusal(error, 100) && /nonexisting field \(status\)/iu.test(error.message)))
        throw unconfirmed();
      status = "PUBLISHED";
    }
    if (status === "PUBLISHED") {
      const found = await findCopy().catch(() => null);
      if (found) return found;
      throw unconfirmed();
    }
    if (status === "ERROR" || status === "EXPIRED") {
      throw new AppError("upstream_failed", "Threads did not publish the post; nothing was posted.");
    }
    if (status !== "FINISHED" || round > 1) throw unconfirmed();
    try {
      const postId = await sendPublish(options, api, userId, containerId);
      return copyOf(api, postId, options.tools.now());
    } catch {
      // Lost again, or refused (perhaps as published meanwhile): the container is asked once more.
    }
  }
}

/** A media item's container: IMAGE or VIDEO by its public link, with its alt text. */
const mediaParams = (item: OutgoingMedia) => ({
  ...(item.kind === "video"
    ? { media_type: "VIDEO", video_url: item.url }
    : { media_type: "IMAGE", image_url: item.url }),
  ...(item.altText.trim() !== "" ? { alt_text: item.altText } : {}),
});

/**
 * Text: one TEXT container. One image or video: an IMAGE or VIDEO container (Meta fetches item.url, so it
 * must be public). 2-20 items: a child container each (is_carousel_item, images and videos mixed), then a
 * CAROUSEL of them carrying the text. Each container is waited for until FINISHED (a video's while Threads
 * processes it), then the top one is published.
 */
export async function publishPost(
  options: ThreadsPublishingOptions,
  connection: ProviderConnection<ThreadsCredentials>,
  post: OutgoingPost,
): Promise<PublishedCopy> {
  checkPost(post);
  await checkImages(post.media);
  const api = await openSession(options, connection);
  const userId = connection.credentials.userId;
  await checkQuota(api, userId);

  const text = post.content.trim() === "" ? {} : { text: post.content };
  const { media } = post;
  let containerId: string;
  const [only] = media;
  if (media.length === 0) {
    containerId = await createContainer(api, userId, { media_type: "TEXT", ...text });
    await waitUntilFinished(options, api, containerId);
  } else if (only && media.length === 1) {
    containerId = await createContainer(api, userId, { ...mediaParams(only), ...text });
    await waitUntilFinished(options, api, containerId, { media, index: 0 });
  } else {
    const children: string[] = [];
    for (const item of media) {
      children.push(await createContainer(api, userId, { ...mediaParams(item), is_carousel_item: true }));
    }
    for (const [index, child] of children.entries()) {
      await waitUntilFinished(options, api, child, { media, index });
    }
    containerId = await createContainer(api, userId, {
      media_type: "CAROUSEL",
      children: children.join(","),
      ...text,
    });
    await waitUntilFinished(options, api, containerId);
  }

  let postId: string;
  try {
    postId = await sendPublish(options, api, userId, containerId);
  } catch (error) {
    if (error instanceof LostAnswerError) {
      return settleLostPublish(options, api, userId, containerId, async () => {
        const found = await listCopies(api, userId, post.content, post.attemptAt);
        const [match] = found.matches;
        return match && found.matches.length === 1 ? listedCopy(match) : null;
      });
    }
    throw refusedPost(error, "publish the post");
  }
  return copyOf(api, postId, options.tools.now());
}

const repliesSchema = z.object({
  data: z.array(listedSchema.extend({ username: z.string().optional() })),
});

/**
 * The post's first comment: the first reply in its thread, a TEXT container with reply_to_id, then
 * threads_publish. A lost publish is settled by the container as a post's is; a published one is found
 * among the post's replies by its text (and the account's name).
 */
export async function commentOnPost(
  options: ThreadsPublishingOptions,
  connection: ProviderConnection<ThreadsCredentials>,
  externalId: string,
  message: string,
): Promise<{ externalId: string }> {
  if (!/^\d+$/u.test(externalId)) throw new AppError("invalid_input", `Not a Threads post: ${externalId}`);
  if (message.trim() === "") throw new AppError("invalid_input", "The first comment is empty.");
  checkText(message, "comment");
  const api = await openSession(options, connection);
  const userId = connection.credentials.userId;
  const startedAt = options.tools.now();
  const containerId = await createContainer(api, userId, {
    media_type: "TEXT",
    text: message,
    reply_to_id: externalId,
  });
  await waitUntilFinished(options, api, containerId);
  let replyId: string;
  try {
    replyId = await sendPublish(options, api, userId, containerId);
  } catch (error) {
    if (!(error instanceof LostAnswerError)) throw refusedPost(error, "post the first comment");
    const username = (connection.handle ?? connection.metadata.handle ?? "").replace(/^@/u, "");
    const copy = await settleLostPublish(options, api, userId, containerId, async () => {
      const answer = repliesSchema.parse(
        await api.send({
          method: "GET",
          path: `/${externalId}/replies`,
          params: { fields: "id,text,timestamp,permalink,username" },
        }),
      );
      const since = startedAt.getTime() - CLOCK_MARGIN_MS;
      const matches = answer.data.filter((reply) => {
        const at = reply.timestamp ? Date.parse(reply.timestamp) : Number.NaN;
        return (
          comparable(reply.text ?? "") === comparable(message) &&
          (!username || !reply.username || reply.username === username) &&
          (Number.isNaN(at) || at >= since)
        );
      });
      const [match] = matches;
      return match && matches.length === 1 ? listedCopy(match) : null;
    });
    return { externalId: copy.externalId };
  }
  return { externalId: replyId };
}

/**
 * The copy a lost attempt made, matched by text and time: Threads keeps no marker of ours. One post with
 * the text since the attempt (less a margin) is its copy; none in a listing read to its end means none was
 * made. Two, or one without the attempt's time (it may be an older post with the same text), or a listing
 * too long to read: unconfirmed.
 */
export async function findPublishedPost(
  options: ThreadsPublishingOptions,
  connection: ProviderConnection<ThreadsCredentials>,
  lookup: PublishLookup,
): Promise<PublishedCopy | null> {
  const api = await openSession(options, connection);
  let found: Awaited<ReturnType<typeof listCopies>>;
  try {
    found = await listCopies(api, connection.credentials.userId, lookup.content, lookup.attemptAt);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unconfirmed();
  }
  const [match] = found.matches;
  if (match && found.matches.length === 1 && lookup.attemptAt) return listedCopy(match);
  if (found.matches.length > 0 || !found.complete) throw unconfirmed();
  return null;
}

/** A post already gone: Graph's 404, "Unsupported delete request" (100/33) or "Media Not Found" (24). */
export const isGone = (error: unknown) =>
  error instanceof ThreadsRefusal &&
  (error.status === 404 || (error.code === 100 && error.subcode === 33) || error.code === 24);

export async function deletePost(
  options: ThreadsPublishingOptions,
  connection: ProviderConnection<ThreadsCredentials>,
  externalId: string,
): Promise<void> {
  if (!/^\d+$/u.test(externalId)) throw new AppError("invalid_input", `Not a Threads post: ${externalId}`);
  const api = await openSession(options, connection);
  try {
    await api.send({ method: "DELETE", path: `/${externalId}` });
  } catch (error) {
    if (isGone(error)) return;
    if (error instanceof AppError) throw error;
    if (error instanceof LostAnswerError) {
      throw new AppError(
        "upstream_failed",
        "Threads could not be reached to delete the post. Please try again.",
      );
    }
    throw new AppError(
      "upstream_failed",
      `Threads could not delete the post: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
