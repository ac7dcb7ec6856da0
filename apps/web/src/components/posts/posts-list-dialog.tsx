import {
  CheckCheckIcon,
  FilterIcon,
  InboxIcon,
  Loader2Icon,
  PlusIcon,
  RotateCwIcon,
  SearchIcon,
  SearchXIcon,
  XIcon,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { type PostView, useInfinitePostList } from "@/lib/posts";
import { cn } from "@/lib/utils";

import { PostCard } from "./post-card";
import { PostDetailsDialog } from "./post-details-dialog";
import {
  countActiveFilters,
  countLine,
  DEFAULT_FILTERS,
  emptyListText,
  endOfListText,
  hasAnyChange,
  isNarrowed,
  isNearBottom,
  MODAL_PAGE_SIZE,
  type PostListFilters,
  type PostListVariant,
  SCROLL_HANDLER_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
} from "./post-logic";

const titles: Record<PostListVariant, { title: string; description: string }> = {
  all: {
    title: "All Posts",
    description: "Every post of this brand, newest first unless you sort otherwise.",
  },
  pending: { title: "Pending Approval", description: "Posts waiting for your decision." },
};

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

function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-hidden="true" data-testid="posts-list-loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="space-y-3 rounded-lg border p-3">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-14" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <div className="flex gap-1">
            <Skeleton className="size-10" />
            <Skeleton className="size-10" />
            <Skeleton className="size-10" />
          </div>
        </div>
      ))}
    </div>
  );
}

function ListBody({
  brandId,
  variant,
  onClose,
}: {
  brandId: string;
  variant: PostListVariant;
  onClose: () => void;
}) {
  const [filters, setFilters] = useState<PostListFilters>(DEFAULT_FILTERS);
  const [searchInput, setSearchInput] = useState("");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [details, setDetails] = useState<PostView | null>(null);
  const panelId = useId();
  const scrollRef = useRef<HTMLElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The search goes to the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setFilters((current) =>
          current.search === searchInput ? current : { ...current, search: searchInput },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput]);

  const query = useInfinitePostList(brandId, variant, filters);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const activeCount = countActiveFilters(filters, variant);
  const canClear = hasAnyChange(filters, variant) || searchInput.trim().length > 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // A new filter starts from the top of the new list.
  const filterKey = JSON.stringify(filters);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (lastFilterKey.current === filterKey) return;
    lastFilterKey.current = filterKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );

  // Core spec section 9: automatic loading within 1000 px of the bottom, the handler delayed 100 ms.
  function onScroll() {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const element = scrollRef.current;
      if (element && isNearBottom(element) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    }, SCROLL_HANDLER_DELAY_MS);
  }

  const update = (patch: Partial<PostListFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const clear = () => {
    setSearchInput("");
    setFilters(DEFAULT_FILTERS);
  };
  const empty = emptyListText(filters, variant);

  let content: ReactNode;
  if (query.isError && !query.data) {
    content = (
      <Alert variant="destructive" data-testid="posts-list-error">
        <AlertTitle>Could not load posts</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          <span>Check your connection and try again.</span>
          <Button variant="outline" size="sm" className="h-10" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!query.data) {
    content = <ListSkeleton />;
  } else if (posts.length === 0) {
    const Icon = isNarrowed(filters, variant)
      ? SearchXIcon
      : variant === "pending"
        ? CheckCheckIcon
        : InboxIcon;
    content = (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center"
        data-testid="posts-list-empty"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <p className="font-medium" data-testid="posts-list-empty-title">
          {empty.title}
        </p>
        {empty.description && (
          <p className="max-w-sm text-sm text-muted-foreground" data-testid="posts-list-empty-description">
            {empty.description}
          </p>
        )}
        {canClear ? (
          <Button variant="outline" className="h-10" onClick={clear}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        ) : (
          <Button asChild className="h-10" onClick={onClose}>
            <Link to="/create">
              <PlusIcon aria-hidden="true" />
              Create Post
            </Link>
          </Button>
        )}
      </div>
    );
  } else {
    content = (
      <div className={cn("space-y-3", query.isPlaceholderData && "opacity-60")}>
        <ul className="space-y-3" data-testid="posts-list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} brandId={brandId} variant="compact" onOpen={setDetails} />
            </li>
          ))}
        </ul>
        {hasNextPage ? (
          <Button
            variant="outline"
            className="h-10 w-full"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            data-testid="load-more-posts"
          >
            {isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {isFetchingNextPage ? "Loading..." : "Load More Posts"}
          </Button>
        ) : (
          <p className="py-2 text-center text-sm text-muted-foreground" data-testid="posts-list-end">
            {endOfListText(variant)}
          </p>
        )}
        {query.isFetchNextPageError && (
          <p className="text-center text-sm text-destructive" role="alert">
            Could not load more posts. Try again.
          </p>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="space-y-3 border-b px-4 pb-4 sm:px-6">
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
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
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((value) => !value)}
            data-testid="posts-filters-toggle"
          >
            <FilterIcon aria-hidden="true" />
            <span className="max-sm:sr-only">Filters</span>
            {activeCount > 0 && (
              <Badge className="h-5 min-w-5 rounded-full px-1.5" data-testid="posts-filter-count">
                <span className="sr-only">active filters: </span>
                {activeCount}
              </Badge>
            )}
          </Button>
          {canClear && (
            <Button variant="ghost" className="h-10 shrink-0" onClick={clear} data-testid="posts-clear">
              <XIcon aria-hidden="true" />
              <span className="max-sm:sr-only">Clear</span>
            </Button>
          )}
        </div>
        {filtersOpen && (
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
          {query.data ? countLine(total, variant) : "Loading posts..."}
        </p>
      </div>
      <section
        ref={scrollRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 sm:px-6"
        data-testid="posts-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={`${titles[variant].title} list`}
      >
        {content}
      </section>
      <PostDetailsDialog
        brandId={brandId}
        post={details}
        onOpenChange={(open) => {
          if (!open) setDetails(null);
        }}
      />
    </>
  );
}

/** The All Posts modal and the Pending Approval modal (variant "pending": status fixed to pending). */
export function PostsListDialog({
  brandId,
  variant,
  open,
  onOpenChange,
}: {
  brandId: string;
  variant: PostListVariant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { title, description } = titles[variant];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[90dvh] max-h-[90dvh] flex-col gap-4 overflow-hidden p-0 sm:max-w-2xl"
        data-testid={variant === "all" ? "all-posts-dialog" : "pending-posts-dialog"}
        data-page-size={MODAL_PAGE_SIZE}
      >
        <DialogHeader className="px-4 pt-4 pr-14 text-left sm:px-6 sm:pt-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <ListBody brandId={brandId} variant={variant} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
