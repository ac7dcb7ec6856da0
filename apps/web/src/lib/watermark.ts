import {
  BACKGROUND_THRESHOLD,
  type Brand,
  type SaveWatermarkInput,
  WATERMARK_OPACITY,
  WATERMARK_ROTATION,
  WATERMARK_SIZE,
  type WatermarkView,
} from "@smm/domain/web";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { call, client } from "@/lib/api";
import { brandKeys } from "@/lib/brands";

/*
 * Server state and editing state of the Settings > Watermark tab. Every call names the brand it acts on
 * (X-Brand-Id), so edits made for one brand can never land on another after a brand switch.
 */

const BRAND_HEADER = "X-Brand-Id";
const brandHeaders = (brandId: string) => ({ headers: { [BRAND_HEADER]: brandId } });

export const watermarkKeys = {
  /** Under ["brand", id] so a brand switch drops it with the brand's other data. */
  all: (brandId: string) => ["brand", brandId, "watermark"] as const,
  /** The brand's updatedAt: any change to the brand (the chat, another tab) refetches the watermark. */
  view: (brandId: string, version: string) => [...watermarkKeys.all(brandId), version] as const,
};

export function useWatermark(brand: Pick<Brand, "id" | "updatedAt">) {
  return useQuery({
    queryKey: watermarkKeys.view(brand.id, brand.updatedAt),
    queryFn: ({ signal }) =>
      call(client.api.watermark.$get(undefined, { ...brandHeaders(brand.id), init: { signal } })),
    // A newer version of the same brand keeps showing the last one while it loads (no skeleton flash).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === brand.id ? keepPreviousData(previous) : undefined,
  });
}

/**
 * Multipart upload of one file (field "file") through the typed client: the route documents its form but
 * does not validate it (the domain checks the file), so the FormData goes in as the request's body.
 */
function uploadWatermarkFile(brandId: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  return call(
    client.api.watermark.image.$post(undefined, { ...brandHeaders(brandId), init: { body: form } }),
  );
}

export function useUploadWatermarkImage() {
  return useMutation({
    mutationFn: ({ brandId, file }: { brandId: string; file: File }) => uploadWatermarkFile(brandId, file),
  });
}

export function useRemoveWatermarkBackground() {
  return useMutation({
    mutationFn: ({ brandId, mediaId, threshold }: { brandId: string; mediaId: string; threshold: number }) =>
      call(
        client.api.watermark["remove-background"].$post(
          { json: { mediaId, threshold } },
          brandHeaders(brandId),
        ),
      ),
  });
}

/**
 * Save and Remove answer with the new watermark: it replaces what is cached at once (so the version that
 * follows the brand's new updatedAt never starts from the old one), and the brand queries follow.
 */
function useApplyChange() {
  const queryClient = useQueryClient();
  return async (brandId: string, view: WatermarkView) => {
    queryClient.setQueriesData({ queryKey: watermarkKeys.all(brandId) }, view);
    await queryClient.invalidateQueries({ queryKey: brandKeys.all });
  };
}

export function useSaveWatermark() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ brandId, input }: { brandId: string; input: SaveWatermarkInput }) =>
      call(client.api.watermark.$put({ json: input }, brandHeaders(brandId))),
    onSuccess: (view, { brandId }) => apply(brandId, view),
  });
}

export function useRemoveWatermark() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ brandId }: { brandId: string }) =>
      call(client.api.watermark.$delete(undefined, brandHeaders(brandId))),
    onSuccess: (view, { brandId }) => apply(brandId, view),
  });
}

// ---- the editor's draft ----

/** What the editor shows and a save sends: the images (ids and links) and the placement. */
export type WatermarkDraft = {
  imageMediaId: string | null;
  imageUrl: string | null;
  processedImageMediaId: string | null;
  processedImageUrl: string | null;
  position: { x: number; y: number };
  size: number;
  opacity: number;
  rotation: number;
  flipHorizontal: boolean;
  flipVertical: boolean;
  backgroundRemovalThreshold: number;
};

export function draftFromView(view: WatermarkView): WatermarkDraft {
  const { settings } = view;
  // A stored id whose file is gone has no link; the editor then treats it as no image.
  const imageMediaId = view.imageUrl ? (settings.imageMediaId ?? null) : null;
  const processedImageMediaId =
    imageMediaId && view.processedImageUrl ? (settings.processedImageMediaId ?? null) : null;
  return {
    imageMediaId,
    imageUrl: imageMediaId ? view.imageUrl : null,
    processedImageMediaId,
    processedImageUrl: processedImageMediaId ? view.processedImageUrl : null,
    position: { x: settings.position.x, y: settings.position.y },
    size: settings.size,
    opacity: settings.opacity,
    rotation: settings.rotation,
    flipHorizontal: settings.flipHorizontal,
    flipVertical: settings.flipVertical,
    backgroundRemovalThreshold: settings.backgroundRemovalThreshold ?? BACKGROUND_THRESHOLD.default,
  };
}

