import { CrosshairIcon, Loader2Icon, PlayIcon, SparklesIcon } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { MediaCrop } from "@/lib/post-media";
import { cn } from "@/lib/utils";

import {
  type DraftItem,
  defaultCoverMs,
  detailsId,
  dragToCropDelta,
  type FormatRule,
  formatDuration,
  formatLabels,
  moveCrop,
  objectPosition,
  parseAspect,
  shownCrop,
} from "./media-editor-logic";
import type { MediaDraft } from "./use-media-draft";

/** The library's limit on an image's alt text. */
const MAX_ALT_TEXT = 1_000;
/** How far an arrow key moves the crop (Shift: five times as far), as a fraction of the picture. */
const CROP_STEP = 0.02;
const FRAME_HEIGHT = 168;

const itemWord = (item: DraftItem) => (item.type === "video" ? "Video" : "Image");

/**
 * The item in the network's frame (the format's preferred shape), as the network shows it: drawn with
 * object-fit cover, centred until the user drags the picture (or moves it with the arrow keys) to choose
 * what stays in view. The crop is saved as fractions of the picture.
 */
function CropFrame({
  item,
  index,
  aspect,
  rule,
  networkLabel,
  brandName,
  onChange,
}: {
  item: DraftItem;
  index: number;
  aspect: number;
  rule: FormatRule;
  networkLabel: string;
  brandName: string;
  onChange: (crop: MediaCrop | null) => void;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const width = item.width ?? natural?.width ?? null;
  const height = item.height ?? natural?.height ?? null;
  const itemAspect = width && height ? width / height : aspect;
  const crop = shownCrop(item.crop, itemAspect, aspect);
  const drag = useRef<{ x: number; y: number; crop: MediaCrop; id: number } | null>(null);
  const frameWidth = Math.round(FRAME_HEIGHT * aspect);
  const movable = crop.width < 1 || crop.height < 1;
  const tall = aspect < 0.8;
  const formatName = formatLabels[rule.format];

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!movable) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, crop, id: event.pointerId };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const box = event.currentTarget.getBoundingClientRect();
    const delta = dragToCropDelta(
      start.crop,
      event.clientX - start.x,
      event.clientY - start.y,
      box.width,
      box.height,
    );
    onChange(moveCrop(start.crop, delta.dx, delta.dy));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.id === event.pointerId) drag.current = null;
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? CROP_STEP * 5 : CROP_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move && !event.altKey) {
      event.preventDefault();
      onChange(moveCrop(crop, move[0], move[1]));
    } else if (event.key === "Home") {
      event.preventDefault();
      onChange(null);
    }
  }

  return (
    <figure className="grid shrink-0 justify-items-center gap-1.5" data-testid="crop-preview">
      <div className="overflow-hidden rounded-lg border bg-card shadow-xs" style={{ width: frameWidth }}>
        {!tall && (
          <div className="flex items-center gap-1.5 px-2 py-1.5" aria-hidden="true">
            <span className="size-4 shrink-0 rounded-full bg-primary/70" />
            <span className="truncate text-[10px] font-semibold">{brandName}</span>
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: a 2-D crop handle has no native element; it is a focusable group */}
        <div
          role="group"
          tabIndex={movable ? 0 : -1}
          aria-label={`Crop of ${itemWord(item).toLowerCase()} ${index + 1} in the ${aspectLabel(rule)} frame${movable ? ": drag or use the arrow keys to choose what shows; Home centres it" : ""}`}
          className={cn(
            "relative touch-none overflow-hidden bg-muted outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            movable && "cursor-grab active:cursor-grabbing",
          )}
          style={{ width: frameWidth, height: FRAME_HEIGHT }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="crop-frame"
          data-crop={
            item.crop ? `${item.crop.x},${item.crop.y},${item.crop.width},${item.crop.height}` : "centre"
          }
        >
          <img
            src={item.thumbnailUrl}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            className="pointer-events-none size-full object-cover"
            style={{ objectPosition: objectPosition(crop) }}
          />
          {tall && (
            <>
              <div
                className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-1 bg-gradient-to-b from-black/60 to-transparent px-1.5 pt-1.5 pb-4"
                aria-hidden="true"
              >
                <span className="size-3.5 shrink-0 rounded-full bg-white/80" />
                <span className="truncate text-[9px] font-semibold text-white">{brandName}</span>
              </div>
              <div
                className="pointer-events-none absolute inset-x-0 bottom-0 grid gap-1 bg-gradient-to-t from-black/60 to-transparent px-1.5 pt-4 pb-2"
                aria-hidden="true"
              >
                <span className="h-1 w-3/4 rounded bg-white/70" />
                <span className="h-1 w-1/2 rounded bg-white/50" />
              </div>
            </>
          )}
          {item.type === "video" && !tall && (
            <span
              className="pointer-events-none absolute inset-0 m-auto flex size-8 items-center justify-center rounded-full bg-black/60 text-white"
              aria-hidden="true"
            >
              <PlayIcon className="size-4 fill-current" />
            </span>
          )}
        </div>
      </div>
      <figcaption className="flex items-center gap-1 text-[11px] text-muted-foreground">
        {networkLabel} {formatName} · {rule.preferredAspect}
        {item.crop && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-1.5 text-[11px]"
            onClick={() => onChange(null)}
            aria-label={`Centre the crop of ${itemWord(item).toLowerCase()} ${index + 1}`}
            data-testid="crop-reset"
          >
            <CrosshairIcon aria-hidden="true" />
            Centre
          </Button>
        )}
      </figcaption>
    </figure>
  );
}

