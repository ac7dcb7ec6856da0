import type { Brand } from "@smm/domain/brands/constants";
import {
  BACKGROUND_REMOVAL_FAILED,
  BACKGROUND_REMOVED,
  BACKGROUND_THRESHOLD,
  NO_IMAGE_FOR_PROCESSING,
  WATERMARK_OPACITY,
  WATERMARK_REMOVE_FAILED,
  WATERMARK_REMOVED,
  WATERMARK_ROTATION,
  WATERMARK_SAVE_FAILED,
  WATERMARK_SAVED,
  WATERMARK_SIZE,
} from "@smm/domain/watermark/schemas";
import {
  CircleAlertIcon,
  CrosshairIcon,
  EraserIcon,
  FlipHorizontal2Icon,
  FlipVertical2Icon,
  Loader2Icon,
  RotateCwIcon,
  Undo2Icon,
} from "lucide-react";
import type { FormEvent } from "react";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  normalize,
  toSaveInput,
  useRemoveWatermark,
  useRemoveWatermarkBackground,
  useSaveWatermark,
  useUploadWatermarkImage,
  useWatermark,
  useWatermarkEditor,
  type WatermarkDraft,
} from "@/lib/watermark";

import { FormSection, OtherBrandNotice } from "./form-parts";
import { StepButton, ToggleButton, WatermarkSlider } from "./watermark-controls";
import { WatermarkPreview } from "./watermark-preview";
import { WatermarkRemoveDialog } from "./watermark-remove-dialog";
import { WatermarkSkeleton } from "./watermark-skeleton";
import { WatermarkUpload } from "./watermark-upload";

// Core spec section 9: success toasts 2000 ms, error toasts 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;

const percent = (value: number) => `${Math.round(value)}%`;
const degrees = (value: number) => `${value}°`;

/** The spec's text as the toast, the server's reason (when it says more) underneath. */
function failureToast(title: string, error: unknown) {
  const reason = error instanceof Error && error.message !== title ? error.message : undefined;
  toast.error(title, { description: reason, duration: ERROR_TOAST_MS });
}

/**
 * Settings > Watermark: upload a mark, place it on a live preview, clear its white background, then Save
 * (which always turns the watermark on) or Remove it. Nothing is stored until Save, except the uploaded
 * files themselves (a save deletes the ones it does not keep).
 */
