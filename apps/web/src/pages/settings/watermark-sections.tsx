import { BACKGROUND_THRESHOLD, WATERMARK_OPACITY, WATERMARK_ROTATION, WATERMARK_SIZE } from "@smm/domain/web";
import {
  CrosshairIcon,
  EraserIcon,
  FlipHorizontal2Icon,
  FlipVertical2Icon,
  Loader2Icon,
  Undo2Icon,
} from "lucide-react";

import { Button } from "@/components/ui/button";
import { normalize } from "@/lib/watermark";

import { FormSection } from "./form-parts";
import type { WatermarkTabReady } from "./use-watermark-tab";
import { StepButton, ToggleButton, WatermarkSlider } from "./watermark-controls";

/* The watermark editor's setting groups, rendered from the tab's state; every change goes back to it. */

const percent = (value: number) => `${Math.round(value)}%`;
const degrees = (value: number) => `${value}°`;

export function PlacementSection({ w }: { w: WatermarkTabReady }) {
  const { draft, hasImage, set } = w;
  return (
    <FormSection
      title="Placement"
      description="Where the mark's centre sits on the image."
      className="md:grid-cols-1 md:gap-4 md:px-0 px-0"
    >
      <WatermarkSlider
        label="Horizontal position"
        value={draft.position.x}
        min={0}
        max={100}
        step={1}
        format={percent}
        disabled={!hasImage}
        onChange={(x) => set({ position: { x: normalize.percent(x), y: draft.position.y } })}
        testId="watermark-x"
      />
      <WatermarkSlider
        label="Vertical position"
        value={draft.position.y}
        min={0}
        max={100}
        step={1}
        format={percent}
        disabled={!hasImage}
        onChange={(y) => set({ position: { x: draft.position.x, y: normalize.percent(y) } })}
        testId="watermark-y"
      />
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={!hasImage || (draft.position.x === 50 && draft.position.y === 50)}
        onClick={() => set({ position: { x: 50, y: 50 } })}
        data-testid="watermark-center"
      >
        <CrosshairIcon aria-hidden="true" />
        Center
      </Button>
    </FormSection>
  );
}

export function AppearanceSection({ w }: { w: WatermarkTabReady }) {
  const { draft, hasImage, set } = w;
  return (
    <FormSection title="Appearance" className="md:grid-cols-1 md:gap-4 md:px-0 px-0">
      <WatermarkSlider
        label="Size"
        hint="Percent of the image's shorter side."
        value={draft.size}
        min={WATERMARK_SIZE.min}
        max={WATERMARK_SIZE.max}
        step={1}
        format={percent}
        disabled={!hasImage}
        onChange={(size) => set({ size: normalize.size(size) })}
        testId="watermark-size"
        before={
          <StepButton
            direction="down"
            label={`Smaller by ${WATERMARK_SIZE.step}%`}
            disabled={!hasImage || draft.size <= WATERMARK_SIZE.min}
            onClick={() => set({ size: normalize.size(draft.size - WATERMARK_SIZE.step) })}
            testId="watermark-size-decrease"
          />
        }
        after={
          <StepButton
            direction="up"
            label={`Larger by ${WATERMARK_SIZE.step}%`}
            disabled={!hasImage || draft.size >= WATERMARK_SIZE.max}
            onClick={() => set({ size: normalize.size(draft.size + WATERMARK_SIZE.step) })}
            testId="watermark-size-increase"
          />
        }
      />
      <WatermarkSlider
        label="Rotation"
        value={draft.rotation}
        min={WATERMARK_ROTATION.min}
        max={WATERMARK_ROTATION.max}
        step={WATERMARK_ROTATION.step}
        format={degrees}
        disabled={!hasImage}
        onChange={(rotation) => set({ rotation: normalize.rotation(rotation) })}
        testId="watermark-rotation"
      />
      <WatermarkSlider
        label="Opacity"
        value={draft.opacity}
        min={WATERMARK_OPACITY.min}
        max={WATERMARK_OPACITY.max}
        step={WATERMARK_OPACITY.step}
        format={(value) => percent(value * 100)}
        disabled={!hasImage}
        onChange={(opacity) => set({ opacity: normalize.opacity(opacity) })}
        testId="watermark-opacity"
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Flip</legend>
        <div className="flex flex-wrap gap-2">
          <ToggleButton
            pressed={draft.flipHorizontal}
            onPressedChange={(flipHorizontal) => set({ flipHorizontal })}
            icon={FlipHorizontal2Icon}
            disabled={!hasImage}
            testId="watermark-flip-horizontal"
          >
            Flip horizontal
          </ToggleButton>
          <ToggleButton
            pressed={draft.flipVertical}
            onPressedChange={(flipVertical) => set({ flipVertical })}
            icon={FlipVertical2Icon}
            disabled={!hasImage}
            testId="watermark-flip-vertical"
          >
            Flip vertical
          </ToggleButton>
        </div>
      </fieldset>
    </FormSection>
  );
}

export function BackgroundSection({ w }: { w: WatermarkTabReady }) {
  const { draft, hasImage, set } = w;
  return (
    <FormSection
      title="Background removal"
      description="Makes the white around your logo transparent. Raise the threshold to catch off-white too."
      className="md:grid-cols-1 md:gap-4 md:px-0 px-0"
    >
      <WatermarkSlider
        label="Threshold"
        value={draft.backgroundRemovalThreshold}
        min={BACKGROUND_THRESHOLD.min}
        max={BACKGROUND_THRESHOLD.max}
        step={1}
        format={String}
        disabled={!hasImage || w.removingBackground}
        onChange={(threshold) => set({ backgroundRemovalThreshold: normalize.threshold(threshold) })}
        testId="watermark-threshold"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!hasImage || w.removingBackground}
          onClick={() => void w.removeBackground()}
          data-testid="watermark-remove-background"
        >
          {w.removingBackground ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <EraserIcon aria-hidden="true" />
          )}
          {w.removingBackground ? "Removing background..." : "Remove background"}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={!draft.processedImageMediaId || w.removingBackground}
          onClick={() => set({ processedImageMediaId: null, processedImageUrl: null })}
          data-testid="watermark-reset-original"
        >
          <Undo2Icon aria-hidden="true" />
          Reset to Original
        </Button>
      </div>
      {draft.processedImageMediaId && (
        <p className="text-xs text-muted-foreground" data-testid="watermark-processed-note">
          Showing the version without background.
        </p>
      )}
    </FormSection>
  );
}