const aspectLabel = (rule: FormatRule) => rule.preferredAspect;

/**
 * A video's cover: a slider over its length with the frame at that moment shown live (a <video> seeked to
 * it); the moment is saved as coverMs.
 */
function CoverPicker({
  item,
  index,
  onChange,
}: {
  item: DraftItem;
  index: number;
  onChange: (coverMs: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [metaDuration, setMetaDuration] = useState<number | null>(null);
  const duration = item.durationMs ?? metaDuration ?? 0;
  const value = item.coverMs ?? defaultCoverMs(duration);
  const id = `cover-${item.mediaId ?? index}`;

  // The preview follows the slider: seeking shows the frame the cover will be taken from.
  useEffect(() => {
    const element = video.current;
    if (!element || element.readyState < 1) return;
    element.currentTime = value / 1000;
  }, [value]);

  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-3">
        <video
          ref={video}
          src={item.url}
          poster={item.thumbnailUrl}
          muted
          playsInline
          preload="metadata"
          className="h-24 w-auto max-w-40 rounded-md border bg-black object-contain"
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            if (Number.isFinite(element.duration)) setMetaDuration(Math.round(element.duration * 1000));
            element.currentTime = value / 1000;
          }}
          aria-label={`Cover preview of video ${index + 1}`}
          data-testid="cover-preview"
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Cover at <span className="font-medium text-foreground">{formatDuration(value)}</span>
          {duration > 0 && ` of ${formatDuration(duration)}`}
        </p>
      </div>
      <label htmlFor={id} className="text-sm font-medium">
        Cover frame
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={Math.max(duration, 0)}
        step={100}
        value={Math.min(value, duration || value)}
        disabled={duration <= 0}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-label={`Cover frame of video ${index + 1}`}
        aria-valuetext={formatDuration(value)}
        className="h-10 w-full cursor-pointer accent-primary"
        data-testid="cover-slider"
      />
    </div>
  );
}

/** One item's details in the list under the row: its frame and preview, then alt text or its cover. */
export function MediaItemDetails({
  item,
  index,
  draft,
  networkLabel,
  brandName,
  altTextKept,
}: {
  item: DraftItem;
  index: number;
  draft: MediaDraft;
  networkLabel: string;
  brandName: string;
  /** False when the network shows no alt text (it is still kept on the file for the others). */
  altTextKept: boolean;
}) {
  const rule = draft.rule;
  const aspect = rule ? parseAspect(rule.preferredAspect) : null;
  const altId = `alt-text-${item.mediaId ?? index}`;
  const missing = item.type === "image" && item.altText.trim() === "";
  const drafting = item.mediaId !== null && draft.drafting.has(item.mediaId);
  const problem = draft.fit.problems.find((candidate) => candidate.index === index);

  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-3 sm:flex-row",
        problem && "border-destructive/50",
      )}
      id={detailsId(item, index)}
      data-testid="media-item-details"
      data-media-id={item.mediaId ?? ""}
    >
      {aspect && rule ? (
        <CropFrame
          item={item}
          index={index}
          aspect={aspect}
          rule={rule}
          networkLabel={networkLabel}
          brandName={brandName}
          onChange={(crop) => draft.patch(index, { crop })}
        />
      ) : (
        <img
          src={item.thumbnailUrl}
          alt=""
          className="size-20 shrink-0 self-center rounded-md border bg-muted object-cover sm:self-start"
        />
      )}
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-[11px] font-semibold">
            {index + 1}
          </span>
          <span className="truncate font-medium" title={item.name}>
            {item.name}
          </span>
          {item.type === "video" && item.durationMs !== null && (
            <span className="shrink-0 text-xs text-muted-foreground">{formatDuration(item.durationMs)}</span>
          )}
        </p>
        {problem && (
          <p className="text-xs text-destructive" data-testid="media-item-problem">
            {problem.message}
          </p>
        )}
        {item.mediaId === null ? (
          <p className="text-xs text-muted-foreground">
            A linked image: it stays while the list is unchanged and cannot join a new list.
          </p>
        ) : item.type === "image" ? (
          <div className="grid gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={altId} className="text-sm font-medium">
                Alt text
                {missing && (
                  <span className="ml-1.5 text-xs font-normal text-amber-600 dark:text-amber-400">
                    Missing
                  </span>
                )}
              </label>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-9"
                disabled={drafting}
                onClick={() => void draft.draftAltText([item.mediaId as string], true)}
                aria-label={`Write alt text for image ${index + 1} with AI`}
                data-testid="alt-text-ai"
              >
                {drafting ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SparklesIcon aria-hidden="true" />
                )}
                {drafting ? "Writing…" : "Write with AI"}
              </Button>
            </div>
            <Textarea
              id={altId}
              value={item.altText}
              onChange={(event) => draft.patch(index, { altText: event.target.value })}
              rows={2}
              maxLength={MAX_ALT_TEXT}
              placeholder="Describe the image for people who use screen readers"
              aria-label={`Alt text for image ${index + 1}`}
              aria-describedby={`${altId}-hint`}
              className="min-h-16 text-sm"
              data-testid="alt-text-input"
            />
            <p id={`${altId}-hint`} className="text-xs text-muted-foreground">
              {altTextKept
                ? `Sent with the post. ${item.altText.length} / ${MAX_ALT_TEXT}`
                : `${networkLabel} shows no alt text; it is kept on the image for other networks.`}
            </p>
          </div>
        ) : (
          <CoverPicker item={item} index={index} onChange={(coverMs) => draft.patch(index, { coverMs })} />
        )}
      </div>
    </li>
  );
}
