import { defineNetworkModule, urlSetting } from "../network-module";
import type { NetworkProvider, ProviderTools } from "../provider";
import { connectBluesky } from "./connect";
import type { BlueskyCredentials } from "./credentials";
import { describeBluesky } from "./descriptor";
import { deletePost, findPublishedPost, publishPost } from "./publishing";

export type { BlueskyCredentials } from "./credentials";
export { recordKeyOf } from "./record-key";

export interface BlueskyProviderOptions {
  /** Where sessions are made (BLUESKY_SERVICE_URL, https://bsky.social by default). */
  serviceUrl: string;
  tools: ProviderTools;
}

/**
 * Bluesky (contracts/networks.md section 1): connected with an app password, published with a record key
 * of our own so a lost answer is settled by looking the key up.
 */
export function createBlueskyProvider(options: BlueskyProviderOptions): NetworkProvider<BlueskyCredentials> {
  return {
    id: "bluesky",
    label: "Bluesky",
    platforms: ["bluesky"],
    describe: (platform) => describeBluesky(platform),
    connect: {
      available: () => true,
      start: async (request) => ({
        kind: "connected",
        account: await connectBluesky(options, request.credentials),
      }),
    },
    publish: (connection, post) => publishPost(options, connection, post),
    findPublished: (connection, lookup) => findPublishedPost(options, connection, lookup),
    delete: (connection, externalId) => deletePost(options, connection, externalId),
  };
}

export const blueskyModule = defineNetworkModule({
  id: "bluesky",
  env: {
    /** Where Bluesky accounts sign in (the public service; a self-hosted PDS or the tests' fake). */
    BLUESKY_SERVICE_URL: urlSetting("https://bsky.social"),
  },
  create: ({ env, tools }) => createBlueskyProvider({ serviceUrl: env.BLUESKY_SERVICE_URL, tools }),
});
