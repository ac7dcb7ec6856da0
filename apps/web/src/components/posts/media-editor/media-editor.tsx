import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleAlertIcon,
  ImagePlusIcon,
  ImagesIcon,
  Loader2Icon,
  PlayIcon,
  RotateCwIcon,
  SparklesIcon,
  UploadIcon,
  XIcon,
} from "lucide-react";
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useBrands } from "@/lib/brands";
import { cn } from "@/lib/utils";

import {
  type DraftItem,
  detailsId,
  type FormatRule,
  formatDuration,
  formatLabels,
  formatLimits,
  fromLibraryItem,
  keyboardMoveTarget,
  networkName,
  offeredFormats,
} from "./media-editor-logic";
import { MediaItemDetails } from "./media-item-details";
import { MediaPickerDialog } from "./media-picker-dialog";
import type { MediaDraft } from "./use-media-draft";
import { useMediaUpload } from "./use-media-upload";

const UPLOAD_ACCEPT =
  "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm,.mp4,.mov,.m4v,.webm";

const itemWord = (item: DraftItem) => (item.type === "video" ? "Video" : "Image");

/** The formats the post's network declares, each with what it takes; only these are offered. */
function FormatPicker({ draft }: { draft: MediaDraft }) {
  if (draft.networkLoading)
    return (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="format-loading">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  if (draft.networkError)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-destructive" data-testid="format-error">
        <CircleAlertIcon className="size-4" aria-hidden="true" />
        Could not load what this network takes.
        <Button type="button" variant="outline" size="sm" onClick={draft.retryNetwork}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  const rules = offeredFormats(draft.network);
  if (rules.length <= 1) return null;
  const select = (rule: FormatRule) => draft.setFormat(rule.format);
  return (
    <div
      role="radiogroup"
      aria-label="Format"
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      data-testid="format-picker"
    >
      {rules.map((rule, position) => {
        const checked = draft.format === rule.format;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card-shaped radio with its limits under its name
          <button
            key={rule.format}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (!rules.some((r) => r.format === draft.format) && position === 0) ? 0 : -1}
            onClick={() => select(rule)}
            onKeyDown={(event) => {
              const step =
                event.key === "ArrowRight" || event.key === "ArrowDown"
                  ? 1
                  : event.key === "ArrowLeft" || event.key === "ArrowUp"
                    ? -1
                    : 0;
              if (!step) return;
              event.preventDefault();
              const next = rules[(position + step + rules.length) % rules.length] as FormatRule;
              select(next);
              const group = event.currentTarget.parentElement;
              requestAnimationFrame(() =>
                group?.querySelector<HTMLButtonElement>(`[data-format="${next.format}"]`)?.focus(),
              );
            }}
            aria-label={`${formatLabels[rule.format]}: ${formatLimits(rule)}`}
            className={cn(
              "grid min-h-16 content-start gap-0.5 rounded-lg border p-2.5 text-left outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
              checked && "border-primary bg-primary/5 ring-1 ring-primary",
            )}
            data-format={rule.format}
            data-testid={`format-option-${rule.format}`}
          >
            <span className="text-sm font-medium">{formatLabels[rule.format]}</span>
            <span className="text-xs leading-snug text-muted-foreground">{formatLimits(rule)}</span>
          </button>
        );
      })}
    </div>
  );
}

function MediaThumb({ item }: { item: DraftItem }) {
  return (
    <>
      <img
        src={item.thumbnailUrl}
        alt=""
        draggable={false}
        loading="lazy"
        className="pointer-events-none size-full object-cover"
      />
      {item.type === "video" && (
        <>
          <span
            className="pointer-events-none absolute inset-0 m-auto flex size-8 items-center justify-center rounded-full bg-black/60 text-white"
            aria-hidden="true"
          >
            <PlayIcon className="size-4 fill-current" />
          </span>
          {item.durationMs !== null && (
            <span className="pointer-events-none absolute right-1 bottom-1 rounded bg-black/70 px-1 text-[11px] font-medium text-white">
              {formatDuration(item.durationMs)}
            </span>
          )}
        </>
      )}
    </>
  );
}

/**
 * A post's images and videos, edited in place: the format picker (only what the network declares), the
 * row of items (drag, or focus one and press Alt+Arrow, or its arrow buttons, to reorder; remove), adding
 * from the library or the device (a video through the resumable upload, with its percent and Cancel),
 * each item's alt text, cover and crop, and the network's limits checked as the list changes.
 */
