import { Chat, useChat } from "@ai-sdk/react";
import { checkImageUpload, clearsConversation, TECHNICAL_DIFFICULTIES } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from "ai";
import { useCallback, useEffect, useRef, useState } from "react";

import { brandChats } from "@/components/assistant/brand-chats";
import { asChatMessages, type ChatMessage } from "@/components/assistant/chat-part";
import { isChatToolPart } from "@/components/assistant/tool-part";
import { ApiError } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import {
  brandHeaders,
  CHAT_API,
  CHAT_ERROR_MS,
  CHAT_UPLOAD_FAILED,
  chatKeys,
  chatRequestBody,
  hasActiveWatermark,
  uploadChatImage,
  useAutoClear,
  useChatDraft,
  useClearConversation,
} from "@/lib/chat";

/*
 * The brand conversation's state (core spec section 2, "Chat assistant"): the AI SDK chat over /api/chat,
 * the draft, sending, clearing and image upload. The chat core's parts render what it returns.
 */

export interface BrandChatOptions {
  brandId: string;
  initialMessages: UIMessage[];
  /** After a navigateTo the browser ran (the floating panel closes itself on phones). */
  onNavigated?: (path: string) => void;
  /** The user sent a message or started an upload (the welcome hub opens its panel). */
  onActivity?: () => void;
}

export type BrandChat = ReturnType<typeof useBrandChat>;

/** The chat's key for a user with no brand yet: it sends no brand header, and can create the brand. */
export const NO_BRAND_CHAT = "";

/**
 * Once the brandless chat has created a brand, it becomes that brand's chat (the server saved the turn with
 * the new brand), so the conversation carries on instead of starting over.
 */
function adoptBrandlessChat(brandId: string): void {
  const brandless = brandChats.get(NO_BRAND_CHAT);
  if (!brandless || brandChats.has(brandId)) return;
  brandChats.delete(NO_BRAND_CHAT);
  if (brandless.messages.length > 0) brandChats.set(brandId, brandless);
}

function getBrandChat(brandId: string, initialMessages: UIMessage[]): Chat<ChatMessage> {
  if (brandId !== NO_BRAND_CHAT) adoptBrandlessChat(brandId);
  const existing = brandChats.get(brandId);
  if (existing) return existing;
  const chat = new Chat<ChatMessage>({
    id: `assistant-${brandId}`,
    messages: asChatMessages(initialMessages),
    transport: new DefaultChatTransport<ChatMessage>({
      api: CHAT_API,
      credentials: "include",
      headers: brandHeaders(brandId),
      prepareSendMessagesRequest: ({ messages }) => ({ body: chatRequestBody(messages) }),
    }),
    // navigateTo runs in the browser; once its output is in, the model gets to finish the turn.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    // "Clear the chat" asked of the assistant: the server stored an empty conversation, so show one.
    onFinish: ({ message }) => {
      if (clearsConversation(message)) chat.messages = [];
    },
  });
  brandChats.set(brandId, chat);
  return chat;
}

export function useBrandChat({ brandId, initialMessages, onNavigated, onActivity }: BrandChatOptions) {
  const queryClient = useQueryClient();
  const brand = useActiveBrand();
  const [shared] = useState(() => getBrandChat(brandId, initialMessages));
  const { messages, sendMessage, status, stop, error, clearError, setMessages, addToolOutput } = useChat({
    chat: shared,
  });
  const typing = status === "submitted" || status === "streaming";

  // Tool calls made before this frame was shown are history: a past navigation is not replayed.
  const [historical] = useState(
    () =>
      new Set(
        shared.messages.flatMap((message) =>
          message.parts.filter(isChatToolPart).map((part) => part.toolCallId),
        ),
      ),
  );

  // The other frame (hub or floating panel) starts from what this one showed last.
  useEffect(() => {
    queryClient.setQueryData(chatKeys.conversation(brandId), messages);
  }, [queryClient, brandId, messages]);

  const [draft, setDraft] = useChatDraft(brandId);
  const lastSent = useRef("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const clearConversation = useClearConversation(brandId);

  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const busy = typing || uploading;
  const watermarkOn = hasActiveWatermark(brand.data);

  // An error keeps what was typed: the sent text comes back if the input is empty.
  useEffect(() => {
    if (!error || !lastSent.current) return;
    if (!draft) setDraft(lastSent.current);
    lastSent.current = "";
  }, [error, draft, setDraft]);
  const dismissError = useCallback(() => clearError(), [clearError]);
  useAutoClear(error, dismissError, CHAT_ERROR_MS);
  const dismissUploadError = useCallback(() => setUploadError(null), []);
  useAutoClear(uploadError, dismissUploadError, CHAT_ERROR_MS);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    lastSent.current = trimmed;
    setDraft("");
    if (error) clearError();
    setUploadError(null);
    onActivity?.();
    void sendMessage({ text: trimmed });
  };

  const upload = async (file: File) => {
    if (busy) return;
    const problem = checkImageUpload(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploadError(null);
    setUploading(true);
    onActivity?.();
    try {
      const result = await uploadChatImage(file, brandId);
      setMessages((current) => [...current, ...asChatMessages([result.message])]);
    } catch (caught) {
      setUploadError(caught instanceof ApiError ? caught.message : CHAT_UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

  const navigated = useCallback(
    (toolCallId: string, path: string) => {
      void addToolOutput({ tool: "navigateTo", toolCallId, output: { path } });
      onNavigated?.(path);
    },
    [addToolOutput, onNavigated],
  );

  const clear = async () => {
    stop();
    setMessages([]);
    setUploadError(null);
    try {
      await clearConversation();
    } catch {
      // The server keeps its copy; the next reload shows it again.
    }
  };

  return {
    brandId,
    messages,
    typing,
    uploading,
    busy,
    watermarkOn,
    error: error ? TECHNICAL_DIFFICULTIES : uploadError,
    draft,
    setDraft,
    inputRef,
    historical,
    send,
    upload,
    stop: () => void stop(),
    clear,
    navigated,
  };
}
