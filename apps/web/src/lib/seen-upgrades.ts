import type { PlanType } from "@smm/domain/web";

/** Local storage key of the paid plans this browser has already welcomed (core spec section 4, Plan). */
export const SEEN_UPGRADES_KEY = "seen_upgrades";

type UpgradePlan = Exclude<PlanType, "free">;

export function isUpgradePlan(plan: PlanType): plan is UpgradePlan {
  return plan === "pro" || plan === "enterprise";
}

/** Reads the stored JSON array; anything else (absent, corrupt, edited by hand) counts as nothing seen. */
export function parseSeenUpgrades(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

/** The upgrade dialog opens for a paid plan the browser has not welcomed yet; never for free. */
export function shouldWelcomeUpgrade(plan: PlanType, seen: readonly string[]): plan is UpgradePlan {
  return isUpgradePlan(plan) && !seen.includes(plan);
}

export function withSeenUpgrade(seen: readonly string[], plan: UpgradePlan): string[] {
  return seen.includes(plan) ? [...seen] : [...seen, plan];
}

// Storage can be unavailable (private modes, blocked cookies); the dialog then simply may show again.
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSeenUpgrades(): string[] {
  try {
    return parseSeenUpgrades(storage()?.getItem(SEEN_UPGRADES_KEY));
  } catch {
    return [];
  }
}

export function recordSeenUpgrade(plan: UpgradePlan): void {
  try {
    storage()?.setItem(SEEN_UPGRADES_KEY, JSON.stringify(withSeenUpgrade(readSeenUpgrades(), plan)));
  } catch {
    // Quota or privacy settings: nothing to do but show the welcome again next time.
  }
}

/** Sign-out forgets which upgrades were welcomed (core spec section 4, Plan). */
export function clearSeenUpgrades(): void {
  try {
    storage()?.removeItem(SEEN_UPGRADES_KEY);
  } catch {
    // Nothing stored we could reach; nothing to clear.
  }
}
