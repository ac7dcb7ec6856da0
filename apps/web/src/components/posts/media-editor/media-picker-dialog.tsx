import { CheckIcon, ImagesIcon, PlayIcon, RotateCwIcon, SearchIcon, UploadIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { type LibraryItem, useMediaPickerPages } from "@/lib/post-media";
import { cn } from "@/lib/utils";

import { formatDuration } from "./media-editor-logic";

type TypeFilter = "all" | "image" | "video";

const typeFilters: { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
];

/** The search box's words, settled for 300 ms before they are asked for. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function PickerSkeleton() {
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="media-picker-loading">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} className="aspect-square w-full" />
      ))}
    </div>
  );
}

function PickerTile({
  item,
  selected,
  already,
  onToggle,
}: {
  item: LibraryItem;
  selected: boolean;
  already: boolean;
  onToggle: () => void;
}) {
  const label = `${item.type === "video" ? "Video" : "Image"} ${item.name}${already ? " (already in the post)" : ""}`;
  return (
    <li>
      <button
        type="button"
        onClick={onToggle}
        disabled={already}
        aria-pressed={already ? undefined : selected}
        aria-label={label}
        title={item.name}
        className={cn(
          "group relative block aspect-square w-full overflow-hidden rounded-md border bg-muted outline-none transition focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
          selected && "border-primary ring-2 ring-primary",
        )}
        data-testid="media-picker-item"
        data-media-id={item.id}
        data-selected={selected ? "true" : "false"}
      >
        <img src={item.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
        {item.type === "video" && (
          <span className="absolute bottom-1 left-1 flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium text-white">
            <PlayIcon className="size-3 fill-current" aria-hidden="true" />
            {item.durationMs !== null ? formatDuration(item.durationMs) : "Video"}
          </span>
        )}
        {(selected || already) && (
          <span className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <CheckIcon className="size-4" aria-hidden="true" />
          </span>
        )}
        <span className="absolute inset-x-0 bottom-0 hidden truncate bg-gradient-to-t from-black/70 to-transparent px-2 pt-4 pb-1 text-left text-[11px] text-white group-hover:block group-focus-visible:block">
          {item.name}
        </span>
      </button>
    </li>
  );
}

/**
 * The brand's media library to pick from: searched by name and alt text, filtered by type, in pages of
 * 24; several files may be chosen at once and join the post in the order they were picked.
 */
export function MediaPickerDialog({
  brandId,
  open,
  onOpenChange,
  exclude,
  onPick,
  onUploadInstead,
}: {
  brandId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Files already in the post. */
  exclude: readonly string[];
  onPick: (items: LibraryItem[]) => void;
  /** The empty library's one action: upload a file instead. */
  onUploadInstead: () => void;
}) {
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TypeFilter>("all");
  const [picked, setPicked] = useState<LibraryItem[]>([]);
  const query = useSettled(search);
  const pages = useMediaPickerPages(brandId, { query, type }, open);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = query.trim() !== "" || type !== "all";

  const [openedWith, setOpenedWith] = useState(open);
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) setPicked([]);
  }

  const toggle = (item: LibraryItem) =>
    setPicked((current) =>
      current.some((chosen) => chosen.id === item.id)
        ? current.filter((chosen) => chosen.id !== item.id)
        : [...current, item],
    );

  let body: ReactNode;
  if (pages.isPending) body = <PickerSkeleton />;
  else if (pages.isError)
    body = (
      <div
        className="grid justify-items-center gap-3 py-8 text-center text-sm"
        data-testid="media-picker-error"
      >
        <p className="text-destructive">Could not load your media library.</p>
        <Button variant="outline" onClick={() => void pages.refetch()}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  else if (items.length === 0)
    body = filtered ? (
      <p className="py-8 text-center text-sm text-muted-foreground" data-testid="media-picker-no-match">
        Nothing in your library matches. Try other words or another type.
      </p>
    ) : (
      <div className="grid justify-items-center gap-3 py-8 text-center" data-testid="media-picker-empty">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <ImagesIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <p className="font-medium">Your media library is empty</p>
          <p className="text-sm text-muted-foreground">
            Images and videos you upload or generate appear here.
          </p>
        </div>
        <Button
          onClick={() => {
            onOpenChange(false);
            onUploadInstead();
          }}
        >
          <UploadIcon aria-hidden="true" />
          Upload a file
        </Button>
      </div>
    );
  else
    body = (
      <div className="grid gap-3">
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="media-picker-grid">
          {items.map((item) => (
            <PickerTile
              key={item.id}
              item={item}
              already={exclude.includes(item.id)}
              selected={picked.some((chosen) => chosen.id === item.id)}
              onToggle={() => toggle(item)}
            />
          ))}
        </ul>
        {pages.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            data-testid="media-picker-more"
          >
            {pages.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        )}
      </div>
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] flex-col gap-4 sm:max-w-2xl" data-testid="media-picker">
        <DialogHeader>
          <DialogTitle>Add from your media library</DialogTitle>
          <DialogDescription>
            Choose images or videos; they join the post in the order you pick them.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name or alt text"
              aria-label="Search the media library"
              className="pl-9"
              data-testid="media-picker-search"
            />
          </div>
          <fieldset className="flex gap-1 rounded-md border p-1">
            <legend className="sr-only">Type</legend>
            {typeFilters.map((filter) => (
              <Button
                key={filter.value}
                type="button"
                size="sm"
                variant={type === filter.value ? "secondary" : "ghost"}
                aria-pressed={type === filter.value}
                onClick={() => setType(filter.value)}
                data-testid={`media-picker-type-${filter.value}`}
              >
                {filter.label}
              </Button>
            ))}
          </fieldset>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={picked.length === 0}
            onClick={() => {
              onPick(picked);
              onOpenChange(false);
            }}
            data-testid="media-picker-add"
          >
            {picked.length === 0 ? "Add" : `Add ${picked.length} ${picked.length === 1 ? "item" : "items"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
