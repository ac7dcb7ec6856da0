import { AppError, isAppError } from "@smm/domain/errors";
import { REPLY_UNCONFIRMED } from "@smm/domain/inbox";
import type { CommentAction, CommentsRead, IncomingComment } from "@smm/domain/ports";
import type { Logger } from "../../lib/logger";
import type { ProviderConnection, ProviderInbox } from "../provider";
import { INSTAGRAM_NOT_LINKED_REASON } from "./instagram-formats";
import { type GraphClient, type GraphError, type GraphParams, isGraphError } from "./meta-graph-client";
import { isNoAnswer, type MetaBrandConnection } from "./meta-publish-kit";

/**
 * Facebook Page and Instagram comments for the inbox (contracts/meta-formats-and-inbox.md section 7). Meta
 * pushes comments by webhook (routes/meta-webhooks.ts), so reading here is the backstop: a modest budget per
 * Page, each post's comments newest first, page after page while the budget lasts. Graph takes no
 * idempotency key, so a reply whose answer was lost is looked for (our text, from the Page or its Instagram
 * account, under that parent, since the attempt began) before it is ever sent again.
 */

/** Reads per Page per hour: the webhooks carry the load, and publishing shares the Page's budget. */
export const META_INBOX_READ_BUDGET = { calls: 200, windowMs: 3_600_000 } as const;

/** Facebook lists up to 100 comments a page; Instagram 50. */
const FACEBOOK_PAGE_SIZE = 100;
const INSTAGRAM_PAGE_SIZE = 50;
/** How far a lookup for a lost reply pages before it says it cannot tell. */
const LOOKUP_MAX_PAGES = 10;
/** Meta's clock and ours may differ a little: a reply written this long before the attempt may be its. */
const CLOCK_MARGIN_MS = 60_000;

const FACEBOOK_FIELDS = "id,message,from{id,name},created_time,parent{id},is_hidden";
const INSTAGRAM_REPLY_FIELDS = "id,text,timestamp,from{id,username},hidden";
const INSTAGRAM_FIELDS = `id,text,timestamp,from{id,username},hidden,parent_id,replies{${INSTAGRAM_REPLY_FIELDS}}`;

interface GraphList<T> {
  data?: T[];
  paging?: { cursors?: { after?: string }; next?: string };
}

interface FacebookComment {
  id: string;
  message?: string;
  from?: { id?: string; name?: string };
  created_time?: string;
  parent?: { id?: string };
  is_hidden?: boolean;
}

interface InstagramComment {
  id: string;
  text?: string;
  timestamp?: string;
  from?: { id?: string; username?: string };
  username?: string;
  hidden?: boolean;
  parent_id?: string;
  replies?: GraphList<InstagramComment>;
}

/**
 * A Graph time: ISO with an offset written without a colon ("+0000", which every engine reads as "+00:00"),
 * or unix seconds (webhooks), as a number or digits.
 */
