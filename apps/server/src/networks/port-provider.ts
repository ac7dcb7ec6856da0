import type { PublishingNetwork, SocialPostRequest } from "@smm/domain/ports";
import type { NetworkProvider, OutgoingPost, ProviderConnection } from "./provider";

type PortCalls = Pick<
  NetworkProvider<unknown>,
  | "publish"
  | "findPublished"
  | "delete"
  | "edit"
  | "schedule"
  | "cancelScheduled"
  | "updateScheduled"
  | "comment"
>;

/**
 * A provider's calls made by an adapter written to the domain's SocialNetwork port (Meta's Graph adapters,
 * the sandbox), which find the brand's connection themselves: the connection tells them who, the post what.
 */
export function callsThroughPort(
  network: PublishingNetwork,
  urlOf: (connection: ProviderConnection<unknown>, externalId: string) => string | null = () => null,
): PortCalls {
  const toRequest = (connection: ProviderConnection<unknown>, post: OutgoingPost): SocialPostRequest => ({
    userId: connection.userId,
    brandId: connection.brandId,
    postId: post.postId,
    platform: connection.platform,
    content: post.content,
    imageUrl: post.images[0]?.url ?? null,
    format: post.format,
    media: post.media.map(({ read: _read, ...item }) => item),
    marker: post.marker,
    attemptAt: post.attemptAt,
  });
  const ref = (connection: ProviderConnection<unknown>) => ({
    userId: connection.userId,
    brandId: connection.brandId,
    platform: connection.platform,
  });
  return {
    async publish(connection, post) {
      const { externalId } = await network.publish(toRequest(connection, post));
      return { externalId, url: urlOf(connection, externalId), publishedAt: null };
    },
    async comment(connection, externalId, message) {
      return network.comment({ ...ref(connection), postId: "", externalId, message });
    },
    async findPublished(connection, lookup) {
      const copy = await network.findPublished({
        ...ref(connection),
        postId: lookup.postId,
        marker: lookup.marker,
        since: lookup.attemptAt,
      });
      return copy
        ? {
            externalId: copy.externalId,
            url: urlOf(connection, copy.externalId),
            publishedAt: copy.publishedAt,
          }
        : null;
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
  };
}
