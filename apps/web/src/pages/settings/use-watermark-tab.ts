import {
  BACKGROUND_REMOVAL_FAILED,
  BACKGROUND_REMOVED,
  type Brand,
  type ErrorReason,
  NO_IMAGE_FOR_PROCESSING,
  WATERMARK_REMOVE_FAILED,
  WATERMARK_REMOVED,
  WATERMARK_SAVE_FAILED,
  WATERMARK_SAVED,
} from "@smm/domain/web";
import type { FormEvent } from "react";
import { toast } from "sonner";
import { ApiError } from "@/lib/api";

import {
  toSaveInput,
  useRemoveWatermark,
  useRemoveWatermarkBackground,
  useSaveWatermark,
  useUploadWatermarkImage,
  useWatermark,
  useWatermarkEditor,
  type WatermarkDraft,
} from "@/lib/watermark";

// Core spec section 9: success toasts 2000 ms, error toasts 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;

/**
 * The spec's text as the toast, the server's words underneath, unless its reason is the one the title
 * already says (`saidByTitle`).
 */
function failureToast(title: string, error: unknown, saidByTitle?: ErrorReason) {
  const description = error instanceof ApiError && error.reason !== saidByTitle ? error.message : undefined;
  toast.error(title, { description, duration: ERROR_TOAST_MS });
}

export type WatermarkTabReady = NonNullable<ReturnType<typeof useWatermarkTab>["ready"]>;

/**
 * Settings > Watermark's state: the saved watermark, the editor's draft, and upload, background removal,
 * save and remove with their toasts. `ready` is null until both the watermark and the draft are there.
 */
export function useWatermarkTab(brand: Brand) {
  const query = useWatermark(brand);
  const editor = useWatermarkEditor(brand, query.data);
  const uploadImage = useUploadWatermarkImage();
  const removeBackground = useRemoveWatermarkBackground();
  const save = useSaveWatermark();
  const remove = useRemoveWatermark();

  if (!editor.state || !query.data) return { query, ready: null };

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
      failureToast(BACKGROUND_REMOVAL_FAILED, error, "background_removal_failed");
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

  return {
    query,
    ready: {
      editor,
      view,
      brandName: editor.state.brandName,
      draft,
      baseline,
      hasImage,
      busy,
      canSave,
      status,
      set,
      uploading: uploadImage.isPending,
      removingBackground: removeBackground.isPending,
      saving: save.isPending,
      removing: remove.isPending,
      upload: onUpload,
      removeBackground: onRemoveBackground,
      submit: onSubmit,
      removeWatermark: onRemove,
    },
  };
}
