import type { ConnectionMetadata } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import type { ProviderAccount, ProviderTools } from "../provider";
import {
  baseOf,
  createLinkedInApi,
  type LinkedInApi,
  LostAnswerError,
  UNREACHABLE_MESSAGE,
} from "./linkedin-api";

/** What a LinkedIn connection keeps sealed: the member's token (60 days) and the author it posts as. */
export interface LinkedInCredentials {
  accessToken: string;
  /** urn:li:person:<sub>: the author of every post and the owner of every image. */
  personUrn: string;
}

export interface LinkedInConnectOptions {
  clientId: string | undefined;
  clientSecret: string | undefined;
  apiUrl: string;
  authUrl: string;
  fetch: typeof fetch;
  tools: ProviderTools;
}

/** Sign In with LinkedIn (OpenID Connect) and Share on LinkedIn: both self-serve products [doc]. */
export const LINKEDIN_SCOPES = "openid profile email w_member_social";
/** The page scope (Community Management API, granted on application): its pages are listed when given. */
const ORGANIZATION_SCOPE = "w_organization_social";
/** The roles that may post for a page [doc Posts]. */
const POSTING_ROLES = new Set([
  "ADMINISTRATOR",
  "DIRECT_SPONSORED_CONTENT_POSTER",
  "CONTENT_ADMINISTRATOR",
  "CONTENT_ADMIN",
]);

export const NOT_CONFIGURED_MESSAGE =
  "LinkedIn is not set up on this server (LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET).";
export const CONNECT_AGAIN_MESSAGE = "The LinkedIn connection could not be completed. Please connect again.";
export const refusedAuthorization = (reason: string | null) =>
  `LinkedIn did not accept the authorization${reason ? ` (${reason})` : ""}. Please connect again.`;

/** What `start` hands `complete` through the router (sealed there): nothing secret. */
const pendingSchema = z.object({ redirectUri: z.string(), scope: z.string() });
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
  scope: z.string().optional(),
});
const userinfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});
const aclsSchema = z.object({
  elements: z.array(
    z.object({
      role: z.string().optional(),
      state: z.string().optional(),
      organization: z.string().optional(),
      organizationalTarget: z.string().optional(),
      "organization~": z.object({ localizedName: z.string().optional() }).optional(),
      "organizationalTarget~": z.object({ localizedName: z.string().optional() }).optional(),
    }),
  ),
});

const unexpectedAnswer = () => new AppError("upstream_failed", "LinkedIn gave an unexpected answer.");

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw unexpectedAnswer();
  return result.data;
}

/** While connecting, an answer lost is a failed connect (nothing to settle). */
function settleLost(error: unknown): never {
  if (error instanceof LostAnswerError) throw new AppError("upstream_failed", UNREACHABLE_MESSAGE);
  throw error;
}

export const scopesOf = (scope: string) => scope.split(/[\s,]+/u).filter(Boolean);

export function isConfigured(options: Pick<LinkedInConnectOptions, "clientId" | "clientSecret">): boolean {
  return Boolean(options.clientId && options.clientSecret);
}

