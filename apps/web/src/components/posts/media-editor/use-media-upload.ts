import { checkImageUpload } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import { ApiError } from "@/lib/api";
import { UPLOAD_FAILED_MESSAGE, uploadImage } from "@/lib/generation";
import { pickerKeys } from "@/lib/post-media";

import type { DraftItem } from "./media-editor-logic";

/*
 * Adding a file from the device: an image through the image upload route (as the generator's custom image),
 * a video through the resumable tus endpoint (/api/uploads), which picks up where a cut-off upload stopped
 * (its address is kept in localStorage under the file's fingerprint). Both show their percent and can be
 * cancelled; a finished file joins the post and the library views are refreshed.
 */

export const VIDEO_UPLOAD_FAILED = "Failed to upload video";
const VIDEO_EXTENSIONS = ["mp4", "mov", "m4v", "webm"];

export const isVideoFile = (file: { type: string; name: string }) =>
  file.type.toLowerCase().startsWith("video/") ||
  (!file.type && VIDEO_EXTENSIONS.includes(file.name.split(".").pop()?.toLowerCase() ?? ""));

export interface UploadState {
  name: string;
  kind: "image" | "video";
  percent: number;
  /** Sending bytes, or the server checking and storing the finished file (a video's probe and poster). */
  stage: "uploading" | "processing";
}

/** What the stored file's answer carries (the image route's MediaView, the tus route's UploadedMedia). */
interface StoredFile {
  id: string;
  url: string;
  name: string | null;
  mimeType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  durationMs?: number | null;
  posterUrl?: string | null;
}

function toDraftItem(file: StoredFile, fallbackName: string): DraftItem {
  const video = file.mimeType.startsWith("video/");
  return {
    mediaId: file.id,
    type: video ? "video" : "image",
    url: file.url,
    thumbnailUrl: video ? (file.posterUrl ?? file.url) : file.url,
    name: file.name ?? fallbackName,
    mimeType: file.mimeType,
    width: file.width,
    height: file.height,
    durationMs: file.durationMs ?? null,
    byteSize: file.byteSize,
    altText: "",
    savedAltText: "",
    coverMs: null,
    crop: null,
  };
}

/** The server's message in a tus error's answer ({error: {message}}), else the generic one. */
function tusErrorMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } | null })
    ?.originalResponse;
  if (!response) return VIDEO_UPLOAD_FAILED;
  try {
    const body = JSON.parse(response.getBody()) as { error?: { message?: string } };
    return body.error?.message || VIDEO_UPLOAD_FAILED;
  } catch {
    return VIDEO_UPLOAD_FAILED;
  }
}

export function useMediaUpload(brandId: string, onUploaded: (item: DraftItem) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Stops the upload in flight; `terminate` also removes a video's bytes from the server (Cancel). */
  const cancelRef = useRef<((terminate: boolean) => void) | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  // Leaving the editor stops sending (a video's upload can be resumed from where it stopped next time).
  useEffect(() => () => cancelRef.current?.(false), []);

  function finish(file: StoredFile, name: string) {
    cancelRef.current = null;
    setState(null);
    void queryClient.invalidateQueries({ queryKey: pickerKeys.all(brandId) });
    onUploadedRef.current(toDraftItem(file, name));
  }

  function fail(message: string) {
    cancelRef.current = null;
    setState(null);
    setError(message);
  }

  function startImage(file: File) {
    const problem = checkImageUpload(file);
    if (problem) {
      setError(problem);
      return;
    }
    const controller = new AbortController();
    let cancelled = false;
    cancelRef.current = () => {
      cancelled = true;
      controller.abort();
    };
    setState({ name: file.name, kind: "image", percent: 0, stage: "uploading" });
    uploadImage(
      file,
      brandId,
      (percent) => {
        if (!cancelled)
          setState((current) =>
            current ? { ...current, percent, stage: percent >= 100 ? "processing" : "uploading" } : current,
          );
      },
      controller.signal,
    ).then(
      (media) => {
        if (!cancelled) finish(media, file.name);
      },
      (reason: unknown) => {
        if (cancelled) return;
        fail(reason instanceof ApiError && reason.message ? reason.message : UPLOAD_FAILED_MESSAGE);
      },
    );
  }

  async function startVideo(file: File) {
    setState({ name: file.name, kind: "video", percent: 0, stage: "uploading" });
    let cancelled = false;
    let abort: ((terminate: boolean) => void) | null = null;
    cancelRef.current = (terminate) => {
      cancelled = true;
      abort?.(terminate);
    };
    try {
      // Loaded with the first video: the composer's other pages never pay for the tus client.
      const { Upload } = await import("tus-js-client");
      if (cancelled) return;
      const upload = new Upload(file, {
        endpoint: "/api/uploads",
        metadata: { filename: file.name, filetype: file.type || "video/mp4", brandId },
        headers: { "X-Brand-Id": brandId },
        // The same file for the same brand resumes; another brand starts its own upload.
        fingerprint: async (picked: File) =>
          ["smm-upload", brandId, picked.name, picked.type, picked.size, picked.lastModified].join(":"),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        chunkSize: 8 * 1024 * 1024,
        retryDelays: [0, 1_000, 3_000, 5_000],
        onProgress: (sent, total) => {
          if (cancelled || total <= 0) return;
          const percent = Math.min(100, Math.floor((sent / total) * 100));
          setState((current) =>
            current ? { ...current, percent, stage: percent >= 100 ? "processing" : "uploading" } : current,
          );
        },
        onSuccess: ({ lastResponse }) => {
          if (cancelled) return;
          try {
            finish(JSON.parse(lastResponse.getBody()) as StoredFile, file.name);
          } catch {
            fail(VIDEO_UPLOAD_FAILED);
          }
        },
        onError: (reason) => {
          if (!cancelled) fail(tusErrorMessage(reason));
        },
      });
      // Cancel terminates the upload on the server too, so its bytes are not kept for a day.
      abort = (terminate) => void upload.abort(terminate).catch(() => {});
      const previous = await upload.findPreviousUploads();
      if (cancelled) return;
      const resumable = previous[0];
      if (resumable) upload.resumeFromPreviousUpload(resumable);
      upload.start();
    } catch {
      if (!cancelled) fail(VIDEO_UPLOAD_FAILED);
    }
  }

  return {
    state,
    error,
    clearError: () => setError(null),
    start: (file: File) => {
      if (state) return;
      setError(null);
      if (isVideoFile(file)) void startVideo(file);
      else startImage(file);
    },
    cancel: () => {
      cancelRef.current?.(true);
      cancelRef.current = null;
      setState(null);
    },
  };
}

export type MediaUpload = ReturnType<typeof useMediaUpload>;
