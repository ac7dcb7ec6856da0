import { AppError } from "@smm/domain/errors";
import type { ChannelCredentials } from "@smm/domain/ports";
import type { ProviderAccount } from "../provider";
import { type BlueskyClientOptions, createAgent } from "./client";
import { type BlueskyCredentials, findPdsOfDidDoc } from "./credentials";
import { describeFailure, findRefusal, isXrpcError } from "./errors";

// Bluesky makes app passwords as four groups of four letters and digits; an account password rarely has
// that shape, and the PDS would accept one (with full rights to the account) if we sent it.
const APP_PASSWORD_SHAPE = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/i;

const APP_PASSWORD_REQUIRED =
  "Bluesky needs an app password here, not your account password: make one in Bluesky Settings > Privacy and security > App passwords (it looks like xxxx-xxxx-xxxx-xxxx).";
const SECOND_FACTOR_REQUIRED =
  "This Bluesky login asks for an email code: use an app password instead, made in Bluesky Settings > Privacy and security > App passwords.";
const WRONG_PASSWORD =
  "Bluesky did not accept that handle and app password. Check the handle, or make a new app password in Bluesky Settings > Privacy and security > App passwords.";

/** What Bluesky logs in with: "@alice" and "alice" mean alice.bsky.social; a domain handle, DID or email stays. */
export function normalizeIdentifier(typed: string | undefined): string {
  const identifier = (typed ?? "").trim().replace(/^@/, "").toLowerCase();
  if (!identifier || identifier.includes(".") || identifier.includes("@") || identifier.startsWith("did:"))
    return identifier;
  return `${identifier}.bsky.social`;
}

function refuseLogin(error: unknown): AppError {
  if (isXrpcError(error, 401, "AuthFactorTokenRequired"))
    return new AppError("app_password_required", SECOND_FACTOR_REQUIRED);
  if (isXrpcError(error, 401, "AccountTakedown"))
    return new AppError("invalid_input", "Bluesky has taken this account down; it cannot be connected.");
  if (isXrpcError(error, 401, "AccountDeactivated"))
    return new AppError(
      "invalid_input",
      "This Bluesky account is deactivated: reactivate it in Bluesky, then connect it.",
    );
  if (isXrpcError(error, 401) || isXrpcError(error, 400, "InvalidRequest"))
    return new AppError("invalid_input", WRONG_PASSWORD);
  if (isXrpcError(error, 429)) {
    const message = "Bluesky's login limit was reached: try connecting again in a few minutes.";
    return new AppError("upstream_failed", message, { retryAfterMs: 5 * 60_000 });
  }
  return new AppError("upstream_failed", describeFailure(error, "log in"));
}

/**
 * Logs in once with the handle and app password the user typed and keeps the session (never the
 * password). An account password is refused before anything is sent.
 */
export async function connectBluesky(
  options: BlueskyClientOptions,
  typed: ChannelCredentials,
): Promise<ProviderAccount<BlueskyCredentials>> {
  const identifier = normalizeIdentifier(typed.handle);
  if (!identifier) throw new AppError("invalid_input", "Enter your Bluesky handle, like alice.bsky.social.");
  const password = (typed.appPassword ?? "").trim();
  if (!APP_PASSWORD_SHAPE.test(password)) throw new AppError("app_password_required", APP_PASSWORD_REQUIRED);

  const server = createAgent(options, () => ({ service: options.serviceUrl, accessJwt: null }));
  let session: Awaited<ReturnType<typeof server.com.atproto.server.createSession>>["data"];
  try {
    ({ data: session } = await server.com.atproto.server.createSession({ identifier, password }));
  } catch (error) {
    throw refuseLogin(error);
  }
  const credentials: BlueskyCredentials = {
    did: session.did,
    handle: session.handle,
    accessJwt: session.accessJwt,
    refreshJwt: session.refreshJwt,
    service: findPdsOfDidDoc(session.didDoc) ?? new URL(options.serviceUrl).origin,
  };

  // The profile only names the account on the Channels screen: without it the handle does. A PDS the
  // guarded fetch refuses, though, would refuse every post too: better said now than at the first post.
  const pds = createAgent(options, () => ({
    service: credentials.service,
    accessJwt: credentials.accessJwt,
  }));
  const profile = await pds.app.bsky.actor
    .getProfile({ actor: credentials.did })
    .then((response) => response.data)
    .catch((error: unknown) => {
      const refusal = findRefusal(error);
      if (refusal) throw refusal;
      return null;
    });

  const handle = `@${credentials.handle}`;
  return {
    externalAccountId: credentials.did,
    name: profile?.displayName?.trim() || credentials.handle,
    handle,
    pictureUrl: profile?.avatar ?? null,
    credentials,
    tokenExpiresAt: null,
    scopes: [],
    metadata: { handle, host: new URL(credentials.service).host },
  };
}
