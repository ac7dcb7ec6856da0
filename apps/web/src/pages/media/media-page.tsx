import {
  CalendarRangeIcon,
  ImagesIcon,
  Loader2Icon,
  RotateCwIcon,
  SearchIcon,
  SearchXIcon,
  SparklesIcon,
  WandSparklesIcon,
  XIcon,
} from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api";
import { useWriteAltText } from "@/lib/media-library";
import { EMPTY_LIBRARY_TEXT, lacksAltText, type MediaTypeFilter, NO_MATCH_TEXT } from "@/lib/media-logic";
import { cn } from "@/lib/utils";

import { MediaDetailsDialog } from "./media-details-dialog";
import { MediaGrid, MediaGridSkeleton } from "./media-grid";
import { UploadButton, UploadList } from "./media-uploads";
import { type MediaPageState, useMediaPage } from "./use-media-page";

const TYPE_OPTIONS: { value: MediaTypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
];
/** writeAltText describes at most this many images per call. */
const ALT_TEXT_BATCH = 20;

function TypeFilter({
  value,
  onChange,
}: {
  value: MediaTypeFilter;
  onChange: (value: MediaTypeFilter) => void;
}) {
  return (
    <fieldset
      className="inline-flex h-10 shrink-0 items-center rounded-lg bg-muted p-1 text-muted-foreground"
      data-testid="library-type-filter"
    >
      <legend className="sr-only">Type</legend>
      {TYPE_OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            "inline-flex h-full items-center rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            value === option.value ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
          )}
          data-testid={`library-type-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function Toolbar({ page }: { page: MediaPageState }) {
  const searchId = useId();
  const missingId = useId();
  const fromId = useId();
  const toId = useId();
  return (
    <div className="mb-6 space-y-3 rounded-xl border bg-card p-3 sm:p-4" data-testid="library-toolbar">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor={searchId} className="sr-only">
            Search media by name or alt text
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name or alt text"
            value={page.filters.query}
            onChange={(event) => page.setQuery(event.target.value)}
            className="h-10 pr-9 pl-9"
            data-testid="library-search"
          />
          {page.searching && (
            <Loader2Icon
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-label="Searching"
            />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <TypeFilter value={page.filters.type} onChange={page.setType} />
          <div className="flex h-10 items-center gap-2">
            <Switch
              id={missingId}
              checked={page.filters.missingAltText}
              onCheckedChange={page.setMissingAltText}
              data-testid="library-missing-alt"
            />
            <Label htmlFor={missingId} className="cursor-pointer text-sm font-normal">
              Missing alt text
            </Label>
          </div>
        </div>
      </div>
      <fieldset className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <legend className="sr-only">Date added</legend>
        <CalendarRangeIcon className="mb-3 hidden size-4 text-muted-foreground sm:block" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={fromId} className="text-xs text-muted-foreground">
            Added from
          </Label>
          <Input
            id={fromId}
            type="date"
            value={page.filters.from}
            max={page.filters.to || undefined}
            onChange={(event) => page.setFrom(event.target.value)}
            className="h-10 w-full sm:w-40"
            data-testid="library-from"
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={toId} className="text-xs text-muted-foreground">
            to
          </Label>
          <Input
            id={toId}
            type="date"
            value={page.filters.to}
            min={page.filters.from || undefined}
            onChange={(event) => page.setTo(event.target.value)}
            className="h-10 w-full sm:w-40"
            data-testid="library-to"
          />
        </div>
        {(page.filters.from || page.filters.to) && (
          <Button
            variant="ghost"
            className="justify-self-start"
            onClick={page.clearDates}
            data-testid="library-clear-dates"
          >
            <XIcon aria-hidden="true" />
            Any date
          </Button>
        )}
        {page.narrowed && (
          <Button
            variant="link"
            className="justify-self-end px-0 sm:ml-auto"
            onClick={page.clearFilters}
            data-testid="library-clear-filters"
          >
            Clear all filters
          </Button>
        )}
      </fieldset>
    </div>
  );
}

/** With "Missing alt text" on: describe the listed images in one go (when the server offers writeAltText). */
function BulkAltText({ page }: { page: MediaPageState }) {
  const write = useWriteAltText(page.brandId);
  const lacking = page.items.filter(lacksAltText);
  if (!page.canWriteAltText || !page.filters.missingAltText || lacking.length === 0) return null;
  const batch = lacking.slice(0, ALT_TEXT_BATCH);
  return (
    <Alert className="mb-4" data-testid="library-alt-bulk">
      <WandSparklesIcon aria-hidden="true" />
      <AlertTitle>
        {lacking.length === 1 ? "1 image has" : `${lacking.length} images have`} no alt text
      </AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span>
          Alt text tells people who use screen readers what an image shows. Draft it, then check it.
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={write.isPending}
          onClick={() =>
            write.mutate(
              { mediaIds: batch.map((item) => item.id) },
              {
                onSuccess: (answer) => {
                  const written = answer.items.filter((item) => item.written).length;
                  toast.success(
                    `Alt text written for ${written} ${written === 1 ? "image" : "images"}${answer.model === "offline" ? " (Offline model)" : ""}`,
                    { duration: 2_000 },
                  );
                },
                onError: (error) =>
                  toast.error(
                    error instanceof ApiError && error.message ? error.message : "Failed to write alt text",
                    {
                      duration: 4_000,
                    },
                  ),
              },
            )
          }
          data-testid="library-write-alt-bulk"
        >
          {write.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SparklesIcon aria-hidden="true" />
          )}
          Write alt text for {batch.length === 1 ? "it" : `${batch.length} images`}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function Results({ page }: { page: MediaPageState }) {
  const { library } = page;
  if (page.loadFailed)
    return (
      <Alert variant="destructive" data-testid="library-error">
        <AlertTitle>Could not load your media</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          <span>
            {library.error instanceof ApiError && library.error.status !== 0
              ? library.error.message
              : "Check your connection and try again."}
          </span>
          <Button variant="outline" size="sm" className="h-10" onClick={() => void library.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  if (!page.loaded) return <MediaGridSkeleton />;
  if (page.items.length === 0)
    return page.narrowed ? (
      <EmptyState
        icon={SearchXIcon}
        {...NO_MATCH_TEXT}
        testId="library-no-match"
        action={
          <Button variant="outline" onClick={page.clearFilters}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={ImagesIcon}
        {...EMPTY_LIBRARY_TEXT}
        testId="library-empty"
        action={
          <div className="flex flex-wrap items-center justify-center gap-2">
            <UploadButton onFiles={page.uploads.add} testId="library-empty-upload" />
            <Button asChild variant="ghost">
              <Link to="/create">
                <SparklesIcon aria-hidden="true" />
                Generate a post
              </Link>
            </Button>
          </div>
        }
      />
    );
  return (
    <>
      {library.isError && (
        <p className="mb-3 text-sm text-destructive" role="alert">
          Could not load more.{" "}
          <button type="button" className="underline" onClick={() => void library.fetchNextPage()}>
            Try again
          </button>
        </p>
      )}
      <MediaGrid
        items={page.items}
        onOpen={page.openItem}
        hasMore={Boolean(library.hasNextPage)}
        loadingMore={library.isFetchingNextPage}
        onLoadMore={() => {
          if (!library.isFetchingNextPage) void library.fetchNextPage();
        }}
        dimmed={library.isPlaceholderData}
      />
    </>
  );
}

/** The Media library (/media): the brand's uploaded and generated images and videos. */
export function MediaPage() {
  const page = useMediaPage();
  return (
    <>
      <PageIntro
        heading="Media library"
        description="Every image and video of this brand, uploaded or generated: find them, describe them, reuse them."
        actions={!page.noBrand && <UploadButton onFiles={page.uploads.add} disabled={!page.brandId} />}
      />
      {page.noBrand ? (
        <NoBrandState
          purpose="Your uploaded and generated images and videos are kept here"
          testId="library-no-brand"
        />
      ) : (
        <>
          <UploadList uploads={page.uploads} />
          <Toolbar page={page} />
          <BulkAltText page={page} />
          <Results page={page} />
          {page.brandId && (
            <MediaDetailsDialog
              item={page.open}
              brandId={page.brandId}
              position={page.openIndex}
              total={page.items.length}
              canWriteAltText={page.canWriteAltText}
              onClose={page.closeItem}
              onStep={page.step}
            />
          )}
        </>
      )}
    </>
  );
}
