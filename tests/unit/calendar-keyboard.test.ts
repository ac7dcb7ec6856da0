import { describe, expect, it } from "vitest";
import { calendarKeyboardCoordinates } from "@/pages/calendar/keyboard-coordinates";

/*
 * Keyboard drags on the calendar jump from day to day. A chip sits below its day's number, so its own day's
 * centre lies a few pixels above the chip's: ArrowUp must skip the day the post is in, not "move" onto it.
 */
type Rect = { top: number; left: number; width: number; height: number; bottom: number; right: number };
const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

// Three weeks of one column (measured in Chromium at 1280 px): the 3rd above the 10th, 112 px rows.
const days = new Map<string, Rect>([
  ["day:2028-03-03", rect(1060, 670, 92, 112)],
  ["day:2028-03-10", rect(1060, 782, 92, 112)],
  ["day:2028-03-17", rect(1060, 894, 92, 112)],
]);

function press(code: string, chip: Rect) {
  const event = { code, preventDefault() {} } as unknown as KeyboardEvent;
  const context = {
    collisionRect: chip,
    droppableRects: days,
    droppableContainers: { getEnabled: () => [...days.keys()].map((id) => ({ id })) },
  };
  const current = { x: chip.left, y: chip.top };
  const next = calendarKeyboardCoordinates(event, {
    active: "post",
    context,
    currentCoordinates: current,
  } as never);
  if (!next) return null;
  // The chip's centre after the move.
  return { x: next.x + chip.width / 2, y: next.y + chip.height / 2 };
}

const inside = (point: { x: number; y: number } | null, id: string) => {
  const day = days.get(id);
  if (!point || !day) return false;
  return point.x >= day.left && point.x <= day.right && point.y >= day.top && point.y <= day.bottom;
};

describe("calendar keyboard moves", () => {
  // The chip in the lower part of the 10th (under the day's number), as the calendar draws it.
  const chip = rect(1066, 816, 80, 57);

  it("ArrowUp goes to the week before, not to the post's own day", () => {
    expect(inside(press("ArrowUp", chip), "day:2028-03-03")).toBe(true);
  });

  it("ArrowDown goes to the week after", () => {
    expect(inside(press("ArrowDown", chip), "day:2028-03-17")).toBe(true);
  });

  it("keys that are not arrows are left to dnd-kit", () => {
    expect(press("Space", chip)).toBeNull();
  });
});
