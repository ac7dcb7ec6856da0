import {
  GENERATION_FAILED_PREFIX,
  type GeneratePostInput,
  generationProgress,
  type ImageStyleView,
  type MediaView,
  type PostView,
} from "@smm/domain/web";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError, call, callOptions, client, fetchPublicConfig, type PublicConfig, pathId } from "@/lib/api";
import { subscribeToEvents, subscribeToResync, useAppEvent } from "@/lib/events";
import { planKeys } from "@/lib/plan";
import type { PostActionOptions, PostActionVariables } from "@/lib/use-post-action";

/*
 * Post generation as the screens see it: the generator form's calls (styles, upload, generate), the live
 * progress of one generated post (SSE first, a 3 s poll as the spec's fallback) and the review actions
 * (approve with a date, deny with feedback). The chat's generation card is meant to reuse the same hooks.
 */

export type { ImageStyleView, MediaView, PostView };

/** Core spec section 4 (Polling): while a post is generating it is read by id every 3 seconds. */
export const GENERATION_POLL_MS = 3_000;
// Core spec section 9: success toasts 2000 ms; plain and error toasts 4000 ms.
const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;

export const generationKeys = {
  /** Under the plan's key: which premium styles are available changes with the plan. */
  imageStyles: () => [...planKeys.all, "image-styles"] as const,
  publicConfig: ["public-config"] as const,
  /** Under ["brand", id] so a brand switch drops it with the brand's other data. */
  posts: (brandId: string) => ["brand", brandId, "posts"] as const,
  post: (brandId: string, postId: string) => ["brand", brandId, "posts", "detail", postId] as const,
};

// ---- configuration ----

/** /api/public-config; `ai` and `images` name the embedded defaults ("offline") or the real providers. */
export type GenerationConfig = PublicConfig;

