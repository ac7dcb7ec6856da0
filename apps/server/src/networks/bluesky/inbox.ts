import { type Agent, AppBskyFeedDefs, type AppBskyFeedGetPostThread } from "@atproto/api";
import { AppError } from "@smm/domain/errors";
import { REPLY_UNCONFIRMED } from "@smm/domain/inbox";
import type { CommentsRead, IncomingComment } from "@smm/domain/ports";
import type { ProviderConnection, ProviderInbox } from "../provider";
import { type BlueskyClient, openBlueskyClient } from "./client";
import type { BlueskyCredentials } from "./credentials";
import { isLostAnswer, isXrpcError, toAppError } from "./errors";
import { buildPostRecord } from "./post-record";
import { type BlueskyPublishingOptions, checkText, createOnce, findPost } from "./publishing";
import { likeKeyOf, POST_COLLECTION, parsePostUri, replyKeyOf } from "./record-key";

/**
 * Bluesky's inbox (contracts/networks.md section 1, Replies): replies and mentions found through the
 * notifications (quick, across every post), each asked post's thread read whole with getPostThread (so a
 * reply missing from it was removed), replies sent under a record key made from the marker (exactly once,
 * as posts are), likes as like records and deletes of our own replies.
 */

/** Bluesky allows 3,000 requests per 5 minutes per IP: a tenth of it for reading, the rest for posting. */
export const BLUESKY_READ_BUDGET = { calls: 300, windowMs: 5 * 60_000 } as const;
/** getPostThread's depth: how deep a thread is listed; a reply deeper makes the listing partial. */
export const THREAD_DEPTH = 6;
const NOTIFICATIONS_PAGE = 50;
/** Pages of notifications read back to the last seen one, at most (older ones are found by the threads). */
const MAX_NOTIFICATION_PAGES = 3;
const LIKE_COLLECTION = "app.bsky.feed.like";

export const ONLY_OWN_DELETED =
  "Bluesky lets only your own replies be deleted; someone else's reply can be hidden from you in the Bluesky app only.";
export const REPLY_PARENT_GONE = "The comment is no longer on Bluesky: the reply was not sent.";

const unconfirmed = () => new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);

interface PostRecordFields {
  text: string;
  createdAt: string | null;
  parentUri: string | null;
  rootUri: string | null;
}

/** What the inbox reads of a post record (app.bsky.feed.post, as the AppView hands it back). */
function fieldsOf(record: unknown): PostRecordFields | null {
  if (!record || typeof record !== "object") return null;
  const { text, createdAt, reply } = record as Record<string, unknown>;
  if (typeof text !== "string") return null;
  const refs = (reply ?? {}) as { parent?: { uri?: unknown }; root?: { uri?: unknown } };
  return {
    text,
    createdAt: typeof createdAt === "string" ? createdAt : null,
    parentUri: typeof refs.parent?.uri === "string" ? refs.parent.uri : null,
    rootUri: typeof refs.root?.uri === "string" ? refs.root.uri : null,
  };
}

function dateOf(...candidates: (string | null | undefined)[]): Date {
  for (const candidate of candidates) {
    const at = candidate ? Date.parse(candidate) : Number.NaN;
    if (!Number.isNaN(at)) return new Date(at);
  }
  return new Date(0);
}

interface Author {
  did: string;
  handle: string;
  displayName?: string | undefined;
  avatar?: string | undefined;
}

function commentOf(
  view: { uri: string; author: Author; record: unknown; indexedAt: string },
  postUri: string,
  ownDid: string,
): IncomingComment | null {
  const fields = fieldsOf(view.record);
  if (!fields) return null;
  const rkey = parsePostUri(view.uri)?.rkey;
  return {
    externalId: view.uri,
    postExternalId: postUri,
    parentExternalId: fields.parentUri && fields.parentUri !== postUri ? fields.parentUri : null,
    authorExternalId: view.author.did,
    authorName: view.author.displayName || null,
    authorHandle: view.author.handle,
    authorAvatarUrl: view.author.avatar ?? null,
    text: fields.text,
    writtenAt: dateOf(fields.createdAt, view.indexedAt),
    // Bluesky has no edits: a post record is never changed in place.
    editedAt: null,
    own: view.author.did === ownDid,
    url: rkey ? `https://bsky.app/profile/${view.author.handle}/post/${rkey}` : null,
  };
}

/** A rate limit or a dead session ends the read (the poller waits or tells); other failures are said. */
const isStopping = (error: unknown) =>
  error instanceof AppError && (error.retryAfterMs !== undefined || error.reason === "network_token_expired");

/**
 * Every reply under `node`, depth first, into `found`. False when the listing is partial: a reply at the
 * depth limit has replies of its own that were not listed. Entries Bluesky shows as not found or blocked
 * are skipped (they are not readable, and not removed either: the listing is partial then too).
 */
