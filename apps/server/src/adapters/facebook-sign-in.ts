import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { createGraphClient } from "../networks/meta/meta-graph-client";

/** The Meta app and the addresses 'Continue with Facebook' goes through: the same as page connections. */
export interface FacebookSignInSettings {
  appId: string;
  appSecret: string;
  /** META_GRAPH_URL: the token exchange and /me. */
  graphUrl: string;
  /** META_DIALOG_URL: the login dialog. */
  dialogUrl: string;
  /** META_GRAPH_VERSION. */
  version: string;
}

interface MetaProfile {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

/**
 * 'Continue with Facebook' as a better-auth OAuth provider with the id "facebook" (so /api/auth/sign-in/social
 * and /api/auth/callback/facebook stay what the screens use), built on the Meta app settings of the page
 * connections and on META_DIALOG_URL / META_GRAPH_URL, not on better-auth's built-in Facebook provider,
 * whose Graph and dialog hosts are fixed: the same sign-in then runs against the fake Graph server in tests
 * and in local development.
 *
 * Meta returns an e-mail only when it is the user's confirmed address, so it counts as verified: better-auth
 * then links the sign-in to an existing account with that address, and only if that account's own e-mail
 * was verified here too (requireLocalEmailVerified), so a stranger who registered the address first
 * without confirming it gets nothing.
 */
export function createFacebookSignIn(settings: FacebookSignInSettings): GenericOAuthConfig {
  const graph = createGraphClient({ graphUrl: settings.graphUrl, version: settings.version });
  return {
    providerId: "facebook",
    name: "Facebook",
    clientId: settings.appId,
    clientSecret: settings.appSecret,
    authorizationUrl: `${settings.dialogUrl.replace(/\/$/, "")}/${settings.version}/dialog/oauth`,
    scopes: ["email", "public_profile"],
    // Meta's login dialog takes no PKCE; the state parameter (and its cookie) is the CSRF guard.
    pkce: false,
    authorizationUrlParams: { response_type: "code" },
    async getToken({ code, redirectURI }) {
      const answer = await graph.call<{ access_token: string; token_type?: string; expires_in?: number }>({
        method: "GET",
        path: "/oauth/access_token",
        params: {
          client_id: settings.appId,
          client_secret: settings.appSecret,
          redirect_uri: redirectURI,
          code,
        },
      });
      return {
        accessToken: answer.access_token,
        tokenType: answer.token_type ?? "bearer",
        ...(answer.expires_in
          ? { accessTokenExpiresAt: new Date(Date.now() + answer.expires_in * 1000) }
          : {}),
      };
    },
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const profile = await graph
        .call<MetaProfile>({
          method: "GET",
          path: "/me",
          token: tokens.accessToken,
          params: { fields: "id,name,email,picture" },
        })
        .catch(() => null);
      if (!profile?.id) return null;
      return {
        id: profile.id,
        name: profile.name ?? profile.email ?? "Facebook user",
        email: profile.email ?? null,
        ...(profile.picture?.data?.url ? { image: profile.picture.data.url } : {}),
        emailVerified: Boolean(profile.email),
      };
    },
  };
}
