import { randomBytes } from "node:crypto";
import type { NetworkDescriptor } from "@smm/domain/channels";
import { AppError } from "@smm/domain/errors";
import type { SocialPostRequest } from "@smm/domain/ports";
import { isMetaPlatform, type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import type { NetworkProvider, OutgoingPost, ProviderConnection } from "../provider";
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
}): NetworkProvider<Record<string, never>> {
  const { network } = options;
  const toRequest = (
    connection: ProviderConnection<Record<string, never>>,
    post: OutgoingPost,
  ): SocialPostRequest => ({
    userId: connection.userId,
    brandId: connection.brandId,
    postId: post.postId,
    platform: connection.platform,
    content: post.content,
    imageUrl: post.images[0]?.url ?? null,
    marker: post.marker,
  });
  const ref = (connection: ProviderConnection<Record<string, never>>) => ({
    userId: connection.userId,
    brandId: connection.brandId,
    platform: connection.platform,
  });
  return {
    id: "sandbox",
    label: "Sandbox",
    // Every network there is: the sandbox stands in for each offline.
    platforms: postPlatforms,
    describe(platform) {
      const live = options.describeLive(platform);
      return { ...live, label: `${live.label} (sandbox)`, nativeScheduling: HOLDS_ANY_TIME };
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
    async publish(connection, post) {
      const { externalId } = await network.publish(toRequest(connection, post));
      return { externalId, url: null, publishedAt: null };
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
    insights: network,
    ads: network,
  };
}