/** The consent page: the member allows posting on their profile and comes back with code & state. */
export function startLinkedIn(
  options: LinkedInConnectOptions,
  request: { state: string; redirectUri: string },
): { kind: "redirect"; url: string; pending: string } {
  if (!options.clientId || !isConfigured(options))
    throw new AppError("invalid_input", NOT_CONFIGURED_MESSAGE);
  // Spaces as %20 (not "+") in the scope, as LinkedIn's own examples write it.
  const query = [
    ["response_type", "code"],
    ["client_id", options.clientId],
    ["redirect_uri", request.redirectUri],
    ["state", request.state],
    ["scope", LINKEDIN_SCOPES],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? "")}`)
    .join("&");
  return {
    kind: "redirect",
    url: `${baseOf(options.authUrl)}/oauth/v2/authorization?${query}`,
    pending: JSON.stringify({ redirectUri: request.redirectUri, scope: LINKEDIN_SCOPES }),
  };
}

/**
 * The pages the member may post for (an approved posting role), with their names when LinkedIn gives them.
 * Only with the page scope; publishing stays as the member either way.
 */
export async function listOrganizations(
  api: LinkedInApi,
): Promise<NonNullable<ConnectionMetadata["organizations"]>> {
  const answer = await api.send({
    method: "GET",
    path: "/v2/organizationalEntityAcls?q=roleAssignee&state=APPROVED&count=100&projection=(elements*(*,organization~(localizedName)))",
  });
  const organizations = new Map<string, string | null>();
  for (const element of parse(aclsSchema, answer.body).elements) {
    const urn = element.organization ?? element.organizationalTarget;
    if (!urn?.startsWith("urn:li:organization:")) continue;
    if (element.state && element.state !== "APPROVED") continue;
    if (element.role && !POSTING_ROLES.has(element.role)) continue;
    const name =
      element["organization~"]?.localizedName ?? element["organizationalTarget~"]?.localizedName ?? null;
    organizations.set(urn, organizations.get(urn) ?? name);
  }
  return [...organizations].map(([urn, name]) => ({ urn, name }));
}

/** The code back from the consent page: exchanged for the token, then the member read with it. */
export async function completeLinkedIn(
  options: LinkedInConnectOptions,
  request: { code: string; pending: string; redirectUri: string },
): Promise<ProviderAccount<LinkedInCredentials>> {
  const { clientId, clientSecret } = options;
  if (!clientId || !clientSecret) throw new AppError("invalid_input", NOT_CONFIGURED_MESSAGE);
  let pending: z.infer<typeof pendingSchema>;
  try {
    pending = pendingSchema.parse(JSON.parse(request.pending));
  } catch {
    throw new AppError("invalid_input", CONNECT_AGAIN_MESSAGE);
  }
  // LinkedIn checks the exchange's redirect_uri against the one the consent page was opened with.
  if (pending.redirectUri !== request.redirectUri) throw new AppError("invalid_input", CONNECT_AGAIN_MESSAGE);

  const exchange = await createLinkedInApi({ apiUrl: options.apiUrl, fetch: options.fetch })
    .send({
      method: "POST",
      url: `${baseOf(options.authUrl)}/oauth/v2/accessToken`,
      form: new URLSearchParams({
        grant_type: "authorization_code",
        code: request.code,
        redirect_uri: request.redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
      accept: [400, 401],
    })
    .catch(settleLost);
  if (exchange.status !== 200) throw new AppError("upstream_failed", refusedAuthorization(exchange.error));
  const token = parse(tokenSchema, exchange.body);

  const api = createLinkedInApi({
    apiUrl: options.apiUrl,
    fetch: options.fetch,
    accessToken: token.access_token,
  });
  const member = parse(
    userinfoSchema,
    (await api.send({ method: "GET", path: "/v2/userinfo" }).catch(settleLost)).body,
  );
  const scopes = scopesOf(token.scope ?? pending.scope);

  const metadata: ConnectionMetadata = {};
  if (scopes.includes(ORGANIZATION_SCOPE)) {
    // The list is for later (posting as a page); a connect does not fail for it.
    const organizations = await listOrganizations(api).catch(() => null);
    if (organizations) metadata.organizations = organizations;
  }
  const name = member.name ?? ([member.given_name, member.family_name].filter(Boolean).join(" ") || null);
  const now = options.tools.now();
  return {
    externalAccountId: member.sub,
    name,
    handle: null,
    pictureUrl: member.picture ?? null,
    credentials: { accessToken: token.access_token, personUrn: `urn:li:person:${member.sub}` },
    tokenExpiresAt: token.expires_in ? new Date(now.getTime() + token.expires_in * 1000) : null,
    scopes,
    metadata,
  };
}
