import { AppError } from "@smm/domain/errors";
import type { PublishingNetwork } from "@smm/domain/ports";

/**
 * How far away and how flaky the sandbox pretends to be (SANDBOX_LATENCY_MS, SANDBOX_ERROR_RATE), so the storm
 * bench (scripts/bench-publish.ts) publishes against something shaped like a real network. Both 0 by default.
 */
export interface SandboxFaults {
  /** Each call's round trip in ms: half before the network acts, half before its answer comes back. */
  latencyMs?: number;
  /** The share of calls (0 to 1) refused before the network acts, as a 5xx would be. */
  errorRate?: number;
  /** TESTS ONLY: the dice. */
  random?: () => number;
}

export const SANDBOX_SIMULATED_FAILURE = "Sandbox network: simulated failure (SANDBOX_ERROR_RATE)";

/** The calls a publish makes (and its recovery asks): insights and ads stay instant. */
const NETWORK_CALLS = ["publish", "schedule", "cancel", "update", "comment", "findPublished"] as const;

/**
 * The sandbox with each publishing call slowed and sometimes refused. The latency is split around the call
 * so an answer can be lost after the network acted (a process killed mid-call), as with a real network.
 * With both knobs at 0 the network is returned as it is: the default sandbox does not change at all.
 */
export function withSandboxFaults<Network extends PublishingNetwork>(
  network: Network,
  faults: SandboxFaults,
): Network {
  const latencyMs = faults.latencyMs ?? 0;
  const errorRate = faults.errorRate ?? 0;
  if (latencyMs <= 0 && errorRate <= 0) return network;
  const random = faults.random ?? Math.random;
  const wait = (ms: number) =>
    ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  const slowed = { ...network };
  for (const name of NETWORK_CALLS) {
    const call = network[name] as (request: never) => Promise<unknown>;
    (slowed as Record<string, unknown>)[name] = async (request: never) => {
      await wait(latencyMs / 2);
      if (random() < errorRate) throw new AppError("upstream_failed", SANDBOX_SIMULATED_FAILURE);
      const answer = await call.call(network, request);
      await wait(latencyMs - latencyMs / 2);
      return answer;
    };
  }
  return slowed;
}
