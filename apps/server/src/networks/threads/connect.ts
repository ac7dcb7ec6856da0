import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import type { ProviderAccount } from "../provider";
import { createThreadsApi, isRefusal, LostAnswerError, ThreadsRefusal } from "./threads-api";

/** What a Threads connection keeps sealed: the long-lived token (60 days, refreshable) and whose it is. */
export interface ThreadsCredentials {
  accessToken: string;
  /** The Threads user id (also the connection's externalAccountId). */
  userId: string;
  /** When the token was issued or last refreshed (ISO): a refresh needs it 24 hours old. */
  issuedAt: string;
  /** When it ends (ISO). */
  expiresAt: string;
}

export interface ThreadsConnectOptions {
  graphUrl: string;
  appId: string | undefined;
  appSecret: string | undefined;
  now: () => Date;
  fetch?: typeof fetch;
}

export const DEFAULT_GRAPH_URL = "https://graph.threads.net";
/** Where a real account allows our app (older pages say threads.net; it forwards to threads.com). */
export const CONSENT_URL = "https://threads.net/oauth/authorize";
/**
 * Publishing, deleting, the profile, and the inbox's replies: reading them (threads_read_replies) and
 * answering and hiding them (threads_manage_replies, which the first comment's reply needs too). A
 * connection made before the inbox lacks the reply scopes: Threads refuses its reads until it reconnects.
 */
export const THREADS_SCOPES = [
  "threads_basic",
  "threads_content_publish",
  "threads_read_replies",
  "threads_manage_replies",
  "threads_delete",
] as const;

export const NOT_CONFIGURED_MESSAGE =
  "Threads is not set up on this server (THREADS_APP_ID and THREADS_APP_SECRET are missing).";
export const CONNECT_AGAIN_MESSAGE = "The Threads connection could not be completed. Please connect again.";
export const UNREACHABLE_MESSAGE = "Threads could not be reached. Please try connecting again in a minute.";

const shortTokenSchema = z.object({ access_token: z.string().min(1) });
const longTokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const profileSchema = z.object({
  // Graph answers ids as strings; a number would have lost digits already, so it is not taken.
  id: z.string().regex(/^\d+$/u),
  username: z.string().min(1),
  threads_profile_picture_url: z.string().optional(),
});

/** Our state travels to Meta and back; the router checks it. The pending part names nothing secret. */
const pendingSchema = z.object({ redirectUri: z.string() });

/** The consent page: Threads' own, or the configured Graph host's (the fake's) when it is not the default. */
export function consentUrlOf(graphUrl: string): string {
  const base = graphUrl.replace(/\/+$/u, "");
  return base === DEFAULT_GRAPH_URL ? CONSENT_URL : `${base}/oauth/authorize`;
}

export function startThreadsConnect(
  options: ThreadsConnectOptions,
  request: { state: string; redirectUri: string },
) {
  if (!options.appId || !options.appSecret) throw new AppError("upstream_failed", NOT_CONFIGURED_MESSAGE);
  const url = new URL(consentUrlOf(options.graphUrl));
  url.search = new URLSearchParams({
    client_id: options.appId,
    redirect_uri: request.redirectUri,
    scope: THREADS_SCOPES.join(","),
    response_type: "code",
    state: request.state,
  }).toString();
  return {
    kind: "redirect" as const,
    url: url.toString(),
    pending: JSON.stringify({ redirectUri: request.redirectUri }),
  };
}

/** A refusal during connecting, in words: Meta's message when it gave one. */
function connectFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof LostAnswerError) return new AppError("upstream_failed", UNREACHABLE_MESSAGE);
  if (error instanceof ThreadsRefusal) {
    return new AppError(
      "upstream_failed",
      `Threads did not accept the authorization (${error.message}). Please connect again.`,
    );
  }
  return new AppError("upstream_failed", CONNECT_AGAIN_MESSAGE);
}

/**
 * The code for a short-lived token (1 hour), that one for a long-lived one (60 days), then the profile.
 * The code exchange's user_id is not read: Graph writes it as a JSON number longer than a double keeps
 * exactly, so the profile's string id is the account's.
 */
export async function completeThreadsConnect(
  options: ThreadsConnectOptions,
  request: { code: string; pending: string; redirectUri: string },
): Promise<ProviderAccount<ThreadsCredentials>> {
  const { appId, appSecret } = options;
  if (!appId || !appSecret) throw new AppError("upstream_failed", NOT_CONFIGURED_MESSAGE);
  let pending: z.infer<typeof pendingSchema>;
  try {
    pending = pendingSchema.parse(JSON.parse(request.pending));
  } catch {
    throw new AppError("invalid_input", CONNECT_AGAIN_MESSAGE);
  }
  const api = createThreadsApi({
    graphUrl: options.graphUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  try {
    const short = shortTokenSchema.parse(
      await api.send({
        method: "POST",
        path: "/oauth/access_token",
        unversioned: true,
        anonymous: true,
        params: {
          client_id: appId,
          client_secret: appSecret,
          grant_type: "authorization_code",
          // The same address the consent was asked with, or Meta refuses the code.
          redirect_uri: pending.redirectUri || request.redirectUri,
          code: request.code,
        },
      }),
    );
    const long = longTokenSchema.parse(
      await api.send({
        method: "GET",
        path: "/access_token",
        unversioned: true,
        anonymous: true,
        params: {
          grant_type: "th_exchange_token",
          client_secret: appSecret,
          access_token: short.access_token,
        },
      }),
    );
    const issuedAt = options.now();
    api.setToken(long.access_token);
    const profile = profileSchema.parse(
      await api.send({
        method: "GET",
        path: "/me",
        params: { fields: "id,username,threads_profile_picture_url" },
      }),
    );
    const handle = `@${profile.username}`;
    const expiresAt = new Date(issuedAt.getTime() + long.expires_in * 1000);
    return {
      externalAccountId: profile.id,
      name: handle,
      handle,
      pictureUrl: profile.threads_profile_picture_url || null,
      credentials: {
        accessToken: long.access_token,
        userId: profile.id,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      tokenExpiresAt: expiresAt,
      scopes: [...THREADS_SCOPES],
      metadata: {
        handle,
        ...(profile.threads_profile_picture_url ? { pictureUrl: profile.threads_profile_picture_url } : {}),
      },
    };
  } catch (error) {
    if (error instanceof z.ZodError)
      throw new AppError("upstream_failed", "Threads gave an unexpected answer.");
    if (isRefusal(error) || !(error instanceof AppError)) throw connectFailure(error);
    throw error;
  }
}
