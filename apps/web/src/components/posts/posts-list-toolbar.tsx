import { FilterIcon, SearchIcon, XIcon } from "lucide-react";
import { useId } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

import { countLine, type PostListFilters, type PostListVariant } from "./post-logic";
import type { PostsListState } from "./use-posts-list";

type Option<T extends string> = { value: T; label: string };
const statusOptions: Option<PostListFilters["status"]>[] = [
  { value: "all", label: "All Status" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "denied", label: "Denied" },
];
const platformOptions: Option<PostListFilters["platform"]>[] = [
  { value: "all", label: "All" },
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
];
const sourceOptions: Option<PostListFilters["source"]>[] = [
  { value: "all", label: "All Sources" },
  { value: "ai", label: "AI Generated" },
  { value: "manual", label: "Manual" },
];
const sortOptions: Option<PostListFilters["sort"]>[] = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "schedule", label: "By Schedule" },
];

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id} className="w-full" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
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
            options={platformOptions}
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
