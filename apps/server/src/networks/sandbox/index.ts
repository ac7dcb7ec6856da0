import { randomBytes } from "node:crypto";
import type { NetworkDescriptor } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import { isMetaPlatform, type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import { callsThroughPort } from "../port-provider";
import type { NetworkProvider, ProviderInbox } from "../provider";
import type { createSandboxNetwork } from "./sandbox-network";

export const SANDBOX_FACEBOOK_THROUGH_TAB =
  "The sandbox's Facebook page is connected from the Facebook tab, like a real page.";

/** The sandbox holds a post for any future time, on every network it stands in for. */
const HOLDS_ANY_TIME = { minLeadMinutes: 0, maxLeadDays: 36_500 };

/**
 * The embedded network (sandbox-network.ts beside this file keeps what it is sent in sandbox_posts): it stands in
 * for every network offline, with that network's own limits, so a newcomer tries the whole flow with
 * nothing configured. Its accounts are labelled "Sandbox" wherever they are shown.
 */
export function createSandboxProvider(options: {
  network: ReturnType<typeof createSandboxNetwork>;
  /** The real network's descriptor for a platform: the sandbox takes what it takes. */
  describeLive: (platform: PostPlatform) => NetworkDescriptor;
  /** Its comments (sandbox-inbox.ts): its audience writes under its posts, so the inbox works offline. */
  inbox: ProviderInbox<Record<string, never>>;
}): NetworkProvider<Record<string, never>> {
  return {
    id: "sandbox",
    label: "Sandbox",
    // Every network there is: the sandbox stands in for each offline.
    platforms: postPlatforms,
    describe(platform) {
      const live = options.describeLive(platform);
      // The live network's inbox, read by polling: the sandbox pushes nothing. None where the network has none.
      const inbox = live.capabilities.inbox ? { ...live.capabilities.inbox, collect: "poll" as const } : null;
      return {
        ...live,
        label: `${live.label} (sandbox)`,
        nativeScheduling: HOLDS_ANY_TIME,
        capabilities: { ...live.capabilities, inbox },
      };
    },
    connect: {
      available: () => true,
      async start({ platform }) {
        if (isMetaPlatform(platform)) throw new AppError("invalid_input", SANDBOX_FACEBOOK_THROUGH_TAB);
        const id = `sandbox-${platform}-${randomBytes(6).toString("hex")}`;
        const label = platformLabels[platform];
        return {
          kind: "connected",
          account: {
            externalAccountId: id,
            name: `Sandbox ${label} account`,
            handle: `@sandbox.${platform}`,
            pictureUrl: null,
            credentials: {},
            tokenExpiresAt: null,
            scopes: [],
            metadata: { handle: `@sandbox.${platform}`, host: "sandbox" },
          },
        };
      },
    },
    ...callsThroughPort(options.network),
    inbox: options.inbox,
    insights: options.network,
    ads: options.network,
  };
}
