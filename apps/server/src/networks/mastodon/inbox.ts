import { fitText, type NetworkDescriptor } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { REPLY_UNCONFIRMED } from "@smm/domain/inbox";
import type { CommentsRead, IncomingComment } from "@smm/domain/ports";
import { z } from "zod";
import type { ProviderConnection, ProviderInbox, ProviderTools } from "../provider";
import { comparableText, textOfContent } from "./instance";
import { LostAnswerError, type MastodonAnswer, type MastodonApi } from "./mastodon-api";

/**
 * Mastodon's inbox (contracts/networks.md section 2, Replies): mentions found through the notifications
 * since the last one seen, each asked post's whole conversation read with its context (so a reply missing
 * from it was removed, and an edit shows its edited_at), replies posted with the marker as Idempotency-Key,
 * favourites, and deletes of our own replies.
 */

/** Mastodon allows 300 requests per 5 minutes per account: 120 for reading leaves the rest to posting. */
export const MASTODON_READ_BUDGET = { calls: 120, windowMs: 5 * 60_000 } as const;
/** A context lists at most 4,096 descendants (with a token): that many may mean more were left out. */
const MAX_DESCENDANTS = 4096;
const NOTIFICATIONS_PAGE = 40;
const OWN_STATUSES_PAGE = 40;
/** Mastodon keeps an Idempotency-Key for an hour; past 55 minutes of an attempt it is not relied on. */
const KEY_TRUST_MS = 55 * 60_000;
/** How far back of an attempt a reply may be dated and still be its copy (the instance's clock is not ours). */
const CLOCK_SKEW_MS = 60_000;
/** Before sending a reply again after a lost answer: the instance stores the key once the status is made. */
export const LOST_REPLY_PAUSE_MS = 3_000;

export const RECONNECT_TO_LIKE =
  "Reconnect Mastodon in Settings > Channels to like comments from here (the connection was made without that permission).";
export const ONLY_OWN_DELETED = "Mastodon lets only your own replies be deleted.";
export const REPLY_PARENT_GONE = "The comment is no longer on Mastodon: the reply was not sent.";

const accountSchema = z.object({
  id: z.string(),
  username: z.string().optional(),
  acct: z.string().optional(),
  display_name: z.string().optional(),
  avatar: z.string().nullable().optional(),
});
const statusSchema = z.object({
  id: z.string().min(1),
  created_at: z.string(),
  edited_at: z.string().nullable().optional(),
  in_reply_to_id: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  uri: z.string().optional(),
  content: z.string().optional(),
  spoiler_text: z.string().optional(),
  visibility: z.string().optional(),
  account: accountSchema,
});
type Status = z.infer<typeof statusSchema>;
const contextSchema = z.object({ descendants: z.array(statusSchema) });
const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: statusSchema.nullable().optional(),
});

const unconfirmed = () => new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
const unexpectedAnswer = (host: string) =>
  new AppError("upstream_failed", `Mastodon (${host}) gave an unexpected answer.`);

function parse<T>(schema: z.ZodType<T>, body: unknown, host: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw unexpectedAnswer(host);
  return result.data;
}

/** Outside a reply's POST (which settles it by its key), a lost answer is a failed call. */
function settleLost(error: unknown, host: string): never {
  if (error instanceof LostAnswerError)
    throw new AppError("upstream_failed", `Mastodon (${host}) could not be reached. Please try again later.`);
  throw error;
}

const dateOrNull = (value: string | null | undefined) => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at);
};

/** A reply's text without the mentions a reply opens with (ours adds the commenter's). */
const withoutLeadingMentions = (text: string) =>
  comparableText(text).replace(/^(?:@[\w.-]+(?:@[\w.-]+)?\s+)+/u, "");

export interface MastodonInboxOptions<Credentials> {
  tools: ProviderTools;
  /** The connection's client (its token; a 401 marks the connection expired). */
  apiOf(connection: ProviderConnection<Credentials>): MastodonApi;
  /** The connection's descriptor (its instance's own text limit). */
  describe(connection: ProviderConnection<Credentials>): NetworkDescriptor;
}

