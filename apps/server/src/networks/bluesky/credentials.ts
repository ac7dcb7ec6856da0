/** What a Bluesky connection keeps (sealed by the router): a session, never the app password itself. */
export interface BlueskyCredentials {
  did: string;
  /** Without the "@" (alice.bsky.social). */
  handle: string;
  accessJwt: string;
  refreshJwt: string;
  /** The PDS the account lives on (its DID document's #atproto_pds), where its records are written. */
  service: string;
}

/** The PDS named by a DID document's #atproto_pds service, or null when it names none. */
export function findPdsOfDidDoc(didDoc: unknown): string | null {
  if (!didDoc || typeof didDoc !== "object") return null;
  const { id, service } = didDoc as { id?: unknown; service?: unknown };
  if (!Array.isArray(service)) return null;
  for (const entry of service as unknown[]) {
    if (!entry || typeof entry !== "object") continue;
    const { id: entryId, type, serviceEndpoint } = entry as Record<string, unknown>;
    const isPds = entryId === "#atproto_pds" || (typeof id === "string" && entryId === `${id}#atproto_pds`);
    if (!isPds || type !== "AtprotoPersonalDataServer" || typeof serviceEndpoint !== "string") continue;
    try {
      const url = new URL(serviceEndpoint);
      if (url.protocol === "https:" || url.protocol === "http:") return url.origin;
    } catch {
      // A malformed endpoint names no PDS; the configured service is used instead.
    }
  }
  return null;
}
