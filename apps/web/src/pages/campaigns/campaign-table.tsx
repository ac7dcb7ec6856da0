import {
  ChevronDownIcon,
  ChevronRightIcon,
  CopyIcon,
  EyeIcon,
  MoreHorizontalIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import { Fragment, useState } from "react";

import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type CampaignView, formatMoney } from "@/lib/campaigns";
import { CampaignStatusBadge, objectiveLabel } from "./campaign-status-badge";

export type CampaignAction = "toggle" | "adSet" | "details" | "edit" | "duplicate" | "delete";

const number = (value: number) => value.toLocaleString();
const percent = (value: number) => `${value.toFixed(2)}%`;

function RowActions({
  campaign,
  busy,
  onAction,
}: {
  campaign: CampaignView;
  busy: boolean;
  onAction: (a: CampaignAction) => void;
}) {
  const running = campaign.status === "ACTIVE";
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        size="icon"
        variant="ghost"
        disabled={busy || campaign.unconfirmed || !["ACTIVE", "PAUSED"].includes(campaign.status)}
        aria-label={running ? `Pause ${campaign.name}` : `Resume ${campaign.name}`}
        data-testid={running ? "campaign-pause" : "campaign-resume"}
        onClick={() => onAction("toggle")}
      >
        {running ? <PauseIcon /> : <PlayIcon />}
      </Button>
      <Button
        size="icon"
        variant="ghost"
        disabled={campaign.unconfirmed}
        aria-label={`Create ad set in ${campaign.name}`}
        data-testid="campaign-add-adset"
        onClick={() => onAction("adSet")}
      >
        <PlusIcon />
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`More actions for ${campaign.name}`}
            data-testid="campaign-menu"
          >
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onAction("details")}>
            <EyeIcon /> View Details
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction("edit")} disabled={campaign.unconfirmed}>
            <PencilIcon /> Edit Campaign
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction("duplicate")}>
            <CopyIcon /> Duplicate
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => onAction("delete")}
            data-testid="campaign-delete"
          >
            <Trash2Icon /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function AdSetRows({ campaign, currency }: { campaign: CampaignView; currency: string }) {
  if (campaign.adSets.length === 0)
    return <p className="px-4 py-3 text-sm text-muted-foreground">No ad sets yet.</p>;
  return (
    <ul className="divide-y" data-testid="adset-list">
      {campaign.adSets.map((set) => (
        <li
          key={set.id}
          className="grid grid-cols-2 gap-2 px-4 py-2 text-sm sm:grid-cols-6"
          data-testid="adset-row"
        >
          <span className="col-span-2 font-medium break-words">{set.name || "Unnamed ad set"}</span>
          <span className="text-muted-foreground">
            {set.optimizationGoal.replace(/_/g, " ").toLowerCase()}
          </span>
          <span>
            {formatMoney(set.dailyBudget ?? set.lifetimeBudget ?? 0, currency)}
            {set.dailyBudget ? "/day" : ""}
          </span>
          <span>
            <CampaignStatusBadge status={set.status} />
          </span>
          <span className="text-muted-foreground">
            {formatMoney(set.insights.spend, currency)} · {number(set.insights.impressions)} impr.
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The campaigns table (cards on a phone); rows expand to their ad sets. */
export function CampaignTable(props: {
  campaigns: CampaignView[];
  currency: string;
  busyId: string | null;
  onAction: (campaign: CampaignView, action: CampaignAction) => void;
}) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="overflow-hidden rounded-lg border bg-card" data-testid="campaign-table">
      <table className="w-full text-sm">
        <thead className="hidden border-b text-left text-xs text-muted-foreground md:table-header-group">
          <tr>
            <th className="w-10 px-2 py-2">
              <span className="sr-only">Expand</span>
            </th>
            <th className="px-2 py-2 font-medium">Campaign</th>
            <th className="px-2 py-2 font-medium">Status</th>
            <th className="px-2 py-2 text-right font-medium">Spend</th>
            <th className="px-2 py-2 text-right font-medium">Impressions</th>
            <th className="px-2 py-2 text-right font-medium">Clicks</th>
            <th className="px-2 py-2 text-right font-medium">CTR</th>
            <th className="px-2 py-2 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.campaigns.map((campaign) => {
            const expanded = open.has(campaign.id);
            return (
              <Fragment key={campaign.id}>
                <tr
                  className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start border-b md:table-row"
                  data-testid="campaign-row"
                  data-name={campaign.name}
                >
                  <td className="px-2 py-2 align-middle">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-label={`${expanded ? "Hide" : "Show"} ad sets of ${campaign.name}`}
                      data-testid="campaign-expand"
                      onClick={() => toggle(campaign.id)}
                    >
                      {expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
                    </Button>
                  </td>
                  <td className="min-w-0 px-2 py-2">
                    <p className="font-medium break-words">{campaign.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {objectiveLabel(campaign.objective)}
                      {campaign.unconfirmed ? " · waiting for the network to confirm" : ""}
                    </p>
                  </td>
                  <td className="px-2 py-2 md:align-middle">
                    <CampaignStatusBadge status={campaign.status} />
                  </td>
                  <td className="col-span-3 px-2 pb-1 text-xs text-muted-foreground md:hidden">
                    {formatMoney(campaign.insights.spend, props.currency)} ·{" "}
                    {number(campaign.insights.impressions)} impressions · {number(campaign.insights.clicks)}{" "}
                    clicks · {percent(campaign.insights.ctr)} CTR
                  </td>
                  <td
                    className="hidden px-2 py-2 text-right tabular-nums md:table-cell"
                    data-testid="campaign-spend"
                  >
                    {formatMoney(campaign.insights.spend, props.currency)}
                  </td>
                  <td className="hidden px-2 py-2 text-right tabular-nums md:table-cell">
                    {number(campaign.insights.impressions)}
                  </td>
                  <td className="hidden px-2 py-2 text-right tabular-nums md:table-cell">
                    {number(campaign.insights.clicks)}
                  </td>
                  <td className="hidden px-2 py-2 text-right tabular-nums md:table-cell">
                    {percent(campaign.insights.ctr)}
                  </td>
                  <td className="col-span-3 px-2 py-1 md:py-2">
                    <RowActions
                      campaign={campaign}
                      busy={props.busyId === campaign.id}
                      onAction={(action) => props.onAction(campaign, action)}
                    />
                  </td>
                </tr>
                {expanded ? (
                  <tr className="block border-b bg-muted/30 md:table-row">
                    <td colSpan={8} className="block md:table-cell">
                      <AdSetRows campaign={campaign} currency={props.currency} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
