import type { AppBskyFeedPost } from "@atproto/api";
import { fitText } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { checkMediaFits, itemLabel } from "../media-fit";
import type { OutgoingPost, ProviderConnection, PublishedCopy, PublishLookup } from "../provider";
import { type BlueskyClient, type BlueskyClientOptions, openBlueskyClient } from "./client";
import type { BlueskyCredentials } from "./credentials";
import { BLUESKY_TEXT_LIMIT, describeBluesky } from "./descriptor";
import { isLostAnswer, isXrpcError, toAppError, UNCONFIRMED_MESSAGE } from "./errors";
import { buildPostRecord, type MediaOptions } from "./post-record";
import { commentKeyOf, POST_COLLECTION, parsePostUri, recordKeyOf } from "./record-key";

export interface BlueskyPublishingOptions extends BlueskyClientOptions {
  /** Where videos are uploaded (BLUESKY_VIDEO_SERVICE_URL: https://video.bsky.app). */
  videoServiceUrl: string;
}

/** The video service takes MPEG-4 (app.bsky.embed.video's video is video/mp4). */
const VIDEO_TYPES = ["video/mp4"];

const mediaOptionsOf = (options: BlueskyPublishingOptions): MediaOptions => ({
  videoServiceUrl: options.videoServiceUrl,
  now: options.tools.now,
  sleep: options.tools.sleep,
});

function copyOf(client: BlueskyClient, uri: string, rkey: string, now: Date): PublishedCopy {
  return {
    externalId: uri,
    url: `https://bsky.app/profile/${client.credentials().handle}/post/${rkey}`,
    publishedAt: now,
  };
}

/** The record under `rkey` in the account's repo, or null when Bluesky says there is none. */
export async function findPost(
  client: BlueskyClient,
  rkey: string,
): Promise<{ uri: string; text: unknown } | null> {
  try {
    const { data } = await client.call((agent) =>
      agent.com.atproto.repo.getRecord({ repo: client.credentials().did, collection: POST_COLLECTION, rkey }),
    );
    return { uri: data.uri, text: data.value.text };
  } catch (error) {
    if (isXrpcError(error, 400, "RecordNotFound")) return null;
    throw error;
  }
}

export function checkText(content: string, what: string): void {
  const fit = fitText(content, BLUESKY_TEXT_LIMIT);
  if (fit.over) {
    throw new AppError(
      "text_over_limit",
      fit.count > fit.max
        ? `Bluesky takes ${fit.max} characters; this ${what} has ${fit.count}. Shorten it and try again.`
        : `Bluesky takes at most ${BLUESKY_TEXT_LIMIT.maxBytes} bytes of text; shorten this ${what} and try again.`,
    );
  }
}

/**
 * Refused before any call: what Bluesky would refuse anyway, or only after the media went up. A post
 * carries up to 4 images, or one video alone (the descriptor's formats).
 */
function checkPost(post: OutgoingPost): void {
  checkText(post.content, "post");
  checkMediaFits(describeBluesky("bluesky"), post);
  for (const [index, item] of post.media.entries()) {
    if (item.kind === "video" && !VIDEO_TYPES.includes(item.mimeType)) {
      throw new AppError(
        "media_not_fitting",
        `${itemLabel(post.media, index)} is ${item.mimeType}: Bluesky takes MP4 videos.`,
      );
    }
  }
}

/**
 * createRecord under our own key, exactly once: when the answer is lost (no answer, a timeout, a 5xx, which
 * is also how the PDS answers a duplicate key), the key is looked up: there, it is made; surely not there,
 * it is created once more; anything else is "unconfirmed" rather than a second try that might make a copy.
 */
export async function createOnce(
  client: BlueskyClient,
  rkey: string,
  record: AppBskyFeedPost.Record,
  action: string,
  unconfirmed: () => AppError = () => new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE),
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data } = await client.call((agent) =>
        agent.com.atproto.repo.createRecord({
          repo: client.credentials().did,
          collection: POST_COLLECTION,
          rkey,
          record,
        }),
      );
      return data.uri;
    } catch (error) {
      if (!isLostAnswer(error)) throw toAppError(error, action);
    }
    let found: Awaited<ReturnType<typeof findPost>>;
    try {
      found = await findPost(client, rkey);
    } catch {
      // Whatever stopped the lookup (an expired session, whose notice has gone out, a long rate limit), the
      // record may be there: only "unconfirmed" cannot lead to a second copy.
      throw unconfirmed();
    }
    if (found) {
      // Another record under the same key (the key collides about once in a million same-millisecond
      // attempts) is not this one: saying "made" would lose this one silently.
      if (found.text !== record.text) throw unconfirmed();
      return found.uri;
    }
    if (attempt >= 2) throw unconfirmed();
  }
}

