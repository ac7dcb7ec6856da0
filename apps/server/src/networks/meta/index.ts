import type { PostInsightsSource } from "@smm/domain/agent";
import type { PageInsightsSource } from "@smm/domain/analytics";
import type { AdsNetwork } from "@smm/domain/campaigns";
import type { PublishingNetwork } from "@smm/domain/ports";
import { isMetaPlatform } from "@smm/domain/posts";
import { callsThroughPort } from "../port-provider";
import type { NetworkProvider, ProviderConnection, ProviderInbox } from "../provider";
import { metaDescriptors } from "./descriptors";

const urlOf = (connection: ProviderConnection<unknown>, externalId: string) =>
  connection.platform === "facebook" ? `https://www.facebook.com/${externalId}` : null;

/**
 * Facebook pages and their Instagram accounts through the Graph API. The Graph adapters beside this file (meta-*.ts)
 * load the page connection themselves; this provider is their face in the registry, and declares the two
 * capabilities only Meta has here: page insights and the ad account; and the inbox (meta-inbox.ts), whose
 * comments the webhook (routes/meta-webhooks.ts) brings in as they are written.
 */
export function createMetaProvider(parts: {
  network: PublishingNetwork;
  insights: Partial<PostInsightsSource> & PageInsightsSource;
  ads: AdsNetwork;
  inbox?: ProviderInbox<null>;
}): NetworkProvider<null> {
  return {
    id: "meta",
    label: "Meta",
    platforms: ["facebook", "instagram"],
    describe(platform) {
      if (!isMetaPlatform(platform)) throw new Error(`Meta does not publish to ${platform}`);
      return metaDescriptors[platform];
    },
    ...callsThroughPort(parts.network, urlOf),
    insights: parts.insights,
    ads: parts.ads,
    ...(parts.inbox ? { inbox: parts.inbox } : {}),
  };
}
