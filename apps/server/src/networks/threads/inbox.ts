import { AppError } from "@smm/domain/errors";
import { REPLY_UNCONFIRMED } from "@smm/domain/inbox";
import type { CommentAction, CommentsRead, IncomingComment } from "@smm/domain/ports";
import { z } from "zod";
import type { ProviderConnection, ProviderInbox } from "../provider";
import type { ThreadsCredentials } from "./connect";
import {
  CLOCK_MARGIN_MS,
  checkText,
  comparable,
  isGone,
  openSession,
  refusedPost,
  sendPublish,
  settleLostPublish,
  type ThreadsPublishingOptions,
  waitUntilFinished,
} from "./publishing";
import { isRefusal, LostAnswerError, type ThreadsApi, ThreadsRefusal } from "./threads-api";

/**
 * Threads' inbox (contracts/networks.md section 5, Replies): each asked post's whole conversation (every
 * depth, flat, paged by cursors: read to its end, a reply missing from it was removed), replies made as a
 * container with reply_to_id then published (Threads has no idempotency key: a lost answer is settled by
 * the container, and later by our text under that parent in the conversation), hiding, and deleting our
 * own replies. Threads has no likes through its API.
 */

/** Threads allows calls by impressions (4,800 x, at least 10, a day): a modest, steady 100 an hour. */
export const THREADS_READ_BUDGET = { calls: 100, windowMs: 3_600_000 } as const;
const CONVERSATION_FIELDS = "id,text,username,timestamp,permalink,replied_to,root_post,hide_status";
const CONVERSATION_PAGE = 100;
/** A reply is looked for in at most this many pages of its conversation (500 replies). */
const LOOKUP_PAGES = 5;

export const RECONNECT_TO_READ =
  "Reconnect Threads in Settings > Channels to read replies: the connection was made without that permission.";
export const RECONNECT_TO_MANAGE =
  "Reconnect Threads in Settings > Channels to answer and hide replies: the connection was made without that permission.";
export const ONLY_OWN_DELETED =
  "Threads lets only your own replies be deleted; someone else's can be hidden.";

const replySchema = z.object({
  id: z.string().min(1),
  text: z.string().optional(),
  username: z.string().optional(),
  timestamp: z.string().optional(),
  permalink: z.string().optional(),
  replied_to: z.object({ id: z.string() }).optional(),
  root_post: z.object({ id: z.string() }).optional(),
  hide_status: z.string().optional(),
});
type Reply = z.infer<typeof replySchema>;
const pageSchema = z.object({
  data: z.array(replySchema),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});
const idSchema = z.object({ id: z.string().min(1) });
const authorSchema = z.object({ username: z.string().optional() });

const unconfirmed = () => new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);

/** A permission the connection was not granted (Graph's 10, or the 200-299 permission codes). */
const isMissingPermission = (error: unknown) =>
  error instanceof ThreadsRefusal &&
  error.code !== null &&
  (error.code === 10 || (error.code >= 200 && error.code <= 299));

const usernameOf = (connection: ProviderConnection<ThreadsCredentials>) =>
  (connection.handle ?? connection.metadata.handle ?? "").replace(/^@/u, "");

function dateOf(value: string | undefined): Date {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? new Date(0) : new Date(at);
}

/** A failure while reading, in words; a rate limit or a dead token stays what it is. */
function readFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isMissingPermission(error)) return new AppError("upstream_failed", RECONNECT_TO_READ);
  if (error instanceof LostAnswerError)
    return new AppError(
      "upstream_failed",
      "Threads could not be reached to read replies. Please try again later.",
    );
  if (error instanceof ThreadsRefusal)
    return new AppError("upstream_failed", `Threads could not list the replies: ${error.message}`);
  if (error instanceof z.ZodError)
    return new AppError("upstream_failed", "Threads gave an unexpected answer.");
  throw error;
}

