import type { Brand } from "@smm/domain/web";
import { CircleAlertIcon, Loader2Icon, RotateCwIcon } from "lucide-react";

import { CLEAR_OF_ASSISTANT_BUTTON } from "@/components/assistant/assistant-frame";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import { FormSection, OtherBrandNotice } from "./form-parts";
import { useWatermarkTab } from "./use-watermark-tab";
import { WatermarkPreview } from "./watermark-preview";
import { WatermarkRemoveDialog } from "./watermark-remove-dialog";
import { AppearanceSection, BackgroundSection, PlacementSection } from "./watermark-sections";
import { WatermarkSkeleton } from "./watermark-skeleton";
import { WatermarkUpload } from "./watermark-upload";

/**
 * Settings > Watermark: upload a mark, place it on a live preview, clear its white background, then Save
 * (which always turns the watermark on) or Remove it. Nothing is stored until Save, except the uploaded
 * files themselves (a save deletes the ones it does not keep).
 */
export function WatermarkTab({ brand }: { brand: Brand }) {
  const { query, ready: w } = useWatermarkTab(brand);

  if (!w) {
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

  const { editor, view, draft, baseline, hasImage, busy, canSave, status, set } = w;

  return (
    <form onSubmit={(event) => void w.submit(event)} noValidate data-testid="watermark-editor">
      {editor.isOtherBrand && <OtherBrandNotice brandName={w.brandName} />}
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
              <WatermarkUpload hasImage={hasImage} isUploading={w.uploading} upload={w.upload} />
            </FormSection>

            <PlacementSection w={w} />

            <AppearanceSection w={w} />

            <BackgroundSection w={w} />
          </div>
        </div>

        <div
          className={`sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-b-xl border-t bg-card/90 py-3 pl-5 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:pl-6 ${CLEAR_OF_ASSISTANT_BUTTON}`}
        >
          <p
            className="mr-auto basis-full text-sm text-muted-foreground sm:basis-auto"
            aria-live="polite"
            data-testid="watermark-status"
          >
            {status}
          </p>
          <WatermarkRemoveDialog
            disabled={busy || (!baseline.imageMediaId && !draft.imageMediaId)}
            isRemoving={w.removing}
            onConfirm={w.removeWatermark}
          />
          {editor.isDirty && !busy && (
            <Button type="button" variant="ghost" onClick={editor.discard} data-testid="watermark-discard">
              Discard
            </Button>
          )}
          <Button type="submit" disabled={!canSave} data-testid="watermark-save">
            {w.saving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {w.saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>
    </form>
  );
}
