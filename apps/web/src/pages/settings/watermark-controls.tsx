import { MinusIcon, PlusIcon } from "lucide-react";
import { Slider as SliderPrimitive } from "radix-ui";
import type * as React from "react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** A labelled slider with its value shown beside the label (shadcn's slider look, Radix underneath). */
export function WatermarkSlider({
  label,
  value,
  min,
  max,
  step,
  format,
  onChange,
  disabled,
  testId,
  hint,
  before,
  after,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
  disabled?: boolean;
  testId: string;
  hint?: string;
  /** Controls around the track (the size's - and + buttons). */
  before?: React.ReactNode;
  after?: React.ReactNode;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        <span id={labelId} className="text-sm leading-none font-medium">
          {label}
        </span>
        <output
          className="text-sm text-muted-foreground tabular-nums"
          aria-hidden="true"
          data-testid={`${testId}-value`}
        >
          {format(value)}
        </output>
      </div>
      <div className="flex items-center gap-2">
        {before}
        <SliderPrimitive.Root
          className={cn(
            "relative flex h-10 w-full touch-none items-center select-none data-[disabled]:opacity-50",
          )}
          value={[value]}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          onValueChange={(values) => {
            const next = values[0];
            if (next !== undefined) onChange(next);
          }}
          data-testid={testId}
        >
          <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
            <SliderPrimitive.Range className="absolute h-full bg-primary" />
          </SliderPrimitive.Track>
          <SliderPrimitive.Thumb
            className="block size-5 shrink-0 rounded-full border border-primary bg-background shadow-sm transition-[color,box-shadow] outline-none hover:ring-4 hover:ring-ring/50 focus-visible:ring-4 focus-visible:ring-ring/50 disabled:pointer-events-none"
            aria-labelledby={labelId}
            aria-valuetext={format(value)}
            aria-describedby={hint ? hintId : undefined}
            data-testid={`${testId}-thumb`}
          />
        </SliderPrimitive.Root>
        {after}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The - or + button next to a slider: one step of `step`, named for screen readers. */
export function StepButton({
  direction,
  label,
  onClick,
  disabled,
  testId,
}: {
  direction: "down" | "up";
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  const Icon = direction === "down" ? MinusIcon : PlusIcon;
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** An on/off button (aria-pressed) for the flips. */
export function ToggleButton({
  pressed,
  onPressedChange,
  icon: Icon,
  children,
  disabled,
  testId,
}: {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  icon: React.ComponentType<{ className?: string }>;
  children: React.ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={pressed}
      onClick={() => onPressedChange(!pressed)}
      disabled={disabled}
      className={cn(
        pressed &&
          "border-primary bg-primary/15 text-foreground hover:bg-primary/20 dark:border-primary dark:bg-primary/20 dark:hover:bg-primary/25",
      )}
      data-testid={testId}
    >
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </Button>
  );
}