export function createThreadsInbox(options: ThreadsPublishingOptions): ProviderInbox<ThreadsCredentials> {
  /**
   * The post's conversation, page by page while `more()` allows: its replies, and whether it was read to
   * its end. Null when the post is gone.
   */
  async function readConversation(api: ThreadsApi, postId: string, more: () => boolean) {
    const replies: Reply[] = [];
    let after: string | undefined;
    while (more()) {
      let answer: unknown;
      try {
        answer = await api.send({
          method: "GET",
          path: `/${postId}/conversation`,
          params: { fields: CONVERSATION_FIELDS, limit: CONVERSATION_PAGE, ...(after ? { after } : {}) },
        });
      } catch (error) {
        if (isGone(error)) return null;
        throw error;
      }
      const page = pageSchema.parse(answer);
      replies.push(...page.data);
      after = page.paging?.next ? page.paging.cursors?.after : undefined;
      if (!after) return { replies, whole: true };
    }
    return { replies, whole: false };
  }

  function commentOf(reply: Reply, postId: string, ownUsername: string): IncomingComment {
    const parent = reply.replied_to?.id;
    return {
      externalId: reply.id,
      postExternalId: postId,
      parentExternalId: parent && parent !== postId ? parent : null,
      // The conversation names people by username only: it is also who they are here.
      authorExternalId: reply.username ?? null,
      authorName: reply.username ?? null,
      authorHandle: reply.username ? `@${reply.username}` : null,
      authorAvatarUrl: null,
      text: reply.text ?? "",
      writtenAt: dateOf(reply.timestamp),
      // Threads has no edits of a reply.
      editedAt: null,
      hidden: reply.hide_status === "HIDDEN",
      own: ownUsername !== "" && reply.username === ownUsername,
      url: reply.permalink ?? null,
    };
  }

  async function read(
    connection: ProviderConnection<ThreadsCredentials>,
    request: { posts: { externalId: string; publishedAt: Date }[]; cursor: string | null; budget: number },
  ): Promise<CommentsRead> {
    let calls = 0;
    const comments: IncomingComment[] = [];
    const complete: string[] = [];
    // Threads has no notifications to go on from: every read is of the posts' conversations.
    if (request.budget <= 0 || request.posts.length === 0) return { comments, complete, cursor: null, calls };
    const ownUsername = usernameOf(connection);
    try {
      const api = await openSession(options, connection);
      const counted: ThreadsApi = {
        ...api,
        send: (call) => {
          calls += 1;
          return api.send(call);
        },
      };
      for (const post of request.posts) {
        if (calls >= request.budget) break;
        const listed = await readConversation(counted, post.externalId, () => calls < request.budget);
        if (!listed) continue;
        comments.push(...listed.replies.map((reply) => commentOf(reply, post.externalId, ownUsername)));
        if (listed.whole) complete.push(post.externalId);
      }
    } catch (error) {
      throw readFailure(error);
    }
    return { comments, complete, cursor: null, calls };
  }

  async function reply(
    connection: ProviderConnection<ThreadsCredentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; marker: string },
  ) {
    const target = request.parentExternalId ?? request.postExternalId;
    if (!/^\d+$/u.test(target)) throw new AppError("invalid_input", `Not a Threads post: ${target}`);
    if (request.text.trim() === "") throw new AppError("invalid_input", "The reply is empty.");
    checkText(request.text, "reply");
    const api = await openSession(options, connection);
    const userId = connection.credentials.userId;
    const startedAt = options.tools.now();
    let containerId: string;
    try {
      containerId = idSchema.parse(
        await api.send({
          method: "POST",
          path: `/${userId}/threads`,
          params: { media_type: "TEXT", text: request.text, reply_to_id: target },
        }),
      ).id;
    } catch (error) {
      if (isMissingPermission(error)) throw new AppError("upstream_failed", RECONNECT_TO_MANAGE);
      throw refusedPost(error, "send the reply");
    }
    await waitUntilFinished(options, api, containerId);
    try {
      const id = await sendPublish(options, api, userId, containerId);
      return { externalId: id };
    } catch (error) {
      if (!(error instanceof LostAnswerError)) throw refusedPost(error, "send the reply");
    }
    try {
      const copy = await settleLostPublish(options, api, userId, containerId, async () => {
        const found = await lookUp(api, connection, { ...request, since: startedAt });
        return found.match
          ? { externalId: found.match.id, url: found.match.permalink ?? null, publishedAt: null }
          : null;
      });
      return { externalId: copy.externalId, url: copy.url };
    } catch (error) {
      if (error instanceof AppError && error.reason === "publish_unconfirmed") throw unconfirmed();
      throw error;
    }
  }

  /** Our replies with this text under that parent since the attempt (less a margin), in the conversation. */
  async function lookUp(
    api: ThreadsApi,
    connection: ProviderConnection<ThreadsCredentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; since: Date },
  ) {
    const target = request.parentExternalId ?? request.postExternalId;
    let pages = 0;
    const listed = await readConversation(api, request.postExternalId, () => pages++ < LOOKUP_PAGES);
    if (!listed) return { match: null, matches: 0, whole: true };
    const ownUsername = usernameOf(connection);
    const since = request.since.getTime() - CLOCK_MARGIN_MS;
    const wanted = comparable(request.text);
    const matches = listed.replies.filter((reply) => {
      const at = reply.timestamp ? Date.parse(reply.timestamp) : Number.NaN;
      return (
        (reply.replied_to?.id ?? request.postExternalId) === target &&
        (!ownUsername || reply.username === ownUsername) &&
        comparable(reply.text ?? "") === wanted &&
        (Number.isNaN(at) || at >= since)
      );
    });
    return {
      match: matches.length === 1 ? (matches[0] ?? null) : null,
      matches: matches.length,
      whole: listed.whole,
    };
  }

  async function findReply(
    connection: ProviderConnection<ThreadsCredentials>,
    request: {
      postExternalId: string;
      parentExternalId: string | null;
      text: string;
      marker: string;
      since: Date;
    },
  ) {
    const api = await openSession(options, connection);
    let found: Awaited<ReturnType<typeof lookUp>>;
    try {
      found = await lookUp(api, connection, request);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isMissingPermission(error)) throw new AppError("upstream_failed", RECONNECT_TO_READ);
      throw unconfirmed();
    }
    if (found.match) return { externalId: found.match.id };
    if (found.matches === 0 && found.whole) return null;
    throw unconfirmed();
  }

  async function deleteOwn(api: ThreadsApi, connection: ProviderConnection<ThreadsCredentials>, id: string) {
    try {
      await api.send({ method: "DELETE", path: `/${id}` });
      return;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof LostAnswerError)
        throw new AppError(
          "upstream_failed",
          "Threads could not be reached to delete the reply. Please try again.",
        );
      if (!(error instanceof ThreadsRefusal)) throw error;
    }
    // Refused: gone already (not an error), or someone else's (Threads deletes only the author's own).
    let author: string | undefined;
    try {
      author = authorSchema.parse(
        await api.send({ method: "GET", path: `/${id}`, params: { fields: "username" } }),
      ).username;
    } catch (error) {
      if (isGone(error)) return;
      throw refusedPost(error, "delete the reply");
    }
    if (author && author !== usernameOf(connection))
      throw new AppError("inbox_unsupported", ONLY_OWN_DELETED);
    throw new AppError("upstream_failed", "Threads could not delete the reply.");
  }

  async function moderate(
    connection: ProviderConnection<ThreadsCredentials>,
    request: { externalId: string; action: CommentAction },
  ) {
    if (!/^\d+$/u.test(request.externalId))
      throw new AppError("invalid_input", `Not a Threads reply: ${request.externalId}`);
    if (request.action === "like")
      throw new AppError("inbox_unsupported", "Threads does not let comments be liked from here.");
    const api = await openSession(options, connection);
    if (request.action === "delete") return deleteOwn(api, connection, request.externalId);
    try {
      await api.send({
        method: "POST",
        path: `/${request.externalId}/manage_reply`,
        params: { hide: request.action === "hide" },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isMissingPermission(error)) throw new AppError("upstream_failed", RECONNECT_TO_MANAGE);
      // A reply gone meanwhile has nothing left to hide.
      if (isGone(error) || isRefusal(error, 100, 33)) return;
      if (error instanceof LostAnswerError)
        throw new AppError(
          "upstream_failed",
          "Threads could not be reached to hide the reply. Please try again.",
        );
      throw refusedPost(error, "hide the reply");
    }
  }

  return { readBudget: THREADS_READ_BUDGET, read, reply, findReply, moderate };
}
