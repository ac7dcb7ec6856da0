import { createHash, randomBytes } from "node:crypto";
import { fitText, formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { ConnectionMetadata } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { PostPlatform } from "@smm/domain/posts";
import { z } from "zod";
import { createAppRegistrations } from "../app-registrations";
import { checkMediaFits, checkVideoBytes, itemLabel, itemName, processingFailed } from "../media-fit";
import { defineNetworkModule } from "../network-module";
import type {
  NetworkProvider,
  OutgoingMedia,
  OutgoingPost,
  ProviderAccount,
  ProviderConnection,
  ProviderTools,
  PublishedCopy,
  PublishLookup,
} from "../provider";
import type { MastodonApp, MastodonAppStore } from "./app-store";
import { createMastodonInbox } from "./inbox";
import {
  comparableText,
  DEFAULT_LIMITS,
  instanceSchema,
  limitsOf,
  type MastodonLimits,
  normalizeInstance,
  notMastodonMessage,
  textOfContent,
  unreachableMessage,
} from "./instance";
import {
  createMastodonApi,
  LostAnswerError,
  type MastodonAnswer,
  type MastodonApi,
  type MastodonRequest,
  refusedMessage,
} from "./mastodon-api";

export type { MastodonApp, MastodonAppStore } from "./app-store";
export { createMemoryMastodonAppStore } from "./app-store";
export { normalizeInstance } from "./instance";
export { TOKEN_EXPIRED_MESSAGE } from "./mastodon-api";

/** What a Mastodon connection keeps sealed: the instance and the user's token (they never expire). */
export interface MastodonCredentials {
  host: string;
  accessToken: string;
}

export interface MastodonProviderOptions {
  /** The app's name as the instance shows it on the consent page and under each post. */
  appName: string;
  website: string;
  tools: ProviderTools;
  registrations: MastodonAppStore;
  /** TESTS ONLY: the fake instance speaks plain http on loopback. Production always uses https. */
  scheme?: "https" | "http";
}

/** write:favourites: liking comments from the inbox (issue 33). */
export const MASTODON_SCOPES =
  "profile write:statuses write:media write:favourites read:statuses read:notifications";
/**
 * Where an instance's registration is kept: its host, marked with the scope set it was registered for. An
 * instance refuses a consent asking scopes its app was not registered with (invalid_scope), so the app
 * registered before the inbox's write:favourites is not reused: each instance gets one new registration.
 */
export const registrationKeyOf = (host: string) => `${host}#inbox`;
export const CONNECT_HELP =
  "Type your instance, e.g. mastodon.social; you will be asked to allow access there.";
export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your Mastodon profile before posting again.";
export const CONNECT_AGAIN_MESSAGE = "The Mastodon connection could not be completed. Please connect again.";

/** Mastodon keeps an Idempotency-Key for an hour; past 55 minutes of an attempt it is not relied on. */
export const IDEMPOTENCY_TRUST_MS = 55 * 60_000;
/** Mastodon takes scheduled_at 5 minutes ahead at the least; one more absorbs clock skew and the call. */
export const MIN_SCHEDULE_LEAD_MS = 6 * 60_000;
export const MAX_SCHEDULE_LEAD_MS = 365 * 86_400_000;
/** GET /api/v1/media/:id while an upload is processing (206): this many polls, POLL_MS apart. */
export const MAX_MEDIA_POLLS = 30;
/** A video takes longer to transcode: up to 5 minutes of polls. */
export const MAX_VIDEO_POLLS = 150;
export const MEDIA_POLL_MS = 2_000;
/** The video types Mastodon takes (its MediaAttachment::VIDEO_MIME_TYPES, those a post can carry). */
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"];
/**
 * Before sending a status again after a lost answer: Mastodon stores the key only once the first status
 * is made, so a first request still running there would not be seen by the second.
 */
export const LOST_ANSWER_PAUSE_MS = 3_000;
const UPLOAD_TIMEOUT_MS = 120_000;
/** How far back of an attempt a status may be dated and still be its copy (the instance's clock is not ours). */
const CLOCK_SKEW_MS = 60_000;
const LOOKUP_PAGE = 20;
const HELD_PAGE = 40;
/** Answers to GET /api/v2/instance that mean "not a Mastodon instance" rather than "unreachable". */
const NOT_AN_INSTANCE_STATUSES = [301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 406, 410, 422];

const statusSchema = z.object({
  id: z.string().min(1),
  created_at: z.string(),
  url: z.string().nullable().optional(),
  uri: z.string().optional(),
  content: z.string().optional(),
});
type MastodonStatus = z.infer<typeof statusSchema>;
const scheduledStatusSchema = z.object({
  id: z.string().min(1),
  scheduled_at: z.string(),
  params: z.object({ text: z.string().nullable().optional() }).optional(),
});
const mediaSchema = z.object({ id: z.string().min(1), url: z.string().nullable().optional() });
/** An item of the post as read before any call, in the post's order. */
type ReadMedia = Pick<OutgoingMedia, "kind" | "mimeType" | "altText"> & { bytes: Uint8Array };
const appSchema = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });
const tokenSchema = z.object({ access_token: z.string().min(1), scope: z.string().optional() });
const accountSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  display_name: z.string().optional(),
  avatar: z.string().nullable().optional(),
});
const limitsSchema = z.object({
  maxCharacters: z.number(),
  urlLength: z.number(),
  maxImages: z.number(),
  maxImageBytes: z.number(),
  maxVideoBytes: z.number().optional(),
  imageTypes: z.array(z.string()),
  altTextMaxLength: z.number(),
});
/** What `start` hands `complete` through the router (sealed there). */
const pendingSchema = z.object({
  host: z.string(),
  domain: z.string(),
  clientId: z.string(),
  codeVerifier: z.string(),
  limits: limitsSchema,
});
type Pending = z.infer<typeof pendingSchema>;

