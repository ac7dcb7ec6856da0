import { createHmac } from "node:crypto";
import { graphPage } from "./graph-paging";

/**
 * Comments on the fake Graph server (contracts/meta-formats-and-inbox.md sections 6, 7 and 9): a Page
 * post's, video's or Instagram media's comments and replies, listed as Graph lists them (Facebook's
 * `filter=toplevel|stream`, `order`, cursors and `summary`; Instagram's top-level comments newest first,
 * 50 a page, with `replies{...}` expanded and `/{comment}/replies` paged), replies (Instagram refuses a
 * reply to a reply or to a hidden comment), hiding (`is_hidden` on Facebook, `hide` on Instagram),
 * deleting, likes (Facebook only), and 1705 for a user token. Tests add strangers' comments directly
 * (addComment), change or remove them as their authors would, and send signed webhook batches about them
 * (sendCommentWebhook) the way Meta does: escaped-unicode JSON signed with the app secret.
 */

export interface FakeComment {
  id: string;
  /** The post, video or Instagram media the comment is under (a reply's too). */
  objectId: string;
  message: string;
  fromId: string;
  /** The author's name (Facebook) or username (Instagram). */
  fromName: string;
  createdTime: string;
  /** The comment it answers; null or absent for a comment on the object itself. */
  parentId?: string | null;
  platform?: "facebook" | "instagram";
  hidden?: boolean;
  /** Deleted (by its author, or through DELETE): listings leave it out, calls on it answer 100/33. */
  deleted?: boolean;
  /** Whether the Page liked it (POST /{comment}/likes). */
  liked?: boolean;
  /** When its author last edited it (editComment). */
  editedTime?: string;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

interface PageLike {
  id: string;
  name: string;
  token: string;
  instagramAccountId: string | null;
}

/** An object that takes comments: whose it is, and who the owner comments as. */
export interface Commentable {
  pageId: string;
  fromId: string;
  fromName: string;
  platform: "facebook" | "instagram";
}

export interface CommentsHost {
  now(): Date;
  newId(): string;
  ok(body: unknown): Answer;
  invalid(message: string, code?: number): Answer;
  graphError(error: { status: number; code: number; subcode?: number; message: string }): Answer;
  commentable(id: string): Commentable | null;
}

/** A stranger's comment (or reply) as a test writes it on the fake, so reading finds it. */
export interface NewFakeComment {
  /** The post, video or Instagram media; may be left out for a reply (its parent's is taken). */
  on?: string;
  text: string;
  /** Default: a stranger ("Ana Stranger" / "ana.stranger"). */
  from?: { id: string; name?: string; username?: string };
  parentId?: string | null;
  at?: Date;
  hidden?: boolean;
}

export type CommentVerb = "add" | "edited" | "edit" | "remove" | "delete" | "hide" | "unhide";

/** A webhook delivery about one comment, as Meta sends it to our /webhooks/meta. */
export interface CommentWebhookOptions {
  /** Our endpoint (http://127.0.0.1:port/webhooks/meta). */
  url: string;
  object: "page" | "instagram";
  /** The comment's id; when it is the fake's own (addComment's), its fields fill whatever is not given here. */
  commentId?: string;
  /** Facebook's verb (default add); Instagram's `comments` field carries new comments only. */
  verb?: CommentVerb;
  text?: string;
  /** The Facebook post or Instagram media. */
  postId?: string;
  parentId?: string | null;
  from?: { id: string; name?: string; username?: string };
  /** entry.id: the Page (page) or Instagram account (instagram); default: the comment's owner. */
  accountId?: string;
  /** The change's created_time (unix seconds); default the comment's time. */
  createdTime?: number;
  /** Instagram: the Facebook-Login example names the id `comment_id`, the reference `id`. */
  idKey?: "id" | "comment_id";
  /** Instagram Business Login's shape: field and value directly under the entry (no `changes`). */
  flat?: boolean;
  /** The key it is signed with; default the app secret. */
  signWith?: string;
  /** The exact X-Hub-Signature-256 header instead; null sends none. */
  signature?: string | null;
  /** Sends the same bytes twice (Meta's duplicates); the answer is the second's status. */
  duplicate?: boolean;
}

/** Meta signs an escaped-unicode form: every character past ASCII as \uXXXX (surrogates each on their own). */
export function escapeUnicodeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export const signWebhookBody = (secret: string, body: string | Uint8Array) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const STRANGER = { id: "9000000000001", name: "Ana Stranger", username: "ana.stranger" };

export function createFakeComments(host: CommentsHost) {
  const comments: FakeComment[] = [];
  const { ok, invalid } = host;
  const find = (id: string) => comments.find((comment) => comment.id === id);
  const live = (comment: FakeComment) => !comment.deleted;
  const platformOf = (comment: FakeComment) => comment.platform ?? "facebook";
  const gone = (id: string, method: string) =>
    host.graphError({
      status: 400,
      code: 100,
      subcode: 33,
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });
  const permissionError = () =>
    host.graphError({ status: 403, code: 200, message: "(#200) Permissions error" });
  const noField = (field: string) =>
    invalid(`(#100) Tried accessing nonexisting field (${field}) on node type (Comment)`);
  const byTime = (a: FakeComment, b: FakeComment) => a.createdTime.localeCompare(b.createdTime);

  function idFor(platform: "facebook" | "instagram", objectId: string) {
    // Facebook's comment ids are "<post>_<comment>"; Instagram's are plain numbers.
    return platform === "facebook" ? `${objectId.split("_").at(-1)}_${host.newId()}` : host.newId();
  }

  function make(input: {
    objectId: string;
    platform: "facebook" | "instagram";
    message: string;
    fromId: string;
    fromName: string;
    parentId: string | null;
    at?: Date;
    hidden?: boolean;
  }): FakeComment {
    const comment: FakeComment = {
      id: idFor(input.platform, input.objectId),
      objectId: input.objectId,
      message: input.message,
      fromId: input.fromId,
      fromName: input.fromName,
      createdTime: (input.at ?? host.now()).toISOString(),
      parentId: input.parentId,
      platform: input.platform,
      hidden: input.hidden ?? false,
      deleted: false,
      liked: false,
    };
    comments.push(comment);
    return comment;
  }

  const facebookView = (comment: FakeComment, withParent: boolean) => ({
    id: comment.id,
    message: comment.message,
    from: { id: comment.fromId, name: comment.fromName },
    created_time: comment.createdTime,
    is_hidden: comment.hidden ?? false,
    can_hide: comment.fromId !== host.commentable(comment.objectId)?.fromId,
    comment_count: comments.filter((c) => live(c) && c.parentId === comment.id).length,
    ...(withParent && comment.parentId ? { parent: { id: comment.parentId } } : {}),
  });

  const instagramView = (comment: FakeComment) => ({
    id: comment.id,
    text: comment.message,
    timestamp: comment.createdTime,
    from: { id: comment.fromId, username: comment.fromName },
    username: comment.fromName,
    hidden: comment.hidden ?? false,
    like_count: 0,
    ...(comment.parentId ? { parent_id: comment.parentId } : {}),
  });

  const repliesOf = (id: string) => comments.filter((c) => live(c) && c.parentId === id).sort(byTime);

  /** GET|POST /{object}/comments on a post, video or media. */
  function objectComments(
    objectId: string,
    target: Commentable,
    method: string,
    params: Record<string, string>,
  ): Answer | null {
    if (method === "POST") {
      if (!params.message) return invalid("(#100) Missing message");
      const comment = make({
        objectId,
        platform: target.platform,
        message: params.message,
        fromId: target.fromId,
        fromName: target.fromName,
        parentId: null,
      });
      return ok({ id: comment.id });
    }
    if (method !== "GET") return null;
    const all = comments.filter((c) => live(c) && c.objectId === objectId).sort(byTime);
    if (target.platform === "instagram") {
      const top = all.filter((c) => !c.parentId).reverse();
      const limit = String(Math.min(Number(params.limit) || 25, 50));
      const page = graphPage(top, { ...params, limit });
      const expand = (params.fields ?? "").includes("replies");
      return ok({
        ...page,
        data: page.data.map((comment) => {
          if (!expand) return instagramView(comment);
          const replies = graphPage(repliesOf(comment.id), { limit: "25" });
          return {
            ...instagramView(comment),
            replies: { ...replies, data: replies.data.map(instagramView) },
          };
        }),
      });
    }
    const stream = params.filter === "stream";
    const listed = stream ? all : all.filter((c) => !c.parentId);
    const ordered = params.order === "reverse_chronological" ? [...listed].reverse() : listed;
    const page = graphPage(ordered, params);
    return ok({
      ...page,
      data: page.data.map((comment) => facebookView(comment, stream)),
      summary: { total_count: listed.length, order: params.order ?? "chronological" },
    });
  }

  /** Calls on a comment itself: read, hide, delete, reply, like. */
  function commentCall(
    comment: FakeComment,
    edge: string | undefined,
    method: string,
    params: Record<string, string>,
    page: PageLike | null,
    isUserToken: boolean,
  ): Answer | null {
    const owner = host.commentable(comment.objectId);
    if (!owner) return gone(comment.id, method);
    if (method !== "GET" && isUserToken && edge !== undefined)
      return invalid("(#1705) There was an error posting to this wall", 1705);
    if (page?.id !== owner.pageId) return permissionError();
    if (comment.deleted) return gone(comment.id, method);
    const instagram = platformOf(comment) === "instagram";

    if (edge === undefined) {
      if (method === "GET") return ok(instagram ? instagramView(comment) : facebookView(comment, true));
      if (method === "DELETE") {
        comment.deleted = true;
        return ok({ success: true });
      }
      if (method === "POST") {
        const flag = instagram ? params.hide : params.is_hidden;
        if (flag !== "true" && flag !== "false")
          return invalid(`(#100) ${instagram ? "hide" : "is_hidden"} must be true or false`);
        comment.hidden = flag === "true";
        return ok({ success: true });
      }
      return null;
    }
    if (edge === "comments" && !instagram) {
      if (method === "GET") {
        const replies = repliesOf(comment.id);
        const ordered = params.order === "reverse_chronological" ? [...replies].reverse() : replies;
        const listed = graphPage(ordered, params);
        return ok({ ...listed, data: listed.data.map((c) => facebookView(c, true)) });
      }
      if (method !== "POST") return null;
      if (!params.message) return invalid("(#100) Missing message");
      const reply = make({
        objectId: comment.objectId,
        platform: "facebook",
        message: params.message,
        fromId: owner.fromId,
        fromName: owner.fromName,
        parentId: comment.id,
      });
      return ok({ id: reply.id });
    }
    if (edge === "replies" && instagram) {
      if (method === "GET") {
        const listed = graphPage(repliesOf(comment.id), params);
        return ok({ ...listed, data: listed.data.map(instagramView) });
      }
      if (method !== "POST") return null;
      if (comment.parentId)
        return graphError(100, 2534023, "(#100) Replies can only be made to top-level comments.");
      if (comment.hidden) return graphError(100, 2534024, "(#100) Hidden comments cannot be replied to.");
      if (!params.message) return invalid("(#100) Missing message");
      const reply = make({
        objectId: comment.objectId,
        platform: "instagram",
        message: params.message,
        fromId: owner.fromId,
        fromName: owner.fromName,
        parentId: comment.id,
      });
      return ok({ id: reply.id });
    }
    if (edge === "likes" && !instagram) {
      if (method === "POST") comment.liked = true;
      else if (method === "DELETE") comment.liked = false;
      else return ok({ data: comment.liked ? [{ id: owner.pageId, name: owner.fromName }] : [] });
      return ok({ success: true });
    }
    return noField(edge);
  }

  function graphError(code: number, subcode: number, message: string) {
    return host.graphError({ status: 400, code, subcode, message });
  }

  /** The comment routes, or null when the call is not about comments. */
  function route(
    first: string,
    edge: string | undefined,
    method: string,
    params: Record<string, string>,
    page: PageLike | null,
    isUserToken: boolean,
  ): Answer | null {
    const comment = find(first);
    if (comment) return commentCall(comment, edge, method, params, page, isUserToken);
    if (edge !== "comments") return null;
    const target = host.commentable(first);
    if (!target) return null;
    if (isUserToken && method === "POST")
      return invalid("(#1705) There was an error posting to this wall", 1705);
    if (page?.id !== target.pageId) return permissionError();
    return objectComments(first, target, method, params);
  }

  function addComment(input: NewFakeComment): FakeComment {
    const parent = input.parentId ? find(input.parentId) : null;
    if (input.parentId && !parent) throw new Error(`fake Graph has no comment ${input.parentId}`);
    const objectId = input.on ?? parent?.objectId;
    const target = objectId ? host.commentable(objectId) : null;
    if (!objectId || !target) throw new Error(`fake Graph has no post or media ${objectId ?? ""}`);
    const from = input.from ?? STRANGER;
    return make({
      objectId,
      platform: target.platform,
      message: input.text,
      fromId: from.id,
      fromName:
        (target.platform === "instagram" ? (from.username ?? from.name) : (from.name ?? from.username)) ?? "",
      parentId: parent?.id ?? null,
      ...(input.at ? { at: input.at } : {}),
      ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
    });
  }

  function editComment(id: string, text: string): FakeComment {
    const comment = find(id);
    if (!comment) throw new Error(`fake Graph has no comment ${id}`);
    comment.message = text;
    comment.editedTime = host.now().toISOString();
    return comment;
  }

  function removeComment(id: string): FakeComment {
    const comment = find(id);
    if (!comment) throw new Error(`fake Graph has no comment ${id}`);
    comment.deleted = true;
    return comment;
  }

  /** The batch Meta would send about one comment (section 7.5). */
  function webhookPayload(options: CommentWebhookOptions): unknown {
    // A comment of the fake's fills what is not given; any other id is taken as it is.
    const comment = options.commentId ? find(options.commentId) : undefined;
    const postId = options.postId ?? comment?.objectId ?? "";
    const owner = host.commentable(comment?.objectId ?? postId);
    const text = options.text ?? comment?.message ?? "";
    const from = options.from ?? (comment ? { id: comment.fromId, name: comment.fromName } : STRANGER);
    const parentId = options.parentId !== undefined ? options.parentId : (comment?.parentId ?? null);
    const createdTime =
      options.createdTime ??
      Math.floor(
        (comment ? new Date(comment.editedTime ?? comment.createdTime) : host.now()).getTime() / 1000,
      );
    const time = Math.floor(host.now().getTime() / 1000);
    const commentId = options.commentId ?? host.newId();
    if (options.object === "page") {
      const accountId = options.accountId ?? owner?.pageId ?? postId.split("_")[0] ?? "";
      const verb = options.verb ?? "add";
      const removed = verb === "remove" || verb === "delete";
      const value = {
        from: { id: from.id, name: from.name ?? from.username ?? "" },
        item: "comment",
        verb,
        post_id: postId,
        comment_id: commentId,
        parent_id: parentId ?? postId,
        ...(removed ? {} : { message: text }),
        created_time: createdTime,
      };
      return { object: "page", entry: [{ id: accountId, time, changes: [{ field: "feed", value }] }] };
    }
    const accountId = options.accountId ?? owner?.fromId ?? "";
    const value = {
      [options.idKey ?? "id"]: commentId,
      from: { id: from.id, username: from.username ?? from.name ?? "" },
      text,
      ...(parentId ? { parent_id: parentId } : {}),
      media: { id: postId, media_product_type: "FEED" },
    };
    const change = { field: "comments", value };
    return {
      object: "instagram",
      entry: [options.flat ? { id: accountId, time, ...change } : { id: accountId, time, changes: [change] }],
    };
  }

  return { comments, route, addComment, editComment, removeComment, webhookPayload };
}

/** POSTs a webhook body signed as Meta signs it; the answer's status. */
export async function postSignedWebhook(options: {
  url: string;
  body: string;
  secret: string;
  signature?: string | null | undefined;
}): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature =
    options.signature === undefined ? signWebhookBody(options.secret, options.body) : options.signature;
  if (signature !== null) headers["x-hub-signature-256"] = signature;
  const response = await fetch(options.url, { method: "POST", headers, body: options.body });
  return { status: response.status, text: await response.text() };
}
