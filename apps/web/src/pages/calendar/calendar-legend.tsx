import { InfoIcon } from "lucide-react";

/** The help legend (core spec section 2, Content calendar). */
export const LEGEND_ITEMS = [
  { key: "drag", text: "Drag approved posts to any future date" },
  { key: "unschedule", text: "Drag scheduled posts back to the sidebar to unschedule" },
  { key: "published", text: "Green posts are published", swatch: "bg-emerald-500" },
  { key: "scheduled", text: "Blue posts are scheduled", swatch: "bg-sky-500" },
  { key: "past", text: "Past dates cannot be scheduled" },
  { key: "preview", text: "Click posts for preview; drag to reschedule" },
] as const;

export function CalendarLegend() {
  return (
    <section
      aria-labelledby="calendar-help-title"
      className="rounded-xl border bg-card p-4"
      data-testid="calendar-legend"
    >
      <h2 id="calendar-help-title" className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <InfoIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        How the calendar works
      </h2>
      <ul className="grid gap-1.5 text-sm text-muted-foreground sm:grid-cols-2 lg:grid-cols-3">
        {LEGEND_ITEMS.map((item) => (
          <li key={item.key} className="flex items-start gap-2">
            <span
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${"swatch" in item ? item.swatch : "bg-muted-foreground/60"}`}
              aria-hidden="true"
            />
            {item.text}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">
        Keyboard: focus a post, press Space to pick it up, use the arrow keys to move, Space to drop, Escape
        to cancel.
      </p>
    </section>
  );
}
