import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A fake Telegram Bot API over real HTTP (contracts/networks.md section 3): `POST /bot<token>/<method>` with
 * JSON, form or multipart bodies (`attach://name` in sendMediaGroup), answering `{ok, result}` or
 * `{ok:false, error_code, description, parameters}` with the HTTP status of `error_code`, as Telegram does.
 * One bot, a few channels it may or may not administer, the messages it posted, and switches for the
 * faults the provider must survive: a revoked token, a rate limit, a write whose answer is lost.
 */

export type FakeTelegramMemberStatus = "creator" | "administrator" | "member" | "left" | "kicked";

export interface FakeTelegramBot {
  id: number;
  username: string;
  firstName: string;
  token: string;
  /** BotFather revoked the token: every call answers 401 Unauthorized. */
  revoked: boolean;
}

export interface FakeTelegramChat {
  id: number;
  type: "channel" | "supergroup" | "group" | "private";
  title: string;
  /** Public channels have one (without "@"); private ones none. */
  username: string | null;
  /** The bot's membership in the chat. */
  botStatus: FakeTelegramMemberStatus;
  /** Administrators only: the "Post messages" right. */
  canPostMessages: boolean;
}

export interface FakeTelegramFile {
  /** The multipart field it came in (p0), or null when sent by URL / file_id. */
  field: string | null;
  fileName: string | null;
  mimeType: string;
  bytes: Uint8Array;
  /** A URL or file_id sent instead of an upload. */
  reference: string | null;
}

export interface FakeTelegramMessage {
  messageId: number;
  chatId: number;
  date: Date;
  text: string | null;
  caption: string | null;
  photo: FakeTelegramFile | null;
  video: FakeTelegramFile | null;
  mediaGroupId: string | null;
  linkPreviewOptions: Record<string, unknown> | null;
  editedAt: Date | null;
}

export interface FakeTelegramRequest {
  method: string;
  /** Whether the token in the path was the bot's (and not revoked). */
  authorized: boolean;
  /** The parameters as parsed (JSON, form or multipart; JSON-valued fields decoded). */
  params: Record<string, unknown>;
  /** Multipart fields that were files. */
  files: string[];
  contentType: string;
}

export interface FakeTelegramState {
  bot: FakeTelegramBot;
  chats: Map<number, FakeTelegramChat>;
  /** Every message still in its chat, in order of posting. */
  messages: FakeTelegramMessage[];
  deleted: FakeTelegramMessage[];
  requests: FakeTelegramRequest[];
}

export interface FakeTelegramOptions {
  bot?: Partial<Pick<FakeTelegramBot, "id" | "username" | "firstName" | "token">>;
  /** Chats besides (or instead of, with `replaceChats`) the default public and private channels. */
  chats?: FakeTelegramChat[];
  replaceChats?: boolean;
  now?: () => Date;
}

