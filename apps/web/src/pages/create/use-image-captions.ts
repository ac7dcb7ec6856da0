import {
  CAPTION_BATCH_FAILED,
  CAPTION_FAILED,
  CAPTION_PAUSE_MS,
  captionBatchRefusal,
  checkCaptionSelection,
} from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import { captionImage } from "@/lib/captions";
import { generationKeys, uploadImage, usePublicConfig } from "@/lib/generation";
import { planKeys, usePlan } from "@/lib/plan";

export type CaptionPlatform = "facebook" | "instagram";
export type CaptionItemStatus = "pending" | "processing" | "completed" | "error";

/** Connections spec, Caption upload item (client-side). */
export interface CaptionItem {
  id: string;
  file: File;
  preview: string;
  platform: CaptionPlatform;
  status: CaptionItemStatus;
  context: string;
  generatedPost?: { content: string; postId: string };
  error?: string;
}

export type ImageCaptionsState = ReturnType<typeof useImageCaptions>;

const ERROR_TOAST_MS = 4_000;
const SUCCESS_TOAST_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The AI Image Captions tab's state and rules: the picked images (at most 10, checked by the domain's
 * rules), each item's platform and context while pending, and Process, which runs the pending items one
 * after another with the spec's 1 s pause: upload (the server reads the content), then captionFromImage.
 */
export function useImageCaptions() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const plan = usePlan();
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<CaptionItem[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  // The run reads each item's latest platform and context when its turn comes, and skips removed ones.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const item of itemsRef.current) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const update = (id: string, patch: Partial<CaptionItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    const problem = checkCaptionSelection(files, itemsRef.current.length);
    setSelectionError(problem);
    if (problem) {
      toast.error(problem, { duration: ERROR_TOAST_MS });
      return;
    }
    setBatchError(null);
    const added = files.map<CaptionItem>((file) => ({
      id: crypto.randomUUID(),
      file,
      preview: URL.createObjectURL(file),
      platform: "facebook",
      status: "pending",
      context: "",
    }));
    setItems((current) => [...current, ...added]);
  }

  /** Platform and context change only while the item is pending (connections spec, Caption upload states). */
  function editPending(id: string, patch: Pick<Partial<CaptionItem>, "platform" | "context">) {
    setItems((current) =>
      current.map((item) => (item.id === id && item.status === "pending" ? { ...item, ...patch } : item)),
    );
  }

  function remove(id: string) {
    const item = itemsRef.current.find((candidate) => candidate.id === id);
    if (item) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((candidate) => candidate.id !== id));
  }

  function clearAll() {
    for (const item of itemsRef.current) URL.revokeObjectURL(item.preview);
    setItems([]);
    setSelectionError(null);
    setBatchError(null);
  }

  async function captionOne(id: string, activeBrandId: string): Promise<boolean> {
    const item = itemsRef.current.find((candidate) => candidate.id === id);
    if (item?.status !== "pending") return true;
    update(id, { status: "processing", error: undefined });
    try {
      const media = await uploadImage(item.file, activeBrandId, () => {});
      const { post } = await captionImage(activeBrandId, {
        imageId: media.id,
        platform: item.platform,
        ...(item.context.trim() ? { context: item.context.trim() } : {}),
      });
      if (mounted.current)
        update(id, { status: "completed", generatedPost: { content: post.content, postId: post.id } });
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : CAPTION_FAILED;
      if (mounted.current) update(id, { status: "error", error: message });
      return false;
    }
  }

  async function process() {
    if (running || !brandId) return;
    const pending = itemsRef.current.filter((item) => item.status === "pending").map((item) => item.id);
    const refusal = captionBatchRefusal(plan.data, pending.length);
    setBatchError(refusal);
    if (refusal) {
      toast.error(refusal, { duration: ERROR_TOAST_MS });
      return;
    }
    setRunning(true);
    let failed = 0;
    for (const [index, id] of pending.entries()) {
      if (!mounted.current) break;
      if (index > 0) await sleep(CAPTION_PAUSE_MS);
      if (!(await captionOne(id, brandId))) failed += 1;
    }
    if (!mounted.current) return;
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: planKeys.all });
    void queryClient.invalidateQueries({ queryKey: generationKeys.posts(brandId) });
    if (failed > 0) toast.error(CAPTION_BATCH_FAILED, { duration: ERROR_TOAST_MS });
    else
      toast.success(`${pending.length} ${pending.length === 1 ? "post" : "posts"} ready for review`, {
        duration: SUCCESS_TOAST_MS,
      });
  }

  const counts = {
    total: items.length,
    pending: items.filter((item) => item.status === "pending").length,
    completed: items.filter((item) => item.status === "completed").length,
    failed: items.filter((item) => item.status === "error").length,
  };

  return {
    brand,
    plan,
    offline: config.data?.ai === "offline",
    items,
    counts,
    running,
    selectionError,
    batchError,
    addFiles,
    editPending,
    remove,
    clearAll,
    process,
  };
}
