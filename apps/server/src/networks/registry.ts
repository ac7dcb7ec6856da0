import type { SocialNetworkKind } from "@smm/domain/ports";
import type { PostPlatform } from "@smm/domain/posts";
import type { NetworkProvider } from "./provider";

// biome-ignore lint/suspicious/noExplicitAny: each provider has its own credentials; the router opens them
export type AnyProvider = NetworkProvider<any>;

export interface NetworkRegistry {
  /** The provider a connection was made with (its `network`); unknown ids are a programming error. */
  get(id: SocialNetworkKind): AnyProvider;
  /** The real network that publishes to a platform (not the sandbox), for its descriptor and Connect. */
  liveFor(platform: PostPlatform): AnyProvider | null;
  readonly sandbox: AnyProvider;
  readonly providers: readonly AnyProvider[];
}

/** One list of providers, keyed by id. The sandbox is one of them and serves every platform. */
export function createNetworkRegistry(sandbox: AnyProvider, live: readonly AnyProvider[]): NetworkRegistry {
  const byId = new Map<SocialNetworkKind, AnyProvider>([[sandbox.id, sandbox]]);
  for (const provider of live) {
    if (byId.has(provider.id)) throw new Error(`Two network providers are registered as "${provider.id}"`);
    byId.set(provider.id, provider);
  }
  return {
    get(id) {
      const provider = byId.get(id);
      if (!provider) throw new Error(`No network provider is registered as "${id}"`);
      return provider;
    },
    liveFor: (platform) => live.find((provider) => provider.platforms.includes(platform)) ?? null,
    sandbox,
    providers: [sandbox, ...live],
  };
}