export interface FakeTelegramServer {
  /** http://127.0.0.1:port: what TELEGRAM_API_URL points at. */
  url: string;
  state: FakeTelegramState;
  bot: FakeTelegramBot;
  /** The default public channel (@acme) and private channel (no username), the bot admin of both. */
  publicChannel: FakeTelegramChat;
  privateChannel: FakeTelegramChat;
  addChat(chat: FakeTelegramChat): FakeTelegramChat;
  /** The bot's membership changes (kicked, demoted, the Post messages right taken away). */
  setBotStatus(chatId: number, status: FakeTelegramMemberStatus, canPostMessages?: boolean): void;
  /** BotFather revoked the token. */
  revokeToken(): void;
  /** The next `count` calls (of `method`, or any) answer 429 with `retry_after` seconds; nothing is done. */
  rateLimitNext(count: number, retryAfterSeconds: number, method?: string): void;
  /**
   * The next write of `method` (or any send/edit/delete) is carried out, then its answer lost: the socket
   * destroyed (`"destroy"`) or a 500 answered (`"500"`).
   */
  loseNextAnswer(how?: "destroy" | "500", method?: string): void;
  /** The next call of `method` answers this error instead; nothing is done. */
  failNext(method: string, status: number, description: string): void;
  /** Dates the chat's messages `hours` earlier (deleteMessage refuses those older than 48 hours). */
  ageMessages(chatId: number, hours: number): void;
  /** A message deleted in the Telegram app by a person (the bot's delete then finds nothing). */
  deleteBehind(chatId: number, messageId: number): void;
  messagesOf(chatId: number): FakeTelegramMessage[];
  /** The requests of one method (or all), in order. */
  requestsOf(method?: string): FakeTelegramRequest[];
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

type Params = Record<string, unknown>;

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const OTHER_MAX_BYTES = 50 * 1024 * 1024;
const DELETE_WINDOW_MS = 48 * 3600_000;
const WRITES = new Set([
  "sendMessage",
  "sendPhoto",
  "sendVideo",
  "sendMediaGroup",
  "editMessageText",
  "editMessageCaption",
  "deleteMessage",
]);
/** Fields Telegram takes as JSON-serialized strings in form and multipart bodies. */
const JSON_FIELDS = new Set(["media", "link_preview_options", "reply_parameters", "reply_markup"]);

const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
const fail = (status: number, description: string, parameters?: Record<string, unknown>): Answer => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

const UNAUTHORIZED = () => fail(401, "Unauthorized");
const CHAT_NOT_FOUND = () => fail(400, "Bad Request: chat not found");
const NOT_MODIFIED = () =>
  fail(
    400,
    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
  );

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function decodeField(name: string, value: string): unknown {
  if (!JSON_FIELDS.has(name)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

async function parseParams(
  contentType: string,
  body: Buffer,
  query: URLSearchParams,
): Promise<{ params: Params; uploads: Map<string, FakeTelegramFile> }> {
  const params: Params = Object.fromEntries(query);
  const uploads = new Map<string, FakeTelegramFile>();
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" && body.length > 0) {
    const parsed = JSON.parse(body.toString("utf8")) as unknown;
    if (typeof parsed === "object" && parsed !== null) Object.assign(params, parsed);
  } else if (type === "application/x-www-form-urlencoded") {
    for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
      params[name] = decodeField(name, value);
    }
  } else if (type === "multipart/form-data") {
    const form = await new Response(new Uint8Array(body), {
      headers: { "content-type": contentType },
    }).formData();
    for (const [name, value] of form) {
      if (typeof value === "string") {
        params[name] = decodeField(name, value);
      } else {
        uploads.set(name, {
          field: name,
          fileName: value.name || null,
          mimeType: value.type || "application/octet-stream",
          bytes: new Uint8Array(await value.arrayBuffer()),
          reference: null,
        });
      }
    }
  }
  return { params, uploads };
}

const asString = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

export async function startTelegramServer(options: FakeTelegramOptions = {}): Promise<FakeTelegramServer> {
  const now = options.now ?? (() => new Date());
  const botId = options.bot?.id ?? 123456789;
  const bot: FakeTelegramBot = {
    id: botId,
    username: options.bot?.username ?? "acme_poster_bot",
    firstName: options.bot?.firstName ?? "Acme Poster",
    token: options.bot?.token ?? `${botId}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1`,
    revoked: false,
  };
  const publicChannel: FakeTelegramChat = {
    id: -1001234567890,
    type: "channel",
    title: "Acme News",
    username: "acme",
    botStatus: "administrator",
    canPostMessages: true,
  };
  const privateChannel: FakeTelegramChat = {
    id: -1009876543210,
    type: "channel",
    title: "Acme Insiders",
    username: null,
    botStatus: "administrator",
    canPostMessages: true,
  };
  const state: FakeTelegramState = {
    bot,
    chats: new Map(),
    messages: [],
    deleted: [],
    requests: [],
  };
  for (const chat of [
    ...(options.replaceChats ? [] : [publicChannel, privateChannel]),
    ...(options.chats ?? []),
  ])
    state.chats.set(chat.id, chat);

  let rateLimits: { left: number; retryAfter: number; method: string | undefined } | null = null;
  const lost: { how: "destroy" | "500"; method: string | undefined }[] = [];
  const failures: { method: string; status: number; description: string }[] = [];
  const nextMessageId = new Map<number, number>();
  let mediaGroups = 0;
  let files = 0;

  // ---- chats and rights ----

  function findChat(chatIdParam: unknown): FakeTelegramChat | null {
    const id = asString(chatIdParam)?.trim();
    if (!id) return null;
    if (id.startsWith("@")) {
      const name = id.slice(1).toLowerCase();
      return [...state.chats.values()].find((chat) => chat.username?.toLowerCase() === name) ?? null;
    }
    if (!/^-?\d+$/u.test(id)) return null;
    return state.chats.get(Number(id)) ?? null;
  }

  const isMember = (chat: FakeTelegramChat) =>
    chat.botStatus === "creator" || chat.botStatus === "administrator" || chat.botStatus === "member";

  /** What the bot may see: public chats, and private ones it is in. */
  function visibleChat(chatIdParam: unknown): FakeTelegramChat | Answer {
    const chat = findChat(chatIdParam);
    if (!chat || (chat.username === null && !isMember(chat))) return CHAT_NOT_FOUND();
    return chat;
  }

  /** Where the bot may post (send, edit, delete its posts). */
  function writableChat(chatIdParam: unknown): FakeTelegramChat | Answer {
    const chat = visibleChat(chatIdParam);
    if (isAnswer(chat)) return chat;
    const kind = chat.type === "channel" ? "channel" : "group";
    if (chat.botStatus === "kicked") return fail(403, `Forbidden: bot was kicked from the ${kind} chat`);
    if (chat.botStatus === "left") return fail(403, `Forbidden: bot is not a member of the ${kind} chat`);
    if (chat.type === "channel") {
      if (chat.botStatus === "member")
        return fail(400, "Bad Request: need administrator rights in the channel chat");
      if (chat.botStatus === "administrator" && !chat.canPostMessages)
        return fail(400, "Bad Request: not enough rights to send text messages to the chat");
    }
    return chat;
  }

  const isAnswer = (value: unknown): value is Answer =>
    typeof value === "object" && value !== null && "status" in value && "body" in value;

  function chatJson(chat: FakeTelegramChat) {
    return {
      id: chat.id,
      type: chat.type,
      title: chat.title,
      ...(chat.username ? { username: chat.username } : {}),
    };
  }

  function memberJson(chat: FakeTelegramChat) {
    const user = { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username };
    if (chat.botStatus === "administrator") {
      return {
        status: "administrator",
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: chat.canPostMessages,
        can_manage_video_chats: false,
        can_restrict_members: false,
        can_promote_members: false,
        can_change_info: false,
        can_invite_users: false,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
        ...(chat.type === "channel"
          ? { can_post_messages: chat.canPostMessages, can_edit_messages: chat.canPostMessages }
          : {}),
      };
    }
    if (chat.botStatus === "kicked") return { status: "kicked", user, until_date: 0 };
    return { status: chat.botStatus, user };
  }

  // ---- messages ----

  function newMessage(chat: FakeTelegramChat, fields: Partial<FakeTelegramMessage>): FakeTelegramMessage {
    const messageId = nextMessageId.get(chat.id) ?? 1;
    nextMessageId.set(chat.id, messageId + 1);
    const message: FakeTelegramMessage = {
      messageId,
      chatId: chat.id,
      date: now(),
      text: null,
      caption: null,
      photo: null,
      video: null,
      mediaGroupId: null,
      linkPreviewOptions: null,
      editedAt: null,
      ...fields,
    };
    state.messages.push(message);
    return message;
  }

  function messageJson(message: FakeTelegramMessage) {
    const chat = state.chats.get(message.chatId);
    const fileJson = (file: FakeTelegramFile) => {
      files += 1;
      return {
        file_id: `AgAC${message.chatId}_${message.messageId}_${files}`,
        file_unique_id: `AQAD${files}`,
        file_size: file.bytes.byteLength,
      };
    };
    return {
      message_id: message.messageId,
      ...(chat ? { sender_chat: chatJson(chat), chat: chatJson(chat) } : {}),
      date: Math.floor(message.date.getTime() / 1000),
      ...(message.editedAt ? { edit_date: Math.floor(message.editedAt.getTime() / 1000) } : {}),
      ...(message.mediaGroupId ? { media_group_id: message.mediaGroupId } : {}),
      ...(message.text !== null ? { text: message.text } : {}),
      ...(message.linkPreviewOptions ? { link_preview_options: message.linkPreviewOptions } : {}),
      ...(message.photo ? { photo: [{ ...fileJson(message.photo), width: 1280, height: 960 }] } : {}),
      ...(message.video
        ? { video: { ...fileJson(message.video), width: 1280, height: 720, duration: 5 } }
        : {}),
      ...(message.caption !== null ? { caption: message.caption } : {}),
    };
  }

  function findMessage(chat: FakeTelegramChat, messageIdParam: unknown): FakeTelegramMessage | null {
    const id = Number(asString(messageIdParam));
    return state.messages.find((m) => m.chatId === chat.id && m.messageId === id) ?? null;
  }

  /** A photo or video parameter: an upload (`attach://` or the field itself), or a URL / file_id. */
  function fileOf(
    value: unknown,
    field: string,
    uploads: Map<string, FakeTelegramFile>,
  ): FakeTelegramFile | Answer {
    if (value === undefined) {
      const upload = uploads.get(field);
      if (upload) return upload;
      return fail(400, `Bad Request: there is no ${field} in the request`);
    }
    const reference = asString(value);
    if (!reference) return fail(400, `Bad Request: there is no ${field} in the request`);
    if (reference.startsWith("attach://")) {
      const upload = uploads.get(reference.slice("attach://".length));
      return upload ?? fail(400, "Bad Request: wrong file identifier/HTTP URL specified");
    }
    return {
      field: null,
      fileName: null,
      mimeType: "application/octet-stream",
      bytes: new Uint8Array(),
      reference,
    };
  }

  const captionOf = (params: Params): string | null => {
    const caption = asString(params.caption);
    return caption === undefined || caption === "" ? null : caption;
  };

  function sendMessage(params: Params): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const text = asString(params.text) ?? "";
    if (text.trim() === "") return fail(400, "Bad Request: message text is empty");
    if (text.length > TEXT_MAX) return fail(400, "Bad Request: message is too long");
    const preview = params.link_preview_options;
    return ok(
      messageJson(
        newMessage(chat, {
          text,
          linkPreviewOptions:
            typeof preview === "object" && preview !== null ? (preview as Record<string, unknown>) : null,
        }),
      ),
    );
  }

