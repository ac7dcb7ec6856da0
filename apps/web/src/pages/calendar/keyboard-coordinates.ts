import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

const directions: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * Keyboard drags jump from drop target to drop target (day to day, a day to the Approved Content list)
 * instead of dnd-kit's default 25 px steps: the arrow picks the nearest target in its direction and the
 * dragged post is centred on it, so the closest-centre collision names exactly that target.
 */
export const calendarKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context },
) => {
  const direction = directions[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const rect = context.collisionRect;
  if (!rect) return currentCoordinates;
  const [dx, dy] = direction;
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;

  let best: { x: number; y: number; score: number } | null = null;
  for (const container of context.droppableContainers.getEnabled()) {
    const target = context.droppableRects.get(container.id);
    if (!target) continue;
    // The target the post is in now is never the next one: a chip sits below its day's number, so its own
    // day's centre is a few pixels "up" from the chip's, and ArrowUp picked it and went nowhere.
    if (
      cx >= target.left &&
      cx <= target.left + target.width &&
      cy >= target.top &&
      cy <= target.top + target.height
    )
      continue;
    const tx = target.left + target.width / 2;
    const ty = target.top + target.height / 2;
    const along = (tx - cx) * dx + (ty - cy) * dy;
    if (along <= 4) continue;
    const across = Math.abs((tx - cx) * dy) + Math.abs((ty - cy) * dx);
    const score = along + across * 3;
    if (!best || score < best.score) best = { x: tx - cx, y: ty - cy, score };
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.x, y: currentCoordinates.y + best.y };
};