export function WatermarkTab({ brand }: { brand: Brand }) {
  const query = useWatermark(brand);
  const editor = useWatermarkEditor(brand, query.data);
  const uploadImage = useUploadWatermarkImage();
  const removeBackground = useRemoveWatermarkBackground();
  const save = useSaveWatermark();
  const remove = useRemoveWatermark();

  if (!editor.state || !query.data) {
    if (query.isError) {
      return (
        <EmptyState
          icon={CircleAlertIcon}
          title="Could not load your watermark"
          description={query.error.message}
          testId="watermark-load-error"
          action={
            <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RotateCwIcon className={query.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
              Try again
            </Button>
          }
        />
      );
    }
    return <WatermarkSkeleton />;
  }

  const view = query.data;
  const { brandId, draft, baseline } = editor.state;
  const hasImage = Boolean(draft.imageMediaId);
  const busy = save.isPending || remove.isPending;
  // Saving always turns the watermark on, so a saved mark that is switched off can be saved as it is.
  const canSave = hasImage && (editor.isDirty || !view.enabled) && !busy;
  const set = (change: Partial<WatermarkDraft>) => editor.update(change);

  async function onUpload(file: File) {
    const image = await uploadImage.mutateAsync({ brandId, file });
    // A new image: a background removal of the previous one no longer applies.
    set({
      imageMediaId: image.mediaId,
      imageUrl: image.url,
      processedImageMediaId: null,
      processedImageUrl: null,
    });
  }

  async function onRemoveBackground() {
    const source = draft.imageMediaId;
    if (!source) {
      toast.error(NO_IMAGE_FOR_PROCESSING, { duration: ERROR_TOAST_MS });
      return;
    }
    try {
      const image = await removeBackground.mutateAsync({
        brandId,
        mediaId: source,
        threshold: draft.backgroundRemovalThreshold,
      });
      // Only if the user has not replaced the image meanwhile.
      editor.update((current) =>
        current.imageMediaId === source
          ? { processedImageMediaId: image.mediaId, processedImageUrl: image.url }
          : {},
      );
      toast.success(BACKGROUND_REMOVED, { duration: SUCCESS_TOAST_MS });
    } catch (error) {
      failureToast(BACKGROUND_REMOVAL_FAILED, error);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toSaveInput(draft);
    if (!input || !canSave) return;
    const submitted = draft;
    try {
      const saved = await save.mutateAsync({ brandId, input });
      editor.commit(saved, submitted);
      toast.success(WATERMARK_SAVED, { duration: SUCCESS_TOAST_MS });
    } catch (error) {
      // The draft stays as it is: nothing the user set up is lost.
      failureToast(WATERMARK_SAVE_FAILED, error);
    }
  }

  async function onRemove(): Promise<boolean> {
    try {
      editor.commit(await remove.mutateAsync({ brandId }));
      toast.success(WATERMARK_REMOVED, { duration: SUCCESS_TOAST_MS });
      return true;
    } catch (error) {
      failureToast(WATERMARK_REMOVE_FAILED, error);
      return false;
    }
  }

  const status = save.isPending
    ? "Saving your changes..."
    : editor.isDirty
      ? "You have unsaved changes"
      : !hasImage
        ? "Upload an image to set up your watermark"
        : view.enabled
          ? "No unsaved changes"
          : "Your watermark is off. Save turns it on.";

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="watermark-editor">
      {editor.isOtherBrand && <OtherBrandNotice brandName={editor.state.brandName} />}
      <div className="rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="flex flex-col gap-3 border-b p-5 sm:flex-row sm:items-center sm:justify-between md:p-6">
          <div className="space-y-1">
            <h2 className="font-semibold">Watermark</h2>
            <p className="text-sm text-muted-foreground">
              Your mark on every image generated for this brand. Saving turns it on.
            </p>
          </div>
          <Badge
            variant={view.enabled && view.imageUrl ? "default" : "outline"}
            data-testid="watermark-enabled-badge"
          >
            {view.enabled && view.imageUrl ? "On" : "Off"}
          </Badge>
        </div>

        <div className="grid gap-6 p-5 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:gap-8 md:p-6">
          <div className="min-w-0 md:sticky md:top-20 md:self-start">
            <WatermarkPreview
              draft={draft}
              brandName={brand.name}
              colors={{
                primary: brand.settings.primaryColor,
                secondary: brand.settings.secondaryColor,
                accent: brand.settings.accentColor,
              }}
              onMove={(position) => set({ position })}
            />
          </div>

          <div className="-my-5 min-w-0 divide-y md:-my-6">
            <FormSection title="Image" className="md:grid-cols-1 md:gap-4 md:px-0 px-0">
              <WatermarkUpload hasImage={hasImage} isUploading={uploadImage.isPending} upload={onUpload} />
            </FormSection>

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
                disabled={!hasImage || removeBackground.isPending}
                onChange={(threshold) => set({ backgroundRemovalThreshold: normalize.threshold(threshold) })}
                testId="watermark-threshold"
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={!hasImage || removeBackground.isPending}
                  onClick={() => void onRemoveBackground()}
                  data-testid="watermark-remove-background"
                >
                  {removeBackground.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <EraserIcon aria-hidden="true" />
                  )}
                  {removeBackground.isPending ? "Removing background..." : "Remove background"}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  disabled={!draft.processedImageMediaId || removeBackground.isPending}
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
          </div>
        </div>

        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-b-xl border-t bg-card/90 px-5 py-3 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:px-6">
          <p
            className="mr-auto basis-full text-sm text-muted-foreground sm:basis-auto"
            aria-live="polite"
            data-testid="watermark-status"
          >
            {status}
          </p>
          <WatermarkRemoveDialog
            disabled={busy || (!baseline.imageMediaId && !draft.imageMediaId)}
            isRemoving={remove.isPending}
            onConfirm={onRemove}
          />
          {editor.isDirty && !busy && (
            <Button type="button" variant="ghost" onClick={editor.discard} data-testid="watermark-discard">
              Discard
            </Button>
          )}
          <Button type="submit" disabled={!canSave} data-testid="watermark-save">
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>
    </form>
  );
}
