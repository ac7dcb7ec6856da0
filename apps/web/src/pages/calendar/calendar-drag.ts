import { type Announcements, type CollisionDetection, closestCenter, pointerWithin } from "@dnd-kit/core";

import { formatLongDay, parseDayKey } from "@/lib/calendar";

import { SIDEBAR_DROPPABLE_ID } from "./approved-sidebar";
import type { DragData } from "./post-chip";

// Pointer drags use the pointer's position; keyboard drags (no pointer) the nearest target's centre.
export const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

function describeTarget(id: string | number | undefined): string {
  if (id === undefined) return "no drop target";
  const value = String(id);
  if (value === SIDEBAR_DROPPABLE_ID) return "the Approved Content list";
  if (value.startsWith("day:")) return formatLongDay(parseDayKey(value.slice(4)));
  return value;
}

function postName(data: unknown): string {
  const post = (data as DragData | undefined)?.post;
  if (!post) return "post";
  const text = post.excerpt.slice(0, 40);
  return `post "${text}${post.excerpt.length > 40 ? "…" : ""}"`;
}

export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${postName(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${postName(active.data.current)} is over ${describeTarget(over.id)}.`
      : `${postName(active.data.current)} is no longer over a drop target.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${postName(active.data.current)} was dropped on ${describeTarget(over.id)}.`
      : `${postName(active.data.current)} was dropped outside the calendar. Nothing changed.`,
  onDragCancel: ({ active }) => `Moving ${postName(active.data.current)} was cancelled. Nothing changed.`,
};

export const screenReaderInstructions = {
  draggable:
    "To move a post, press Space to pick it up. Use the arrow keys to move between days and the Approved Content list, press Space again to drop it, or Escape to cancel. Press Enter to preview the post.",
};