/**
 * Exactly once: the record key is the attempt's own (record-key.ts), so Bluesky itself refuses a second
 * copy. When the answer to the create is lost (no answer, a timeout, a 5xx, which is also how the PDS
 * answers a duplicate key), the key is looked up: there, it is published; surely not there, it is created
 * once more; anything else is "unconfirmed" rather than a second try that might make a second post.
 */
export async function publishPost(
  options: BlueskyPublishingOptions,
  connection: ProviderConnection<BlueskyCredentials>,
  post: OutgoingPost,
): Promise<PublishedCopy> {
  checkPost(post);
  const client = openBlueskyClient(connection, options);
  const record = await buildPostRecord(client, mediaOptionsOf(options), post, options.tools.now());
  const rkey = recordKeyOf(post.marker, post.attemptAt);
  const uri = await createOnce(client, rkey, record, "publish the post");
  return copyOf(client, uri, rkey, options.tools.now());
}

/**
 * The post's first comment: the first reply in its thread, under a record key made from the post's own
 * (record-key.ts commentKeyOf), so a second call, or a retry after a lost answer, finds the reply made
 * rather than making another.
 */
export async function commentOnPost(
  options: BlueskyPublishingOptions,
  connection: ProviderConnection<BlueskyCredentials>,
  externalId: string,
  message: string,
): Promise<{ externalId: string }> {
  const parsed = parsePostUri(externalId);
  if (!parsed) throw new AppError("invalid_input", `Not a Bluesky post: ${externalId}`);
  if (message.trim() === "") throw new AppError("invalid_input", "The first comment is empty.");
  checkText(message, "comment");
  const client = openBlueskyClient(connection, options);
  let parent: { uri: string; cid: string; value: Record<string, unknown> };
  try {
    const { data } = await client.call((agent) =>
      agent.com.atproto.repo.getRecord({ repo: parsed.repo, collection: POST_COLLECTION, rkey: parsed.rkey }),
    );
    if (!data.cid) throw new AppError("upstream_failed", "Bluesky gave an unexpected answer.");
    parent = { uri: data.uri, cid: data.cid, value: data.value };
  } catch (error) {
    if (isXrpcError(error, 400, "RecordNotFound"))
      throw new AppError(
        "upstream_failed",
        "The post is no longer on Bluesky: its first comment was not sent.",
      );
    throw toAppError(error, "read the post to reply to");
  }
  const ref = { uri: parent.uri, cid: parent.cid };
  // A top-level post is its own thread's root; a reply's root is its parent's.
  const parentReply = parent.value.reply as { root?: { uri?: unknown; cid?: unknown } } | undefined;
  const root =
    typeof parentReply?.root?.uri === "string" && typeof parentReply.root.cid === "string"
      ? { uri: parentReply.root.uri, cid: parentReply.root.cid }
      : ref;
  const language = typeof parent.value.langs === "object" ? (parent.value.langs as unknown[])[0] : undefined;
  const record = await buildPostRecord(
    client,
    mediaOptionsOf(options),
    { content: message, language: typeof language === "string" ? language : "", media: [] },
    options.tools.now(),
    { root, parent: ref },
  );
  const rkey = commentKeyOf(parent.uri, parsed.rkey, parent.value.createdAt);
  return { externalId: await createOnce(client, rkey, record, "post the first comment") };
}

/** The copy the attempt made, found by its record key; null when Bluesky says the key holds nothing. */
export async function findPublishedPost(
  options: BlueskyClientOptions,
  connection: ProviderConnection<BlueskyCredentials>,
  lookup: PublishLookup,
): Promise<PublishedCopy | null> {
  // Without the attempt's time there is no key to look up, and Bluesky has no other lookup by our marker.
  if (!lookup.attemptAt) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
  const client = openBlueskyClient(connection, options);
  const rkey = recordKeyOf(lookup.marker, lookup.attemptAt);
  let found: Awaited<ReturnType<typeof findPost>>;
  try {
    found = await findPost(client, rkey);
  } catch (error) {
    throw toAppError(error, "look up the post");
  }
  return found ? copyOf(client, found.uri, rkey, options.tools.now()) : null;
}

/** Deletes the post; Bluesky answers a post already gone the same way. */
export async function deletePost(
  options: BlueskyClientOptions,
  connection: ProviderConnection<BlueskyCredentials>,
  externalId: string,
): Promise<void> {
  const parsed = parsePostUri(externalId);
  if (!parsed) throw new AppError("invalid_input", `Not a Bluesky post: ${externalId}`);
  const client = openBlueskyClient(connection, options);
  try {
    await client.call((agent) =>
      agent.com.atproto.repo.deleteRecord({
        repo: client.credentials().did,
        collection: POST_COLLECTION,
        rkey: parsed.rkey,
      }),
    );
  } catch (error) {
    throw toAppError(error, "delete the post");
  }
}