export function parseGraphTime(value: string | number | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const numeric = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : null;
  if (numeric !== null) return new Date(numeric < 1e12 ? numeric * 1000 : numeric);
  const date = new Date(String(value).replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(date.getTime()) ? fallback : date;
}

const afterOf = (page: GraphList<unknown>) => (page.paging?.next ? page.paging.cursors?.after : undefined);

export function createMetaInbox(options: {
  graph: GraphClient;
  loadConnection(userId: string, brandId: string): Promise<MetaBrandConnection | null>;
  logger: Logger;
  now?: () => Date;
  notConnectedReason: string;
  /** How a Graph failure is told to people (meta-network.ts' one table). */
  describe(error: GraphError): string;
}): ProviderInbox<null> {
  const { graph } = options;
  const now = options.now ?? (() => new Date());

  interface Account {
    page: MetaBrandConnection;
    instagram: boolean;
    /** Who the brand writes as: the Page, or its Instagram account. */
    authorId: string;
  }

  async function open(connection: ProviderConnection<null>): Promise<Account> {
    const page = await options.loadConnection(connection.userId, connection.brandId);
    if (!page) throw new AppError("upstream_failed", options.notConnectedReason);
    const instagram = connection.platform === "instagram";
    if (instagram && !page.instagramAccountId)
      throw new AppError("upstream_failed", INSTAGRAM_NOT_LINKED_REASON);
    return { page, instagram, authorId: instagram ? (page.instagramAccountId ?? "") : page.pageId };
  }

  /**
   * A Graph failure as the provider interface says: a refused token marks the connection (its owner is told
   * once) and is `network_token_expired`; a rate limit carries its wait; anything else Meta's own words.
   */
  async function toAppError(connection: ProviderConnection<null>, error: unknown): Promise<unknown> {
    if (!isGraphError(error)) return error;
    options.logger.warn("graph inbox call failed", {
      kind: error.kind,
      code: error.code,
      subcode: error.subcode,
      status: error.httpStatus,
    });
    if (error.kind === "token_expired") {
      await connection.markExpired().catch((cause: unknown) => {
        options.logger.error("could not mark the Meta connection expired", {
          error: cause instanceof Error ? cause.message : String(cause),
        });
      });
      return new AppError("network_token_expired", options.describe(error));
    }
    if (error.kind === "rate_limited")
      return new AppError("upstream_failed", options.describe(error), {
        retryAfterMs: error.retryAfterMs ?? 0,
      });
    return new AppError("upstream_failed", options.describe(error));
  }

  const get = <T>(account: Account, path: string, params: GraphParams) =>
    graph.call<T>({ method: "GET", path, token: account.page.pageToken, params });

  function fromFacebook(account: Account, postId: string, item: FacebookComment): IncomingComment {
    const parent = item.parent?.id ?? null;
    return {
      externalId: item.id,
      postExternalId: postId,
      // A comment on the post itself may name the post as its parent (the webhook does).
      parentExternalId: parent && parent !== postId ? parent : null,
      authorExternalId: item.from?.id ?? null,
      authorName: item.from?.name ?? null,
      authorHandle: null,
      authorAvatarUrl: null,
      text: item.message ?? "",
      writtenAt: parseGraphTime(item.created_time, now()),
      hidden: item.is_hidden ?? false,
      own: item.from?.id === account.page.pageId,
    };
  }

  function fromInstagram(
    account: Account,
    mediaId: string,
    item: InstagramComment,
    parent: string | null,
  ): IncomingComment {
    const username = item.from?.username ?? item.username ?? null;
    return {
      externalId: item.id,
      postExternalId: mediaId,
      parentExternalId: parent ?? item.parent_id ?? null,
      authorExternalId: item.from?.id ?? null,
      authorName: username,
      authorHandle: username,
      authorAvatarUrl: null,
      text: item.text ?? "",
      writtenAt: parseGraphTime(item.timestamp, now()),
      hidden: item.hidden ?? false,
      own: item.from?.id === account.authorId,
    };
  }

  /** One post's comments, page after page while `spend` allows; whether every page was read. */
  async function readFacebookPost(
    account: Account,
    postId: string,
    spend: () => boolean,
    into: IncomingComment[],
  ): Promise<boolean> {
    let after: string | undefined;
    do {
      if (!spend()) return false;
      const page = await get<GraphList<FacebookComment>>(account, `/${postId}/comments`, {
        fields: FACEBOOK_FIELDS,
        filter: "stream",
        order: "reverse_chronological",
        limit: FACEBOOK_PAGE_SIZE,
        ...(after ? { after } : {}),
      });
      for (const item of page.data ?? []) into.push(fromFacebook(account, postId, item));
      after = afterOf(page);
    } while (after);
    return true;
  }

  async function readInstagramMedia(
    account: Account,
    mediaId: string,
    spend: () => boolean,
    into: IncomingComment[],
  ): Promise<boolean> {
    let complete = true;
    let after: string | undefined;
    do {
      if (!spend()) return false;
      const page = await get<GraphList<InstagramComment>>(account, `/${mediaId}/comments`, {
        fields: INSTAGRAM_FIELDS,
        limit: INSTAGRAM_PAGE_SIZE,
        ...(after ? { after } : {}),
      });
      for (const item of page.data ?? []) {
        into.push(fromInstagram(account, mediaId, item, null));
        for (const reply of item.replies?.data ?? [])
          into.push(fromInstagram(account, mediaId, reply, item.id));
        // A long thread's further replies are read from the comment's own edge.
        let more = item.replies ? afterOf(item.replies) : undefined;
        while (more && complete) {
          if (!spend()) {
            complete = false;
            break;
          }
          const replies: GraphList<InstagramComment> = await get(account, `/${item.id}/replies`, {
            fields: INSTAGRAM_REPLY_FIELDS,
            limit: INSTAGRAM_PAGE_SIZE,
            after: more,
          });
          for (const reply of replies.data ?? []) into.push(fromInstagram(account, mediaId, reply, item.id));
          more = afterOf(replies);
        }
      }
      after = afterOf(page);
    } while (after && complete);
    return complete;
  }

  async function read(
    connection: ProviderConnection<null>,
    request: { posts: { externalId: string; publishedAt: Date }[]; cursor: string | null; budget: number },
  ): Promise<CommentsRead> {
    const account = await open(connection);
    const comments: IncomingComment[] = [];
    const complete: string[] = [];
    let calls = 0;
    const spend = () => {
      if (calls >= request.budget) return false;
      calls++;
      return true;
    };
    for (const post of request.posts) {
      if (calls >= request.budget) break;
      const found: IncomingComment[] = [];
      try {
        const whole = account.instagram
          ? await readInstagramMedia(account, post.externalId, spend, found)
          : await readFacebookPost(account, post.externalId, spend, found);
        comments.push(...found);
        if (whole) complete.push(post.externalId);
      } catch (error) {
        const refused = isGraphError(error) && (error.kind === "rejected" || error.kind === "transient");
        // One post Meta will not list (deleted there, a Story gone after a day) leaves the others readable.
        if (refused) {
          options.logger.warn("could not read a post's comments", {
            post: post.externalId,
            code: (error as GraphError).code,
          });
          comments.push(...found);
          continue;
        }
        // Over the rate limit or out of permission: what was read still counts, the rest waits.
        if (comments.length > 0 && isGraphError(error) && error.kind === "rate_limited") break;
        throw await toAppError(connection, error);
      }
    }
    return { comments, complete, cursor: null, calls };
  }

  /**
   * The comment the Instagram reply goes under: Instagram takes replies on top-level comments only, so a
   * reply to a reply goes to its thread's comment.
   */
  async function instagramThreadOf(account: Account, commentId: string): Promise<string> {
    const comment = await get<{ id: string; parent_id?: string }>(account, `/${commentId}`, {
      fields: "id,parent_id",
    });
    return comment.parent_id ?? comment.id;
  }

  const sameText = (a: string | undefined, b: string) => (a ?? "").trim() === b.trim();

  /**
   * Our reply with this text under that parent since `since`: its id; null when the listing reached back
   * past `since` without it (the network surely holds none); throws reply_unconfirmed when it could not.
   */
  async function lookFor(
    account: Account,
    request: { postExternalId: string; parentExternalId: string | null; text: string; since: Date },
  ): Promise<string | null> {
    const from = request.since.getTime() - CLOCK_MARGIN_MS;
    const ours = (author: string | undefined, text: string | undefined, at: string | undefined) =>
      (!author || author === account.authorId) &&
      sameText(text, request.text) &&
      parseGraphTime(at, new Date(8.64e15)).getTime() >= from;

    if (!account.instagram) {
      const parent = request.parentExternalId;
      let after: string | undefined;
      for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
        const list = await get<GraphList<FacebookComment>>(account, `/${request.postExternalId}/comments`, {
          fields: FACEBOOK_FIELDS,
          filter: "stream",
          order: "reverse_chronological",
          limit: FACEBOOK_PAGE_SIZE,
          ...(after ? { after } : {}),
        });
        const items = list.data ?? [];
        const match = items.find((item) => {
          const itemParent =
            item.parent?.id && item.parent.id !== request.postExternalId ? item.parent.id : null;
          return itemParent === parent && ours(item.from?.id, item.message, item.created_time);
        });
        if (match) return match.id;
        const oldest = items.at(-1);
        after = afterOf(list);
        // Newest first: once the listing is older than the attempt, nothing further can be its reply.
        if (!after || (oldest && parseGraphTime(oldest.created_time, now()).getTime() < from)) return null;
      }
      throw new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
    }

    const thread = request.parentExternalId
      ? await instagramThreadOf(account, request.parentExternalId)
      : null;
    let after: string | undefined;
    for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
      const list = await get<GraphList<InstagramComment>>(
        account,
        thread ? `/${thread}/replies` : `/${request.postExternalId}/comments`,
        {
          fields: thread ? INSTAGRAM_REPLY_FIELDS : "id,text,timestamp,from{id,username}",
          limit: INSTAGRAM_PAGE_SIZE,
          ...(after ? { after } : {}),
        },
      );
      const items = list.data ?? [];
      const match = items.find((item) => ours(item.from?.id, item.text, item.timestamp));
      if (match) return match.id;
      after = afterOf(list);
      if (!after) return null;
      // A media's comments come newest first; a thread's replies are read to their end.
      const oldest = items.at(-1);
      if (!thread && oldest && parseGraphTime(oldest.timestamp, now()).getTime() < from) return null;
    }
    throw new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
  }

  async function settle(
    connection: ProviderConnection<null>,
    account: Account,
    request: { postExternalId: string; parentExternalId: string | null; text: string; since: Date },
  ): Promise<string | null> {
    try {
      return await lookFor(account, request);
    } catch (error) {
      if (isAppError(error)) throw error;
      if (isGraphError(error) && (error.kind === "token_expired" || error.kind === "rate_limited"))
        throw await toAppError(connection, error);
      // The listing could not be read: whether the reply went out cannot be told.
      throw new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
    }
  }

  async function create(
    account: Account,
    request: { postExternalId: string; parentExternalId: string | null; text: string },
  ): Promise<string> {
    const token = account.page.pageToken;
    const message = request.text;
    if (account.instagram) {
      if (!request.parentExternalId) {
        const made = await graph.once<{ id: string }>({
          method: "POST",
          path: `/${request.postExternalId}/comments`,
          token,
          params: { message },
        });
        return made.id;
      }
      const thread = await instagramThreadOf(account, request.parentExternalId);
      const made = await graph.once<{ id: string }>({
        method: "POST",
        path: `/${thread}/replies`,
        token,
        params: { message },
      });
      return made.id;
    }
    const made = await graph.once<{ id: string }>({
      method: "POST",
      path: `/${request.parentExternalId ?? request.postExternalId}/comments`,
      token,
      params: { message },
    });
    return made.id;
  }

  return {
    readBudget: META_INBOX_READ_BUDGET,
    read,
    async reply(connection, request) {
      const account = await open(connection);
      const since = now();
      let last: unknown = null;
      let unanswered = false;
      for (let attempt = 0; attempt <= graph.retries; attempt++) {
        if (attempt > 0) {
          await graph.sleep(graph.backoffMs(attempt - 1));
          // A failed call may still have made the reply: look before sending again.
          const found = await settle(connection, account, { ...request, since });
          if (found) return { externalId: found };
        }
        try {
          return { externalId: await create(account, request) };
        } catch (error) {
          if (!isGraphError(error) || error.kind !== "transient") throw await toAppError(connection, error);
          last = error;
          unanswered ||= isNoAnswer(error);
        }
      }
      if (unanswered) throw new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
      throw await toAppError(connection, last);
    },
    async findReply(connection, request) {
      const account = await open(connection);
      const found = await settle(connection, account, request);
      return found ? { externalId: found } : null;
    },
    async moderate(connection, request) {
      const account = await open(connection);
      const call = moderation(account, request.externalId, request.action);
      try {
        await graph.call(call);
      } catch (error) {
        // Gone already is not an error: Graph's "object does not exist" (100/33).
        if (isGraphError(error) && error.code === 100 && error.subcode === 33) return;
        throw await toAppError(connection, error);
      }
    },
  };

  function moderation(account: Account, id: string, action: CommentAction) {
    const token = account.page.pageToken;
    switch (action) {
      case "hide":
      case "unhide": {
        const hidden = action === "hide";
        return {
          method: "POST" as const,
          path: `/${id}`,
          token,
          params: account.instagram ? { hide: hidden } : { is_hidden: hidden },
        };
      }
      case "delete":
        return { method: "DELETE" as const, path: `/${id}`, token };
      case "like":
        if (account.instagram)
          throw new AppError("inbox_unsupported", "Instagram does not let comments be liked from here.");
        return { method: "POST" as const, path: `/${id}/likes`, token };
    }
  }
}
