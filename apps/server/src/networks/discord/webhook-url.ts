import { AppError } from "@smm/domain/errors";

/**
 * A Discord channel webhook's URL, as the user copies it (Channel settings > Integrations > Webhooks >
 * Copy Webhook URL): `https://discord.com/api/webhooks/{id}/{token}`. The URL is the webhook's whole
 * secret (anyone holding it may post), so it is kept only in the sealed credentials and never written
 * into a message, a name or the metadata.
 */
export interface WebhookRef {
  /** The webhook's snowflake id (public: it is the connection's external account id). */
  id: string;
  /** The secret half. */
  token: string;
  /** The URL normalised to DISCORD_API_URL's origin: what the credentials keep. */
  url: string;
}

export const DEFAULT_DISCORD_API_URL = "https://discord.com/api";
/** Hosts Discord's apps also hand out webhook URLs on; taken only when DISCORD_API_URL is the default. */
const DISCORD_ALIAS_ORIGINS = [
  "https://discordapp.com",
  "https://ptb.discord.com",
  "https://canary.discord.com",
] as const;

export const INVALID_WEBHOOK_URL =
  "That is not a Discord webhook URL. Copy it in Discord: Channel settings > Integrations > Webhooks > Copy Webhook URL (it starts with https://discord.com/api/webhooks/).";

const WEBHOOK_PATH = /^\/api\/webhooks\/(\d{1,25})\/([A-Za-z0-9_-]{1,200})\/?$/u;

/** The origins a user-given webhook URL may have for this API URL. */
export function acceptedOrigins(apiUrl: string): string[] {
  const origin = new URL(apiUrl).origin;
  return origin === new URL(DEFAULT_DISCORD_API_URL).origin ? [origin, ...DISCORD_ALIAS_ORIGINS] : [origin];
}

const invalid = () =>
  new AppError("invalid_input", INVALID_WEBHOOK_URL, {
    issues: [{ path: "token", message: INVALID_WEBHOOK_URL }],
  });

/**
 * The webhook the user's URL names, or invalid_input on the `token` field (before any request): only
 * `{origin}/api/webhooks/{numeric id}/{token}` on DISCORD_API_URL's origin (or, for the default, one of
 * Discord's other hosts), without credentials, query or fragment.
 */
export function parseWebhookUrl(raw: string | undefined, apiUrl: string): WebhookRef {
  const text = raw?.trim() ?? "";
  if (text === "") throw invalid();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") throw invalid();
  if (!acceptedOrigins(apiUrl).includes(url.origin)) throw invalid();
  const match = WEBHOOK_PATH.exec(url.pathname);
  const id = match?.[1];
  const token = match?.[2];
  if (!id || !token) throw invalid();
  return { id, token, url: `${new URL(apiUrl).origin}/api/webhooks/${id}/${token}` };
}

/** The webhook of a stored (already normalised) URL, whatever origin it was stored with; null if unreadable. */
export function storedWebhook(webhookUrl: unknown): Omit<WebhookRef, "url"> | null {
  if (typeof webhookUrl !== "string") return null;
  let url: URL;
  try {
    url = new URL(webhookUrl);
  } catch {
    return null;
  }
  const match = WEBHOOK_PATH.exec(url.pathname);
  const id = match?.[1];
  const token = match?.[2];
  return id && token ? { id, token } : null;
}
