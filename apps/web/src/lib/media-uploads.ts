import { checkImageUpload } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { UPLOAD_FAILED_MESSAGE, uploadImage } from "@/lib/generation";
import { mediaKeys } from "@/lib/media-library";
import { errorMessageOf, uploadPercent, uploadRouteOf } from "@/lib/media-logic";

/*
 * The library's uploads: images over the image route (POST /api/media, with progress), videos over the
 * resumable tus endpoint (/api/uploads): retried on a dropped connection, and picked up where they stopped
 * when the same file is chosen again after a reload (tus-js-client keeps the upload's address by the file's
 * fingerprint). Each upload can be cancelled; a finished one refreshes the library.
 */

export const UPLOADS_ENDPOINT = "/api/uploads";
const NOT_SUPPORTED = "Choose a JPEG, PNG, GIF or WebP image, or an MP4, MOV or WebM video.";
const VIDEO_FAILED = "Failed to upload video";
const ERROR_TOAST_MS = 4_000;

export type UploadStatus = "uploading" | "processing" | "done" | "failed" | "cancelled";

export interface LibraryUpload {
  key: string;
  name: string;
  kind: "image" | "video";
  status: UploadStatus;
  percent: number;
  /** The video continues an upload started before (same file, picked again). */
  resumed: boolean;
  error: string | null;
  /** A failed video upload can go on from where it stopped. */
  retryable: boolean;
}

interface Running {
  /** The user's Cancel: stops and removes what was sent. */
  cancel: () => void;
  /** Leaving the page: a video's upload stays on the server to be resumed. */
  stop: () => void;
  retry?: () => void;
}

let counter = 0;
function nextKey() {
  counter += 1;
  return `upload-${Date.now().toString(36)}-${counter}`;
}

/** The server's message of a failed tus request (its `{error: {message}}` body), else a plain one. */
function tusErrorMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string } | null } | null)?.originalResponse;
  if (response === null) return "The connection dropped. Retry to continue where it stopped.";
  return errorMessageOf(response?.getBody()) ?? VIDEO_FAILED;
}

/**
 * The key a video's unfinished upload is remembered by (localStorage): the same file for the same brand
 * resumes, wherever it is picked again (the composer's media editor keys it the same way).
 */
export const uploadFingerprint = (
  brandId: string,
  file: Pick<File, "name" | "type" | "size" | "lastModified">,
) => ["smm-upload", brandId, file.name, file.type, file.size, file.lastModified].join(":");

export function useLibraryUploads(brandId: string | undefined) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<LibraryUpload[]>([]);
  const running = useRef(new Map<string, Running>());

  // Leaving the page stops image uploads (a video's tus upload is resumable: picked again, it continues).
  useEffect(() => {
    const map = running.current;
    return () => {
      for (const entry of map.values()) entry.stop();
      map.clear();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<LibraryUpload>) => {
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const finished = useCallback(
    (key: string, name: string) => {
      running.current.delete(key);
      patch(key, { status: "done", percent: 100, error: null });
      toast.success(`Uploaded ${name}`, { duration: 2_000 });
      if (brandId) void queryClient.invalidateQueries({ queryKey: mediaKeys.all(brandId) });
    },
    [brandId, patch, queryClient],
  );

  const failed = useCallback(
    (key: string, message: string, keepRetry = false) => {
      if (!keepRetry) running.current.delete(key);
      patch(key, { status: "failed", error: message, retryable: keepRetry });
      toast.error(message, { duration: ERROR_TOAST_MS });
    },
    [patch],
  );

  function startImage(key: string, file: File, brand: string) {
    const controller = new AbortController();
    running.current.set(key, { cancel: () => controller.abort(), stop: () => controller.abort() });
    uploadImage(
      file,
      brand,
      (percent) => {
        if (controller.signal.aborted) return;
        // 100% of the bytes sent is not stored yet: the server still checks the image.
        patch(
          key,
          percent >= 100 ? { status: "processing", percent: 99 } : { percent: Math.min(99, percent) },
        );
      },
      controller.signal,
    ).then(
      () => finished(key, file.name),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        failed(key, error instanceof ApiError && error.message ? error.message : UPLOAD_FAILED_MESSAGE);
      },
    );
  }

  async function startVideo(key: string, file: File, brand: string) {
    let cancelled = false;
    running.current.set(key, {
      cancel: () => {
        cancelled = true;
      },
      stop: () => {
        cancelled = true;
      },
    });
    let tus: typeof import("tus-js-client");
    try {
      // Loaded with the first video: the library's first paint does not carry the tus client.
      tus = await import("tus-js-client");
    } catch {
      if (!cancelled) failed(key, VIDEO_FAILED);
      return;
    }
    if (cancelled) return;
    const started = new tus.Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      fingerprint: async (picked: File) => uploadFingerprint(brand, picked),
      storeFingerprintForResuming: true,
      // Retried on dropped connections; a refusal (4xx other than 409/423) is not.
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000],
      chunkSize: 8 * 1024 * 1024,
      metadata: { filename: file.name, filetype: file.type || "video/mp4", brandId: brand },
      headers: { "X-Brand-Id": brand },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        if (cancelled) return;
        patch(
          key,
          sent >= total ? { status: "processing", percent: 99 } : { percent: uploadPercent(sent, total) },
        );
      },
      onSuccess: () => {
        if (!cancelled) finished(key, file.name);
      },
      onError: (error) => {
        if (!cancelled) failed(key, tusErrorMessage(error), true);
      },
    });
    const start = () => {
      patch(key, { status: "uploading", error: null, retryable: false });
      started.start();
    };
    running.current.set(key, {
      cancel: () => {
        cancelled = true;
        // Terminates the upload on the server too (tus DELETE): its bytes are removed.
        void started.abort(true).catch(() => {});
      },
      stop: () => {
        cancelled = true;
        void started.abort(false).catch(() => {});
      },
      retry: start,
    });
    try {
      const previous = await started.findPreviousUploads();
      const last = previous[0];
      if (last && !cancelled) {
        started.resumeFromPreviousUpload(last);
        patch(key, { resumed: true });
      }
    } catch {
      // Nothing remembered: a fresh upload.
    }
    if (!cancelled) start();
  }

  /** Starts one upload per file (each checked in the browser first: the server still decides). */
  function add(files: Iterable<File>) {
    if (!brandId) return;
    const added: LibraryUpload[] = [];
    const starts: (() => void)[] = [];
    for (const file of files) {
      const key = nextKey();
      const route = uploadRouteOf(file);
      const problem = route === "refused" ? NOT_SUPPORTED : route === "image" ? checkImageUpload(file) : null;
      const kind = route === "video" ? "video" : "image";
      added.push({
        key,
        name: file.name,
        kind,
        status: problem ? "failed" : "uploading",
        percent: 0,
        resumed: false,
        error: problem,
        retryable: false,
      });
      if (problem) {
        toast.error(problem, { duration: ERROR_TOAST_MS });
        continue;
      }
      starts.push(() =>
        route === "video" ? void startVideo(key, file, brandId) : startImage(key, file, brandId),
      );
    }
    setUploads((list) => [...added, ...list]);
    for (const start of starts) start();
  }

  function cancel(key: string) {
    running.current.get(key)?.cancel();
    running.current.delete(key);
    patch(key, { status: "cancelled", error: null });
  }

  function retry(key: string) {
    running.current.get(key)?.retry?.();
  }

  function dismiss(key: string) {
    running.current.get(key)?.cancel();
    running.current.delete(key);
    setUploads((list) => list.filter((upload) => upload.key !== key));
  }

  return { uploads, add, cancel, retry, dismiss };
}
