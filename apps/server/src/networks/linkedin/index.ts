import { defineNetworkModule, optionalSetting, urlSetting } from "../network-module";
import type { NetworkProvider, ProviderTools } from "../provider";
import { completeLinkedIn, isConfigured, type LinkedInCredentials, startLinkedIn } from "./connect";
import { describeLinkedIn } from "./descriptor";
import { createLinkedInPublishing } from "./publishing";

export type { LinkedInCredentials } from "./connect";
export { LINKEDIN_SCOPES, listOrganizations } from "./connect";
export { CONNECT_ASK, CONNECT_HELP, describeLinkedIn } from "./descriptor";
export {
  LINKEDIN_VERSION,
  RATE_LIMIT_RETRY_MS,
  TOKEN_EXPIRED_MESSAGE,
  VERSION_RETIRED_MESSAGE,
} from "./linkedin-api";
export { escapeLittleText } from "./little-text";
export { UNCONFIRMED_MESSAGE } from "./publishing";

export interface LinkedInProviderOptions {
  /** The app's client id and secret (LinkedIn Developer Portal); without both, nobody can connect. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** api.linkedin.com: userinfo, organizationalEntityAcls and /rest (images, posts). */
  apiUrl: string;
  /** www.linkedin.com: the consent page, the code exchange and the posts' pages. */
  authUrl: string;
  tools: ProviderTools;
  /** The fixed LinkedIn hosts are called with the global fetch (tests may wrap it). */
  fetch?: typeof fetch;
}

/**
 * LinkedIn member posts (contracts/networks.md section 4): connected by OAuth (a 60-day token, no refresh
 * for non-partners), published to the member's profile as little text with up to 20 images. No
 * idempotency and no way to read the member's posts back, so a lost answer is shown Unconfirmed.
 */
export function createLinkedInProvider(
  options: LinkedInProviderOptions,
): NetworkProvider<LinkedInCredentials> {
  const fetchVia = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const settings = {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiUrl: options.apiUrl,
    authUrl: options.authUrl,
    fetch: fetchVia,
    tools: options.tools,
  };
  const publishing = createLinkedInPublishing(settings);
  return {
    id: "linkedin",
    label: "LinkedIn",
    platforms: ["linkedin"],
    describe: (platform) => describeLinkedIn(platform),
    connect: {
      available: () => isConfigured(settings),
      start: async (request) => startLinkedIn(settings, request),
      complete: (request) => completeLinkedIn(settings, request),
    },
    publish: publishing.publish,
    findPublished: () => publishing.findPublished(),
    delete: publishing.delete,
    edit: publishing.edit,
  };
}

export const linkedinModule = defineNetworkModule({
  id: "linkedin",
  env: {
    /** The app's credentials from the LinkedIn Developer Portal (Sign In with LinkedIn + Share on LinkedIn). */
    LINKEDIN_CLIENT_ID: optionalSetting,
    LINKEDIN_CLIENT_SECRET: optionalSetting,
    /** api.linkedin.com (the tests' fake). */
    LINKEDIN_API_URL: urlSetting("https://api.linkedin.com"),
    /** www.linkedin.com: the consent page and the token exchange (the tests' fake). */
    LINKEDIN_AUTH_URL: urlSetting("https://www.linkedin.com"),
  },
  create: ({ env, tools }) =>
    createLinkedInProvider({
      clientId: env.LINKEDIN_CLIENT_ID,
      clientSecret: env.LINKEDIN_CLIENT_SECRET,
      apiUrl: env.LINKEDIN_API_URL,
      authUrl: env.LINKEDIN_AUTH_URL,
      tools,
    }),
});