/** Links are re-signed over time; only the ids and the placement decide whether anything changed. */
export function sameDraft(a: WatermarkDraft, b: WatermarkDraft): boolean {
  return (
    a.imageMediaId === b.imageMediaId &&
    a.processedImageMediaId === b.processedImageMediaId &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    a.size === b.size &&
    a.opacity === b.opacity &&
    a.rotation === b.rotation &&
    a.flipHorizontal === b.flipHorizontal &&
    a.flipVertical === b.flipVertical &&
    a.backgroundRemovalThreshold === b.backgroundRemovalThreshold
  );
}

export function toSaveInput(draft: WatermarkDraft): SaveWatermarkInput | null {
  if (!draft.imageMediaId) return null;
  return {
    imageMediaId: draft.imageMediaId,
    processedImageMediaId: draft.processedImageMediaId,
    position: draft.position,
    size: draft.size,
    opacity: draft.opacity,
    rotation: draft.rotation,
    flipHorizontal: draft.flipHorizontal,
    flipVertical: draft.flipVertical,
    backgroundRemovalThreshold: draft.backgroundRemovalThreshold,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Values snap to the editor's steps and ranges, whatever the control (slider, buttons, drag, keys). */
export const normalize = {
  percent: (value: number) => clamp(Math.round(value), 0, 100),
  size: (value: number) => clamp(Math.round(value), WATERMARK_SIZE.min, WATERMARK_SIZE.max),
  rotation: (value: number) =>
    clamp(
      Math.round(value / WATERMARK_ROTATION.step) * WATERMARK_ROTATION.step,
      WATERMARK_ROTATION.min,
      WATERMARK_ROTATION.max,
    ),
  // Two decimals: 0.05 steps without floating-point dust (0.7000000001 would look like a change).
  opacity: (value: number) =>
    clamp(
      Math.round(Math.round(value / WATERMARK_OPACITY.step) * WATERMARK_OPACITY.step * 100) / 100,
      WATERMARK_OPACITY.min,
      WATERMARK_OPACITY.max,
    ),
  threshold: (value: number) => clamp(Math.round(value), BACKGROUND_THRESHOLD.min, BACKGROUND_THRESHOLD.max),
};

type EditorState = {
  brandId: string;
  brandName: string;
  /** The stored watermark this draft started from (to follow it while nothing is unsaved). */
  sourceKey: string;
  baseline: WatermarkDraft;
  draft: WatermarkDraft;
};

const keyOf = (view: WatermarkView) => JSON.stringify([view.enabled, view.settings]);

function fromView(brand: Pick<Brand, "id" | "name">, view: WatermarkView): EditorState {
  const draft = draftFromView(view);
  return { brandId: brand.id, brandName: brand.name, sourceKey: keyOf(view), baseline: draft, draft };
}

/**
 * The editable copy of one brand's watermark. It follows the stored watermark while nothing is unsaved
 * and never overwrites unsaved edits; those stay bound to the brand they were made for.
 */
export function useWatermarkEditor(brand: Pick<Brand, "id" | "name">, view: WatermarkView | undefined) {
  const [state, setState] = useState<EditorState | null>(() => (view ? fromView(brand, view) : null));
  const isDirty = state ? !sameDraft(state.draft, state.baseline) : false;

  // Adjusting state while rendering (not in an effect), so a brand switch never paints the old values.
  if (view && (!state || (!isDirty && (state.brandId !== brand.id || state.sourceKey !== keyOf(view))))) {
    setState(fromView(brand, view));
  }

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  function update(change: Partial<WatermarkDraft> | ((draft: WatermarkDraft) => Partial<WatermarkDraft>)) {
    setState((current) => {
      if (!current) return current;
      const patch = typeof change === "function" ? change(current.draft) : change;
      return { ...current, draft: { ...current.draft, ...patch } };
    });
  }

  /**
   * After a save or a removal: the server's answer is the new baseline. A draft edited again while the
   * request was in flight keeps the newer edits (they are then the unsaved changes).
   */
  function commit(saved: WatermarkView, submitted?: WatermarkDraft) {
    setState((current) => {
      const next = fromView(
        { id: current?.brandId ?? brand.id, name: current?.brandName ?? brand.name },
        saved,
      );
      if (current && submitted && !sameDraft(current.draft, submitted))
        return { ...next, draft: current.draft };
      return next;
    });
  }

  function discard() {
    if (view) setState(fromView(brand, view));
  }

  return {
    state,
    draft: state?.draft ?? null,
    isDirty,
    /** Unsaved edits made for a brand that is no longer the active one. */
    isOtherBrand: Boolean(state && isDirty && state.brandId !== brand.id),
    update,
    commit,
    discard,
  };
}
