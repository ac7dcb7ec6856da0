import type { PostView } from "@smm/domain/web";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleDashedIcon,
  ClapperboardIcon,
  GalleryHorizontalEndIcon,
  ImageOffIcon,
  PlayIcon,
} from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { formatBadgeLabel, formatDuration, type PostFormat, slideAt, stepSlide } from "@/lib/media-logic";
import { cn } from "@/lib/utils";

/*
 * How a post's media show on its cards (dashboard, calendar, swipe review, chat): the format badge
 * ("Carousel · 4", "Reel", "Story"), a carousel's slides (swipe, arrows, arrow keys, a counter), and a
 * video as its poster with a play button that plays it inline (muted, with controls).
 */

export type PostMediaItem = PostView["media"][number];

const FORMAT_ICONS = {
  carousel: GalleryHorizontalEndIcon,
  reel: ClapperboardIcon,
  story: CircleDashedIcon,
} as const;

/** The post's format, when it is not an ordinary feed post. */
export function FormatBadge({
  format,
  count,
  className,
  size = "default",
}: {
  format: PostFormat | null | undefined;
  count: number;
  className?: string;
  /** "xs": the calendar's chips. */
  size?: "default" | "xs";
}) {
  const label = formatBadgeLabel(format, count);
  if (!label || !format || format === "feed") return null;
  const Icon = FORMAT_ICONS[format];
  if (size === "xs")
    return (
      <span
        className={cn("inline-flex items-center gap-0.5 text-[10px] font-medium tabular-nums", className)}
        data-testid="post-format-badge"
        data-format={format}
      >
        <Icon className="size-2.5" aria-hidden="true" />
        {label}
      </span>
    );
  return (
    <Badge variant="outline" className={className} data-testid="post-format-badge" data-format={format}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** True when a post's media need more than its one picture: several items, or a video. */
export const hasRichMedia = (media: readonly PostMediaItem[] | undefined) =>
  Boolean(media && (media.length > 1 || media[0]?.type === "video"));

function BrokenMedia({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        "flex size-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground",
        className,
      )}
    >
      <ImageOffIcon className="size-5" aria-hidden="true" />
      Failed to load
    </div>
  );
}

/** A picture that says so when its link fails (links expire; a reload brings fresh ones). */
function Picture({ src, alt, testId }: { src: string; alt: string; testId?: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <BrokenMedia />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      draggable={false}
      onError={() => setFailed(src)}
      className="size-full object-cover"
      data-testid={testId}
    />
  );
}

/** A video as its poster with a play button; a click plays it in place (muted, with the player's controls). */
export function InlineVideo({
  item,
  alt,
  posterTestId,
  className,
}: {
  item: Pick<PostMediaItem, "url" | "thumbnailUrl" | "durationMs" | "altText" | "name">;
  alt?: string;
  /** The poster image's test id (a card's legacy image id, so its tests find the first picture). */
  posterTestId?: string | undefined;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const duration = formatDuration(item.durationMs);
  if (playing)
    return (
      <video
        src={item.url}
        poster={item.thumbnailUrl}
        controls
        muted
        autoPlay
        playsInline
        className={cn("size-full bg-black object-contain", className)}
        data-testid="post-media-video"
      />
    );
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        setPlaying(true);
      }}
      className={cn(
        "group relative block size-full cursor-pointer overflow-hidden outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
        className,
      )}
      aria-label={`Play video${item.name ? ` ${item.name}` : ""}${duration ? `, ${duration}` : ""}`}
      data-testid="post-media-play"
    >
      <Picture src={item.thumbnailUrl} alt={alt ?? item.altText ?? ""} testId={posterTestId} />
      <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
        <span className="flex size-12 items-center justify-center rounded-full bg-black/60 text-white shadow-lg ring-1 ring-white/30 transition-transform group-hover:scale-105">
          <PlayIcon className="ml-0.5 size-5 fill-current" />
        </span>
      </span>
      {duration && (
        <span
          className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums"
          aria-hidden="true"
        >
          {duration}
        </span>
      )}
    </button>
  );
}

function Slide({ item, alt, testId }: { item: PostMediaItem; alt: string; testId?: string | undefined }) {
  if (item.type === "video") return <InlineVideo item={item} alt={alt} posterTestId={testId} />;
  return <Picture src={item.thumbnailUrl || item.url} alt={item.altText || alt} testId={testId} />;
}

/**
 * A post's media as its card shows them: one picture, a video's poster that plays, or a carousel of slides
 * (swipe on touch, the arrows, or the arrow keys once focused; "2 / 4" says where). `frameClassName` sets
 * each slide's shape. `touchScroll={false}` leaves the finger to an outer gesture (the swipe review's card),
 * the arrows still move.
 */
