import { AppError } from "@smm/domain/errors";
import type { ChannelConnectors, ConnectedAccount } from "@smm/domain/ports";
import { type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import type { TokenVault } from "../adapters/token-vault";
import type { ProviderAccount } from "./provider";
import type { AnyProvider, NetworkRegistry } from "./registry";

export const channelCannotConnect = (platform: PostPlatform) =>
  `${platformLabels[platform]} accounts cannot be connected on this server yet.`;

/**
 * Connecting channels through the registry: the network's own provider for a live account, the sandbox's
 * for its offline stand-in. Credentials and what an OAuth round trip carries are sealed here, so the domain
 * stores both without ever holding them in clear.
 */
export function createChannelConnectors(options: {
  registry: NetworkRegistry;
  vault: TokenVault;
  publicUrl: string;
}): ChannelConnectors {
  const { registry, vault } = options;

  const providerFor = (platform: PostPlatform, mode: "live" | "sandbox"): AnyProvider => {
    const provider = mode === "sandbox" ? registry.sandbox : registry.liveFor(platform);
    if (!provider?.connect?.available()) throw new AppError("invalid_input", channelCannotConnect(platform));
    return provider;
  };

  const seal = (provider: AnyProvider, platform: PostPlatform, account: ProviderAccount<unknown>) =>
    ({
      network: provider.id,
      platform,
      externalAccountId: account.externalAccountId,
      name: account.name,
      handle: account.handle,
      pictureUrl: account.pictureUrl,
      sealedCredentials: vault.seal(JSON.stringify(account.credentials)),
      tokenExpiresAt: account.tokenExpiresAt,
      scopes: account.scopes,
      metadata: { ...account.metadata, ...(account.handle ? { handle: account.handle } : {}) },
    }) satisfies ConnectedAccount;

  return {
    networks: () =>
      postPlatforms.map((platform) => (registry.liveFor(platform) ?? registry.sandbox).describe(platform)),
    canConnectLive(platform) {
      const live = registry.liveFor(platform);
      return Boolean(live?.connect?.available());
    },
    async connect(request) {
      const provider = providerFor(request.platform, request.mode);
      const connect = provider.connect as NonNullable<AnyProvider["connect"]>;
      const step = await connect.start({
        platform: request.platform,
        credentials: request.credentials,
        state: request.state,
        redirectUri: request.redirectUri,
      });
      if (step.kind === "connected")
        return { kind: "connected", account: seal(provider, request.platform, step.account) };
      return {
        kind: "redirect",
        url: step.url,
        sealedPending: vault.seal(step.pending),
        network: provider.id,
      };
    },
    async complete(request) {
      const provider = providerFor(request.platform, "live");
      if (!provider.connect?.complete)
        throw new AppError("invalid_input", channelCannotConnect(request.platform));
      let pending: string;
      try {
        pending = vault.open(request.sealedPending);
      } catch {
        throw new AppError(
          "invalid_input",
          "This connection attempt is no longer valid. Please start again.",
        );
      }
      const account = await provider.connect.complete({
        platform: request.platform,
        code: request.code,
        pending,
        redirectUri: request.redirectUri,
      });
      return seal(provider, request.platform, account);
    },
    redirectUri: (platform) => `${options.publicUrl}/auth/channels/${platform}/callback`,
  };
}
