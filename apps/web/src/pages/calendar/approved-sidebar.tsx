import { useDroppable } from "@dnd-kit/core";
import { platformLabels } from "@smm/domain/web";
import { InboxIcon, PlusIcon, RotateCwIcon, SearchIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";

import { type CalendarPostView, type SidebarFilter, truncateText } from "@/lib/calendar";
import { cn } from "@/lib/utils";

import { AiBadge, DraggablePost, PlatformIcon, PostFormatMark } from "./post-chip";

export const SIDEBAR_DROPPABLE_ID = "sidebar";
export const SIDEBAR_ID = "calendar-sidebar";

interface ApprovedSidebarProps {
  posts: CalendarPostView[];
  total: number;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  search: string;
  onSearch: (value: string) => void;
  filter: SidebarFilter;
  /** The chips: All, the brand's networks, AI and Manual. */
  filters: { value: SidebarFilter; label: string }[];
  onFilter: (value: SidebarFilter) => void;
  onOpenPost: (post: CalendarPostView) => void;
  /** A scheduled post is being dragged: the sidebar is a drop target that unschedules it. */
  acceptsDrop: boolean;
}

function SidebarPost({ post, onOpen }: { post: CalendarPostView; onOpen: (post: CalendarPostView) => void }) {
  return (
    <DraggablePost post={post} onOpen={onOpen} testId="sidebar-post" className="block">
      <span className="flex flex-col gap-1.5 rounded-lg border bg-background p-2.5 text-left shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/50">
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <PlatformIcon platform={post.platform} className="size-3.5" />
          {platformLabels[post.platform]}
          {post.aiGenerated && <AiBadge />}
          <PostFormatMark post={post} className="ml-auto" />
        </span>
        <span className="text-sm leading-snug break-words">
          {truncateText(post.excerpt || "No text yet")}
        </span>
      </span>
    </DraggablePost>
  );
}

export function ApprovedSidebar(props: ApprovedSidebarProps) {
  const { posts, total, loading, error, search, filter } = props;
  const { setNodeRef, isOver } = useDroppable({ id: SIDEBAR_DROPPABLE_ID });
  const filtered = filter !== "all" || search.trim() !== "";

  return (
    <aside
      id={SIDEBAR_ID}
      ref={setNodeRef}
      aria-labelledby="approved-content-title"
      className={cn(
        "flex w-full shrink-0 flex-col gap-3 rounded-xl border bg-card p-3 md:sticky md:top-4 md:max-h-[calc(100dvh-8rem)] md:w-72",
        props.acceptsDrop && "border-dashed border-primary/60",
        isOver && props.acceptsDrop && "bg-primary/10 ring-2 ring-primary",
      )}
      data-testid="calendar-sidebar"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="approved-content-title" className="text-sm font-semibold">
          Approved Content
        </h2>
        <Badge variant="secondary" aria-label={`${total} approved posts`} data-testid="sidebar-count">
          {total}
        </Badge>
      </div>

      <div className="relative">
        <label htmlFor="approved-search" className="sr-only">
          Search approved posts
        </label>
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="approved-search"
          type="search"
          placeholder="Search posts..."
          className="pl-8"
          value={search}
          onChange={(event) => props.onSearch(event.target.value)}
          data-testid="sidebar-search"
        />
      </div>

      <fieldset className="flex flex-wrap gap-1.5" aria-label="Filter approved posts">
        {props.filters.map((chip) => (
          <Button
            key={chip.value}
            type="button"
            size="sm"
            variant={filter === chip.value ? "default" : "outline"}
            className="h-8 rounded-full px-3"
            aria-pressed={filter === chip.value}
            onClick={() => props.onFilter(chip.value)}
            data-testid={`sidebar-filter-${chip.value}`}
          >
            {chip.label}
          </Button>
        ))}
      </fieldset>

      {props.acceptsDrop && (
        <p className="rounded-md bg-primary/10 px-2 py-1.5 text-xs text-foreground">
          Drop here to unschedule the post.
        </p>
      )}

      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 py-0.5">
        {loading ? (
          <div className="space-y-2" role="status" aria-label="Loading approved posts">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        ) : error ? (
          <div className="flex flex-col items-start gap-2 text-sm" data-testid="sidebar-error">
            <p>Could not load approved posts.</p>
            <Button variant="outline" size="sm" onClick={props.onRetry}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : posts.length === 0 ? (
          <div
            className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-3 py-6 text-center"
            data-testid="sidebar-empty"
          >
            <InboxIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            <div className="space-y-1">
              <p className="text-sm font-medium">{filtered ? "No posts found" : "No approved posts"}</p>
              <p className="text-xs text-muted-foreground">
                {filtered
                  ? "Try another search or filter."
                  : "Approved posts without a date appear here, ready to drag onto the calendar."}
              </p>
            </div>
            {!filtered && (
              <Button asChild size="sm" variant="outline">
                <Link to="/create">
                  <PlusIcon aria-hidden="true" />
                  Create a post
                </Link>
              </Button>
            )}
          </div>
        ) : (
          <ul className="space-y-2">
            {posts.map((post) => (
              <li key={post.id}>
                <SidebarPost post={post} onOpen={props.onOpenPost} />
              </li>
            ))}
          </ul>
        )}
        {props.hasMore && !loading && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            onClick={props.onLoadMore}
            disabled={props.loadingMore}
            data-testid="sidebar-load-more"
          >
            {props.loadingMore ? "Loading..." : "Load more"}
          </Button>
        )}
      </div>
    </aside>
  );
}
