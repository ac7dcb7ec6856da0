import { defineNetworkModule, optionalSetting, urlSetting } from "../network-module";
import type { NetworkProvider, ProviderTools } from "../provider";
import {
  completeThreadsConnect,
  DEFAULT_GRAPH_URL,
  startThreadsConnect,
  type ThreadsCredentials,
} from "./connect";
import { describeThreads } from "./descriptor";
import { createThreadsInbox } from "./inbox";
import { commentOnPost, deletePost, findPublishedPost, openSession, publishPost } from "./publishing";

export type { ThreadsCredentials } from "./connect";

export interface ThreadsProviderOptions {
  /** graph.threads.net (THREADS_GRAPH_URL), or the fake's address in tests. */
  graphUrl: string;
  /** The Threads app id and secret (THREADS_APP_ID, THREADS_APP_SECRET; the Meta app's Threads use case). */
  appId: string | undefined;
  appSecret: string | undefined;
  tools: ProviderTools;
}

/**
 * Threads (contracts/networks.md section 5): Meta's OAuth for a 60-day token renewed before it ends, posts
 * made as a container then published (images and videos by their public links, a carousel of up to 20), a
 * lost publish settled by the container's status and a lost attempt by the account's listing (text and
 * time: Threads keeps no marker of ours). The first comment is a reply container under the post.
 */
export function createThreadsProvider(options: ThreadsProviderOptions): NetworkProvider<ThreadsCredentials> {
  const connectOptions = {
    graphUrl: options.graphUrl,
    appId: options.appId,
    appSecret: options.appSecret,
    now: options.tools.now,
  };
  const publishing = { graphUrl: options.graphUrl, tools: options.tools };
  return {
    id: "threads",
    label: "Threads",
    platforms: ["threads"],
    describe: (platform) => describeThreads(platform),
    connect: {
      available: () => Boolean(options.appId && options.appSecret),
      start: async (request) => startThreadsConnect(connectOptions, request),
      complete: (request) => completeThreadsConnect(connectOptions, request),
    },
    publish: (connection, post) => publishPost(publishing, connection, post),
    findPublished: (connection, lookup) => findPublishedPost(publishing, connection, lookup),
    delete: (connection, externalId) => deletePost(publishing, connection, externalId),
    comment: (connection, externalId, message) => commentOnPost(publishing, connection, externalId, message),
    renew: async (connection) => {
      await openSession(publishing, connection);
    },
    inbox: createThreadsInbox(publishing),
  };
}

export const threadsModule = defineNetworkModule({
  id: "threads",
  env: {
    THREADS_APP_ID: optionalSetting,
    THREADS_APP_SECRET: optionalSetting,
    /** Where the Threads API is (the fake's address in tests; its consent page then too). */
    THREADS_GRAPH_URL: urlSetting(DEFAULT_GRAPH_URL),
  },
  create: ({ env, tools }) =>
    createThreadsProvider({
      graphUrl: env.THREADS_GRAPH_URL,
      appId: env.THREADS_APP_ID,
      appSecret: env.THREADS_APP_SECRET,
      tools,
    }),
});