export function PostMediaGallery({
  media,
  alt,
  frameClassName,
  firstTestId,
  touchScroll = true,
  className,
}: {
  media: readonly PostMediaItem[];
  /** Said for a picture without its own alt text. */
  alt: string;
  frameClassName?: string;
  /** The first picture's test id (the card's legacy image id). */
  firstTestId?: string;
  touchScroll?: boolean;
  className?: string;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  /** The slide an arrow is scrolling to: the scroll events on the way there do not move the counter back. */
  const heading = useRef<{ target: number; until: number } | null>(null);
  const count = media.length;
  const first = media[0];
  if (!first) return null;
  if (count === 1)
    return (
      <div className={cn("overflow-hidden bg-muted", frameClassName, className)}>
        <Slide item={first} alt={alt} testId={firstTestId} />
      </div>
    );

  function go(next: number) {
    const target = stepSlide(next, 0, count);
    const element = strip.current;
    if (target === index) return;
    setIndex(target);
    if (!element) return;
    heading.current = { target, until: Date.now() + 1_000 };
    element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
    // An arrow that turns disabled at the end would drop the focus: it moves to the strip instead.
    const active = document.activeElement;
    if (
      (target === 0 || target === count - 1) &&
      active instanceof HTMLButtonElement &&
      element.parentElement?.contains(active)
    )
      element.focus({ preventScroll: true });
  }

  function onScroll(element: HTMLUListElement) {
    const shown = slideAt(element.scrollLeft, element.clientWidth, count);
    const aim = heading.current;
    if (aim && Date.now() < aim.until && shown !== aim.target) return;
    heading.current = null;
    setIndex(shown);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    // The swipe review's arrow keys approve and deny: inside the carousel they move between slides.
    event.preventDefault();
    event.stopPropagation();
    go(stepSlide(index, event.key === "ArrowRight" ? 1 : -1, count));
  }

  const arrow =
    "absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-background/85 text-foreground shadow-md ring-1 ring-border backdrop-blur outline-none transition-opacity hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-0";

  return (
    <section
      className={cn("relative overflow-hidden bg-muted", className)}
      aria-roledescription="carousel"
      aria-label={`${count} items`}
      data-testid="post-media-carousel"
      data-count={count}
    >
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must be reachable by keyboard; the arrow keys then move it
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(event) => onScroll(event.currentTarget)}
        className={cn(
          "scrollbar-none flex snap-x snap-mandatory outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
          touchScroll ? "overflow-x-auto overscroll-x-contain" : "overflow-x-hidden",
        )}
        aria-label="Slides: use the arrow keys to move"
        data-testid="post-media-strip"
      >
        {media.map((item, position) => (
          <li
            key={item.mediaId ?? item.url}
            className={cn("w-full shrink-0 snap-center snap-always overflow-hidden", frameClassName)}
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            // Slides out of view take no focus (a hidden video's play button).
            inert={position !== index}
            data-testid="post-media-slide"
          >
            <Slide item={item} alt={alt} testId={position === 0 ? firstTestId : undefined} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={cn(arrow, "left-2")}
        onClick={(event) => {
          event.stopPropagation();
          go(index - 1);
        }}
        disabled={index === 0}
        aria-label="Previous slide"
        data-testid="post-media-prev"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={cn(arrow, "right-2")}
        onClick={(event) => {
          event.stopPropagation();
          go(index + 1);
        }}
        disabled={index === count - 1}
        aria-label="Next slide"
        data-testid="post-media-next"
      >
        <ChevronRightIcon className="size-4" aria-hidden="true" />
      </button>
      <span
        className="pointer-events-none absolute top-2 right-2 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-medium text-white tabular-nums"
        aria-live="polite"
        data-testid="post-media-counter"
      >
        {index + 1} / {count}
      </span>
      <span
        className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center gap-1"
        aria-hidden="true"
      >
        {media.map((item, position) => (
          <span
            key={item.mediaId ?? item.url}
            className={cn(
              "size-1.5 rounded-full bg-white/60 shadow-sm transition-all",
              position === index && "w-3 bg-white",
            )}
          />
        ))}
      </span>
    </section>
  );
}

/**
 * A list row's small picture of the post: the first item, stacked when there are more (with how many), and
 * a play mark on a video. Only a picture: the row itself opens the post.
 */
export function MediaStackThumb({
  media,
  className,
  testId,
  onError,
}: {
  media: readonly PostMediaItem[];
  className?: string;
  testId?: string;
  onError?: () => void;
}) {
  const first = media[0];
  if (!first) return null;
  const more = media.length > 1;
  return (
    <span className={cn("relative inline-flex shrink-0", more && "mr-1 mb-1", className)}>
      {more && (
        <span
          className="absolute inset-0 translate-x-1 translate-y-1 rounded-md border bg-muted shadow-xs"
          aria-hidden="true"
        />
      )}
      <img
        src={first.thumbnailUrl || first.url}
        alt=""
        loading="lazy"
        onError={onError}
        className="relative size-full rounded-md border bg-muted object-cover"
        data-testid={testId}
      />
      {first.type === "video" && (
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="flex size-6 items-center justify-center rounded-full bg-black/60 text-white">
            <PlayIcon className="ml-px size-3 fill-current" />
          </span>
        </span>
      )}
      {more && (
        <span
          className="absolute -right-1 -bottom-1 rounded-full bg-foreground px-1.5 text-[10px] font-semibold text-background tabular-nums"
          data-testid="post-media-count"
        >
          {media.length}
        </span>
      )}
    </span>
  );
}
