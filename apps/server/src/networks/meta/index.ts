import type { PostInsightsSource } from "@smm/domain/agent";
import type { PageInsightsSource } from "@smm/domain/analytics";
import type { AdsNetwork } from "@smm/domain/campaigns";
import type { SocialNetwork, SocialPostRequest } from "@smm/domain/ports";
import { isMetaPlatform } from "@smm/domain/posts";
import type { NetworkProvider, OutgoingPost, ProviderConnection } from "../provider";
import { metaDescriptors } from "./descriptors";

/**
 * Facebook pages and their Instagram accounts through the Graph API. The Graph adapters beside this file (meta-*.ts)
 * load the page connection themselves; this provider is their face in the registry, and declares the two
 * capabilities only Meta has here: page insights and the ad account.
 */
export function createMetaProvider(parts: {
  network: SocialNetwork;
  insights: Partial<PostInsightsSource> & PageInsightsSource;
  ads: AdsNetwork;
}): NetworkProvider<null> {
  const { network } = parts;
  const toRequest = (connection: ProviderConnection<null>, post: OutgoingPost): SocialPostRequest => ({
    userId: connection.userId,
    brandId: connection.brandId,
    postId: post.postId,
    platform: connection.platform,
    content: post.content,
    imageUrl: post.images[0]?.url ?? null,
    marker: post.marker,
    attemptAt: post.attemptAt,
  });
  const ref = (connection: ProviderConnection<null>) => ({
    userId: connection.userId,
    brandId: connection.brandId,
    platform: connection.platform,
  });
  return {
    id: "meta",
    label: "Meta",
    platforms: ["facebook", "instagram"],
    describe(platform) {
      if (!isMetaPlatform(platform)) throw new Error(`Meta does not publish to ${platform}`);
      return metaDescriptors[platform];
    },
    async publish(connection, post) {
      const { externalId } = await network.publish(toRequest(connection, post));
      return {
        externalId,
        url: connection.platform === "facebook" ? `https://www.facebook.com/${externalId}` : null,
        publishedAt: null,
      };
    },
    async findPublished(connection, lookup) {
      const copy = await network.findPublished({
        ...ref(connection),
        postId: lookup.postId,
        marker: lookup.marker,
        since: lookup.attemptAt,
      });
      return copy ? { externalId: copy.externalId, url: null, publishedAt: copy.publishedAt } : null;
    },
    async delete(connection, externalId) {
      await network.cancel({ ...ref(connection), externalId });
    },
    async edit(connection, externalId, post) {
      await network.update({ ...toRequest(connection, post), externalId });
    },
    async schedule(connection, post, at) {
      const { externalId } = await network.schedule({ ...toRequest(connection, post), scheduledDate: at });
      return externalId ? { externalId } : null;
    },
    async cancelScheduled(connection, externalId) {
      await network.cancel({ ...ref(connection), externalId });
    },
    async updateScheduled(connection, externalId, post, at) {
      await network.update({ ...toRequest(connection, post), externalId, scheduledDate: at });
    },
    insights: parts.insights,
    ads: parts.ads,
  };
}