export function MediaEditor({ draft, brandId }: { draft: MediaDraft; brandId: string }) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMediaUpload(brandId, (item) => {
    draft.add([item]);
    setAnnouncement(`${itemWord(item)} ${item.name} uploaded and added.`);
  });
  const brands = useBrands();
  const brandName = brands.data?.find((brand) => brand.id === brandId)?.name ?? "Your brand";
  const label = draft.network ? networkName(draft.network.label) : "The network";
  const { items } = draft;
  const rule = draft.rule;

  // After a keyboard move the moved item keeps the focus at its new place.
  useEffect(() => {
    if (focusIndex === null) return;
    itemRefs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  function move(from: number, to: number, byKeyboard: boolean) {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as DraftItem;
    draft.move(from, to);
    setAnnouncement(`${itemWord(item)} ${item.name} moved to position ${to + 1} of ${items.length}.`);
    if (byKeyboard) setFocusIndex(to);
  }

  function onItemKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = keyboardMoveTarget(event.key, index, items.length, event.altKey);
    if (target !== null) {
      event.preventDefault();
      move(index, target, true);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      remove(index);
    }
  }

  function remove(index: number) {
    const item = items[index] as DraftItem;
    draft.remove(index);
    setAnnouncement(`${itemWord(item)} ${item.name} removed.`);
    if (items.length > 1) setFocusIndex(Math.min(index, items.length - 2));
  }

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, index, false);
    setDragFrom(null);
    setDragOver(null);
  };

  const openUpload = () => fileInput.current?.click();
  const max = rule?.maxItems ?? null;
  const missingIds = items.flatMap((item) =>
    item.mediaId && item.type === "image" && item.altText.trim() === "" ? [item.mediaId] : [],
  );
  const fitProblem = draft.fit.problems[0];
  const altTextKept = (draft.network?.media.altTextMaxLength ?? 1) > 0;

  if (draft.locked)
    return (
      <section
        className="grid gap-2"
        aria-labelledby="media-editor-title"
        data-testid="media-editor"
        data-locked="true"
      >
        <h3 id="media-editor-title" className="text-sm font-medium">
          Media
        </h3>
        <p className="text-sm text-muted-foreground">
          This post is published: its images, videos and format can no longer change.
        </p>
      </section>
    );

  return (
    <section
      className="grid gap-3"
      aria-labelledby="media-editor-title"
      data-testid="media-editor"
      data-format={draft.format}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="media-editor-title" className="text-sm font-medium">
          Media
          <span className="ml-2 font-normal text-muted-foreground" data-testid="media-count">
            {max !== null ? `${items.length} of ${max}` : items.length}
          </span>
        </h3>
        {draft.missingAltLabel && (
          <div className="flex items-center gap-1">
            <Badge
              variant="outline"
              className="border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300"
              data-testid="alt-text-needed"
            >
              {draft.missingAltLabel}
            </Badge>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-9"
              onClick={() => void draft.draftAltText(missingIds, false)}
              disabled={missingIds.length === 0 || missingIds.some((id) => draft.drafting.has(id))}
              aria-label="Write the missing alt text with AI"
              data-testid="alt-text-ai-all"
            >
              <SparklesIcon aria-hidden="true" />
              Write with AI
            </Button>
          </div>
        )}
      </div>

      <FormatPicker draft={draft} />

      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload an image or video"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) upload.start(file);
        }}
        data-testid="media-upload-input"
      />

      {items.length === 0 && !upload.state ? (
        <div
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-center"
          data-testid="media-empty"
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ImagesIcon className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">
            No images or videos yet. Add from your library or upload one.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => setPickerOpen(true)}
              data-testid="media-add-library"
            >
              <ImagePlusIcon aria-hidden="true" />
              From library
            </Button>
            <Button type="button" variant="outline" onClick={openUpload} data-testid="media-upload-button">
              <UploadIcon aria-hidden="true" />
              Upload
            </Button>
          </div>
        </div>
      ) : (
        <div className="-mx-1 overflow-x-auto px-1 pt-1 pb-2">
          <ol className="flex w-max gap-2" aria-label="Images and videos, in order" data-testid="media-list">
            {items.map((item, index) => (
              <li
                key={item.mediaId ?? `url-${index}`}
                draggable
                onDragStart={(event) => {
                  setDragFrom(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                }}
                onDragOver={(event) => {
                  if (dragFrom === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  if (dragOver !== index) setDragOver(index);
                }}
                onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
                onDrop={(event) => onDrop(event, index)}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDragOver(null);
                }}
                className={cn(
                  "grid w-32 shrink-0 gap-1 rounded-lg border bg-card p-1",
                  dragFrom === index && "opacity-50",
                  dragOver === index && dragFrom !== index && "border-primary ring-2 ring-primary/40",
                  draft.fit.problems.some((problem) => problem.index === index) && "border-destructive/60",
                )}
                data-testid="media-item"
                data-media-id={item.mediaId ?? ""}
                data-type={item.type}
              >
                <button
                  type="button"
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  aria-label={`${itemWord(item)} ${index + 1} of ${items.length}: ${item.name}. Alt+Arrow keys move it, Delete removes it.`}
                  aria-roledescription="sortable item"
                  onKeyDown={(event) => onItemKeyDown(event, index)}
                  onClick={() =>
                    document
                      .getElementById(detailsId(item, index))
                      ?.scrollIntoView({ behavior: "smooth", block: "nearest" })
                  }
                  className="relative block aspect-square cursor-grab overflow-hidden rounded-md bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
                  data-testid="media-item-handle"
                >
                  <MediaThumb item={item} />
                  <span className="absolute top-1 left-1 flex size-5 items-center justify-center rounded-full bg-black/70 text-[11px] font-semibold text-white">
                    {index + 1}
                  </span>
                  {item.type === "image" && item.mediaId && item.altText.trim() === "" && (
                    <span className="absolute top-1 right-1 rounded bg-amber-500 px-1 text-[10px] font-semibold text-black">
                      ALT
                    </span>
                  )}
                </button>
                <div className="flex justify-between">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => move(index, index - 1, false)}
                    disabled={index === 0}
                    aria-label={`Move ${itemWord(item).toLowerCase()} ${index + 1} left`}
                    data-testid="media-move-left"
                  >
                    <ChevronLeftIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${itemWord(item).toLowerCase()} ${index + 1}`}
                    className="text-destructive hover:text-destructive"
                    data-testid="media-remove"
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => move(index, index + 1, false)}
                    disabled={index === items.length - 1}
                    aria-label={`Move ${itemWord(item).toLowerCase()} ${index + 1} right`}
                    data-testid="media-move-right"
                  >
                    <ChevronRightIcon aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
            {upload.state && (
              <li
                className="grid w-32 shrink-0 content-center gap-2 rounded-lg border border-dashed p-2 text-xs"
                data-testid="upload-progress"
                data-percent={upload.state.percent}
              >
                <span className="flex items-center gap-1.5 truncate font-medium">
                  <Loader2Icon className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
                  <span className="truncate">{upload.state.name}</span>
                </span>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${upload.state.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={upload.state.percent}
                  className="h-1.5 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-primary transition-[width]"
                    style={{ width: `${upload.state.percent}%` }}
                  />
                </div>
                <span className="text-muted-foreground" aria-live="polite">
                  {upload.state.stage === "processing"
                    ? upload.state.kind === "video"
                      ? "Checking the video…"
                      : "Storing…"
                    : `Uploading… ${upload.state.percent}%`}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={upload.cancel}
                  aria-label={`Cancel the upload of ${upload.state.name}`}
                  data-testid="upload-cancel"
                >
                  Cancel
                </Button>
              </li>
            )}
            <li className="grid w-28 shrink-0 content-center gap-2">
              <Button
                type="button"
                variant="outline"
                className="h-auto min-h-10 flex-col gap-1 py-2"
                onClick={() => setPickerOpen(true)}
                aria-label="Add from the media library"
                data-testid="media-add-library"
              >
                <ImagePlusIcon aria-hidden="true" />
                Library
              </Button>
              <Button
                type="button"
                variant="outline"
                className="h-auto min-h-10 flex-col gap-1 py-2"
                onClick={openUpload}
                disabled={upload.state !== null}
                aria-label="Upload an image or video"
                data-testid="media-upload-button"
              >
                <UploadIcon aria-hidden="true" />
                Upload
              </Button>
            </li>
          </ol>
        </div>
      )}

      <p className="sr-only" role="status" aria-live="polite" data-testid="media-announcement">
        {announcement}
      </p>

      {upload.error && (
        <p
          className="flex items-start gap-1.5 text-sm text-destructive"
          role="alert"
          data-testid="upload-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {upload.error}
        </p>
      )}

      {draft.error?.field === "media" ? (
        <p
          className="flex items-start gap-1.5 text-sm text-destructive"
          role="alert"
          data-testid="media-server-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {draft.error.message}
        </p>
      ) : fitProblem ? (
        <div className="grid gap-1.5 text-sm text-destructive" role="alert" data-testid="media-fit-error">
          {draft.fit.problems.map((problem) => (
            <p key={problem.message} className="flex items-start gap-1.5">
              <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {problem.message}
            </p>
          ))}
        </div>
      ) : null}
      {draft.fit.notes.map((note) => (
        <p key={note} className="text-xs text-muted-foreground" data-testid="media-fit-note">
          {note}
        </p>
      ))}
      {draft.fit.suggestion && draft.fit.suggestion !== draft.format && (
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => draft.fit.suggestion && draft.setFormat(draft.fit.suggestion)}
            data-testid="format-suggestion"
          >
            Make it a {formatLabels[draft.fit.suggestion].toLowerCase()}
          </Button>
        </div>
      )}

      {items.length > 0 && (
        <ol className="grid gap-2" aria-label="Details of each item" data-testid="media-details">
          {items.map((item, index) => (
            <MediaItemDetails
              key={item.mediaId ?? `url-${index}`}
              item={item}
              index={index}
              draft={draft}
              networkLabel={label}
              brandName={brandName}
              altTextKept={altTextKept}
            />
          ))}
        </ol>
      )}

      <MediaPickerDialog
        brandId={brandId}
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        exclude={items.flatMap((item) => (item.mediaId ? [item.mediaId] : []))}
        onPick={(picked) => {
          draft.add(picked.map(fromLibraryItem));
          setAnnouncement(`${picked.length} ${picked.length === 1 ? "item" : "items"} added.`);
        }}
        onUploadInstead={openUpload}
      />
    </section>
  );
}
