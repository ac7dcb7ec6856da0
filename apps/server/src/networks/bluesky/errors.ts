import { XRPCError } from "@atproto/api";
import { AppError } from "@smm/domain/errors";

export const EXPIRED_MESSAGE =
  "Your Bluesky connection has expired. Please reconnect it in Settings > Channels.";
export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your Bluesky profile before posting again.";
export const APP_PASSWORD_HELP =
  "Make an app password in Bluesky Settings > Privacy and security > App passwords and enter it here with your handle.";

// @atproto/xrpc's ResponseType: no answer at all, or an answer that did not match the method's lexicon.
const NO_ANSWER = 1;
const UNREADABLE_ANSWER = 2;

/**
 * Our own AppError inside what the XRPC client threw: the guarded fetch's refusal (a private address, a
 * host that does not resolve), made before anything was sent. The client wraps it in an XRPCError whose
 * status it takes from the AppError's (400, 502), so it must be unwrapped before any status is read.
 */
export function findRefusal(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof AppError) return current;
    current = current.cause;
  }
  return null;
}

export function findXrpcError(error: unknown): XRPCError | null {
  return error instanceof XRPCError && !findRefusal(error) ? error : null;
}

export function isXrpcError(error: unknown, status: number, ...names: string[]): boolean {
  const failure = findXrpcError(error);
  return (
    failure !== null && failure.status === status && (names.length === 0 || names.includes(failure.error))
  );
}

/**
 * Whether a write may have happened although no answer says so: the connection broke, timed out, the answer
 * was unreadable, or the server failed (the PDS answers a duplicate record key with a 500 too).
 */
export function isLostAnswer(error: unknown): boolean {
  const failure = findXrpcError(error);
  if (!failure) return false;
  return failure.status === NO_ANSWER || failure.status === UNREADABLE_ANSWER || failure.status >= 500;
}

/** What failed, in words a person can act on, with Bluesky's own message. */
export function describeFailure(error: unknown, action: string): string {
  const failure = findXrpcError(error);
  if (failure?.status === NO_ANSWER) return `Could not reach Bluesky to ${action}: ${failure.message}`;
  if (failure) return `Bluesky could not ${action}: ${failure.message} (${failure.error})`;
  return `Could not ${action} on Bluesky: ${error instanceof Error ? error.message : String(error)}`;
}

/** An AppError stays what it is; anything else from Bluesky is upstream_failed with its message. */
export function toAppError(error: unknown, action: string): AppError {
  const refusal = findRefusal(error);
  if (refusal) return refusal;
  return new AppError("upstream_failed", describeFailure(error, action));
}
