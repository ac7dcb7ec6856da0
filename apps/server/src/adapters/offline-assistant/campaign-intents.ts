/*
 * The offline assistant's understanding of ad campaigns: "list my campaigns", "show my paused campaigns",
 * "pause campaign Spring launch", "resume the Spring launch campaign", "delete campaign Spring launch"
 * (which asks first; "yes, delete campaign Spring launch" does it). A campaign is named by the user: the
 * first step searches for it (listCampaigns), the next acts on the one found.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

export type CampaignDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

type Action = "pause" | "resume" | "delete";

const ACTION_WORDS: [Action, RegExp][] = [
  ["resume", /\b(?:resume|unpause|restart|re-?activate|turn on|start)\b/],
  ["pause", /\b(?:pause|stop|halt|turn off)\b/],
  ["delete", /\b(?:delete|remove)\b/],
];

/** The action and the campaign's name in "pause campaign X" / "pause the X campaign", or null. */
export function readCampaignAction(
  text: string,
): { action: Action; name: string; confirmed: boolean } | null {
  const lower = text.toLowerCase();
  if (!/\bcampaign\b/.test(lower) || /\b(?:plan|ideas?|posts?)\b/.test(lower)) return null;
  const action = ACTION_WORDS.find(([, words]) => words.test(lower))?.[0];
  if (!action) return null;
  const quoted = text.match(/["“'‘]([^"”'’]+)["”'’]/)?.[1];
  const after = text.match(/\bcampaign\s+(?:called\s+|named\s+)?(.+?)[.!?]*$/i)?.[1];
  const before = text.match(/\b(?:the|my)\s+(.+?)\s+campaign\b/i)?.[1];
  const name = (quoted ?? after ?? before ?? "").trim();
  if (!name) return null;
  return { action, name, confirmed: /^\s*(?:yes|yep|confirm|sure)\b/i.test(text) };
}

/** A campaigns request, or null when the message is about something else. */
export function decideCampaignTurn(text: string, tools: OfferedTools): CampaignDecision | null {
  const lower = text.toLowerCase();
  if (!/\bcampaigns?\b/.test(lower)) return null;
  const acting = readCampaignAction(text);
  if (acting) {
    if (!tools.has("listCampaigns"))
      return { kind: "say", text: "I can't manage ad campaigns in this version yet." };
    return { kind: "call", call: { toolName: "listCampaigns", input: { search: acting.name } } };
  }
  if (
    /\b(?:list|show|see|what are|which)\b.*\b(?:ad\s+)?campaigns\b/.test(lower) &&
    !/\bplan\b/.test(lower)
  ) {
    if (!tools.has("listCampaigns"))
      return { kind: "say", text: "I can't list ad campaigns in this version yet." };
    const status = /\bpaused\b/.test(lower)
      ? "paused"
      : /\bactive\b|\brunning\b/.test(lower)
        ? "active"
        : /\bpending\b|\bin review\b/.test(lower)
          ? "pending"
          : "all";
    return { kind: "call", call: { toolName: "listCampaigns", input: { status } } };
  }
  return null;
}

interface ListedCampaign {
  id: string;
  name: string;
  status: string;
}

/**
 * After listCampaigns ran for "pause campaign X": the call on the one campaign found, the question before
 * a delete, or why nothing was done. Null when the user asked only for the list.
 */
export function decideCampaignFollowUp(
  userText: string,
  toolName: ToolName,
  result: unknown,
  tools: OfferedTools,
): CampaignDecision | null {
  if (toolName !== "listCampaigns") return null;
  const acting = readCampaignAction(userText);
  if (!acting) return null;
  const found: ListedCampaign[] = (result as ToolOutput<"listCampaigns"> | null)?.campaigns ?? [];
  const exact = found.filter((campaign) => campaign.name.toLowerCase() === acting.name.toLowerCase());
  const matches = exact.length > 0 ? exact : found;
  if (matches.length === 0)
    return {
      kind: "say",
      text: `I couldn't find a campaign called “${acting.name}”. Say “list my campaigns” to see them.`,
    };
  if (matches.length > 1)
    return {
      kind: "say",
      text: `More than one campaign matches “${acting.name}”: ${matches.map((c) => `“${c.name}”`).join(", ")}. Which one?`,
    };
  const [campaign] = matches as [ListedCampaign];
  if (acting.action === "delete") {
    if (!acting.confirmed)
      return {
        kind: "say",
        text: `Are you sure you want to delete "${campaign.name}"? This action cannot be undone. Say “yes, delete campaign ${campaign.name}” to confirm.`,
      };
    if (!tools.has("deleteCampaign"))
      return { kind: "say", text: "I can't delete campaigns in this version yet." };
    return { kind: "call", call: { toolName: "deleteCampaign", input: { campaignId: campaign.id } } };
  }
  const status = acting.action === "pause" ? "PAUSED" : "ACTIVE";
  if (campaign.status === status)
    return {
      kind: "say",
      text: `“${campaign.name}” is already ${status === "PAUSED" ? "paused" : "running"}.`,
    };
  if (!tools.has("updateCampaign"))
    return { kind: "say", text: "I can't change campaigns in this version yet." };
  return { kind: "call", call: { toolName: "updateCampaign", input: { campaignId: campaign.id, status } } };
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * The reply after a campaigns tool. The result is read as its tool's declared output, so a renamed field
 * fails the type check instead of reading as missing.
 */
export function describeCampaignOutcome(toolName: ToolName, result: unknown): string | null {
  switch (toolName) {
    case "listCampaigns": {
      const { campaigns, account, source } = result as ToolOutput<"listCampaigns">;
      if (campaigns.length === 0)
        return "No campaigns yet. You can create one on the Campaigns page, or ask me to.";
      const lines = campaigns
        .slice(0, 10)
        .map(
          (c) =>
            `• ${c.name}: ${c.status.toLowerCase()}, ${money(c.insights.spend, account.currency)} spent, ${c.insights.clicks} clicks`,
        );
      const stored =
        source === "database" ? " (Facebook could not be reached: these are the last known numbers)" : "";
      return `Your campaigns${stored}:\n${lines.join("\n")}`;
    }
    case "updateCampaign": {
      const { status, name } = result as ToolOutput<"updateCampaign">;
      return status === "PAUSED"
        ? `I paused “${name}”. You can resume it on the Campaigns page.`
        : `“${name}” is ${status === "ACTIVE" ? "running again" : "updated"}. See it on the Campaigns page.`;
    }
    case "deleteCampaign":
      return `I deleted “${(result as ToolOutput<"deleteCampaign">).name}”.`;
    case "createCampaign":
      return `I created the campaign “${(result as ToolOutput<"createCampaign">).name}”. It is on the Campaigns page.`;
    case "createAdSet": {
      const { name } = result as ToolOutput<"createAdSet">;
      return `I created the ad set${name ? ` “${name}”` : ""}.`;
    }
    case "listAdAccounts": {
      const { accounts } = result as ToolOutput<"listAdAccounts">;
      return accounts.length === 0
        ? "No ad accounts were found."
        : `Your ad accounts: ${accounts.map((a) => `${a.name} (${a.currency}, ${a.statusText})`).join(", ")}.`;
    }
    default:
      return null;
  }
}
