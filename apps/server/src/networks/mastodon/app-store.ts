/** Our app as one Mastodon instance registered it (POST /api/v1/apps): the same for every account there. */
export interface MastodonApp {
  clientId: string;
  clientSecret: string;
}

/**
 * Where each instance's app registration is kept, keyed by the instance's host: registered once and reused,
 * since every registration is a new app the instance's admins see (and before 4.3 idle ones were purged).
 * `save` keeps the first registration of a host (two servers racing on a new instance): the provider reads
 * the stored one back after saving.
 */
export interface MastodonAppStore {
  find(host: string): Promise<MastodonApp | null>;
  save(host: string, app: MastodonApp): Promise<void>;
}

/** For tests and the offline server: registrations last as long as the process; the first one of a host stays. */
export function createMemoryMastodonAppStore(): MastodonAppStore & {
  readonly apps: Map<string, MastodonApp>;
} {
  const apps = new Map<string, MastodonApp>();
  return {
    apps,
    async find(host) {
      return apps.get(host) ?? null;
    },
    async save(host, app) {
      if (!apps.has(host)) apps.set(host, { ...app });
    },
  };
}