const base64Url = (bytes: Buffer) => bytes.toString("base64url");
const unexpectedAnswer = (host: string) =>
  new AppError("upstream_failed", `Mastodon (${host}) gave an unexpected answer.`);

function parse<T>(schema: z.ZodType<T>, body: unknown, host: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw unexpectedAnswer(host);
  return result.data;
}

/** Outside the one place that settles it (a status POST), a lost answer is a failed call. */
function settleLost(error: unknown, host: string): never {
  if (error instanceof LostAnswerError) {
    throw new AppError("upstream_failed", `Mastodon (${host}) could not be reached. Please try again later.`);
  }
  throw error;
}

const copyOf = (status: MastodonStatus): PublishedCopy => {
  const publishedAt = new Date(status.created_at);
  return {
    externalId: status.id,
    url: status.url ?? status.uri ?? null,
    publishedAt: Number.isNaN(publishedAt.getTime()) ? null : publishedAt,
  };
};

const languageOf = (language: string) => (/^[a-z]{2,3}$/u.test(language) ? language : undefined);

const SCHEDULED_PREFIX = "scheduled:";
const scheduledIdOf = (externalId: string) =>
  externalId.startsWith(SCHEDULED_PREFIX) ? externalId.slice(SCHEDULED_PREFIX.length) : null;

