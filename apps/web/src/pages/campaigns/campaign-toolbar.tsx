import { SearchIcon } from "lucide-react";

import { Input } from "@/components/ui/input";
import type { CampaignFilters, CampaignStatusFilter, InsightRange } from "@/lib/campaigns";

const selectClass =
  "h-10 rounded-md border bg-card px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Search, status filter (pending = review or billing) and the insights' date range. */
export function CampaignToolbar({
  filters,
  onChange,
}: {
  filters: CampaignFilters;
  onChange: (next: CampaignFilters) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="campaign-toolbar">
      <div className="relative min-w-48 flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search campaigns"
          placeholder="Search campaigns"
          className="pl-9"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          data-testid="campaign-search"
        />
      </div>
      <select
        aria-label="Status"
        className={selectClass}
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as CampaignStatusFilter })}
        data-testid="campaign-status-filter"
      >
        <option value="all">All</option>
        <option value="active">Active</option>
        <option value="paused">Paused</option>
        <option value="pending">Pending Review</option>
      </select>
      <select
        aria-label="Date range"
        className={selectClass}
        value={filters.range}
        onChange={(event) => onChange({ ...filters, range: event.target.value as InsightRange })}
        data-testid="campaign-range"
      >
        <option value="today">Today</option>
        <option value="7d">Last 7 days</option>
        <option value="30d">Last 30 days</option>
        <option value="90d">Last 90 days</option>
      </select>
    </div>
  );
}
