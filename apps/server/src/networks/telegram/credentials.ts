/** What a Telegram connection keeps sealed: the bot's token and the channel's numeric id (never expire). */
export interface TelegramCredentials {
  botToken: string;
  /** The channel's id as Telegram numbers it (-100...), as a string. */
  chatId: string;
}

/** BotFather's tokens: the bot's id, a colon, then 35 letters, digits, "-" and "_". */
export const BOT_TOKEN_SHAPE = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/u;
