import { ImageOffIcon, Loader2Icon, PlayIcon, SparklesIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { LibraryItem } from "@/lib/media-library";
import { formatBytes, formatDuration, lacksAltText } from "@/lib/media-logic";
import { cn } from "@/lib/utils";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
export const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
};

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 2xl:grid-cols-6";

/** A file's picture in the grid: the image or a video's poster; a broken link says so. */
export function MediaThumbnail({ item, className }: { item: LibraryItem; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === item.thumbnailUrl)
    return (
      <span className={cn("flex size-full items-center justify-center text-muted-foreground", className)}>
        <ImageOffIcon className="size-5" aria-hidden="true" />
      </span>
    );
  return (
    <img
      src={item.thumbnailUrl}
      alt=""
      loading="lazy"
      draggable={false}
      onError={() => setFailed(item.thumbnailUrl)}
      className={cn("size-full object-cover", className)}
    />
  );
}

function Tile({ item, onOpen }: { item: LibraryItem; onOpen: (id: string) => void }) {
  const duration = item.type === "video" ? formatDuration(item.durationMs) : null;
  const missingAlt = lacksAltText(item);
  const label = [
    item.name,
    item.type === "video" ? `video${duration ? `, ${duration}` : ""}` : "image",
    missingAlt ? "no alt text" : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <button
      type="button"
      onClick={() => onOpen(item.id)}
      className="group block w-full rounded-lg text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      aria-label={`Open ${label}`}
      data-testid="library-item"
      data-media-id={item.id}
      data-type={item.type}
    >
      <span className="relative block aspect-square overflow-hidden rounded-lg border bg-muted transition-colors group-hover:border-primary/50">
        <MediaThumbnail item={item} className="transition-transform duration-300 group-hover:scale-[1.03]" />
        {item.type === "video" && (
          <>
            <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
              <span className="flex size-10 items-center justify-center rounded-full bg-black/55 text-white ring-1 ring-white/30">
                <PlayIcon className="ml-0.5 size-4 fill-current" />
              </span>
            </span>
            {duration && (
              <span
                className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums"
                data-testid="library-item-duration"
              >
                {duration}
              </span>
            )}
          </>
        )}
        {item.kind === "generated" && (
          <span
            className="absolute top-1.5 left-1.5 inline-flex items-center gap-0.5 rounded bg-black/60 px-1.5 py-0.5 text-[10px] font-medium text-white"
            aria-hidden="true"
          >
            <SparklesIcon className="size-2.5" />
            AI
          </span>
        )}
        {missingAlt && (
          <span
            className="absolute top-1.5 right-1.5 rounded bg-amber-500/90 px-1.5 py-0.5 text-[10px] font-semibold text-amber-950"
            aria-hidden="true"
            data-testid="library-item-no-alt"
          >
            No alt
          </span>
        )}
      </span>
      <span className="mt-1.5 block truncate text-xs font-medium" data-testid="library-item-name">
        {item.name}
      </span>
      <span className="block truncate text-[11px] text-muted-foreground">
        {formatDay(item.createdAt)}
        {formatBytes(item.byteSize) ? ` · ${formatBytes(item.byteSize)}` : ""}
        {item.usedBy.length > 0
          ? ` · in ${item.usedBy.length} ${item.usedBy.length === 1 ? "post" : "posts"}`
          : ""}
      </span>
    </button>
  );
}

/** Arrow keys move between tiles (up and down by a row), Home and End to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const tiles = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>("[data-testid='library-item']"),
  );
  const current = tiles.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  const columns =
    getComputedStyle(event.currentTarget).gridTemplateColumns.split(" ").filter(Boolean).length || 1;
  const delta: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -columns,
    ArrowDown: columns,
    Home: -current,
    End: tiles.length - 1 - current,
  };
  const target = tiles[Math.min(tiles.length - 1, Math.max(0, current + (delta[event.key] ?? 0)))];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function MediaGrid({
  items,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
  dimmed,
}: {
  items: LibraryItem[];
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Older results while new filters load. */
  dimmed: boolean;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  // Infinite scroll: the next page loads as the end of the grid comes near (the button stays for keyboards).
  useEffect(() => {
    const element = sentinel.current;
    // Observed anew after each page: a sentinel still in view after a short page asks for the next one.
    if (!element || !hasMore || items.length === 0 || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, items.length]);

  return (
    <div
      className={cn("space-y-6 transition-opacity", dimmed && "opacity-60")}
      aria-busy={dimmed || undefined}
    >
      <ul className={GRID} onKeyDown={moveFocus} aria-label="Media" data-testid="library-grid">
        {items.map((item) => (
          <li key={item.id}>
            <Tile item={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {hasMore && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={onLoadMore}
            disabled={loadingMore}
            className="min-w-40"
            data-testid="library-load-more"
          >
            {loadingMore && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {loadingMore ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </div>
  );
}

export function MediaGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={GRID} role="status" aria-label="Loading your media" data-testid="library-loading">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="space-y-1.5">
          <Skeleton className="aspect-square w-full rounded-lg" />
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-2.5 w-1/2" />
        </div>
      ))}
    </div>
  );
}
