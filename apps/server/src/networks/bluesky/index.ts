import { defineNetworkModule, urlSetting } from "../network-module";
import type { NetworkProvider, ProviderTools } from "../provider";
import { connectBluesky } from "./connect";
import type { BlueskyCredentials } from "./credentials";
import { describeBluesky } from "./descriptor";
import { createBlueskyInbox } from "./inbox";
import { commentOnPost, deletePost, findPublishedPost, publishPost } from "./publishing";
import { DEFAULT_VIDEO_SERVICE_URL } from "./video";

export type { BlueskyCredentials } from "./credentials";
export { recordKeyOf } from "./record-key";

export interface BlueskyProviderOptions {
  /** Where sessions are made (BLUESKY_SERVICE_URL, https://bsky.social by default). */
  serviceUrl: string;
  /** Where videos are uploaded and processed (BLUESKY_VIDEO_SERVICE_URL, https://video.bsky.app by default). */
  videoServiceUrl?: string;
  tools: ProviderTools;
}

/**
 * Bluesky (contracts/networks.md section 1): connected with an app password, published with a record key
 * of our own so a lost answer is settled by looking the key up. Up to 4 images with their alt text, or one
 * video through the video service; the first comment is the first reply, under a key of its own too.
 */
export function createBlueskyProvider(input: BlueskyProviderOptions): NetworkProvider<BlueskyCredentials> {
  const options = { ...input, videoServiceUrl: input.videoServiceUrl ?? DEFAULT_VIDEO_SERVICE_URL };
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
    comment: (connection, externalId, message) => commentOnPost(options, connection, externalId, message),
    inbox: createBlueskyInbox(options),
  };
}

export const blueskyModule = defineNetworkModule({
  id: "bluesky",
  env: {
    /** Where Bluesky accounts sign in (the public service; a self-hosted PDS or the tests' fake). */
    BLUESKY_SERVICE_URL: urlSetting("https://bsky.social"),
    /** Where videos are uploaded and processed before a post embeds them (the tests' fake). */
    BLUESKY_VIDEO_SERVICE_URL: urlSetting(DEFAULT_VIDEO_SERVICE_URL),
  },
  create: ({ env, tools }) =>
    createBlueskyProvider({
      serviceUrl: env.BLUESKY_SERVICE_URL,
      videoServiceUrl: env.BLUESKY_VIDEO_SERVICE_URL,
      tools,
    }),
});
