import { WATERMARK_ACCEPT, WATERMARK_UPLOAD_FAILED, watermarkFileProblem } from "@smm/domain/web";
import { Loader2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

import { FieldError } from "./form-parts";

const ERROR_TOAST_MS = 4000;

/**
 * Picks (or takes a dropped) watermark file, checks it as the spec says (type, 5MB) with the spec's
 * messages, then hands it to `upload`. A refusal is shown under the button; the current image stays.
 */
export function WatermarkUpload({
  hasImage,
  isUploading,
  upload,
}: {
  hasImage: boolean;
  isUploading: boolean;
  upload: (file: File) => Promise<void>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const hintId = useId();
  const errorId = useId();

  async function take(file: File | undefined) {
    if (!file || isUploading) return;
    const problem = watermarkFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      await upload(file);
    } catch (failure) {
      // The server's refusal of the file itself goes next to the button; anything else is a failed action.
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else {
        toast.error(WATERMARK_UPLOAD_FAILED, {
          description: failure instanceof Error ? failure.message : undefined,
          duration: ERROR_TOAST_MS,
        });
      }
    }
  }

  return (
    <div className="grid gap-2">
      <section
        aria-label="Watermark image"
        className={cn(
          "flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 transition-colors sm:flex-row sm:items-center",
          dragOver && "border-primary bg-primary/5",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragOver(false);
          void take(event.dataTransfer.files[0]);
        }}
        data-testid="watermark-dropzone"
      >
        <input
          ref={inputRef}
          type="file"
          accept={WATERMARK_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so picking the same file again (after fixing it) is noticed.
            event.target.value = "";
            void take(file);
          }}
          data-testid="watermark-file-input"
        />
        <Button
          type="button"
          variant={hasImage ? "outline" : "default"}
          onClick={() => inputRef.current?.click()}
          disabled={isUploading}
          aria-describedby={error ? errorId : hintId}
          data-testid="watermark-upload"
        >
          {isUploading ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          {isUploading ? "Uploading..." : hasImage ? "Replace image" : "Upload image"}
        </Button>
        <p id={hintId} className="text-sm text-muted-foreground">
          JPG, PNG, SVG or WEBP, up to 5MB. Or drop a file here. A PNG with a transparent background works
          best.
        </p>
      </section>
      <div aria-live="polite">
        <FieldError id={errorId} message={error ?? undefined} testId="watermark-upload-error" />
      </div>
    </div>
  );
}
