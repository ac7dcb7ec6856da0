import { MAX_CAPTION_IMAGES, UPLOAD_IMAGE_ACCEPT } from "@smm/domain/web";
import { CircleAlertIcon, ImagePlusIcon } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";

import { cn } from "@/lib/utils";

/**
 * Where caption images come in: a drop area that is also the file picker's label (so Enter or Space on the
 * focused input opens the picker), multiple files at once. The checks are the hook's (the domain's rules).
 */
export function CaptionDropzone({
  onFiles,
  error,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onFiles(Array.from(event.target.files ?? []));
    // The same files picked again must still fire a change.
    event.target.value = "";
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="grid gap-2">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={UPLOAD_IMAGE_ACCEPT}
        className="peer sr-only"
        onChange={handleChange}
        disabled={disabled}
        aria-describedby={`${inputId}-hint`}
        aria-invalid={error ? true : undefined}
        data-testid="captions-file-input"
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={cn(
          "flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors hover:bg-accent/50 peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
          dragging && "border-primary bg-primary/5",
          error && "border-destructive/60",
        )}
        data-testid="captions-dropzone"
      >
        <ImagePlusIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">Drop images here or click to choose</span>
        <span id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          PNG, JPEG, GIF or WebP, max 5MB each, up to {MAX_CAPTION_IMAGES} images at once
        </span>
      </label>
      {error && (
        <p
          className="flex items-start gap-1.5 text-sm text-destructive"
          role="alert"
          data-testid="captions-selection-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}
