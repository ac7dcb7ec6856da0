import { AppError } from "@smm/domain/errors";
import type { ProviderConnection } from "../provider";
import type { TelegramCredentials } from "./credentials";
import { LostAnswerError, TelegramRefusal } from "./telegram-api";

export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your Telegram channel";
export const EXPIRED_MESSAGE =
  "Telegram no longer accepts this connection: reconnect it in Settings > Channels.";
export const BAD_TOKEN_MESSAGE =
  "Telegram did not accept this bot token. Copy it again from @BotFather (/mybots, your bot, API Token) and paste it whole.";
export const TOKEN_SHAPE_MESSAGE =
  "That does not look like a bot token: @BotFather gives one like 123456789:AAH... (digits, a colon, then letters and digits).";
export const CHANNEL_REQUIRED_MESSAGE =
  "Enter the channel's @name (for a private channel, its id starting with -100).";
export const INVITE_LINK_MESSAGE =
  "That is an invite link, which bots cannot use. Enter the channel's @name, or for a private channel its id starting with -100 (web.telegram.org shows it in the address bar when the channel is open).";
export const UNREACHABLE_MESSAGE = "Telegram could not be reached. Please try again in a minute.";
export const DELETE_TOO_OLD_MESSAGE =
  "Telegram lets bots delete posts only within 48 hours of posting: delete this one in the Telegram channel itself.";
export const EDIT_GONE_MESSAGE = "This post is no longer in the Telegram channel, so it cannot be edited.";

export const chatNotFoundMessage = (channel: string) =>
  `Telegram cannot find the channel ${channel}, or the bot cannot see it. Check the @name (a private channel needs its id starting with -100) and add the bot to the channel as an administrator with "Post messages".`;
export const notAChannelMessage = (channel: string) =>
  `${channel} is not a Telegram channel (groups and chats are not supported): enter a channel's @name.`;
export const notAdminMessage = (channel: string) =>
  `The bot is not an administrator of ${channel} with "Post messages". In Telegram, open the channel's settings > Administrators, add the bot (or edit its rights), allow "Post messages", then try again.`;
export const channelGoneMessage = (channel: string) =>
  `Telegram cannot find ${channel} any more, or the bot was removed from it: add the bot back as an administrator with "Post messages", or connect the channel again.`;

/** The channel as messages name it: its @name, or "your channel" for a private one. */
export const channelNameOf = (connection: ProviderConnection<TelegramCredentials>) =>
  connection.handle ?? connection.metadata.handle ?? "your channel";

/** 403 (kicked, not a member) or a 400 about rights: the bot may not post there any more. */
export function isRightsRefusal(refusal: TelegramRefusal): boolean {
  if (refusal.status === 403) return true;
  return (
    refusal.status === 400 &&
    /rights|not a member|kicked|CHAT_WRITE_FORBIDDEN|CHAT_ADMIN_REQUIRED|have no rights/iu.test(
      refusal.description,
    )
  );
}

export const isChatNotFound = (refusal: TelegramRefusal) =>
  refusal.status === 400 && /chat not found/iu.test(refusal.description);

/**
 * What a refusal means once connected (publish, edit, delete): a refused token marks the connection expired
 * (BotFather revoked it: only a new token helps); a bot that lost its rights is a definite refusal the user
 * fixes in Telegram (upstream_failed naming the fix: reconnecting would not help, and posting works again,
 * without reconnecting, as soon as the bot is an administrator again). An AppError stays what it is.
 */
export async function settleRefusal(
  error: unknown,
  connection: ProviderConnection<TelegramCredentials>,
  action: string,
): Promise<never> {
  if (error instanceof AppError) throw error;
  if (error instanceof TelegramRefusal) {
    if (error.status === 401) {
      await connection.markExpired();
      throw new AppError("network_token_expired", EXPIRED_MESSAGE);
    }
    if (isRightsRefusal(error))
      throw new AppError("upstream_failed", notAdminMessage(channelNameOf(connection)));
    if (isChatNotFound(error))
      throw new AppError("upstream_failed", channelGoneMessage(channelNameOf(connection)));
    throw new AppError("upstream_failed", `Telegram refused to ${action}: ${error.description}`);
  }
  if (error instanceof LostAnswerError) throw new AppError("upstream_failed", UNREACHABLE_MESSAGE);
  throw error;
}
