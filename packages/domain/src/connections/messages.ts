/** The connection texts of connections.md section 8, verbatim. */
export const PLEASE_LOG_IN = "Please log in first";
export const AUTH_FAILED = "Facebook authentication failed";
export const MARKETING_AUTH_FAILED = "Facebook marketing authentication failed";
export const MISSING_CODE_OR_STATE = "Missing authorization code or state parameter";
export const ALREADY_PROCESSED =
  "This authorization has already been processed. Please try connecting again.";
export const AUTHORIZATION_EXPIRED = "The authorization has expired. Please try connecting again.";
export const SELECT_PAGE = "Please select a Facebook page";
export const PAGE_NOT_FOUND = "Selected page not found";
export const SELECT_AD_ACCOUNT = "Please select an ad account";
export const AD_ACCOUNT_NOT_FOUND = "Selected ad account not found";
export const CONNECT_PAGE_FIRST = "Please connect your Facebook page first";
export const TOKEN_EXCHANGE_FAILED = "Failed to exchange token";
export const NO_PAGES_FOUND = "No Facebook pages were found for this account.";
/** Told when Meta answers code 190 (the notification and the post's failure). */
export const CONNECTION_EXPIRED =
  "Your Facebook connection has expired. Please reconnect your page in Settings.";
/** Told when Meta answers code 190 to the ad account's token (campaigns): that token is its own. */
export const AD_ACCOUNT_CONNECTION_EXPIRED =
  "Your ad account connection has expired. Please reconnect your ad account in Settings.";

export const connectedPageMessage = (name: string) => `Successfully connected to Facebook page: ${name}`;
export const foundPagesMessage = (count: number) =>
  `Facebook connected! Found ${count} page(s). Please select a page to connect.`;

/** Ad account status texts (connections.md section 4). */
export function describeAdAccountStatus(code: number): string {
  const texts: Record<number, string> = {
    1: "Active",
    2: "Disabled",
    3: "Unsettled",
    7: "Pending Review",
    9: "In Grace Period",
    101: "Pending Closure",
    201: "Any Active",
    202: "Any Closed",
  };
  return texts[code] ?? "Unknown";
}

/** A round trip to the dialog is good for this long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
