import { Chat, useChat } from "@ai-sdk/react";
import { clearsConversation, TECHNICAL_DIFFICULTIES } from "@smm/domain/chat/schemas";
import { checkImageUpload, UPLOAD_IMAGE_ACCEPT } from "@smm/domain/media/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from "ai";
import { ImageIcon, ImagePlusIcon, Loader2Icon, SendIcon, SquareIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";

import { asChatMessages, type ChatMessage } from "@/components/assistant/chat-part";
import { isChatToolPart, ToolPartCard } from "@/components/assistant/tool-part";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import {
  brandHeaders,
  CHAT_API,
  CHAT_ERROR_MS,
  CHAT_UPLOAD_FAILED,
  chatKeys,
  chatRequestBody,
  findUploadedImage,
  hasActiveWatermark,
  mentionsWebsite,
  SUGGESTED_PROMPTS,
  uploadChatImage,
  useAutoClear,
  useChatDraft,
  useClearConversation,
  useImageLink,
} from "@/lib/chat";
import { cn } from "@/lib/utils";

/*
 * The brand conversation's one chat core (core spec section 2, "Chat assistant"): the AI SDK chat over
 * /api/chat, the draft, sending, clearing, image upload, the message list with its tool cards and the
 * composer. The floating assistant and the welcome-hub panel are two frames around it.
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

/**
 * One live chat per brand for the whole page session, shared by the floating panel and the welcome hub:
 * a reply that is still streaming (or a navigateTo the hub started) carries on in the other frame.
 */
const brandChats = new Map<string, Chat<ChatMessage>>();

function getBrandChat(brandId: string, initialMessages: UIMessage[]): Chat<ChatMessage> {
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

/** The text input with the image upload button, Send and (while the assistant types) Stop. */
export function ChatComposer({
  chat,
  placeholder = "Ask the assistant... (Enter sends, Shift+Enter for a new line)",
  className,
  rows = 2,
}: {
  chat: BrandChat;
  placeholder?: string;
  className?: string;
  rows?: number;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  return (
    <form
      className={cn("space-y-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        chat.send(chat.draft);
      }}
    >
      <Textarea
        ref={chat.inputRef}
        value={chat.draft}
        onChange={(event) => chat.setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            chat.send(chat.draft);
          }
        }}
        placeholder={placeholder}
        aria-label="Message the assistant"
        rows={rows}
        className="max-h-40 min-h-12 resize-none"
        data-testid="assistant-input"
      />
      <div className="flex items-center gap-2">
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          className="hidden"
          disabled={chat.busy}
          data-testid="assistant-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = "";
            if (file) void chat.upload(file);
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => fileRef.current?.click()}
          disabled={chat.busy}
          aria-label="Upload an image"
          title="Upload an image (JPEG, PNG, GIF or WebP, up to 5MB)"
          data-testid="assistant-upload"
        >
          {chat.uploading ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlusIcon aria-hidden="true" />
          )}
          <span className="hidden sm:inline">Image</span>
        </Button>
        <div className="ml-auto flex items-center gap-2">
          {chat.typing && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={chat.stop}
              data-testid="assistant-stop"
            >
              <SquareIcon aria-hidden="true" />
              Stop
            </Button>
          )}
          <Button
            type="submit"
            size="sm"
            disabled={chat.busy || !chat.draft.trim()}
            data-testid="assistant-send"
          >
            <SendIcon aria-hidden="true" />
            Send
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The error banner (clears after 5 seconds) and the upload progress line. */
export function ChatNotices({ chat, className }: { chat: BrandChat; className?: string }) {
  if (!chat.error && !chat.uploading) return null;
  return (
    <div className={cn("space-y-2", className)}>
      {chat.error && (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
          data-testid="assistant-error"
        >
          {chat.error}
        </div>
      )}
      {chat.uploading && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-muted p-2 text-sm text-muted-foreground"
          data-testid="assistant-upload-progress"
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          <span>
            Processing image...
            {chat.watermarkOn && " (applying watermark)"}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The conversation: a typing indicator, the suggestions while it is empty, and the messages with their
 * extras. The floating panel lists newest first (its input is on top); the hub lists oldest first.
 */
export function ChatMessages({
  chat,
  order,
  className,
}: {
  chat: BrandChat;
  order: "newest-first" | "oldest-first";
  className?: string;
}) {
  const { messages, typing } = chat;
  const endRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastSize = last ? JSON.stringify(last.parts).length : 0;

  // Oldest first: the newest message (and the typing indicator) stays in view as the reply streams.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the conversation grows.
  useEffect(() => {
    if (order !== "oldest-first") return;
    const end = endRef.current;
    const log = end?.parentElement;
    if (log) log.scrollTop = log.scrollHeight;
  }, [order, messages.length, lastSize, typing, chat.uploading]);

  // Core spec section 5: a URL in the user's message shows the website-analysis indicator.
  const lastUserText = messages
    .findLast((message) => message.role === "user")
    ?.parts.find((part) => part.type === "text");
  const analysing = typing && lastUserText?.type === "text" && mentionsWebsite(lastUserText.text);
  const typingIndicator = typing && (
    <p
      className="flex items-center gap-2 text-sm text-muted-foreground"
      data-testid="assistant-typing"
      role="status"
    >
      <span className="flex gap-1" aria-hidden="true">
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:150ms]" />
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:300ms]" />
      </span>
      {analysing ? "Analyzing the website..." : "Assistant is typing..."}
    </p>
  );
  const list = order === "newest-first" ? [...messages].reverse() : messages;
  const ask = (text: string) => chat.send(text);

  return (
    <div
      className={cn(
        "space-y-3 overflow-y-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
        className,
      )}
      aria-live="polite"
      aria-label="Conversation"
      role="log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users need to reach it.
      tabIndex={0}
      data-testid="assistant-messages"
    >
      {order === "newest-first" && typingIndicator}
      {messages.length === 0 ? (
        <div className="space-y-3" data-testid="assistant-empty">
          <p className="text-sm text-muted-foreground">
            Hi! I can write posts, change your brand settings and open any screen for you. Try:
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Suggested prompts">
            {SUGGESTED_PROMPTS.map((prompt) => (
              <li key={prompt}>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-auto rounded-full py-1.5 whitespace-normal"
                  onClick={() => chat.send(prompt)}
                  disabled={chat.busy}
                  data-testid="assistant-suggestion"
                >
                  {prompt}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        list.map((message) => (
          <ConversationMessage
            key={message.id}
            message={message}
            brandId={chat.brandId}
            idle={!chat.typing}
            historical={chat.historical}
            onNavigated={chat.navigated}
            onAsk={ask}
          />
        ))
      )}
      {order === "oldest-first" && typingIndicator}
      <div ref={endRef} aria-hidden="true" />
    </div>
  );
}

function ConversationMessage({
  message,
  brandId,
  idle,
  historical,
  onNavigated,
  onAsk,
}: {
  message: ChatMessage;
  brandId: string;
  idle: boolean;
  historical: Set<string>;
  onNavigated: (toolCallId: string, path: string) => void;
  onAsk: (text: string) => void;
}) {
  const user = message.role === "user";
  const uploaded = findUploadedImage(message);
  // An upload's text is what the model reads; the conversation shows the image itself.
  const parts = uploaded ? [] : message.parts.filter((part) => part.type === "text" || isChatToolPart(part));
  if (!uploaded && parts.length === 0) return null;
  return (
    <div
      className={cn("flex flex-col gap-2", user ? "items-end" : "items-start")}
      data-testid="assistant-message"
      data-role={message.role}
    >
      <span className="sr-only">{user ? "You said:" : "Assistant said:"}</span>
      {uploaded && <UploadedImage brandId={brandId} mediaId={uploaded.mediaId} name={uploaded.name} />}
      {parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === "text") {
          if (!part.text.trim()) return null;
          return (
            <p
              key={key}
              className={cn(
                "max-w-[90%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words",
                user ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
              )}
            >
              {part.text}
            </p>
          );
        }
        if (!isChatToolPart(part)) return null;
        return (
          <div key={key} className="w-full">
            <ToolPartCard
              part={part}
              brandId={brandId}
              live={idle && !historical.has(part.toolCallId)}
              onNavigated={onNavigated}
              onAsk={onAsk}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The "uploaded image" extra: the stored id gets a fresh link each time it is shown. */
function UploadedImage({ brandId, mediaId, name }: { brandId: string; mediaId: string; name: string }) {
  const link = useImageLink(brandId, mediaId);
  const [broken, setBroken] = useState(false);
  return (
    <figure
      className="w-48 max-w-[80%] overflow-hidden rounded-lg border bg-card shadow-xs"
      data-testid="assistant-uploaded-image"
    >
      {link.failed || broken ? (
        <div className="flex aspect-square items-center justify-center gap-2 p-3 text-center text-xs text-muted-foreground">
          <ImageIcon className="size-4 shrink-0" aria-hidden="true" />
          Failed to load image
        </div>
      ) : link.url ? (
        <img
          src={link.url}
          alt={`Uploaded: ${name}`}
          className="aspect-square w-full object-cover"
          onError={() => setBroken(true)}
        />
      ) : (
        <Skeleton className="aspect-square w-full rounded-none" />
      )}
      <figcaption className="truncate border-t px-2 py-1 text-xs text-muted-foreground">{name}</figcaption>
    </figure>
  );
}
