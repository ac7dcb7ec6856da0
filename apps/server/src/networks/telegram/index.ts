import { AppError } from "@smm/domain/errors";
import { defineNetworkModule, urlSetting } from "../network-module";
import type { NetworkProvider, ProviderTools } from "../provider";
import { connectTelegram } from "./connect";
import type { TelegramCredentials } from "./credentials";
import { describeTelegram } from "./descriptor";
import { UNCONFIRMED_MESSAGE } from "./errors";
import { deletePost, editPost, publishPost } from "./publishing";

export type { TelegramCredentials } from "./credentials";
export { EXPIRED_MESSAGE, UNCONFIRMED_MESSAGE } from "./errors";
export { formatExternalId, parseExternalId } from "./external-id";

export interface TelegramProviderOptions {
  /** TELEGRAM_API_URL: https://api.telegram.org by default (the tests' fake otherwise). */
  apiUrl: string;
  tools: ProviderTools;
}

/**
 * Telegram (contracts/networks.md section 3): a bot the user made with @BotFather posts to a channel where
 * it is an administrator with "Post messages". Nothing makes a post exactly once (no idempotency key, no
 * reading the channel back), so a lost answer is shown Unconfirmed and never sent again.
 */
export function createTelegramProvider(
  options: TelegramProviderOptions,
): NetworkProvider<TelegramCredentials> {
  return {
    id: "telegram",
    label: "Telegram",
    platforms: ["telegram"],
    describe: (platform) => describeTelegram(platform),
    connect: {
      available: () => true,
      start: async (request) => ({
        kind: "connected",
        account: await connectTelegram(options, request.credentials),
      }),
    },
    publish: (connection, post) => publishPost(options, connection, post),
    // The Bot API cannot read a channel's posts: nobody can tell whether a lost attempt posted.
    findPublished: async () => {
      throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
    },
    delete: (connection, externalId) => deletePost(options, connection, externalId),
    edit: (connection, externalId, post) => editPost(options, connection, externalId, post),
  };
}

export const telegramModule = defineNetworkModule({
  id: "telegram",
  env: {
    /** Where the Bot API answers (the public one; a local Bot API server, or the tests' fake). */
    TELEGRAM_API_URL: urlSetting("https://api.telegram.org"),
  },
  create: ({ env, tools }) => createTelegramProvider({ apiUrl: env.TELEGRAM_API_URL, tools }),
});
