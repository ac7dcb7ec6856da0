import { checkReferenceImageFile, MAX_REFERENCE_IMAGES } from "@smm/domain/web";
import { ImagePlusIcon, Loader2Icon, XIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";

import { Label } from "@/components/ui/label";
import { type TemplateImageView, UPLOAD_FAILED, uploadTemplateImage } from "@/lib/templates";

/**
 * The template form's reference images: thumbnails with a remove button, and a picker that takes several
 * files. Each file is checked in the browser first (an image type, at most 5242880 bytes) and then by the
 * server from its content; a refused file is the spec's notification 'Invalid file: {filename}. Please use
 * images under 5MB.' and the others still upload.
 */
export function ReferenceImagesField({
  images,
  onChange,
  brandId,
  onBusyChange,
}: {
  images: TemplateImageView[];
  onChange: (update: (current: TemplateImageView[]) => TemplateImageView[]) => void;
  brandId: string | undefined;
  /** Save waits for running uploads, so nothing picked is lost. */
  onBusyChange: (busy: boolean) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const room = MAX_REFERENCE_IMAGES - images.length - uploading;

  const pick = async (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) {
      const refusal = checkReferenceImageFile(file);
      if (refusal) toast.error(refusal);
      else accepted.push(file);
    }
    if (accepted.length > room) toast.error(`At most ${MAX_REFERENCE_IMAGES} reference images`);
    const batch = accepted.slice(0, Math.max(0, room));
    if (batch.length === 0) return;
    setUploading((n) => n + batch.length);
    onBusyChange(true);
    await Promise.all(
      batch.map(async (file) => {
        try {
          const stored = await uploadTemplateImage(file, brandId);
          onChange((current) => [...current, { id: stored.id, url: stored.url }]);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : UPLOAD_FAILED);
        } finally {
          setUploading((n) => n - 1);
        }
      }),
    );
    onBusyChange(false);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>Reference images</Label>
        <span className="text-xs text-muted-foreground" data-testid="template-images-count">
          {images.length}/{MAX_REFERENCE_IMAGES}
        </span>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="template-images">
        {images.map((image, index) => (
          <div key={image.id} className="group relative size-16" data-testid="template-image">
            <img
              src={image.url}
              alt={`Reference ${index + 1}`}
              className="size-16 rounded-md border object-cover"
            />
            <button
              type="button"
              aria-label={`Remove reference image ${index + 1}`}
              onClick={() => onChange((current) => current.filter((i) => i.id !== image.id))}
              className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full border bg-background shadow-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid="template-image-remove"
            >
              <XIcon className="size-3.5" aria-hidden="true" />
            </button>
          </div>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
            key={index}
            className="flex size-16 items-center justify-center rounded-md border border-dashed"
            role="status"
            aria-label="Uploading image"
          >
            <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        ))}
        {room > 0 && (
          <label
            htmlFor={inputId}
            className="flex size-16 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md border border-dashed text-xs text-muted-foreground outline-none hover:bg-accent/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <ImagePlusIcon className="size-5" aria-hidden="true" />
            Add
          </label>
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        disabled={room <= 0}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so picking the same file again after removing it is a change.
          if (inputRef.current) inputRef.current.value = "";
          void pick(files);
        }}
        data-testid="template-images-input"
      />
      <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, up to 5MB each.</p>
    </div>
  );
}
