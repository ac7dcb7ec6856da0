import type { Brand } from "@smm/domain/web";
import { CheckIcon, XIcon } from "lucide-react";
import { type PointerEvent, useRef, useState } from "react";

import { GeneratedPostPreview } from "@/components/generation/post-preview";
import type { PostView } from "@/lib/generation";
import { overlayOpacity, type SwipeDecision, swipeDecision, swipeOverlay, swipeRotation } from "@/lib/swipe";
import { cn } from "@/lib/utils";

/** Where a card waits while the deny dialog asks for feedback: past the overlay, short of leaving. */
const HOLD_PX = 120;

/**
 * One pending post as a card that follows the finger or mouse (pointer events with capture; touch-action
 * pan-y so a vertical swipe still scrolls the page). Past 50 px the APPROVE / DENY overlay shows; released
 * past 100 px the card asks `onDecide`, otherwise it springs back. `held` keeps it aside (deny dialog
 * open), `exiting` flies it out.
 */
export function SwipeCard({
  post,
  brand,
  held,
  exiting,
  disabled,
  onDecide,
}: {
  post: PostView;
  brand: Brand | null | undefined;
  held: SwipeDecision | null;
  exiting: SwipeDecision | null;
  disabled: boolean;
  /** Returns false when the decision was not taken (debounced); the card then springs back. */
  onDecide: (decision: SwipeDecision) => boolean;
}) {
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  const heldOffset = held === "approve" ? HOLD_PX : held === "deny" ? -HOLD_PX : 0;
  const offset = held ? heldOffset : dx;
  const direction = exiting ?? held ?? swipeOverlay(offset);
  const opacity = exiting || held ? 1 : overlayOpacity(offset);

  const transform = exiting
    ? `translateX(${exiting === "approve" ? 150 : -150}%) rotate(${exiting === "approve" ? 15 : -15}deg)`
    : `translateX(${offset}px) rotate(${swipeRotation(offset)}deg)`;

  function reset() {
    start.current = null;
    setDragging(false);
    setDx(0);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (disabled || exiting || held || start.current) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // The caption's 'See more' and other controls inside the card keep their clicks.
    if ((event.target as Element).closest("button, a, input, textarea, select, video")) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the moves still reach the card while over it.
    }
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!start.current || event.pointerId !== start.current.pointerId) return;
    setDx(event.clientX - start.current.x);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!start.current || event.pointerId !== start.current.pointerId) return;
    const released = event.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    const decision = swipeDecision(released);
    if (!decision || !onDecide(decision)) {
      setDx(0);
      return;
    }
    // Approve flies out from here; deny waits aside (held) for its feedback.
    if (decision === "deny") setDx(0);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer shortcut; the Approve / Deny buttons and the arrow keys are its equivalents.
    <div
      className={cn(
        "relative touch-pan-y select-none rounded-xl outline-none",
        dragging ? "cursor-grabbing" : "cursor-grab",
        !dragging && "transition-[transform,opacity] duration-300 ease-out motion-reduce:transition-none",
        exiting && "pointer-events-none opacity-0",
      )}
      style={{ transform }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={reset}
      onLostPointerCapture={() => {
        if (start.current) reset();
      }}
      onDragStart={(event) => event.preventDefault()}
      data-testid="swipe-card"
      data-post-id={post.id}
      data-dragging={dragging || undefined}
      data-exiting={exiting ?? undefined}
    >
      <GeneratedPostPreview
        post={post}
        brand={brand}
        // A finger drag decides the card: a carousel inside it moves by its arrows.
        mediaTouchScroll={false}
        // The insights panel beside the card shows the hashtags and the time.
        className="[&>dl]:hidden"
      />
      {direction && opacity > 0 && (
        <div
          className={cn(
            "pointer-events-none absolute inset-x-0 top-10 bottom-0 flex items-center justify-center rounded-xl border-4",
            direction === "approve" ? "border-emerald-500 bg-emerald-500/15" : "border-red-500 bg-red-500/15",
          )}
          style={{ opacity }}
          aria-hidden="true"
          data-testid="swipe-overlay"
          data-direction={direction}
        >
          <span
            className={cn(
              "flex items-center gap-2 rounded-lg border-4 px-4 py-2 text-2xl font-extrabold tracking-widest shadow-lg",
              direction === "approve"
                ? "-rotate-12 border-emerald-500 bg-emerald-700 text-white"
                : "rotate-12 border-red-500 bg-red-700 text-white",
            )}
          >
            {direction === "approve" ? (
              <CheckIcon className="size-6" strokeWidth={3} />
            ) : (
              <XIcon className="size-6" strokeWidth={3} />
            )}
            {direction === "approve" ? "APPROVE" : "DENY"}
          </span>
        </div>
      )}
    </div>
  );
}
