import { z } from "zod";
import { safeText } from "../text";
import { SELECT_AD_ACCOUNT, SELECT_PAGE } from "./messages";

export const connectionFlows = ["page", "ads"] as const;

export const startFacebookConnectionInput = z.object({
  /** "page" connects a page (and its Instagram account); "ads" an ad account, after a page. */
  flow: z.enum(connectionFlows).default("page"),
});
export type StartFacebookConnectionInput = z.infer<typeof startFacebookConnectionInput>;

export const exchangeFacebookCodeInput = z.object({
  code: safeText().trim().min(1).max(2000),
  state: safeText().trim().min(1).max(200),
});
export type ExchangeFacebookCodeInput = z.infer<typeof exchangeFacebookCodeInput>;

export const connectFacebookPageInput = z.object({
  pageId: safeText({ error: SELECT_PAGE }).trim().min(1, SELECT_PAGE).max(100),
});
export type ConnectFacebookPageInput = z.infer<typeof connectFacebookPageInput>;

export const selectAdAccountInput = z.object({
  adAccountId: safeText({ error: SELECT_AD_ACCOUNT }).trim().min(1, SELECT_AD_ACCOUNT).max(100),
});
export type SelectAdAccountInput = z.infer<typeof selectAdAccountInput>;

/** A page offered by the picker: no token, ever. */
export const pageChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  canManagePosts: z.boolean(),
});
export type PageChoice = z.infer<typeof pageChoiceSchema>;

export const adAccountChoiceSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  currency: z.string(),
  accountStatus: z.number(),
  statusText: z.string(),
  balance: z.string().nullable(),
  amountSpent: z.string().nullable(),
  businessName: z.string().nullable(),
});
export type AdAccountChoice = z.infer<typeof adAccountChoiceSchema>;

export const exchangeResultSchema = z
  .object({
    success: z.literal(true),
    flow: z.enum(connectionFlows),
    network: z.enum(["meta", "sandbox"]),
    profile: z.object({ id: z.string(), name: z.string().nullable() }),
    pages: z.array(pageChoiceSchema),
    adAccounts: z.array(adAccountChoiceSchema),
    message: z.string(),
  })
  .meta({
    id: "ConnectionExchange",
    description: "What the user picks from: pages, or ad accounts; no token.",
  });
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

/** What the browser may know of a brand's connections: state, names, picture, currency. */
export const connectionsViewSchema = z
  .object({
    /** Where new connections go right now. */
    available: z.enum(["meta", "sandbox"]),
    page: z
      .object({
        id: z.string(),
        name: z.string().nullable(),
        pictureUrl: z.string().nullable(),
        category: z.string().nullable(),
        network: z.enum(["meta", "sandbox"]),
        status: z.enum(["connected", "expired"]),
        instagramAccountId: z.string().nullable(),
      })
      .nullable(),
    adAccount: z
      .object({
        id: z.string(),
        accountId: z.string(),
        name: z.string().nullable(),
        currency: z.string().nullable(),
        statusText: z.string(),
        network: z.enum(["meta", "sandbox"]),
        /** "expired" once Meta refused the ad account's token (code 190): campaigns need a reconnection. */
        status: z.enum(["connected", "expired"]),
      })
      .nullable(),
  })
  .meta({ id: "Connections" });
export type ConnectionsView = z.infer<typeof connectionsViewSchema>;

/** A page just connected: the brand's connections now, and the spec's confirmation. */
export const connectedPageSchema = connectionsViewSchema
  .extend({ message: z.string() })
  .meta({ id: "ConnectedPage" });
export type ConnectedPage = z.infer<typeof connectedPageSchema>;

/** The login dialog to open in a popup, and the network it belongs to. */
export const connectionStartSchema = z
  .object({ url: z.string(), network: z.enum(["meta", "sandbox"]) })
  .meta({ id: "ConnectionStart" });
export type ConnectionStart = z.infer<typeof connectionStartSchema>;
