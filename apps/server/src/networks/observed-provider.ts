import { hasReason, isAppError } from "@smm/domain/errors";
import type { Metrics } from "../lib/metrics";
import type { AnyProvider } from "./registry";

/** The calls that reach the network (describe and connect are local or counted elsewhere). */
const PROVIDER_CALLS = [
  "publish",
  "findPublished",
  "delete",
  "comment",
  "edit",
  "schedule",
  "cancelScheduled",
  "updateScheduled",
  "renew",
] as const;
const INBOX_CALLS = ["read", "reply", "findReply", "moderate"] as const;

/** A call's result in a word an alert can select on: a refusal and a rate limit are not outages. */
export function outcomeOf(error: unknown): string {
  if (hasReason(error, "network_token_expired")) return "token_expired";
  if (hasReason(error, "publish_unconfirmed", "reply_unconfirmed")) return "unconfirmed";
  if (isAppError(error) && error.retryAfterMs !== undefined) return "rate_limited";
  if (isAppError(error) && error.code !== "upstream_failed" && error.code !== "internal") return "refused";
  return "error";
}

type Observe = Metrics["observeProviderCall"];

function timed<F extends (...args: never[]) => Promise<unknown>>(
  observe: Observe,
  network: string,
  call: string,
  run: F,
): F {
  return (async (...args: Parameters<F>) => {
    const startedAt = performance.now();
    const seconds = () => (performance.now() - startedAt) / 1000;
    try {
      const result = await run(...args);
      observe({ network, call, outcome: "ok" }, seconds());
      return result;
    } catch (error) {
      observe({ network, call, outcome: outcomeOf(error) }, seconds());
      throw error;
    }
  }) as F;
}

/**
 * The provider with each network call timed and counted by network, call and outcome: the registry is
 * the one door to the providers (the channel router asks it for every call), so wrapping here sees them all.
 */
export function observeProviderCalls(provider: AnyProvider, observe: Observe): AnyProvider {
  const wrapped: Record<string, unknown> = {};
  for (const call of PROVIDER_CALLS) {
    const method = provider[call];
    if (method) wrapped[call] = timed(observe, provider.id, call, method.bind(provider));
  }
  const inbox = provider.inbox;
  if (inbox) {
    const inboxCalls: Record<string, unknown> = {};
    for (const call of INBOX_CALLS) {
      const method = inbox[call];
      if (method) inboxCalls[call] = timed(observe, provider.id, `inbox.${call}`, method.bind(inbox));
    }
    wrapped.inbox = Object.assign(Object.create(inbox) as typeof inbox, inboxCalls);
  }
  // The rest (id, describe, connect, insights, ads) is the provider's own, read through the prototype.
  return Object.assign(Object.create(provider) as AnyProvider, wrapped);
}
