import {
  colorInvalidMessage,
  isHexColor,
  normalizeHexColor,
  PRESET_SWATCHES,
  type WizardValues,
} from "@smm/domain/web";
import { CheckIcon } from "lucide-react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toSixDigitColor } from "@/lib/colors";
import { cn } from "@/lib/utils";

export type ColorField = "primaryColor" | "secondaryColor" | "accentColor";

export const COLOR_SLOTS: { field: ColorField; label: "Primary" | "Secondary" | "Accent"; slug: string }[] = [
  { field: "primaryColor", label: "Primary", slug: "primary" },
  { field: "secondaryColor", label: "Secondary", slug: "secondary" },
  { field: "accentColor", label: "Accent", slug: "accent" },
];

/** A colour as CSS, or undefined while the hex text is not (yet) valid. */
export function cssColor(value: string): string | undefined {
  return isHexColor(value) ? normalizeHexColor(value) : undefined;
}

/** The 8 preset swatches; the one matching the chosen slot's colour shows as pressed. */
export function PresetSwatches({
  value,
  label,
  onPick,
}: {
  /** The chosen slot's colour as typed. */
  value: string;
  label: string;
  onPick: (color: string) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="preset-swatches">
      {PRESET_SWATCHES.map((swatch) => {
        const active = cssColor(value)?.toUpperCase() === swatch.color;
        return (
          <button
            key={swatch.color}
            type="button"
            className="flex size-10 items-center justify-center rounded-full border border-black/10 shadow-xs outline-none transition-transform hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:border-white/15"
            style={{ backgroundColor: swatch.color }}
            aria-label={`${swatch.name} ${swatch.color} for the ${label.toLowerCase()} colour`}
            aria-pressed={active}
            title={`${swatch.name} ${swatch.color}`}
            onClick={() => onPick(swatch.color)}
            data-testid={`preset-swatch-${swatch.name.toLowerCase()}`}
          >
            {active ? <CheckIcon className="size-4 text-white drop-shadow" aria-hidden="true" /> : null}
          </button>
        );
      })}
    </div>
  );
}

export function ColorSlot({
  slot,
  value,
  selected,
  onSelect,
  onChange,
}: {
  slot: (typeof COLOR_SLOTS)[number];
  value: string;
  selected: boolean;
  onSelect: () => void;
  onChange: (value: string) => void;
}) {
  const invalid = !isHexColor(value);
  const hexId = `wizard-color-${slot.slug}`;
  const errorId = `${hexId}-error`;
  return (
    <div
      className={cn(
        // One line per slot on a phone (label, swatch, hex), a small card per slot from sm up.
        "flex flex-wrap items-center gap-2 rounded-lg border p-3 transition-colors sm:grid sm:content-start",
        selected ? "border-primary bg-primary/5 ring-2 ring-primary/25" : "bg-card/40",
      )}
      data-selected={selected}
      data-testid={`color-slot-${slot.slug}`}
    >
      <button
        type="button"
        className="-m-1 flex min-w-0 flex-1 items-center gap-2 rounded-md p-1 text-left text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-pressed={selected}
        aria-label={`Apply presets to the ${slot.label.toLowerCase()} colour`}
        onClick={onSelect}
        data-testid={`color-slot-select-${slot.slug}`}
      >
        <span
          className={cn(
            "flex size-4 shrink-0 items-center justify-center rounded-full border",
            selected ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground/40",
          )}
          aria-hidden="true"
        >
          {selected ? <CheckIcon className="size-3" /> : null}
        </span>
        <span className="truncate">{slot.label}</span>
      </button>
      <div className="flex items-center gap-2">
        <input
          type="color"
          className="size-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-moz-color-swatch]:rounded-sm [&::-moz-color-swatch]:border-none [&::-webkit-color-swatch]:rounded-sm [&::-webkit-color-swatch]:border-none [&::-webkit-color-swatch-wrapper]:p-0"
          value={toSixDigitColor(value, "#000000")}
          aria-label={`${slot.label} colour picker`}
          onFocus={onSelect}
          onChange={(event) => {
            onSelect();
            onChange(event.target.value.toUpperCase());
          }}
          data-testid={`color-picker-${slot.slug}`}
        />
        <Label htmlFor={hexId} className="sr-only">
          {slot.label} colour hex value
        </Label>
        <Input
          id={hexId}
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          className="w-28 font-mono uppercase sm:w-full"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onFocus={onSelect}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            // Tidy a valid entry ("f59e0b" -> "#F59E0B") once the user is done typing it.
            if (!invalid) onChange(normalizeHexColor(value).toUpperCase());
          }}
          data-testid={`color-hex-${slot.slug}`}
        />
      </div>
      {invalid ? (
        <p
          id={errorId}
          role="alert"
          className="basis-full text-sm text-destructive"
          data-testid={`color-error-${slot.slug}`}
        >
          {colorInvalidMessage(slot.label)}
        </p>
      ) : null}
    </div>
  );
}

/** How the brand will look on its posts: brand-owned, so it may wear the brand's colours (UI.md). */
export function BrandPreview({ values, className }: { values: WizardValues; className?: string }) {
  const name = values.name.trim() || "Your brand";
  const primary = cssColor(values.primaryColor);
  const secondary = cssColor(values.secondaryColor);
  const accent = cssColor(values.accentColor);
  return (
    <div
      className={cn("flex items-center gap-3 rounded-lg border bg-card/40 p-3", className)}
      data-testid="brand-preview"
    >
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-base font-semibold text-white"
        style={primary ? { backgroundColor: primary } : undefined}
        aria-hidden="true"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <div className="mt-1.5 flex h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          {[primary, secondary, accent].map((color, index) => (
            <span
              // The three slots never reorder, so the position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed three-slot strip
              key={index}
              className="flex-1"
              style={color ? { backgroundColor: color } : undefined}
            />
          ))}
        </div>
      </div>
      <span className="sr-only">
        Preview of {name} with colours {values.primaryColor}, {values.secondaryColor} and {values.accentColor}
      </span>
    </div>
  );
}