export function usePublicConfig() {
  return useQuery({
    queryKey: generationKeys.publicConfig,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useImageStyles() {
  return useQuery({
    queryKey: generationKeys.imageStyles(),
    queryFn: async ({ signal }) =>
      (await call(client.api["image-styles"].$get(undefined, callOptions({ signal })))).styles,
    staleTime: 10 * 60_000,
  });
}

// ---- custom image upload ----

export const UPLOAD_FAILED_MESSAGE = "Failed to upload image";

/**
 * POST /api/media as multipart (field "file"). XMLHttpRequest rather than fetch because only it reports
 * upload progress; `onProgress` gets 0-100. Rejects with an ApiError carrying the server's message.
 */
export function uploadImage(
  file: File,
  brandId: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<MediaView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/media");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Brand-Id", brandId);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as MediaView);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? `http_${xhr.status}`,
          error?.message || UPLOAD_FAILED_MESSAGE,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", UPLOAD_FAILED_MESSAGE));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

// ---- generate ----

export type GenerateRequest = Pick<
  GeneratePostInput,
  | "platform"
  | "channels"
  | "prompt"
  | "language"
  | "imageStyle"
  | "imageId"
  | "includeWatermark"
  | "imagePromptOverride"
>;

export function useGeneratePost(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateRequest) =>
      call(client.api.posts.generate.$post({ json: body }, callOptions({ brandId }))),
    onSuccess: ({ group, ...post }) => {
      // Written for several channels: every channel's post is known at once, so each card starts from it.
      for (const member of group ?? [post])
        queryClient.setQueryData(generationKeys.post(member.brandId, member.id), member);
      void queryClient.invalidateQueries({ queryKey: generationKeys.posts(post.brandId) });
    },
    // Success spends a post; a 429 means the plan on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

// ---- progress of one generated post ----

const stageTexts: Record<NonNullable<PostView["generation"]["stage"]>, string> = {
  starting: generationProgress.starting.text,
  generating_content: generationProgress.writing.text,
  content_ready: generationProgress.contentReady.text,
  generating_image: generationProgress.drawing.text,
  image_ready: generationProgress.imageReady.text,
  predicting: "Predicting the best time to post",
  complete: generationProgress.complete.text,
};

export type GenerationPhase = "generating" | "ready" | "image_failed" | "failed";

export interface GenerationView {
  phase: GenerationPhase;
  percent: number;
  stage: string;
}

export const IMAGE_FAILED_PREFIX = "Image generation failed:";
export const IMAGE_FAILED_TOAST = "Image generation failed, please try again";

export function isGenerationFailure(post: PostView): boolean {
  return post.state === "denied" && (post.feedback ?? "").startsWith(GENERATION_FAILED_PREFIX);
}

export function isImageFailure(post: PostView): boolean {
  return post.state === "pending" && (post.feedback ?? "").startsWith(IMAGE_FAILED_PREFIX);
}

/** The reason after 'Generation failed: ', as the toast 'Post generation failed: ...' shows it. */
export function generationFailureReason(post: PostView): string {
  return (post.feedback ?? "").slice(GENERATION_FAILED_PREFIX.length).trim() || "Failed to generate post";
}

/** Where a post's generation stands, from the post and the latest progress event (whichever is further). */
export function describeGeneration(
  post: PostView,
  live: { percent: number; stage: string } | null,
): GenerationView {
  const stored = post.generation.progress ?? 0;
  const storedStage = post.generation.stage ? stageTexts[post.generation.stage] : "Waiting to start";
  if (post.state === "generating") {
    if (live && live.percent >= stored)
      return { phase: "generating", percent: live.percent, stage: live.stage };
    return { phase: "generating", percent: stored, stage: storedStage };
  }
  if (isGenerationFailure(post)) {
    return { phase: "failed", percent: Math.max(stored, live?.percent ?? 0), stage: "Generation failed" };
  }
  if (isImageFailure(post)) {
    return {
      phase: "image_failed",
      percent: Math.max(stored, live?.percent ?? 0),
      stage: "Image generation failed",
    };
  }
  // Once reviewed, "ready for review" would be stale.
  const stage = post.state === "pending" ? generationProgress.complete.text : "Generation complete";
  return { phase: "ready", percent: 100, stage };
}

/** The success toasts the spec names (started, content generated, image uploaded, completed), one per post. */
const MILESTONES = [
  { percent: generationProgress.contentReady.percent, text: "Caption generated" },
  { percent: generationProgress.imageReady.percent, text: "Image uploaded" },
] as const;
export const GENERATION_STARTED_TOAST = "Post generation started in the background";
export const GENERATION_COMPLETED_TOAST = "Post generated and ready for review";

export const generationToastId = (postId: string) => `generation-${postId}`;

// The server also raises a notification (toasted by LiveEvents) when a generation fails. That one
// arrives over the live channel; ours is the fallback for when the channel is down, so it waits a moment
// and stays quiet if the same words were just toasted as a notification.
const recentNotifications = new Map<string, number>();
subscribeToEvents("notification.created", ({ notification }) => {
  recentNotifications.set(notification.message, Date.now());
});
const NOTIFICATION_GRACE_MS = 1_500;
const NOTIFICATION_MEMORY_MS = 30_000;

function toastErrorUnlessNotified(message: string, id: string) {
  setTimeout(() => {
    const at = recentNotifications.get(message);
    if (at !== undefined && Date.now() - at < NOTIFICATION_MEMORY_MS) return;
    toast.error(message, { id, duration: ERROR_TOAST_MS });
  }, NOTIFICATION_GRACE_MS);
}

/** One generated post read by id, every 3 s while it generates (shared by a card and its group). */
export function generatedPostQuery(brandId: string, postId: string) {
  return queryOptions({
    queryKey: generationKeys.post(brandId, postId),
    queryFn: ({ signal }) =>
      call(client.api.posts[":id"].$get({ param: pathId(postId) }, callOptions({ brandId, signal }))),
    refetchInterval: (current) => (current.state.data?.state === "generating" ? GENERATION_POLL_MS : false),
  });
}

/**
 * One generated post, kept current: the post is read by id (every 3 s while generating, and after each
 * post.changed event or a reconnect), and generation.progress events move the bar between reads. With
 * `announce`, the spec's toasts are shown as the post passes each stage.
 */
export function useGeneratedPost(brandId: string, postId: string, { announce = true } = {}) {
  const queryClient = useQueryClient();
  const key = generationKeys.post(brandId, postId);
  const query = useQuery(generatedPostQuery(brandId, postId));

  const [live, setLive] = useState<{ percent: number; stage: string } | null>(null);
  useAppEvent("generation.progress", (event) => {
    if (event.postId !== postId) return;
    setLive((previous) =>
      previous && previous.percent > event.percent
        ? previous
        : { percent: event.percent, stage: event.stage },
    );
  });
  useAppEvent("post.changed", (event) => {
    if (event.postId === postId) void queryClient.invalidateQueries({ queryKey: key });
  });
  useEffect(() => {
    const resyncKey = generationKeys.post(brandId, postId);
    return subscribeToResync(() => void queryClient.invalidateQueries({ queryKey: resyncKey }));
  }, [queryClient, brandId, postId]);

  const post = query.data;
  const view = post ? describeGeneration(post, live) : null;
  useGenerationToasts(postId, post, view, announce);
  return { query, post, view };
}

function useGenerationToasts(
  postId: string,
  post: PostView | undefined,
  view: GenerationView | null,
  announce: boolean,
) {
  // Only a generation watched while it ran is announced: reopening a finished one stays quiet.
  const sawGenerating = useRef(false);
  const announced = useRef(0);
  const finished = useRef(false);
  useEffect(() => {
    if (!announce || !post || !view) return;
    const id = generationToastId(postId);
    if (view.phase === "generating") {
      if (!sawGenerating.current) {
        sawGenerating.current = true;
        announced.current = view.percent;
      }
      const reached = MILESTONES.filter((step) => view.percent >= step.percent).at(-1);
      if (reached && reached.percent > announced.current) {
        announced.current = reached.percent;
        toast.success(reached.text, { id, duration: SUCCESS_TOAST_MS });
      }
      return;
    }
    if (!sawGenerating.current || finished.current) return;
    finished.current = true;
    if (view.phase === "ready") toast.success(GENERATION_COMPLETED_TOAST, { id, duration: SUCCESS_TOAST_MS });
    else if (view.phase === "image_failed") {
      toast.dismiss(id);
      toastErrorUnlessNotified(IMAGE_FAILED_TOAST, `${id}-failed`);
    } else if (view.phase === "failed") {
      toast.dismiss(id);
      toastErrorUnlessNotified(`Post generation failed: ${generationFailureReason(post)}`, `${id}-failed`);
    }
  }, [announce, post, view, postId]);
}

// ---- review actions ----

export const SCHEDULE_FAILED_MESSAGE = "Failed to schedule post. Please try again.";
export const DENY_FAILED_MESSAGE = "Failed to deny post. Please try again.";

/** The server's words for a refusal it explains (4xx); the spec's fallback for anything else. */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}

/** The generator's and the chat's review cards: only a refusal is toasted (the card shows the new state). */
export const reviewFeedback: PostActionOptions<PostActionVariables> = {
  onError: (error, { action }) => {
    const failure = action.type === "deny" ? DENY_FAILED_MESSAGE : SCHEDULE_FAILED_MESSAGE;
    toast.error(actionErrorMessage(error, failure), { duration: ERROR_TOAST_MS });
  },
};

// ---- dates ----

/** `<input type="datetime-local">` speaks local "YYYY-MM-DDTHH:mm". */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read as the user's local time; null when it is not a date. */
export function fromLocalInputValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The post's optimal time as the server decided it (PostView.optimalTime: an AI post's optimal time still
 * ahead, which approvePost's atOptimalTime schedules at), while it is still ahead on this clock too.
 */
export function futureOptimalTime(post: Pick<PostView, "optimalTime">, now: Date = new Date()): Date | null {
  const optimal = post.optimalTime ? new Date(post.optimalTime) : null;
  return optimal && optimal.getTime() > now.getTime() ? optimal : null;
}

/**
 * The approve picker's first value: the AI's optimal time when it is in the future; otherwise today at
 * the current hour, which (its :00 being already past and the picker's minimum being now) means the
 * start of the next hour.
 */
export function defaultScheduleDate(post: Pick<PostView, "optimalTime">, now: Date = new Date()): Date {
  const optimal = futureOptimalTime(post, now);
  if (optimal) return optimal;
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// ---- this session's generations ----

const SESSION_LIMIT = 10;
const sessionKey = (brandId: string) => `smm.generations.${brandId}`;
const groupsKey = (brandId: string) => `smm.generation-groups.${brandId}`;

function readSession(brandId: string): string[] {
  try {
    const raw = sessionStorage.getItem(sessionKey(brandId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** A group's posts by its first post's id (the id the session list holds). */
type SessionGroups = Record<string, string[]>;

function readGroups(brandId: string): SessionGroups {
  try {
    const raw = sessionStorage.getItem(groupsKey(brandId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string[]] =>
          Array.isArray(entry[1]) && entry[1].every((id) => typeof id === "string"),
      ),
    );
  } catch {
    return {};
  }
}

function store(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the list just does not survive a reload.
  }
}

/**
 * The generations made on this tab for a brand, newest first, by their first post's id; a generation
 * written for several channels also keeps its posts (`postsOf`). Kept in sessionStorage so a reload (or a
 * visit to another screen) comes back to the generation still running.
 */
export function useSessionGenerations(brandId: string | undefined) {
  const [ids, setIds] = useState<string[]>(() => (brandId ? readSession(brandId) : []));
  const [groups, setGroups] = useState<SessionGroups>(() => (brandId ? readGroups(brandId) : {}));
  const [loadedFor, setLoadedFor] = useState(brandId);
  if (loadedFor !== brandId) {
    setLoadedFor(brandId);
    setIds(brandId ? readSession(brandId) : []);
    setGroups(brandId ? readGroups(brandId) : {});
  }
  const write = (nextIds: string[], nextGroups: SessionGroups) => {
    // Groups whose generation left the list are forgotten with it.
    const kept = Object.fromEntries(Object.entries(nextGroups).filter(([id]) => nextIds.includes(id)));
    setIds(nextIds);
    setGroups(kept);
    if (!brandId) return;
    store(sessionKey(brandId), nextIds);
    store(groupsKey(brandId), kept);
  };
  return {
    ids,
    /** Every post of a generation: its group's, or the one post. */
    postsOf: (id: string): string[] => groups[id] ?? [id],
    add: (postId: string, group?: string[]) =>
      write(
        [postId, ...ids.filter((id) => id !== postId)].slice(0, SESSION_LIMIT),
        group && group.length > 1 ? { ...groups, [postId]: group } : groups,
      ),
    remove: (postId: string) =>
      write(
        ids.filter((id) => id !== postId),
        groups,
      ),
  };
}
