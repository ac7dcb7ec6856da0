import { fitText } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import type { OutgoingPost, ProviderConnection, PublishedCopy, PublishLookup } from "../provider";
import { type BlueskyClient, type BlueskyClientOptions, openBlueskyClient } from "./client";
import type { BlueskyCredentials } from "./credentials";
import { BLUESKY_MAX_IMAGES, BLUESKY_TEXT_LIMIT } from "./descriptor";
import { isLostAnswer, isXrpcError, toAppError, UNCONFIRMED_MESSAGE } from "./errors";
import { buildPostRecord } from "./post-record";
import { POST_COLLECTION, parsePostUri, recordKeyOf } from "./record-key";

function copyOf(client: BlueskyClient, uri: string, rkey: string, now: Date): PublishedCopy {
  return {
    externalId: uri,
    url: `https://bsky.app/profile/${client.credentials().handle}/post/${rkey}`,
    publishedAt: now,
  };
}

/** The post under `rkey` in the account's repo, or null when Bluesky says there is none. */
async function findPost(client: BlueskyClient, rkey: string): Promise<{ uri: string; text: unknown } | null> {
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

/** Refused before any call: what Bluesky would refuse anyway, or only after the images went up. */
function checkPost(post: OutgoingPost): void {
  const fit = fitText(post.content, BLUESKY_TEXT_LIMIT);
  if (fit.over) {
    throw new AppError(
      "text_over_limit",
      fit.count > fit.max
        ? `Bluesky takes ${fit.max} characters; this post has ${fit.count}. Shorten it and try again.`
        : `Bluesky takes at most ${BLUESKY_TEXT_LIMIT.maxBytes} bytes of text; shorten this post and try again.`,
    );
  }
  if (post.images.length > BLUESKY_MAX_IMAGES) {
    throw new AppError(
      "invalid_input",
      `Bluesky takes up to ${BLUESKY_MAX_IMAGES} images in a post; this one has ${post.images.length}.`,
    );
  }
}

/**
 * Exactly once: the record key is the attempt's own (record-key.ts), so Bluesky itself refuses a second
 * copy. When the answer to the create is lost (no answer, a timeout, a 5xx, which is also how the PDS
 * answers a duplicate key), the key is looked up: there, it is published; surely not there, it is created
 * once more; anything else is "unconfirmed" rather than a second try that might make a second post.
 */
export async function publishPost(
  options: BlueskyClientOptions,
  connection: ProviderConnection<BlueskyCredentials>,
  post: OutgoingPost,
): Promise<PublishedCopy> {
  checkPost(post);
  const client = openBlueskyClient(connection, options);
  const record = await buildPostRecord(client, post, options.tools.now());
  const rkey = recordKeyOf(post.marker, post.attemptAt);
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
      return copyOf(client, data.uri, rkey, options.tools.now());
    } catch (error) {
      if (!isLostAnswer(error)) throw toAppError(error, "publish the post");
    }
    let found: Awaited<ReturnType<typeof findPost>>;
    try {
      found = await findPost(client, rkey);
    } catch {
      // Whatever stopped the lookup (an expired session, whose notice has gone out, a long rate limit), the
      // post may be there: only "unconfirmed" cannot lead to a second copy.
      throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
    }
    if (found) {
      // Another attempt's post under the same key (the key collides about once in a million same-millisecond
      // attempts) is not this one: saying "published" would lose this post silently.
      if (found.text !== record.text) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      return copyOf(client, found.uri, rkey, options.tools.now());
    }
    if (attempt >= 2) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
  }
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