export function createMastodonProvider(
  options: MastodonProviderOptions,
): NetworkProvider<MastodonCredentials> {
  const { tools, registrations } = options;
  const scheme = options.scheme ?? "https";
  const userAgent = `${options.appName} (+${options.website})`;
  /** Registrations under way, so two connects to a new instance at once make one app. */
  const registering = new Map<string, Promise<MastodonApp>>();

  const apiFor = (host: string, accessToken?: string, onTokenRejected?: () => Promise<void>): MastodonApi =>
    createMastodonApi({
      host,
      scheme,
      fetch: tools.guardedFetch,
      sleep: tools.sleep,
      now: tools.now,
      userAgent,
      ...(accessToken ? { accessToken } : {}),
      ...(onTokenRejected ? { onTokenRejected } : {}),
    });

  const apiOf = (connection: ProviderConnection<MastodonCredentials>) =>
    apiFor(connection.credentials.host, connection.credentials.accessToken, () => connection.markExpired());

  const limitsOfConnection = (
    connection?: ProviderConnection<MastodonCredentials> | null,
  ): MastodonLimits => ({
    ...DEFAULT_LIMITS,
    ...connection?.metadata.limits,
  });

  function describe(
    platform: PostPlatform,
    connection?: ProviderConnection<MastodonCredentials> | null,
  ): NetworkDescriptor {
    const limits = limitsOfConnection(connection);
    return {
      platform,
      label: "Mastodon",
      connect: {
        method: "instance_oauth",
        help: CONNECT_HELP,
        fields: [{ name: "instance", label: "Instance", placeholder: "mastodon.social", secret: false }],
        ask: "Which Mastodon instance is your account on (for example mastodon.social)?",
      },
      text: { maxLength: limits.maxCharacters, counting: "mastodon", urlLength: limits.urlLength },
      media: {
        maxImages: limits.maxImages,
        maxImageBytes: limits.maxImageBytes,
        imageTypes: [...limits.imageTypes],
        altTextMaxLength: limits.altTextMaxLength,
      },
      formats: [
        formatRule("feed", {
          maxItems: 1,
          videos: true,
          maxVideoBytes: limits.maxVideoBytes,
          nativeScheduling: true,
        }),
        formatRule("carousel", { maxItems: limits.maxImages, nativeScheduling: true }),
      ],
      nativeScheduling: {
        minLeadMinutes: MIN_SCHEDULE_LEAD_MS / 60_000,
        maxLeadDays: MAX_SCHEDULE_LEAD_MS / 86_400_000,
      },
      exactlyOnce: "idempotency_key",
      capabilities: {
        edit: true,
        delete: true,
        insights: false,
        ads: false,
        replies: true,
        firstComment: "reply",
        inbox: { collect: "poll", hide: false, delete: true, like: true, maxReplyLength: 500 },
      },
      style: {
        maxHashtags: 5,
        habitHashtags: 3,
        voice: "feed",
        habits:
          "Mastodon allows 500 characters, hashtags included (a link counts 23): a short conversational paragraph and 2 or 3 CamelCase hashtags at the end.",
        postingHoursUtc: [16, 13, 14, 13, 14, 13, 16],
      },
    };
  }

  // ---- checks made before any call ----

  function checkText(connection: ProviderConnection<MastodonCredentials>, content: string) {
    const descriptor = describe("mastodon", connection);
    const fit = fitText(content, descriptor.text);
    if (fit.over) {
      throw new AppError(
        "text_over_limit",
        `The post is ${fit.count} characters long; ${connection.credentials.host} takes ${fit.max}.`,
      );
    }
  }

  /**
   * The post's images and video, in order, read and checked before any call: the format's rule (up to the
   * instance's images, or one video alone), then each item's type, size and alt text.
   */
  async function readMedia(connection: ProviderConnection<MastodonCredentials>, post: OutgoingPost) {
    const limits = limitsOfConnection(connection);
    const host = connection.credentials.host;
    const descriptor = describe("mastodon", connection);
    const rule = checkMediaFits(descriptor, post);
    const read: ReadMedia[] = [];
    for (const [index, item] of post.media.entries()) {
      const name = itemLabel(post.media, index);
      if ([...item.altText].length > limits.altTextMaxLength) {
        throw new AppError(
          "invalid_input",
          `${name}'s alt text is longer than the ${limits.altTextMaxLength} characters ${host} takes.`,
        );
      }
      if (item.kind === "video") {
        if (!VIDEO_TYPES.includes(item.mimeType)) {
          throw new AppError(
            "media_not_fitting",
            `${name} is ${item.mimeType}: ${host} takes MP4, WebM and MOV videos.`,
          );
        }
        const { bytes, mimeType } = await item.read();
        checkVideoBytes(descriptor, rule, post.media, index, bytes.byteLength);
        read.push({ kind: "video", bytes, mimeType, altText: item.altText });
        continue;
      }
      const { bytes, mimeType } = await item.read();
      if (!limits.imageTypes.includes(mimeType)) {
        throw new AppError("invalid_input", `${host} does not take ${mimeType} images.`);
      }
      if (bytes.byteLength > limits.maxImageBytes) {
        throw new AppError(
          "invalid_input",
          `An image is larger than the ${Math.floor(limits.maxImageBytes / 1_048_576)} MB ${host} takes.`,
        );
      }
      read.push({ kind: "image", bytes, mimeType, altText: item.altText });
    }
    return read;
  }

  // ---- calls ----

  /**
   * POST /api/v2/media (the file with its alt text as `description`). 202: still processing (a video, a
   * GIF), and a status naming it now would be refused (422), so GET /api/v1/media/:id is polled: 206 while
   * processing, 200 ready, 422 when the instance could not process it (its reason said, naming the item).
   */
  async function uploadMedia(api: MastodonApi, items: ReadMedia[], index: number) {
    const item = items[index] as ReadMedia;
    const form = new FormData();
    const extension = (item.mimeType.split("/")[1] ?? "bin")
      .replace("jpeg", "jpg")
      .replace("quicktime", "mov");
    form.append(
      "file",
      new Blob([new Uint8Array(item.bytes)], { type: item.mimeType }),
      `${item.kind}.${extension}`,
    );
    if (item.altText.trim() !== "") form.append("description", item.altText);
    const uploaded = await api.send({
      method: "POST",
      path: "/api/v2/media",
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      accept: [422],
    });
    if (uploaded.status === 422)
      throw processingFailed(`Mastodon (${api.host})`, items, index, uploaded.error);
    const media = parse(mediaSchema, uploaded.body, api.host);
    if (uploaded.status !== 202) return media.id;
    const polls = item.kind === "video" ? MAX_VIDEO_POLLS : MAX_MEDIA_POLLS;
    for (let poll = 0; poll < polls; poll++) {
      await tools.sleep(MEDIA_POLL_MS);
      const answer = await api.send({
        method: "GET",
        path: `/api/v1/media/${encodeURIComponent(media.id)}`,
        accept: [422],
      });
      if (answer.status === 200) return media.id;
      if (answer.status === 422) throw processingFailed(`Mastodon (${api.host})`, items, index, answer.error);
    }
    throw new AppError(
      "upstream_failed",
      `Mastodon (${api.host}) is still processing ${itemName(items, index)}; nothing was published. Please try again later.`,
    );
  }

  /** Each item uploaded in the post's order; their ids in that order. */
  async function uploadAll(api: MastodonApi, items: ReadMedia[]) {
    const mediaIds: string[] = [];
    for (const index of items.keys()) mediaIds.push(await uploadMedia(api, items, index));
    return mediaIds;
  }

  /**
   * POST /api/v1/statuses with the attempt's Idempotency-Key. A lost answer is sent once more with the same
   * key: the instance answers the first status for a key it has seen (within the hour) instead of making a
   * second. Unknown after that: publish_unconfirmed.
   */
  async function postStatus(api: MastodonApi, body: Record<string, unknown>, key: string) {
    const request: MastodonRequest = {
      method: "POST",
      path: "/api/v1/statuses",
      json: body,
      idempotencyKey: key,
    };
    let answer: MastodonAnswer;
    try {
      answer = await api.send(request);
    } catch (error) {
      if (!(error instanceof LostAnswerError)) throw error;
      await tools.sleep(LOST_ANSWER_PAUSE_MS);
      try {
        answer = await api.send(request);
      } catch (again) {
        if (again instanceof LostAnswerError) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
        throw again;
      }
    }
    return answer;
  }

  async function publish(connection: ProviderConnection<MastodonCredentials>, post: OutgoingPost) {
    checkText(connection, post.content);
    const media = await readMedia(connection, post);
    const api = apiOf(connection);
    try {
      const mediaIds = await uploadAll(api, media);
      const answer = await postStatus(api, statusBody(post, mediaIds), post.marker);
      const status = statusSchema.safeParse(answer.body);
      // It was made (2xx) but the answer is unreadable: settled only by looking.
      if (!status.success) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      return copyOf(status.data);
    } catch (error) {
      settleLost(error, api.host);
    }
  }

  function statusBody(post: { content: string; language: string }, mediaIds: string[]) {
    const language = languageOf(post.language);
    return {
      status: post.content,
      visibility: "public",
      ...(language ? { language } : {}),
      ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
    };
  }

  /**
   * Within the key's hour: the same key sent with an empty status. The instance looks the key up before it
   * validates anything, so it answers the first status when there is one, and otherwise refuses the empty
   * text (422) without making anything. Null: no status under that key.
   */
  async function statusByKey(api: MastodonApi, marker: string): Promise<MastodonStatus | null> {
    const answer = await api.send({
      method: "POST",
      path: "/api/v1/statuses",
      json: { status: "" },
      idempotencyKey: marker,
      accept: [404, 422],
    });
    if (answer.status === 422) return null;
    // The key's status is gone (deleted since): nothing to settle by, and nothing to send again unasked.
    if (answer.status === 404) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
    return parse(statusSchema, answer.body, api.host);
  }

  async function findPublished(
    connection: ProviderConnection<MastodonCredentials>,
    lookup: PublishLookup,
  ): Promise<PublishedCopy | null> {
    const api = apiOf(connection);
    const attemptAt = lookup.attemptAt;
    try {
      if (attemptAt && tools.now().getTime() - attemptAt.getTime() < IDEMPOTENCY_TRUST_MS) {
        const byKey = await statusByKey(api, lookup.marker);
        if (byKey) return copyOf(byKey);
      }
      // Past the key's hour (or on a server that keeps no keys): the account's latest statuses, by text.
      const answer = await api.send({
        method: "GET",
        path: `/api/v1/accounts/${encodeURIComponent(connection.externalAccountId)}/statuses?limit=${LOOKUP_PAGE}&exclude_reblogs=true`,
      });
      const statuses = parse(z.array(statusSchema), answer.body, api.host);
      const since = attemptAt ? attemptAt.getTime() - CLOCK_SKEW_MS : null;
      const wanted = comparableText(lookup.content);
      const dated = (status: MastodonStatus) => Date.parse(status.created_at);
      const matches = statuses.filter(
        (status) =>
          (since === null || dated(status) >= since) &&
          comparableText(textOfContent(status.content ?? "")) === wanted,
      );
      const [match] = matches;
      if (match && matches.length === 1 && since !== null) return copyOf(match);
      if (matches.length > 0) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      // None: sure only when the page reaches back past the attempt (or holds every status there is).
      const oldest = statuses.at(-1);
      const reachesBack =
        statuses.length < LOOKUP_PAGE || (since !== null && oldest && dated(oldest) < since);
      if (!reachesBack) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      return null;
    } catch (error) {
      if (error instanceof LostAnswerError) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      throw error;
    }
  }

  /** A held status with this text for this time, when exactly one is found among the first page. */
  async function heldCopy(api: MastodonApi, content: string, at: Date) {
    const answer = await api.send({ method: "GET", path: `/api/v1/scheduled_statuses?limit=${HELD_PAGE}` });
    const held = parse(z.array(scheduledStatusSchema), answer.body, api.host);
    const wanted = comparableText(content);
    const matches = held.filter(
      (status) =>
        Math.abs(Date.parse(status.scheduled_at) - at.getTime()) < CLOCK_SKEW_MS &&
        comparableText(status.params?.text ?? "") === wanted,
    );
    return matches.length === 1 ? (matches[0] ?? null) : null;
  }

  async function schedule(connection: ProviderConnection<MastodonCredentials>, post: OutgoingPost, at: Date) {
    const lead = at.getTime() - tools.now().getTime();
    if (lead < MIN_SCHEDULE_LEAD_MS || lead > MAX_SCHEDULE_LEAD_MS) return null;
    checkText(connection, post.content);
    const media = await readMedia(connection, post);
    const api = apiOf(connection);
    try {
      const mediaIds = await uploadAll(api, media);
      const request: MastodonRequest = {
        method: "POST",
        path: "/api/v1/statuses",
        json: { ...statusBody(post, mediaIds), scheduled_at: at.toISOString() },
        idempotencyKey: post.marker,
        accept: [422],
      };
      let answer: MastodonAnswer;
      try {
        answer = await api.send(request);
      } catch (error) {
        if (!(error instanceof LostAnswerError)) throw error;
        await tools.sleep(LOST_ANSWER_PAUSE_MS);
        // Looked up first: Mastodon looks a repeated key up among statuses, not scheduled ones (a 404).
        const held = await heldCopy(api, post.content, at);
        if (held) return { externalId: `${SCHEDULED_PREFIX}${held.id}` };
        answer = await api.send({ ...request, accept: [404, 422] }).catch((again: unknown) => {
          if (again instanceof LostAnswerError)
            throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
          throw again;
        });
        if (answer.status === 404) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      }
      if (answer.status === 422) {
        // Over the instance's scheduling allowance (25 a day, 300 in all): the publish job sends it instead.
        if (/schedul/iu.test(answer.error ?? "")) return null;
        throw new AppError("upstream_failed", refusedMessage(api.host, answer.status, answer.error));
      }
      const held = scheduledStatusSchema.safeParse(answer.body);
      if (held.success) return { externalId: `${SCHEDULED_PREFIX}${held.data.id}` };
      // The instance posted it at once (its clock ahead of ours): the status itself is the copy.
      return { externalId: parse(statusSchema, answer.body, api.host).id };
    } catch (error) {
      settleLost(error, api.host);
    }
  }

  /**
   * The post's first comment: a reply to it (in_reply_to_id), public like the post. Its Idempotency-Key is
   * made from the post's id, so a lost answer sent again, or a second call within the instance's hour,
   * answers the first reply instead of making another.
   */
  async function comment(
    connection: ProviderConnection<MastodonCredentials>,
    externalId: string,
    message: string,
  ): Promise<{ externalId: string }> {
    if (scheduledIdOf(externalId)) {
      throw new AppError(
        "conflict",
        "Mastodon holds this post until its time: its first comment can be added once it is out.",
      );
    }
    if (message.trim() === "") throw new AppError("invalid_input", "The first comment is empty.");
    checkText(connection, message);
    const api = apiOf(connection);
    const key = createHash("sha256")
      .update(`first-comment:${connection.credentials.host}:${externalId}`)
      .digest("hex");
    try {
      const answer = await postStatus(
        api,
        { status: message, visibility: "public", in_reply_to_id: externalId },
        key,
      );
      const status = statusSchema.safeParse(answer.body);
      if (!status.success) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      return { externalId: status.data.id };
    } catch (error) {
      settleLost(error, api.host);
    }
  }

  async function cancelScheduled(connection: ProviderConnection<MastodonCredentials>, externalId: string) {
    const api = apiOf(connection);
    const id = scheduledIdOf(externalId) ?? externalId;
    // 404: already gone (cancelled, or its time came).
    await api
      .send({ method: "DELETE", path: `/api/v1/scheduled_statuses/${encodeURIComponent(id)}`, accept: [404] })
      .catch((error: unknown) => settleLost(error, api.host));
  }

  async function deleteStatus(connection: ProviderConnection<MastodonCredentials>, externalId: string) {
    if (scheduledIdOf(externalId)) return cancelScheduled(connection, externalId);
    const api = apiOf(connection);
    await api
      .send({ method: "DELETE", path: `/api/v1/statuses/${encodeURIComponent(externalId)}`, accept: [404] })
      .catch((error: unknown) => settleLost(error, api.host));
  }

  async function edit(
    connection: ProviderConnection<MastodonCredentials>,
    externalId: string,
    post: OutgoingPost,
  ) {
    if (scheduledIdOf(externalId)) {
      throw new AppError(
        "conflict",
        "Mastodon cannot change the text of a post it holds for later; take it back and schedule it again.",
      );
    }
    checkText(connection, post.content);
    const api = apiOf(connection);
    const language = languageOf(post.language);
    // Without media_ids the instance keeps the status' images as they are.
    await api
      .send({
        method: "PUT",
        path: `/api/v1/statuses/${encodeURIComponent(externalId)}`,
        json: { status: post.content, ...(language ? { language } : {}) },
      })
      .catch((error: unknown) => settleLost(error, api.host));
  }

  // ---- connecting ----

  async function readInstance(host: string) {
    const api = apiFor(host);
    let answer: MastodonAnswer;
    try {
      answer = await api.send({ method: "GET", path: "/api/v2/instance", accept: NOT_AN_INSTANCE_STATUSES });
    } catch (error) {
      if (error instanceof AppError && (error.reason === "invalid_input" || error.retryAfterMs !== undefined))
        throw error;
      // Unknown host, no answer, or an error page: not something we can connect to.
      throw new AppError("invalid_input", unreachableMessage(host));
    }
    const instance = instanceSchema.safeParse(answer.body);
    if (answer.status !== 200 || !instance.success)
      throw new AppError("invalid_input", notMastodonMessage(host));
    return instance.data;
  }

  async function registeredApp(host: string, redirectUri: string): Promise<MastodonApp> {
    const stored = await registrations.find(registrationKeyOf(host));
    if (stored) return stored;
    const underway = registering.get(host);
    if (underway) return underway;
    const registration = (async () => {
      const api = apiFor(host);
      const answer = await api
        .send({
          method: "POST",
          path: "/api/v1/apps",
          json: {
            client_name: options.appName,
            redirect_uris: redirectUri,
            scopes: MASTODON_SCOPES,
            website: options.website,
          },
        })
        .catch((error: unknown) => settleLost(error, host));
      const app = parse(appSchema, answer.body, host);
      const registered = { clientId: app.client_id, clientSecret: app.client_secret };
      await registrations.save(registrationKeyOf(host), registered);
      // Another server may have registered first: the stored registration is the one every consent names.
      return (await registrations.find(registrationKeyOf(host))) ?? registered;
    })();
    registering.set(host, registration);
    try {
      return await registration;
    } finally {
      registering.delete(host);
    }
  }

  async function start(request: {
    credentials: { instance?: string | undefined };
    state: string;
    redirectUri: string;
  }) {
    const host = normalizeInstance(request.credentials.instance);
    const instance = await readInstance(host);
    const app = await registeredApp(host, request.redirectUri);
    const codeVerifier = base64Url(randomBytes(32));
    const challenge = base64Url(createHash("sha256").update(codeVerifier).digest());
    const url = new URL(`${scheme}://${host}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: request.redirectUri,
      scope: MASTODON_SCOPES,
      state: request.state,
      code_challenge: challenge,
      code_challenge_method: "S256",
    }).toString();
    // The instance's own name for itself is the handle's domain (it may differ from where its API is).
    const domain = /^[a-z0-9.:[\]-]+$/iu.test(instance.domain) ? instance.domain.toLowerCase() : host;
    const pending: Pending = {
      host,
      domain,
      clientId: app.clientId,
      codeVerifier,
      limits: limitsOf(instance),
    };
    return { kind: "redirect" as const, url: url.toString(), pending: JSON.stringify(pending) };
  }

  async function complete(request: { code: string; pending: string; redirectUri: string }) {
    let pending: Pending;
    try {
      pending = pendingSchema.parse(JSON.parse(request.pending));
    } catch {
      throw new AppError("invalid_input", CONNECT_AGAIN_MESSAGE);
    }
    const { host } = pending;
    const app = await registrations.find(registrationKeyOf(host));
    // Another registration replaced the one the consent was given to: its code cannot be exchanged.
    if (!app || app.clientId !== pending.clientId)
      throw new AppError("upstream_failed", CONNECT_AGAIN_MESSAGE);

    const exchange = await apiFor(host)
      .send({
        method: "POST",
        path: "/oauth/token",
        form: new URLSearchParams({
          grant_type: "authorization_code",
          code: request.code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri: request.redirectUri,
          code_verifier: pending.codeVerifier,
        }),
        accept: [400, 401],
      })
      .catch((error: unknown) => settleLost(error, host));
    if (exchange.status !== 200) {
      throw new AppError(
        "upstream_failed",
        `${host} did not accept the authorization${exchange.error ? ` (${exchange.error})` : ""}. Please connect again.`,
      );
    }
    const token = parse(tokenSchema, exchange.body, host);
    const verified = await apiFor(host, token.access_token)
      .send({ method: "GET", path: "/api/v1/accounts/verify_credentials" })
      .catch((error: unknown) => settleLost(error, host));
    const account = parse(accountSchema, verified.body, host);
    const handle = `@${account.username}@${pending.domain}`;
    const metadata: ConnectionMetadata = { handle, host, limits: pending.limits };
    const connected: ProviderAccount<MastodonCredentials> = {
      externalAccountId: account.id,
      name: account.display_name || account.username,
      handle,
      pictureUrl: account.avatar ?? null,
      credentials: { host, accessToken: token.access_token },
      tokenExpiresAt: null,
      scopes: (token.scope ?? MASTODON_SCOPES).split(/\s+/u).filter(Boolean),
      metadata,
    };
    return connected;
  }

  return {
    id: "mastodon",
    label: "Mastodon",
    platforms: ["mastodon"],
    describe,
    connect: { available: () => true, start, complete },
    publish,
    findPublished,
    delete: deleteStatus,
    comment,
    edit,
    schedule,
    cancelScheduled,
    inbox: createMastodonInbox<MastodonCredentials>({
      tools,
      apiOf,
      describe: (connection) => describe("mastodon", connection),
    }),
  };
}

export const mastodonModule = defineNetworkModule({
  id: "mastodon",
  env: {},
  create: ({ tools, db, vault, publicUrl, plainHttp }) =>
    createMastodonProvider({
      appName: "Social Media Manager",
      website: publicUrl,
      tools,
      registrations: createAppRegistrations(db, vault, "mastodon"),
      ...(plainHttp ? { scheme: "http" as const } : {}),
    }),
});