export function createMastodonInbox<Credentials>(
  options: MastodonInboxOptions<Credentials>,
): ProviderInbox<Credentials> {
  const { tools } = options;

  function commentOf(status: Status, postId: string, ownId: string): IncomingComment {
    const text = textOfContent(status.content ?? "");
    const warning = status.spoiler_text?.trim();
    return {
      externalId: status.id,
      postExternalId: postId,
      parentExternalId:
        status.in_reply_to_id && status.in_reply_to_id !== postId ? status.in_reply_to_id : null,
      authorExternalId: status.account.id,
      authorName: status.account.display_name || status.account.username || null,
      authorHandle: status.account.acct ? `@${status.account.acct}` : null,
      authorAvatarUrl: status.account.avatar ?? null,
      // A content warning is part of what the person wrote: it comes first, as Mastodon shows it.
      text: warning ? `${warning}\n\n${text}` : text,
      writtenAt: dateOrNull(status.created_at) ?? new Date(0),
      editedAt: dateOrNull(status.edited_at),
      own: status.account.id === ownId,
      url: status.url ?? status.uri ?? null,
    };
  }

  async function read(
    connection: ProviderConnection<Credentials>,
    request: { posts: { externalId: string; publishedAt: Date }[]; cursor: string | null; budget: number },
  ): Promise<CommentsRead> {
    const api = options.apiOf(connection);
    const ownId = connection.externalAccountId;
    let calls = 0;
    const send = (path: string, accept: number[] = []) => {
      calls += 1;
      return api.send({ method: "GET", path, accept }).catch((error: unknown) => settleLost(error, api.host));
    };
    const found = new Map<string, IncomingComment>();
    const complete: string[] = [];
    let cursor = request.cursor;
    if (request.budget <= 0) return { comments: [], complete, cursor, calls };

    // Discovery: the mentions since the last one seen. A reply straight under an asked post is its comment;
    // deeper ones are found in the post's context (a status does not say its thread's root).
    const asked = new Set(request.posts.map((post) => post.externalId));
    const since = request.cursor ? `&since_id=${encodeURIComponent(request.cursor)}` : "";
    const listed = parse(
      z.array(notificationSchema),
      (await send(`/api/v1/notifications?types[]=mention&limit=${NOTIFICATIONS_PAGE}${since}`)).body,
      api.host,
    );
    for (const notification of listed) {
      if (!cursor || BigInt(notification.id) > BigInt(cursor)) cursor = notification.id;
      const status = notification.status;
      if (status?.in_reply_to_id && asked.has(status.in_reply_to_id))
        found.set(status.id, commentOf(status, status.in_reply_to_id, ownId));
    }

    for (const post of request.posts) {
      if (calls >= request.budget) break;
      const answer = await send(`/api/v1/statuses/${encodeURIComponent(post.externalId)}/context`, [404]);
      // The post itself is gone: nothing to list, and nothing to call removed on its account.
      if (answer.status === 404) continue;
      const { descendants } = parse(contextSchema, answer.body, api.host);
      for (const status of descendants) found.set(status.id, commentOf(status, post.externalId, ownId));
      if (descendants.length < MAX_DESCENDANTS) complete.push(post.externalId);
    }
    return { comments: [...found.values()], complete, cursor, calls };
  }

  /**
   * The parent status, to answer it as Mastodon clients do: mentioning its author (so they are told) and
   * no more public than it is.
   */
  async function readParent(api: MastodonApi, id: string): Promise<Status> {
    const answer = await api
      .send({ method: "GET", path: `/api/v1/statuses/${encodeURIComponent(id)}`, accept: [404] })
      .catch((error: unknown) => settleLost(error, api.host));
    if (answer.status === 404) throw new AppError("upstream_failed", REPLY_PARENT_GONE);
    return parse(statusSchema, answer.body, api.host);
  }

  function replyText(connection: ProviderConnection<Credentials>, parent: Status, text: string) {
    const acct = parent.account.acct;
    if (!acct || parent.account.id === connection.externalAccountId) return text;
    const mention = `@${acct}`;
    if (text.toLowerCase().includes(mention.toLowerCase())) return text;
    const withMention = `${mention} ${text}`;
    // Over the instance's limit with the mention: the reply goes as written (still in the thread).
    return fitText(withMention, options.describe(connection).text).over ? text : withMention;
  }

  const visibilityUnder = (parent: Status) =>
    parent.visibility === "direct" || parent.visibility === "private" || parent.visibility === "unlisted"
      ? parent.visibility
      : "public";

  async function reply(
    connection: ProviderConnection<Credentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; marker: string },
  ) {
    if (request.text.trim() === "") throw new AppError("invalid_input", "The reply is empty.");
    const limit = options.describe(connection).text;
    const fit = fitText(request.text, limit);
    if (fit.over)
      throw new AppError(
        "text_over_limit",
        `The reply is ${fit.count} characters long; Mastodon takes ${fit.max}.`,
      );
    const api = options.apiOf(connection);
    const target = request.parentExternalId ?? request.postExternalId;
    const parent = await readParent(api, target);
    const body = {
      status: replyText(connection, parent, request.text),
      in_reply_to_id: target,
      visibility: visibilityUnder(parent),
    };
    const post = () =>
      api.send({ method: "POST", path: "/api/v1/statuses", json: body, idempotencyKey: request.marker });
    let answer: MastodonAnswer;
    try {
      answer = await post();
    } catch (error) {
      if (!(error instanceof LostAnswerError)) throw error;
      // The same key again: the instance answers the status it made for it instead of making another.
      await tools.sleep(LOST_REPLY_PAUSE_MS);
      try {
        answer = await post();
      } catch (again) {
        if (again instanceof LostAnswerError) throw unconfirmed();
        throw again;
      }
    }
    const status = statusSchema.safeParse(answer.body);
    if (!status.success) throw unconfirmed();
    return { externalId: status.data.id, url: status.data.url ?? status.data.uri ?? null };
  }

  /**
   * Within the key's hour, the key itself (sent with an empty status: the instance answers the status made
   * for it, or refuses the empty text without making anything); then the account's latest statuses, by
   * parent and text since the attempt.
   */
  async function findReply(
    connection: ProviderConnection<Credentials>,
    request: {
      postExternalId: string;
      parentExternalId: string | null;
      text: string;
      marker: string;
      since: Date;
    },
  ) {
    const api = options.apiOf(connection);
    const target = request.parentExternalId ?? request.postExternalId;
    try {
      if (tools.now().getTime() - request.since.getTime() < KEY_TRUST_MS) {
        const byKey = await api.send({
          method: "POST",
          path: "/api/v1/statuses",
          json: { status: "" },
          idempotencyKey: request.marker,
          accept: [404, 422],
        });
        if (byKey.status === 200) {
          const status = statusSchema.safeParse(byKey.body);
          if (status.success) return { externalId: status.data.id };
        }
      }
      const answer = await api.send({
        method: "GET",
        path: `/api/v1/accounts/${encodeURIComponent(connection.externalAccountId)}/statuses?limit=${OWN_STATUSES_PAGE}&exclude_reblogs=true`,
      });
      const statuses = parse(z.array(statusSchema), answer.body, api.host);
      const since = request.since.getTime() - CLOCK_SKEW_MS;
      const wanted = withoutLeadingMentions(request.text);
      const dated = (status: Status) => Date.parse(status.created_at);
      const matches = statuses.filter(
        (status) =>
          status.in_reply_to_id === target &&
          dated(status) >= since &&
          withoutLeadingMentions(textOfContent(status.content ?? "")) === wanted,
      );
      const [match] = matches;
      if (match && matches.length === 1) return { externalId: match.id };
      if (matches.length > 0) throw unconfirmed();
      // None: sure only when the page reaches back past the attempt.
      const oldest = statuses.at(-1);
      if (statuses.length < OWN_STATUSES_PAGE || (oldest && dated(oldest) < since)) return null;
      throw unconfirmed();
    } catch (error) {
      if (error instanceof LostAnswerError) throw unconfirmed();
      throw error;
    }
  }

  async function moderate(
    connection: ProviderConnection<Credentials>,
    request: { externalId: string; action: "hide" | "unhide" | "delete" | "like" },
  ) {
    const api = options.apiOf(connection);
    const path = `/api/v1/statuses/${encodeURIComponent(request.externalId)}`;
    if (request.action === "like") {
      const answer = await api
        .send({ method: "POST", path: `${path}/favourite`, accept: [403, 404] })
        .catch((error: unknown) => settleLost(error, api.host));
      // Connections made before the inbox lack write:favourites: the instance refuses it for good.
      if (answer.status === 403) throw new AppError("upstream_failed", RECONNECT_TO_LIKE);
      return;
    }
    if (request.action === "delete") {
      // capabilities.inbox.delete is for our own replies: the instance finds only the account's own
      // statuses to delete (404 for someone else's), so a 404 is told apart by reading the status.
      const answer = await api
        .send({ method: "DELETE", path, accept: [404] })
        .catch((error: unknown) => settleLost(error, api.host));
      if (answer.status !== 404) return;
      const status = await api
        .send({ method: "GET", path, accept: [404] })
        .catch((error: unknown) => settleLost(error, api.host));
      const author = statusSchema.safeParse(status.body).data?.account.id;
      if (status.status !== 404 && author && author !== connection.externalAccountId)
        throw new AppError("inbox_unsupported", ONLY_OWN_DELETED);
      return;
    }
    throw new AppError("inbox_unsupported", "Mastodon does not let comments be hidden from here.");
  }

  return { readBudget: MASTODON_READ_BUDGET, read, reply, findReply, moderate };
}
