import { AppError } from "@smm/domain/errors";
import type { ChannelCredentials } from "@smm/domain/ports";
import { z } from "zod";
import type { ProviderAccount, ProviderTools } from "../provider";
import { BOT_TOKEN_SHAPE, type TelegramCredentials } from "./credentials";
import {
  BAD_TOKEN_MESSAGE,
  CHANNEL_REQUIRED_MESSAGE,
  chatNotFoundMessage,
  INVITE_LINK_MESSAGE,
  isChatNotFound,
  isRightsRefusal,
  notAChannelMessage,
  notAdminMessage,
  TOKEN_SHAPE_MESSAGE,
  UNREACHABLE_MESSAGE,
} from "./errors";
import { createTelegramApi, LostAnswerError, TelegramRefusal } from "./telegram-api";

export interface TelegramOptions {
  /** TELEGRAM_API_URL: https://api.telegram.org, or the tests' fake. */
  apiUrl: string;
  tools: ProviderTools;
}

const meSchema = z.object({ id: z.number().int(), username: z.string().optional() });
const chatSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string().optional(),
  username: z.string().optional(),
});
const memberSchema = z.object({ status: z.string(), can_post_messages: z.boolean().optional() });

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/u;
const LINK_PREFIX = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(?:s\/)?/iu;

const refuse = (field: "token" | "handle", message: string) =>
  new AppError("invalid_input", message, { issues: [{ path: field, message }] });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("upstream_failed", "Telegram gave an unexpected answer.");
  return result.data;
}

/**
 * The chat_id from what the user typed as the channel: "@acme", "acme", "https://t.me/acme" (or a post's
 * link) give "@acme"; a private channel's "-1001234567890" (or "1001234567890") stays a number. Invite
 * links are refused: a bot cannot resolve them.
 */
export function normalizeChannel(typed: string | undefined): { chatId: string; shown: string } {
  let text = (typed ?? "").trim();
  if (text === "") throw refuse("handle", CHANNEL_REQUIRED_MESSAGE);
  if (/^-\d{5,}$/u.test(text)) return { chatId: text, shown: text };
  if (/^100\d{5,}$/u.test(text)) return { chatId: `-${text}`, shown: `-${text}` };
  text = text.replace(LINK_PREFIX, "");
  if (text.startsWith("+") || /^joinchat\//iu.test(text)) throw refuse("handle", INVITE_LINK_MESSAGE);
  text = (text.split(/[/?#]/u)[0] ?? "").replace(/^@/u, "");
  if (!USERNAME.test(text)) throw refuse("handle", CHANNEL_REQUIRED_MESSAGE);
  return { chatId: `@${text}`, shown: `@${text}` };
}

/** What a refusal means while connecting: what the user typed is wrong, said on its field. */
function connectFailure(error: unknown, method: string, channel: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof LostAnswerError) return new AppError("upstream_failed", UNREACHABLE_MESSAGE);
  if (!(error instanceof TelegramRefusal)) throw error;
  // 401 for a token that is not (or no longer) a bot's; 404 for one Telegram cannot even read as a token.
  if (error.status === 401 || (method === "getMe" && error.status === 404))
    return refuse("token", BAD_TOKEN_MESSAGE);
  if (isChatNotFound(error)) return refuse("handle", chatNotFoundMessage(channel));
  if (method === "getChatMember" || isRightsRefusal(error)) return refuse("handle", notAdminMessage(channel));
  return new AppError("upstream_failed", `Telegram refused: ${error.description}`);
}

/**
 * Checks the token (getMe), finds the channel (getChat) and the bot's rights in it (getChatMember): an
 * administrator with "Post messages" (or its creator). Keeps the token and the channel's numeric id.
 */
export async function connectTelegram(
  options: TelegramOptions,
  typed: ChannelCredentials,
): Promise<ProviderAccount<TelegramCredentials>> {
  const token = (typed.token ?? "").trim();
  if (token === "") throw refuse("token", "Enter the bot token @BotFather gave you.");
  // Checked before any call: the token goes into the URL's path.
  if (!BOT_TOKEN_SHAPE.test(token)) throw refuse("token", TOKEN_SHAPE_MESSAGE);
  const channel = normalizeChannel(typed.handle);

  // Connecting is a person waiting: a rate limit goes back at once with its wait.
  const api = createTelegramApi({
    apiUrl: options.apiUrl,
    token,
    sleep: options.tools.sleep,
    maxRateLimitWaitMs: 0,
  });
  const call = (method: string, params: Record<string, unknown>, shown = channel.shown) =>
    api.call(method, params).catch((error: unknown) => {
      throw connectFailure(error, method, shown);
    });

  const me = parse(meSchema, await call("getMe", {}));
  const chat = parse(chatSchema, await call("getChat", { chat_id: channel.chatId }));
  const name = chat.title?.trim() || channel.shown;
  if (chat.type !== "channel") throw refuse("handle", notAChannelMessage(name));
  const member = parse(memberSchema, await call("getChatMember", { chat_id: chat.id, user_id: me.id }, name));
  const canPost =
    member.status === "creator" || (member.status === "administrator" && member.can_post_messages === true);
  if (!canPost) throw refuse("handle", notAdminMessage(name));

  const handle = chat.username ? `@${chat.username}` : null;
  return {
    externalAccountId: String(chat.id),
    name,
    handle,
    pictureUrl: null,
    credentials: { botToken: token, chatId: String(chat.id) },
    tokenExpiresAt: null,
    scopes: [],
    metadata: { ...(handle ? { handle } : {}), host: "telegram" },
  };
}
