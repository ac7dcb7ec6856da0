import { type PostPlatform, platformLabels } from "@smm/domain/web";
import { FilterIcon, SearchIcon, XIcon } from "lucide-react";
import { useId } from "react";

import { SelectField, type SelectOption } from "@/components/select-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

import { countLine, type PostListFilters, type PostListVariant } from "./post-logic";
import type { PostsListState } from "./use-posts-list";

const statusOptions: SelectOption<PostListFilters["status"]>[] = [
  { value: "all", label: "All Status" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "denied", label: "Denied" },
];
/** All, then the brand's networks (Facebook and Instagram always, the connected others after). */
const platformOptions = (networks: PostPlatform[]): SelectOption<PostListFilters["platform"]>[] => [
  { value: "all", label: "All" },
  ...networks.map((platform) => ({ value: platform, label: platformLabels[platform] })),
];
const sourceOptions: SelectOption<PostListFilters["source"]>[] = [
  { value: "all", label: "All Sources" },
  { value: "ai", label: "AI Generated" },
  { value: "manual", label: "Manual" },
];
const sortOptions: SelectOption<PostListFilters["sort"]>[] = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "schedule", label: "By Schedule" },
];

function FilterSelect<T extends string>(props: {
  label: string;
  value: T;
  options: SelectOption<T>[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <SelectField {...props} className="grid min-w-0 gap-1.5" labelClassName="text-xs text-muted-foreground" />
  );
}

/** Search, the filters button with its count, Clear, the filter panel and the count line. */
export function PostsListToolbar({ list, variant }: { list: PostsListState; variant: PostListVariant }) {
  const panelId = useId();
  const { filters, update } = list;
  return (
    <div className="space-y-3 border-b px-4 pb-4 sm:px-6">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={list.searchInput}
            onChange={(event) => list.setSearchInput(event.target.value)}
            placeholder="Search posts..."
            aria-label="Search posts"
            maxLength={200}
            className="h-10 pl-9"
            data-testid="posts-search"
          />
        </div>
        <Button
          variant="outline"
          className="h-10 shrink-0"
          aria-expanded={list.filtersOpen}
          aria-controls={panelId}
          onClick={list.toggleFilters}
          data-testid="posts-filters-toggle"
        >
          <FilterIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Filters</span>
          {list.activeCount > 0 && (
            <Badge className="h-5 min-w-5 rounded-full px-1.5" data-testid="posts-filter-count">
              <span className="sr-only">active filters: </span>
              {list.activeCount}
            </Badge>
          )}
        </Button>
        {list.canClear && (
          <Button variant="ghost" className="h-10 shrink-0" onClick={list.clear} data-testid="posts-clear">
            <XIcon aria-hidden="true" />
            <span className="max-sm:sr-only">Clear</span>
          </Button>
        )}
      </div>
      {list.filtersOpen && (
        <fieldset
          id={panelId}
          className={cn("grid grid-cols-2 gap-3", variant === "all" ? "sm:grid-cols-4" : "sm:grid-cols-3")}
          data-testid="posts-filter-panel"
        >
          <legend className="sr-only">Filters</legend>
          {variant === "all" && (
            <FilterSelect
              label="Status"
              value={filters.status}
              options={statusOptions}
              onChange={(status) => update({ status })}
              testId="filter-status"
            />
          )}
          <FilterSelect
            label="Platform"
            value={filters.platform}
            options={platformOptions(list.networks)}
            onChange={(platform) => update({ platform })}
            testId="filter-platform"
          />
          <FilterSelect
            label="Source"
            value={filters.source}
            options={sourceOptions}
            onChange={(source) => update({ source })}
            testId="filter-source"
          />
          <FilterSelect
            label="Sort"
            value={filters.sort}
            options={sortOptions}
            onChange={(sort) => update({ sort })}
            testId="filter-sort"
          />
        </fieldset>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="posts-count">
        {list.loaded ? countLine(list.total, variant) : "Loading posts..."}
      </p>
    </div>
  );
}
