/*
 * The offline assistant's understanding of the brand's Facebook connections: "is my page connected?",
 * "disconnect facebook", "disconnect my ad account", "connect my facebook page". The chat cannot open the
 * login popup, so connecting sends the user to /facebook-connect.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

export type ConnectionTurnDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

const FACEBOOK = String.raw`(?:facebook|fb|meta|instagram)(?:\s+page)?|(?:my|the)\s+page`;
const DISCONNECT_ADS = /\b(?:disconnect|remove|unlink)\b.*\bad(?:s|vertising)?\s*account\b/;
const DISCONNECT = new RegExp(
  String.raw`\b(?:disconnect|unlink)\b.*\b(?:${FACEBOOK})\b|\bremove\b.*\b(?:facebook|fb)\s+(?:page|connection)\b`,
);
const CONNECT = new RegExp(String.raw`\b(?:connect|link)\b.*\b(?:${FACEBOOK}|ad(?:s)?\s*account)\b`);
const STATUS = new RegExp(
  String.raw`\b(?:is|are)\b.*\b(?:${FACEBOOK}|ad\s*account)\b.*\bconnected\b|\bconnection(?:s)?\s+status\b|\bwhich page\b|\bam i connected\b`,
);

/** The decision for a connection request, or null when the message is about something else. */
export function decideConnectionTurn(lower: string, tools: OfferedTools): ConnectionTurnDecision | null {
  const cannot = (what: string) => ({ kind: "say" as const, text: `I can't ${what} in this version yet.` });
  if (STATUS.test(lower)) {
    if (!tools.has("getConnections")) return cannot("check your connections");
    return { kind: "call", call: { toolName: "getConnections", input: {} } };
  }
  if (DISCONNECT_ADS.test(lower)) {
    if (!tools.has("disconnectAdAccount")) return cannot("disconnect ad accounts");
    return { kind: "call", call: { toolName: "disconnectAdAccount", input: {} } };
  }
  if (DISCONNECT.test(lower)) {
    if (!tools.has("disconnectFacebook")) return cannot("disconnect Facebook");
    return { kind: "call", call: { toolName: "disconnectFacebook", input: {} } };
  }
  if (CONNECT.test(lower)) {
    if (!tools.has("navigateTo")) return cannot("open the connection page");
    return {
      kind: "call",
      call: {
        toolName: "navigateTo",
        input: { path: "/facebook-connect" },
        preface:
          "Connecting needs Facebook's login window, which I can't open from the chat. Opening Facebook Connect.",
      },
    };
  }
  return null;
}

function describeConnections(value: ToolOutput<"getConnections">): string {
  const page = value.page;
  if (!page) {
    return "No Facebook page is connected to this brand. Say “connect my Facebook page” to connect one.";
  }
  const where = page.network === "sandbox" ? " (Sandbox network: posts stay in the app)" : "";
  const expired =
    page.status === "expired"
      ? " Its connection has expired: please reconnect it in Settings > Facebook."
      : "";
  const instagram = page.instagramAccountId ? " Its Instagram business account is linked." : "";
  const ads = value.adAccount
    ? ` Ad account: ${value.adAccount.name ?? "connected"}${value.adAccount.currency ? ` (${value.adAccount.currency})` : ""}.`
    : " No ad account is connected.";
  return `Your page “${page.name ?? "Facebook page"}” is connected${where}.${expired}${instagram}${ads}`;
}

/** The reply once a connection tool has run, or null for other tools. */
export function describeConnectionOutcome(toolName: ToolName, result: unknown): string | null {
  switch (toolName) {
    case "getConnections":
      return describeConnections(result as ToolOutput<"getConnections">);
    case "disconnectFacebook":
      return "Your Facebook page, its Instagram account and the ad account are disconnected from this brand.";
    case "disconnectAdAccount":
      return "Your ad account is disconnected. The page stays connected.";
    case "connectFacebookPage":
      return (result as ToolOutput<"connectFacebookPage">).message || "Your Facebook page is connected.";
    case "selectAdAccount":
      return "Your ad account is connected.";
    default:
      return null;
  }
}