  function sendFile(params: Params, uploads: Map<string, FakeTelegramFile>, kind: "photo" | "video"): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const file = fileOf(params[kind], kind, uploads);
    if (isAnswer(file)) return file;
    if (file.bytes.byteLength > (kind === "photo" ? PHOTO_MAX_BYTES : OTHER_MAX_BYTES))
      return fail(413, "Request Entity Too Large");
    const caption = captionOf(params);
    if (caption && caption.length > CAPTION_MAX) return fail(400, "Bad Request: message caption is too long");
    return ok(messageJson(newMessage(chat, { [kind]: file, caption })));
  }

  function sendMediaGroup(params: Params, uploads: Map<string, FakeTelegramFile>): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const media = params.media;
    if (!Array.isArray(media)) return fail(400, "Bad Request: can't parse media JSON object");
    if (media.length < 2 || media.length > 10)
      return fail(400, "Bad Request: wrong number of media specified: must be between 2 and 10");
    const items: { kind: "photo" | "video"; file: FakeTelegramFile; caption: string | null }[] = [];
    for (const [index, item] of media.entries()) {
      if (typeof item !== "object" || item === null)
        return fail(400, `Bad Request: can't parse InputMedia #${index + 1}`);
      const entry = item as Record<string, unknown>;
      if (entry.type !== "photo" && entry.type !== "video")
        return fail(400, `Bad Request: wrong type of media #${index + 1}`);
      const file = fileOf(entry.media, "media", uploads);
      if (isAnswer(file)) return file;
      if (file.bytes.byteLength > (entry.type === "photo" ? PHOTO_MAX_BYTES : OTHER_MAX_BYTES))
        return fail(413, "Request Entity Too Large");
      const caption = captionOf(entry);
      if (caption && caption.length > CAPTION_MAX)
        return fail(400, "Bad Request: message caption is too long");
      items.push({ kind: entry.type, file, caption });
    }
    mediaGroups += 1;
    const mediaGroupId = String(13_000_000_000_000_000n + BigInt(mediaGroups));
    const made = items.map((item) =>
      newMessage(chat, { [item.kind]: item.file, caption: item.caption, mediaGroupId }),
    );
    return ok(made.map(messageJson));
  }

  function editText(params: Params): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const message = findMessage(chat, params.message_id);
    if (!message) return fail(400, "Bad Request: message to edit not found");
    if (message.text === null) return fail(400, "Bad Request: there is no text in the message to edit");
    const text = asString(params.text) ?? "";
    if (text.trim() === "") return fail(400, "Bad Request: message text is empty");
    if (text.length > TEXT_MAX) return fail(400, "Bad Request: message is too long");
    const preview = params.link_preview_options;
    const previewOptions =
      typeof preview === "object" && preview !== null ? (preview as Record<string, unknown>) : null;
    if (
      text === message.text &&
      JSON.stringify(previewOptions) === JSON.stringify(message.linkPreviewOptions)
    )
      return NOT_MODIFIED();
    message.text = text;
    message.linkPreviewOptions = previewOptions;
    message.editedAt = now();
    return ok(messageJson(message));
  }

  function editCaption(params: Params): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const message = findMessage(chat, params.message_id);
    if (!message) return fail(400, "Bad Request: message to edit not found");
    if (!message.photo && !message.video)
      return fail(400, "Bad Request: there is no caption in the message to edit");
    const caption = captionOf(params);
    if (caption && caption.length > CAPTION_MAX) return fail(400, "Bad Request: message caption is too long");
    if (caption === message.caption) return NOT_MODIFIED();
    message.caption = caption;
    message.editedAt = now();
    return ok(messageJson(message));
  }

  function deleteMessage(params: Params): Answer {
    const chat = writableChat(params.chat_id);
    if (isAnswer(chat)) return chat;
    const message = findMessage(chat, params.message_id);
    if (!message) return fail(400, "Bad Request: message to delete not found");
    if (now().getTime() - message.date.getTime() > DELETE_WINDOW_MS)
      return fail(400, "Bad Request: message can't be deleted");
    state.messages.splice(state.messages.indexOf(message), 1);
    state.deleted.push(message);
    return ok(true);
  }

  function api(method: string, params: Params, uploads: Map<string, FakeTelegramFile>): Answer {
    switch (method) {
      case "getMe":
        return ok({
          id: bot.id,
          is_bot: true,
          first_name: bot.firstName,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "getChat": {
        const chat = visibleChat(params.chat_id);
        if (isAnswer(chat)) return chat;
        return ok({ ...chatJson(chat), accent_color_id: 0, max_reaction_count: 11 });
      }
      case "getChatMember": {
        const chat = visibleChat(params.chat_id);
        if (isAnswer(chat)) return chat;
        if (Number(asString(params.user_id)) !== bot.id) return fail(400, "Bad Request: user not found");
        if (chat.type === "channel" && !isMember(chat))
          return fail(400, "Bad Request: member list is inaccessible");
        return ok(memberJson(chat));
      }
      case "getUpdates":
        return ok([]);
      case "sendMessage":
        return sendMessage(params);
      case "sendPhoto":
        return sendFile(params, uploads, "photo");
      case "sendVideo":
        return sendFile(params, uploads, "video");
      case "sendMediaGroup":
        return sendMediaGroup(params, uploads);
      case "editMessageText":
        return editText(params);
      case "editMessageCaption":
        return editCaption(params);
      case "deleteMessage":
        return deleteMessage(params);
      default:
        return fail(404, "Not Found");
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    const send = (answer: Answer) => {
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    };
    const route = /^\/bot([^/]+)\/([A-Za-z]+)$/u.exec(parsed.pathname);
    if (!route) {
      send(fail(404, "Not Found"));
      return;
    }
    const [, token = "", rawMethod = ""] = route;
    // Method names are case-insensitive on Telegram; kept in their documented spelling here.
    const method =
      [...WRITES, "getMe", "getChat", "getChatMember", "getUpdates"].find(
        (name) => name.toLowerCase() === rawMethod.toLowerCase(),
      ) ?? rawMethod;
    const contentType = String(req.headers["content-type"] ?? "");
    let params: Params;
    let uploads: Map<string, FakeTelegramFile>;
    try {
      ({ params, uploads } = await parseParams(contentType, body, parsed.searchParams));
    } catch {
      send(fail(400, "Bad Request: can't parse request body"));
      return;
    }
    const authorized = token === bot.token && !bot.revoked;
    state.requests.push({ method, authorized, params, files: [...uploads.keys()], contentType });

    if (!authorized) {
      send(UNAUTHORIZED());
      return;
    }
    if (rateLimits && rateLimits.left > 0 && (!rateLimits.method || rateLimits.method === method)) {
      const retryAfter = rateLimits.retryAfter;
      rateLimits.left -= 1;
      if (rateLimits.left === 0) rateLimits = null;
      send(fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter }));
      return;
    }
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const [injected] = failures.splice(failure, 1);
      if (injected) {
        send(fail(injected.status, injected.description));
        return;
      }
    }
    const answer = api(method, params, uploads);
    const loss = WRITES.has(method) ? lost.findIndex((l) => !l.method || l.method === method) : -1;
    if (loss >= 0 && answer.status === 200) {
      const [how] = lost.splice(loss, 1);
      if (how?.how === "destroy") {
        // Carried out, but the caller never hears of it.
        res.destroy();
        return;
      }
      send(fail(500, "Internal Server Error"));
      return;
    }
    send(answer);
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((failure: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: false, error_code: 500, description: String(failure) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Telegram server did not bind");

  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    bot,
    publicChannel,
    privateChannel,
    addChat(chat) {
      state.chats.set(chat.id, chat);
      return chat;
    },
    setBotStatus(chatId, status, canPostMessages = status === "administrator" || status === "creator") {
      const chat = state.chats.get(chatId);
      if (!chat) throw new Error(`no chat ${chatId}`);
      chat.botStatus = status;
      chat.canPostMessages = canPostMessages;
    },
    revokeToken() {
      bot.revoked = true;
    },
    rateLimitNext(count, retryAfterSeconds, method) {
      rateLimits = count > 0 ? { left: count, retryAfter: retryAfterSeconds, method } : null;
    },
    loseNextAnswer(how = "destroy", method) {
      lost.push({ how, method });
    },
    failNext(method, status, description) {
      failures.push({ method, status, description });
    },
    ageMessages(chatId, hours) {
      for (const message of state.messages.filter((m) => m.chatId === chatId))
        message.date = new Date(message.date.getTime() - hours * 3600_000);
    },
    deleteBehind(chatId, messageId) {
      const index = state.messages.findIndex((m) => m.chatId === chatId && m.messageId === messageId);
      const [message] = index >= 0 ? state.messages.splice(index, 1) : [];
      if (message) state.deleted.push(message);
    },
    messagesOf: (chatId) => state.messages.filter((m) => m.chatId === chatId),
    requestsOf: (method) => state.requests.filter((r) => !method || r.method === method),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
