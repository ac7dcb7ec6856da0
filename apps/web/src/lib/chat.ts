import { type Brand, type MediaView, UPLOADED_IMAGE_PART, type UploadedImagePartData } from "@smm/domain/web";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { useCallback, useEffect, useState } from "react";

import { ApiError, call, callOptions, client, pathId } from "@/lib/api";

/*
 * The assistant's conversation as the server stores it (GET/DELETE /api/chat, per active brand), the
 * request body the chat transport sends, and the per-brand draft kept in localStorage until sent.
 */

export const CHAT_API = "/api/chat";

export const chatKeys = {
  /** Under ["brand", id] so a brand switch drops it with the brand's other data. */
  conversation: (brandId: string) => ["brand", brandId, "chat"] as const,
};

/** The prompts offered as chips while the conversation is empty. */
export const SUGGESTED_PROMPTS = [
  "Create a post about our summer sale",
  "Go to calendar",
  "Set my tone to casual",
  "Show my images",
] as const;

/** Core spec section 9: the chat error banner clears after 5 seconds. */
export const CHAT_ERROR_MS = 5_000;
/** Core spec: the browser opens the screen 1.5 s after the reply that asked for it. */
export const NAVIGATE_DELAY_MS = 1_500;

/** The chat's brand header; none for a user without a brand yet (the server then answers brandless). */
export const brandHeaders = (brandId: string): Record<string, string> =>
  brandId ? { "X-Brand-Id": brandId } : {};

export function useConversation(brandId: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(brandId ?? "none"),
    queryFn: async ({ signal }) =>
      // Stored messages are UI messages the chat sent or received.
      (await call(client.api.chat.$get(undefined, callOptions({ brandId, signal })))).messages as UIMessage[],
    enabled: Boolean(brandId),
    // The live chat owns the messages once loaded; a refetch would only replay what it already shows.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useClearConversation(brandId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await call(client.api.chat.$delete(undefined, callOptions({ brandId })));
    queryClient.setQueryData(chatKeys.conversation(brandId), []);
  };
}

/**
 * The body POST /api/chat expects; the zone (and the offset, for a browser without one) lets "tomorrow at 9"
 * mean 9 on the user's clock, DST changes included.
 */
export function chatRequestBody(messages: UIMessage[]) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { messages, utcOffsetMinutes: -new Date().getTimezoneOffset(), ...(timeZone ? { timeZone } : {}) };
}

/** Tomorrow at 12:00 local time: when a post approved from the chat is scheduled (core spec section 4). */
export function tomorrowAtNoon(now: Date = new Date()): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(12, 0, 0, 0);
  return date;
}

/** How many assistant replies came after the user's last message. */
export function repliesSinceLastUserMessage(messages: UIMessage[]): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === "user") break;
    if (messages[i]?.role === "assistant") count++;
  }
  return count;
}

const draftKey = (brandId: string) => `smm.chat-draft.${brandId}`;

/** The input's text, kept in localStorage per brand until it is sent. */
export function useChatDraft(brandId: string) {
  const [draft, setDraftState] = useState(() => readDraft(brandId));
  const [loadedFor, setLoadedFor] = useState(brandId);
  if (loadedFor !== brandId) {
    setLoadedFor(brandId);
    setDraftState(readDraft(brandId));
  }
  const setDraft = useCallback(
    (value: string) => {
      setDraftState(value);
      try {
        if (value) localStorage.setItem(draftKey(brandId), value);
        else localStorage.removeItem(draftKey(brandId));
      } catch {
        // Private mode or a full store: the draft just does not survive a reload.
      }
    },
    [brandId],
  );
  return [draft, setDraft] as const;
}

function readDraft(brandId: string): string {
  try {
    return localStorage.getItem(draftKey(brandId)) ?? "";
  } catch {
    return "";
  }
}

/** Calls `clear` once `value` has been set for `ms` (the error banner's lifetime). */
export function useAutoClear(value: unknown, clear: () => void, ms: number) {
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(clear, ms);
    return () => clearTimeout(timer);
  }, [value, clear, ms]);
}

// ---- chat image upload (core spec sections 2 and 8) ----

export { UPLOADED_IMAGE_PART, type UploadedImagePartData };

export const LOGIN_TO_UPLOAD = "Please log in to upload images";
export const CHAT_UPLOAD_FAILED = "Failed to upload image";

export interface ChatImageUpload {
  image: MediaView;
  watermarked: boolean;
  /** The user message the server added to the stored conversation. */
  message: UIMessage;
}

/** POST /api/media/chat (multipart, field "file"); rejects with an ApiError carrying the spec's text. */
export async function uploadChatImage(file: File, brandId: string): Promise<ChatImageUpload> {
  const form = new FormData();
  form.append("file", file);
  try {
    const upload = await call(
      client.api.media.chat.$post(undefined, { ...callOptions({ brandId }), init: { body: form } }),
    );
    // The stored message is the UI message the chat shows.
    return { ...upload, message: upload.message as UIMessage };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) throw error;
    if (error.status === 401) throw new ApiError(401, "unauthenticated", LOGIN_TO_UPLOAD);
    // An answer without our error body (a proxy's page) gets the spec's words, not the status text.
    if (error.code.startsWith("http_")) throw new ApiError(error.status, error.code, CHAT_UPLOAD_FAILED);
    throw error;
  }
}

/** Whether a chat upload will get the brand's watermark (enabled and a mark saved). */
export function hasActiveWatermark(brand: Pick<Brand, "settings"> | null | undefined): boolean {
  return Boolean(brand?.settings.watermarkEnabled && brand.settings.watermarkSettings?.imageMediaId);
}

/** The uploaded-image extra of a message, if it has one. */
export function findUploadedImage(message: UIMessage): UploadedImagePartData | null {
  for (const part of message.parts) {
    if (part.type !== UPLOADED_IMAGE_PART || !("data" in part)) continue;
    const data = part.data as Partial<UploadedImagePartData> | null;
    if (data && typeof data.mediaId === "string")
      return { mediaId: data.mediaId, name: typeof data.name === "string" ? data.name : "image" };
  }
  return null;
}

/** How long a signed link must still be valid to be used as it is (else a fresh one is asked for). */
const LINK_MARGIN_MS = 5 * 60_000;

function linkStillValid(url: string | undefined, now: number): boolean {
  if (!url) return false;
  const expires = Number(new URL(url, "http://local").searchParams.get("expires"));
  return Number.isFinite(expires) && expires * 1000 - now > LINK_MARGIN_MS;
}

/**
 * A displayable link to one of the brand's images. Stored messages keep media ids, and links expire after
 * an hour, so an old or missing link is replaced by a fresh one from GET /api/media/:id.
 */
export function useImageLink(brandId: string, mediaId: string, knownUrl?: string) {
  const [usable] = useState(() => linkStillValid(knownUrl, Date.now()));
  const query = useQuery({
    queryKey: ["brand", brandId, "media", mediaId],
    queryFn: async ({ signal }) =>
      (await call(client.api.media[":id"].$get({ param: pathId(mediaId) }, callOptions({ brandId, signal }))))
        .url,
    enabled: !usable,
    staleTime: 30 * 60_000,
    retry: false,
  });
  return {
    url: usable ? knownUrl : query.data,
    failed: !usable && query.isError,
  };
}

/** A web address in a message: "https://…", "www.…" or a bare domain such as "harbourbikes.com". */
const WEBSITE_URL = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?\b/i;

/** Core spec section 5: a URL pattern in a chat message triggers the website-analysis indicator. */
export function mentionsWebsite(text: string): boolean {
  return WEBSITE_URL.test(text);
}
