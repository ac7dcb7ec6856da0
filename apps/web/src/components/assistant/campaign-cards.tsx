import { useQueryClient } from "@tanstack/react-query";
import { MegaphoneIcon } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import type { ToolPart } from "@/components/assistant/chat-part";
import { formatMoney } from "@/lib/campaigns";
import { cn } from "@/lib/utils";

/* The campaign tools in the chat: the campaigns found (name, status, spend) or the one changed, linked to
 * the Campaigns page, never their JSON. */

const STATUS_WORDS: Record<string, string> = { ACTIVE: "active", PAUSED: "paused", DELETED: "deleted" };

function CampaignLink() {
  return (
    <Link to="/campaigns" className="underline underline-offset-2">
      Open Campaigns
    </Link>
  );
}

/**
 * A campaign the chat changed is re-read wherever a screen shows campaigns (the Campaigns page may be open
 * beside the assistant); campaigns have no live event of their own.
 */
function RefreshCampaigns() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === "brand" && query.queryKey[2] === "campaigns",
    });
  }, [queryClient]);
  return null;
}

/** The card of a finished campaign tool, or null for any other part. */
export function campaignCard(part: ToolPart) {
  if (part.state !== "output-available") return null;
  if (part.type === "tool-listCampaigns") {
    const { campaigns, account } = part.output;
    return (
      <div className={cn(cardClass, "space-y-2")} data-testid="assistant-campaigns-card">
        <p className="flex items-center gap-2 font-medium">
          <MegaphoneIcon className="size-4 text-primary" aria-hidden="true" />
          {campaigns.length === 0
            ? "No campaigns"
            : `${campaigns.length} campaign${campaigns.length === 1 ? "" : "s"} · ${account.name}`}
        </p>
        <ul className="space-y-1">
          {campaigns.slice(0, 5).map((campaign) => (
            <li key={campaign.id} className="flex justify-between gap-2 text-muted-foreground">
              <span className="min-w-0 truncate" title={campaign.name}>
                {campaign.name}
              </span>
              <span className="shrink-0">
                {STATUS_WORDS[campaign.status] ?? campaign.status.toLowerCase()} ·{" "}
                {formatMoney(campaign.insights.spend, account.currency)}
              </span>
            </li>
          ))}
        </ul>
        <CampaignLink />
      </div>
    );
  }
  const changed =
    part.type === "tool-updateCampaign" || part.type === "tool-createCampaign"
      ? `${part.output.name}: ${STATUS_WORDS[part.output.status] ?? part.output.status.toLowerCase()}`
      : part.type === "tool-deleteCampaign"
        ? `${part.output.name}: deleted`
        : part.type === "tool-createAdSet"
          ? `Ad set ${part.output.name || "created"}`
          : null;
  if (changed === null) return null;
  return (
    <div className={cn(cardClass, "flex items-start gap-2")} data-testid="assistant-campaign-card">
      <RefreshCampaigns />
      <MegaphoneIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{changed}</span>
        <CampaignLink />
      </span>
    </div>
  );
}
