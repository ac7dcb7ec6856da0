import { UPLOAD_IMAGE_ACCEPT } from "@smm/domain/web";
import { CircleAlertIcon, CircleCheckIcon, ImageUpIcon, Loader2Icon, XIcon } from "lucide-react";
import { type ChangeEvent, useEffect, useRef } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { MediaView } from "@/lib/generation";
import { cn } from "@/lib/utils";

export type CustomImage =
  | { status: "idle" }
  | { status: "uploading"; name: string; preview: string; progress: number }
  | { status: "uploaded"; name: string; preview: string; media: MediaView };

/**
 * The optional custom image: checked in the browser first (type, 5 MB), then uploaded with a progress bar;
 * once uploaded it shows a thumbnail, the 'Uploaded' badge and a remove button.
 */
export function CustomImageField({
  image,
  error,
  onSelect,
  onRemove,
  disabled,
}: {
  image: CustomImage;
  error: string | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);

  // The same file picked twice in a row must still fire a change.
  useEffect(() => {
    if (image.status === "idle" && inputRef.current) inputRef.current.value = "";
  }, [image.status]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) onSelect(file);
  }

  const describedBy = error ? "custom-image-error" : "custom-image-hint";

  return (
    <div className="grid gap-2">
      <span id="custom-image-label" className="text-sm font-medium">
        Custom image <span className="font-normal text-muted-foreground">(optional)</span>
      </span>
      {image.status === "idle" ? (
        <div>
          <input
            ref={inputRef}
            id="custom-image"
            type="file"
            accept={UPLOAD_IMAGE_ACCEPT}
            className="peer sr-only"
            onChange={handleChange}
            disabled={disabled}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            data-testid="custom-image-input"
          />
          <label
            id="custom-image-button"
            htmlFor="custom-image"
            className={cn(
              "flex min-h-16 cursor-pointer items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm transition-colors hover:bg-accent/50 peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
              error && "border-destructive/60",
            )}
          >
            <ImageUpIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="grid gap-0.5">
              <span className="font-medium">Upload your own image</span>
              <span className="text-xs text-muted-foreground">Used instead of an AI image</span>
            </span>
          </label>
        </div>
      ) : (
        <div
          className="flex items-center gap-3 rounded-lg border p-3"
          data-testid="custom-image-selected"
          data-status={image.status}
        >
          <img
            src={image.preview}
            alt={`Preview of ${image.name}`}
            className="size-16 shrink-0 rounded-md border object-cover"
            data-testid="custom-image-preview"
          />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <span className="truncate text-sm font-medium">{image.name}</span>
            {image.status === "uploading" ? (
              <div className="grid gap-1">
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Loader2Icon className="size-3 animate-spin" aria-hidden="true" />
                  Uploading… {image.progress}%
                </span>
                <div
                  role="progressbar"
                  aria-label="Image upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={image.progress}
                  className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
                  data-testid="custom-image-progress"
                >
                  <div
                    className="h-full rounded-full bg-primary transition-[width]"
                    style={{ width: `${image.progress}%` }}
                  />
                </div>
              </div>
            ) : (
              <Badge
                variant="outline"
                className="border-success/40 bg-success/10 text-success"
                data-testid="custom-image-uploaded"
              >
                <CircleCheckIcon aria-hidden="true" />
                Uploaded
              </Badge>
            )}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={image.status === "uploading" ? "Cancel the upload" : "Remove the image"}
            data-testid="custom-image-remove"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      )}
      {error ? (
        <p
          id="custom-image-error"
          className="flex items-start gap-1.5 text-sm text-destructive"
          role="alert"
          data-testid="custom-image-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : (
        <p id="custom-image-hint" className="text-xs text-muted-foreground">
          PNG, JPG, WebP or GIF, up to 5 MB.
        </p>
      )}
    </div>
  );
}
