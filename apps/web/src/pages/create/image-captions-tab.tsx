import { CpuIcon, GaugeIcon, ImagesIcon, Loader2Icon, SparklesIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

import { CaptionDropzone } from "./caption-dropzone";
import { CaptionItemCard } from "./caption-item-card";
import { type ImageCaptionsState, useImageCaptions } from "./use-image-captions";

/** "12 of 25 captions left this month", or unlimited on the paid plans. */
function CaptionUsage({ plan }: { plan: ImageCaptionsState["plan"] }) {
  if (plan.isPending) return <Skeleton className="h-4 w-48" role="status" aria-label="Loading your plan" />;
  const data = plan.data;
  if (!data) return null;
  const text =
    data.captionsRemaining === null || data.maxCaptions === null
      ? `Unlimited captions on the ${data.name} plan`
      : `${data.captionsRemaining} of ${data.maxCaptions} captions left this month`;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="captions-usage">
      <GaugeIcon className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
      {data.type === "free" && (
        <Link to="/subscription" className="font-medium text-primary underline-offset-4 hover:underline">
          Upgrade
        </Link>
      )}
    </p>
  );
}

function Counts({ counts }: { counts: ImageCaptionsState["counts"] }) {
  const entries = [
    ["Images", counts.total, "captions-count-total"],
    ["Pending", counts.pending, "captions-count-pending"],
    ["Completed", counts.completed, "captions-count-completed"],
    ["Failed", counts.failed, "captions-count-failed"],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-live="polite">
      {entries.map(([label, value, testId]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-muted-foreground">{label}:</dt>
          <dd
            className={label === "Failed" && value > 0 ? "font-medium text-destructive" : "font-medium"}
            data-testid={testId}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The AI Image Captions tab (connections spec, /create): pick up to 10 images, set each one's platform and
 * context, and Process turns them one by one into pending posts with a caption written for the image.
 */
export function ImageCaptionsTab() {
  const c = useImageCaptions();
  const noBrand = c.brand.isSuccess && !c.brand.data;
  return (
    <section
      aria-labelledby="captions-title"
      className="grid gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
      data-testid="image-captions"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="captions-title" className="font-semibold">
            AI Image Captions
          </h2>
          <p className="text-sm text-muted-foreground">
            Upload photos and get a caption for each in your brand's voice, saved as posts for your review.
          </p>
          <CaptionUsage plan={c.plan} />
        </div>
        {c.offline && (
          <Badge
            variant="outline"
            className="font-normal text-muted-foreground"
            title="Captions come from the built-in offline model, which describes each photo's colours, light and shape; it does not see what is in it."
            data-testid="captions-model-badge"
          >
            <CpuIcon aria-hidden="true" />
            Offline model
          </Badge>
        )}
      </div>

      {noBrand && (
        <Alert>
          <AlertDescription>Please select a brand first</AlertDescription>
        </Alert>
      )}

      <CaptionDropzone onFiles={c.addFiles} error={c.selectionError} disabled={noBrand} />

      {c.items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground"
          data-testid="captions-empty"
        >
          <ImagesIcon className="size-6" aria-hidden="true" />
          No images yet. Add up to 10 photos to caption them in one go.
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Counts counts={c.counts} />
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={c.clearAll}
                disabled={c.running}
                data-testid="captions-clear-all"
              >
                <Trash2Icon aria-hidden="true" />
                Clear All
              </Button>
              <Button
                type="button"
                onClick={() => void c.process()}
                disabled={c.running || noBrand}
                data-testid="captions-process"
              >
                {c.running ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SparklesIcon aria-hidden="true" />
                )}
                {c.running ? "Processing..." : `Process (${c.counts.pending})`}
              </Button>
            </div>
          </div>
          {c.batchError && (
            <Alert variant="destructive" data-testid="captions-batch-error">
              <AlertDescription>{c.batchError}</AlertDescription>
            </Alert>
          )}
          <ul className="grid gap-3" aria-label="Images to caption">
            {c.items.map((item) => (
              <CaptionItemCard
                key={item.id}
                item={item}
                onEdit={(patch) => c.editPending(item.id, patch)}
                onRemove={() => c.remove(item.id)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