function collectReplies(
  node: AppBskyFeedDefs.ThreadViewPost,
  postUri: string,
  ownDid: string,
  found: IncomingComment[],
): boolean {
  let whole = true;
  const replies = node.replies ?? [];
  if ((node.post.replyCount ?? 0) > 0 && replies.length === 0) whole = false;
  for (const reply of replies) {
    if (!AppBskyFeedDefs.isThreadViewPost(reply)) {
      whole = false;
      continue;
    }
    const comment = commentOf(reply.post, postUri, ownDid);
    if (comment) found.push(comment);
    if (!collectReplies(reply, postUri, ownDid, found)) whole = false;
  }
  return whole;
}

export function createBlueskyInbox(options: BlueskyPublishingOptions): ProviderInbox<BlueskyCredentials> {
  const mediaOptions = {
    videoServiceUrl: options.videoServiceUrl,
    now: options.tools.now,
    sleep: options.tools.sleep,
  };

  /** Replies and mentions newer than `seen` (the newest indexedAt of the last read), newest first. */
  async function readNotifications(
    spend: <T>(operation: (agent: Agent) => Promise<T>) => Promise<T>,
    ownDid: string,
    seen: string | null,
    budgetLeft: () => number,
    into: Map<string, IncomingComment>,
  ): Promise<string | null> {
    const seenAt = seen ? Date.parse(seen) : Number.NaN;
    let newest = seen;
    let page: string | undefined;
    for (let pages = 0; pages < MAX_NOTIFICATION_PAGES && budgetLeft() > 0; pages++) {
      const { data } = await spend((agent) =>
        agent.app.bsky.notification.listNotifications({
          reasons: ["reply", "mention"],
          limit: NOTIFICATIONS_PAGE,
          ...(page ? { cursor: page } : {}),
        }),
      );
      let reachedSeen = false;
      for (const notification of data.notifications) {
        const at = Date.parse(notification.indexedAt);
        if (!Number.isNaN(seenAt) && at <= seenAt) {
          reachedSeen = true;
          break;
        }
        if (!newest || Number.isNaN(Date.parse(newest)) || at > Date.parse(newest))
          newest = notification.indexedAt;
        // Only what sits in a thread is a comment under a post; a mention in a post of its own is not.
        const root = fieldsOf(notification.record)?.rootUri;
        if (!root) continue;
        const comment = commentOf(notification, root, ownDid);
        if (comment) into.set(comment.externalId, comment);
      }
      // The first read starts from now: older replies are the threads' to find.
      if (reachedSeen || !data.cursor || Number.isNaN(seenAt)) break;
      page = data.cursor;
    }
    return newest;
  }

  async function read(
    connection: ProviderConnection<BlueskyCredentials>,
    request: { posts: { externalId: string; publishedAt: Date }[]; cursor: string | null; budget: number },
  ): Promise<CommentsRead> {
    const client = openBlueskyClient(connection, options);
    const ownDid = connection.credentials.did;
    let calls = 0;
    const spend = <T>(operation: (agent: Agent) => Promise<T>) =>
      client.call((agent) => {
        calls += 1;
        return operation(agent);
      });
    const budgetLeft = () => request.budget - calls;
    const found = new Map<string, IncomingComment>();
    const complete: string[] = [];
    let cursor = request.cursor;
    if (budgetLeft() <= 0) return { comments: [], complete, cursor, calls };

    try {
      cursor = await readNotifications(spend, ownDid, request.cursor, budgetLeft, found);
      for (const post of request.posts) {
        if (budgetLeft() <= 0) break;
        let thread: AppBskyFeedGetPostThread.OutputSchema["thread"];
        try {
          ({
            data: { thread },
          } = await spend((agent) =>
            agent.app.bsky.feed.getPostThread({ uri: post.externalId, depth: THREAD_DEPTH, parentHeight: 0 }),
          ));
        } catch (error) {
          // The post itself is gone: nothing to list, and nothing to call removed on its account.
          if (isXrpcError(error, 400, "NotFound")) continue;
          throw error;
        }
        if (!AppBskyFeedDefs.isThreadViewPost(thread)) continue;
        const listed: IncomingComment[] = [];
        const whole = collectReplies(thread, post.externalId, ownDid, listed);
        for (const comment of listed) found.set(comment.externalId, comment);
        if (whole) complete.push(post.externalId);
      }
    } catch (error) {
      if (isStopping(error)) throw error;
      throw toAppError(error, "read the replies");
    }
    return { comments: [...found.values()], complete, cursor, calls };
  }

  /** The record at `uri` with its cid, or null when Bluesky says it is gone. */
  async function readRecord(client: BlueskyClient, uri: string) {
    const parsed = parsePostUri(uri);
    if (!parsed) throw new AppError("invalid_input", `Not a Bluesky post: ${uri}`);
    try {
      const { data } = await client.call((agent) =>
        agent.com.atproto.repo.getRecord({
          repo: parsed.repo,
          collection: POST_COLLECTION,
          rkey: parsed.rkey,
        }),
      );
      if (!data.cid) throw new AppError("upstream_failed", "Bluesky gave an unexpected answer.");
      return { uri: data.uri, cid: data.cid, value: data.value as Record<string, unknown> };
    } catch (error) {
      if (isXrpcError(error, 400, "RecordNotFound")) return null;
      throw toAppError(error, "read the comment");
    }
  }

  async function reply(
    connection: ProviderConnection<BlueskyCredentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; marker: string },
  ) {
    if (request.text.trim() === "") throw new AppError("invalid_input", "The reply is empty.");
    checkText(request.text, "reply");
    const target = request.parentExternalId ?? request.postExternalId;
    if (!parsePostUri(target)) throw new AppError("invalid_input", `Not a Bluesky post: ${target}`);
    const client = openBlueskyClient(connection, options);
    const parent = await readRecord(client, target);
    if (!parent) throw new AppError("upstream_failed", REPLY_PARENT_GONE);
    const ref = { uri: parent.uri, cid: parent.cid };
    // The thread's root is the parent's own root when the parent is a reply, else the parent itself.
    const parentReply = parent.value.reply as { root?: { uri?: unknown; cid?: unknown } } | undefined;
    const root =
      typeof parentReply?.root?.uri === "string" && typeof parentReply.root.cid === "string"
        ? { uri: parentReply.root.uri, cid: parentReply.root.cid }
        : ref;
    const record = await buildPostRecord(
      client,
      mediaOptions,
      { content: request.text, language: "", media: [] },
      options.tools.now(),
      { root, parent: ref },
    );
    const rkey = replyKeyOf(request.marker, target);
    const uri = await createOnce(client, rkey, record, "send the reply", unconfirmed);
    return {
      externalId: uri,
      url: `https://bsky.app/profile/${client.credentials().handle}/post/${rkey}`,
    };
  }

  /** The reply is where its key says, or surely nowhere: Bluesky answers RecordNotFound for a free key. */
  async function findReply(
    connection: ProviderConnection<BlueskyCredentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; marker: string },
  ) {
    const target = request.parentExternalId ?? request.postExternalId;
    const client = openBlueskyClient(connection, options);
    let found: Awaited<ReturnType<typeof findPost>>;
    try {
      found = await findPost(client, replyKeyOf(request.marker, target));
    } catch (error) {
      if (isStopping(error)) throw error;
      throw unconfirmed();
    }
    if (!found) return null;
    // Another record under the key (a one-in-a-million collision) is not this reply.
    if (found.text !== request.text) throw unconfirmed();
    return { externalId: found.uri };
  }

  /** A like record under a key made from the post's URI: liking again names the same key. */
  async function like(client: BlueskyClient, uri: string) {
    const subject = await readRecord(client, uri);
    // The comment is gone: nothing to like, and not an error.
    if (!subject) return;
    const rkey = likeKeyOf(uri);
    const repo = client.credentials().did;
    try {
      await client.call((agent) =>
        agent.com.atproto.repo.createRecord({
          repo,
          collection: LIKE_COLLECTION,
          rkey,
          record: {
            $type: LIKE_COLLECTION,
            subject: { uri: subject.uri, cid: subject.cid },
            createdAt: options.tools.now().toISOString(),
          },
        }),
      );
    } catch (error) {
      // A lost answer, or the PDS's 500 for a key already taken (liked before): the key says which.
      if (!isLostAnswer(error)) throw toAppError(error, "like the comment");
      try {
        await client.call((agent) =>
          agent.com.atproto.repo.getRecord({ repo, collection: LIKE_COLLECTION, rkey }),
        );
      } catch (lookup) {
        throw toAppError(lookup, "like the comment");
      }
    }
  }

  return {
    readBudget: BLUESKY_READ_BUDGET,
    read,
    reply,
    findReply,
    async moderate(connection, { externalId, action }) {
      const parsed = parsePostUri(externalId);
      if (!parsed) throw new AppError("invalid_input", `Not a Bluesky post: ${externalId}`);
      const client = openBlueskyClient(connection, options);
      if (action === "like") return like(client, externalId);
      if (action === "delete") {
        // capabilities.inbox.delete is for our own replies: a record lives in its author's repo, and only
        // the author can delete it.
        if (parsed.repo !== connection.credentials.did)
          throw new AppError("inbox_unsupported", ONLY_OWN_DELETED);
        try {
          await client.call((agent) =>
            agent.com.atproto.repo.deleteRecord({
              repo: parsed.repo,
              collection: POST_COLLECTION,
              rkey: parsed.rkey,
            }),
          );
        } catch (error) {
          throw toAppError(error, "delete the reply");
        }
        return;
      }
      // Bluesky has no hiding of a reply for everyone (threadgate hiding is the app's, per post).
      throw new AppError("inbox_unsupported", "Bluesky does not let comments be hidden from here.");
    },
  };
}
