import { type PostPlatform, platformLabels } from "@smm/domain/web";
import { Loader2Icon, SearchIcon } from "lucide-react";
import { useId } from "react";

import { NetworkIcon } from "@/components/network-icon";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { STATUS_TABS } from "@/lib/inbox-logic";
import { cn } from "@/lib/utils";

import type { InboxPageState } from "./use-inbox-page";

/** Needs reply / Done / All as one segmented control (a filter of the list below, not separate pages). */
function StatusFilter({ page }: { page: InboxPageState }) {
  return (
    <fieldset
      className="inline-flex h-10 shrink-0 items-center rounded-lg bg-muted p-1 text-muted-foreground"
      data-testid="inbox-status-filter"
    >
      <legend className="sr-only">Show</legend>
      {STATUS_TABS.map((tab) => (
        <button
          key={tab.value}
          type="button"
          aria-pressed={page.filters.status === tab.value}
          onClick={() => page.setStatus(tab.value)}
          className={cn(
            "inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            page.filters.status === tab.value
              ? "bg-background text-foreground shadow-sm"
              : "hover:text-foreground",
          )}
          data-testid={`inbox-status-${tab.value}`}
        >
          {tab.label}
        </button>
      ))}
    </fieldset>
  );
}

function NetworkFilter({ page }: { page: InboxPageState }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="sr-only">
        Network
      </Label>
      <Select
        value={page.filters.platform}
        onValueChange={(value) => page.setPlatform(value as PostPlatform | "all")}
      >
        <SelectTrigger id={id} className="w-36 sm:w-44" data-testid="inbox-network">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All networks</SelectItem>
          {page.networks.map((platform) => (
            <SelectItem key={platform} value={platform}>
              <NetworkIcon platform={platform} />
              {platformLabels[platform]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The inbox's header: the filters (status, network, words) and how many comments are unread. */
export function InboxToolbar({ page }: { page: InboxPageState }) {
  const searchId = useId();
  return (
    <div
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3"
      data-testid="inbox-toolbar"
    >
      <StatusFilter page={page} />
      <span
        className="order-2 ml-auto text-sm whitespace-nowrap text-muted-foreground tabular-nums lg:order-3 lg:ml-0"
        data-testid="inbox-unread-count"
        aria-live="polite"
      >
        {page.unread !== null && (
          <>
            <span className="font-medium text-foreground">{page.unread}</span> unread
          </>
        )}
      </span>
      <div className="order-3 flex w-full min-w-0 gap-3 lg:order-2 lg:w-auto lg:flex-1">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor={searchId} className="sr-only">
            Search comments, authors and posts
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search…"
            value={page.filters.query}
            onChange={(event) => page.setQuery(event.target.value)}
            className="h-10 pr-9 pl-9"
            data-testid="inbox-search"
          />
          {page.searching && (
            <Loader2Icon
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-label="Searching"
            />
          )}
        </div>
        <NetworkFilter page={page} />
      </div>
    </div>
  );
}
