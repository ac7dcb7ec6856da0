import { ACCOUNT_FIELDS, type GraphAdAccount } from "./meta-ads";
import { type GraphClient, readWholeGraphList } from "./meta-graph-client";

/** Page publishing and the linked Instagram account (contracts/meta-and-stripe.md sections 0-1). */
export const PAGE_SCOPES = [
  "pages_show_list",
  "pages_manage_posts",
  "pages_read_engagement",
  "read_insights",
  "instagram_basic",
  "instagram_content_publish",
  "business_management",
  // The inbox (contracts/meta-formats-and-inbox.md section 0): reading, answering and moderating comments,
  // and the Page's `feed` webhook.
  "pages_manage_engagement",
  "pages_read_user_content",
  "pages_manage_metadata",
  "instagram_manage_comments",
] as const;

/** The marketing dialog asks for the ads scopes. */
export const MARKETING_SCOPES = ["ads_management", "ads_read", "business_management"] as const;

/** 'Can manage posts' on the page picker: the user holds one of these tasks on the page. */
const PUBLISHING_TASKS = new Set(["MANAGE", "CREATE_CONTENT"]);

export interface MetaPage {
  id: string;
  name: string;
  category: string | null;
  pictureUrl: string | null;
  canManagePosts: boolean;
  /** Server-side only: stored encrypted with the brand, never sent to the browser. */
  accessToken: string;
}

export interface MetaAdAccount {
  /** act_{account_id}: the id Marketing API paths use. */
  id: string;
  accountId: string;
  name: string;
  currency: string;
  accountStatus: number;
  /** Minor units, as strings (Meta's shape). */
  balance: string | null;
  amountSpent: string | null;
  businessName: string | null;
}

export interface MetaUserToken {
  accessToken: string;
  expiresIn: number | null;
}

export interface MetaAccountsOptions {
  graph: GraphClient;
  /** https://www.facebook.com by default (META_DIALOG_URL). */
  dialogUrl: string;
  appId: string;
  appSecret: string;
}

export interface MetaAccounts {
  /** The login dialog the popup (or the callback screen) opens. */
  dialogUrl(input: { redirectUri: string; state: string; scopes: readonly string[] }): string;
  /** Code -> short-lived user token -> long-lived user token (about 60 days). */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<MetaUserToken>;
  listPages(userToken: string): Promise<MetaPage[]>;
  /** The page's linked Instagram business account id, or null. */
  readInstagramAccount(pageId: string, pageToken: string): Promise<string | null>;
  listAdAccounts(userToken: string): Promise<MetaAdAccount[]>;
  /** Who signed in ('Continue with Facebook'): the id and the e-mail Meta holds, when shared. */
  readProfile(userToken: string): Promise<{ id: string; name: string | null; email: string | null }>;
}

export function createMetaAccounts(options: MetaAccountsOptions): MetaAccounts {
  const { graph } = options;
  return {
    dialogUrl({ redirectUri, state, scopes }) {
      const url = new URL(`${options.dialogUrl.replace(/\/$/, "")}/${graph.version}/dialog/oauth`);
      url.searchParams.set("client_id", options.appId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", scopes.join(","));
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const short = await graph.once<{ access_token: string }>({
        method: "GET",
        path: "/oauth/access_token",
        params: {
          client_id: options.appId,
          client_secret: options.appSecret,
          redirect_uri: redirectUri,
          code,
        },
      });
      const long = await graph.call<{ access_token: string; expires_in?: number }>({
        method: "GET",
        path: "/oauth/access_token",
        params: {
          grant_type: "fb_exchange_token",
          client_id: options.appId,
          client_secret: options.appSecret,
          fb_exchange_token: short.access_token,
        },
      });
      return { accessToken: long.access_token, expiresIn: long.expires_in ?? null };
    },
    async listPages(userToken) {
      const pages = await readWholeGraphList<{
        id: string;
        name: string;
        access_token: string;
        category?: string;
        tasks?: string[];
        picture?: { data?: { url?: string } };
      }>(graph, {
        method: "GET",
        path: "/me/accounts",
        token: userToken,
        params: { fields: "id,name,access_token,category,category_list,tasks,picture{url}" },
      });
      return pages.map((page) => ({
        id: page.id,
        name: page.name,
        category: page.category ?? null,
        pictureUrl: page.picture?.data?.url ?? null,
        canManagePosts: (page.tasks ?? []).some((task) => PUBLISHING_TASKS.has(task)),
        accessToken: page.access_token,
      }));
    },
    async readInstagramAccount(pageId, pageToken) {
      const page = await graph.call<{ instagram_business_account?: { id: string } }>({
        method: "GET",
        path: `/${pageId}`,
        token: pageToken,
        params: { fields: "instagram_business_account" },
      });
      return page.instagram_business_account?.id ?? null;
    },
    async listAdAccounts(userToken) {
      const accounts = await readWholeGraphList<GraphAdAccount>(graph, {
        method: "GET",
        path: "/me/adaccounts",
        token: userToken,
        params: { fields: ACCOUNT_FIELDS },
      });
      return accounts.map((account) => ({
        id: account.id,
        accountId: account.account_id,
        name: account.name,
        currency: account.currency,
        accountStatus: account.account_status,
        balance: account.balance ?? null,
        amountSpent: account.amount_spent ?? null,
        businessName: account.business?.name ?? null,
      }));
    },
    async readProfile(userToken) {
      const me = await graph.call<{ id: string; name?: string; email?: string }>({
        method: "GET",
        path: "/me",
        token: userToken,
        params: { fields: "id,name,email" },
      });
      return { id: me.id, name: me.name ?? null, email: me.email ?? null };
    },
  };
}
