import {
  CircleAlertIcon,
  CircleCheckIcon,
  FilmIcon,
  ImageIcon,
  Loader2Icon,
  RotateCwIcon,
  UploadIcon,
  XIcon,
} from "lucide-react";
import { type ChangeEvent, useRef } from "react";

import { Button } from "@/components/ui/button";
import { LIBRARY_UPLOAD_ACCEPT } from "@/lib/media-logic";
import type { LibraryUpload, useLibraryUploads } from "@/lib/media-uploads";
import { cn } from "@/lib/utils";

type Uploads = ReturnType<typeof useLibraryUploads>;

/** The library's Upload button: several images and videos at once (each its own upload below). */
export function UploadButton({
  onFiles,
  disabled,
  variant = "default",
  testId = "library-upload",
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  variant?: "default" | "outline";
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // The same file picked again (a resumed video) must still fire a change.
    event.target.value = "";
    if (files.length > 0) onFiles(files);
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={LIBRARY_UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
        disabled={disabled}
        data-testid={`${testId}-input`}
      />
      <Button
        variant={variant}
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid={testId}
      >
        <UploadIcon aria-hidden="true" />
        Upload
      </Button>
    </>
  );
}

const statusText: Record<LibraryUpload["status"], string> = {
  uploading: "Uploading",
  processing: "Checking and storing",
  done: "Uploaded",
  failed: "Failed",
  cancelled: "Cancelled",
};

function UploadRow({ upload, uploads }: { upload: LibraryUpload; uploads: Uploads }) {
  const active = upload.status === "uploading" || upload.status === "processing";
  const Icon = upload.kind === "video" ? FilmIcon : ImageIcon;
  return (
    <li
      className="flex items-center gap-3 px-3 py-2.5"
      data-testid="library-upload-row"
      data-status={upload.status}
      data-kind={upload.kind}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="truncate font-medium">{upload.name}</span>
          <span
            className={cn(
              "flex shrink-0 items-center gap-1 text-xs tabular-nums",
              upload.status === "failed" ? "text-destructive" : "text-muted-foreground",
              upload.status === "done" && "text-success",
            )}
            data-testid="library-upload-status"
          >
            {upload.status === "processing" && (
              <Loader2Icon className="size-3 animate-spin" aria-hidden="true" />
            )}
            {upload.status === "done" && <CircleCheckIcon className="size-3" aria-hidden="true" />}
            {upload.status === "failed" && <CircleAlertIcon className="size-3" aria-hidden="true" />}
            {statusText[upload.status]}
            {upload.status === "uploading" && ` ${upload.percent}%`}
            {upload.resumed && active && " (resumed)"}
          </span>
        </div>
        {active && (
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.percent}
            aria-valuetext={`${upload.percent}%`}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            data-testid="library-upload-progress"
          >
            <div
              className={cn(
                "h-full rounded-full bg-primary transition-[width]",
                upload.status === "processing" && "animate-pulse",
              )}
              style={{ width: `${upload.percent}%` }}
            />
          </div>
        )}
        {upload.error && (
          <p className="text-xs text-destructive" data-testid="library-upload-error">
            {upload.error}
          </p>
        )}
      </div>
      {upload.status === "failed" && upload.retryable && (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => uploads.retry(upload.key)}
          aria-label={`Retry uploading ${upload.name}`}
          data-testid="library-upload-retry"
        >
          <RotateCwIcon aria-hidden="true" />
        </Button>
      )}
      {active ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => uploads.cancel(upload.key)}
          aria-label={`Cancel uploading ${upload.name}`}
          data-testid="library-upload-cancel"
        >
          Cancel
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => uploads.dismiss(upload.key)}
          aria-label={`Dismiss ${upload.name}`}
          data-testid="library-upload-dismiss"
        >
          <XIcon aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** The uploads of this visit, newest first, each with its progress and Cancel (or its outcome). */
export function UploadList({ uploads }: { uploads: Uploads }) {
  if (uploads.uploads.length === 0) return null;
  const active = uploads.uploads.filter(
    (upload) => upload.status === "uploading" || upload.status === "processing",
  );
  return (
    <section className="mb-6 rounded-xl border bg-card" aria-label="Uploads" data-testid="library-uploads">
      <header className="flex items-center justify-between border-b px-3 py-2 text-sm">
        <span className="font-medium">
          Uploads
          {active.length > 0 && (
            <span className="ml-1 text-muted-foreground">({active.length} in progress)</span>
          )}
        </span>
        {active.length === 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              for (const upload of uploads.uploads) uploads.dismiss(upload.key);
            }}
          >
            Clear
          </Button>
        )}
      </header>
      <ul className="divide-y" aria-live="polite">
        {uploads.uploads.map((upload) => (
          <UploadRow key={upload.key} upload={upload} uploads={uploads} />
        ))}
      </ul>
    </section>
  );
}
