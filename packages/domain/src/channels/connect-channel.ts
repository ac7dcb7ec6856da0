import { randomBytes } from "node:crypto";
import { OAUTH_STATE_TTL_MS } from "../connections/messages";
import type { BrandContext } from "../context";
import { oauthStates } from "../db/schema";
import { parseInput } from "../parse-input";
import { isMetaPlatform, platformLabels } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { channelViewOf, requireChannels, saveChannel } from "./channel-rows";
import {
  type ConnectChannelInput,
  type ConnectChannelResult,
  connectChannelInput,
  connectChannelResultSchema,
} from "./schemas";

/**
 * Connects an account on a network: the sandbox's offline account at once; with what the user typed (a
 * Bluesky app password, a Telegram bot token, a Discord webhook URL); or by sending the user to the
 * network's consent page (the round trip's state is kept server-side, single-use, 10 minutes, like
 * Facebook's). What is missing (the fields the network's descriptor names) is asked for, not guessed.
 */
export async function connectChannel(
  ctx: BrandContext,
  input: ConnectChannelInput,
): Promise<ConnectChannelResult> {
  const parsed = parseInput(connectChannelInput, input);
  const { platform } = parsed;
  const label = platformLabels[platform];
  if (isMetaPlatform(platform))
    return {
      status: "elsewhere",
      path: "/settings?tab=facebook",
      message: `${label} connects through your Facebook page: open Settings > Facebook.`,
    };
  const channels = requireChannels(ctx);
  if (parsed.mode === "live") {
    const connect = channels.networks().find((network) => network.platform === platform)?.connect;
    const missing = (connect?.fields ?? []).filter((field) => !parsed[field.name]);
    if (connect && missing.length > 0)
      return { status: "needs_input", fields: missing.map((field) => field.name), message: connect.ask };
  }
  const state = randomBytes(32).toString("base64url");
  const redirectUri = channels.redirectUri(platform);
  const step = await channels.connect({
    platform,
    mode: parsed.mode,
    credentials: {
      handle: parsed.handle,
      appPassword: parsed.appPassword,
      instance: parsed.instance,
      token: parsed.token,
    },
    state,
    redirectUri,
  });
  if (step.kind === "redirect") {
    await ctx.db.insert(oauthStates).values({
      state,
      userId: ctx.userId,
      brandId: ctx.brandId,
      provider: platform,
      redirectUri,
      network: step.network,
      encryptedTokens: step.sealedPending,
      expiresAt: new Date(ctx.now().getTime() + OAUTH_STATE_TTL_MS),
    });
    return {
      status: "redirect",
      url: step.url,
      message: `Open ${label} to allow access, then come back here.`,
    };
  }
  await saveChannel(ctx, step.account);
  const channel = await channelViewOf(ctx, platform);
  return {
    status: "connected",
    channel,
    message: channel.sandbox
      ? `Connected the sandbox ${label} account (offline: posts stay in the sandbox).`
      : `Connected ${label} as ${channel.handle ?? channel.name ?? "your account"}.`,
  };
}

export const connectChannelUseCase = declareUseCase({
  name: "connectChannel",
  description:
    "Connect the brand's account on a network. mode sandbox: the sandbox's offline account for that network. Bluesky: pass handle and appPassword (an app password, never the account password). Mastodon: pass instance; the answer is a URL the user must open to allow access. Telegram: pass token (the bot's token from BotFather) and handle (the channel's @name or id). Discord: pass token (the channel's webhook URL). LinkedIn and Threads: nothing; the answer is a URL to open. Missing details come back as needs_input with the fields to ask for. Facebook and Instagram connect in Settings > Facebook.",
  scope: "brand",
  input: connectChannelInput,
  output: connectChannelResultSchema,
  run: connectChannel,
});
