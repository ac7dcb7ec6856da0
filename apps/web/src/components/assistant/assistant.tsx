import { useChat } from "@ai-sdk/react";
import { TECHNICAL_DIFFICULTIES } from "@smm/domain/chat/schemas";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from "ai";
import { BotIcon, MessageCircleIcon, SendIcon, SquareIcon, Trash2Icon, XIcon } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";

import { isChatToolPart, ToolPartCard } from "@/components/assistant/tool-part";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useActiveBrand } from "@/lib/brands";
import {
  brandHeaders,
  CHAT_API,
  CHAT_ERROR_MS,
  chatRequestBody,
  SUGGESTED_PROMPTS,
  useAutoClear,
  useChatDraft,
  useClearConversation,
  useConversation,
} from "@/lib/chat";
import { usePublicConfig } from "@/lib/generation";
import { cn } from "@/lib/utils";

/** The panel's width on wide screens: a quarter of the window, at least 320 px (the shell pads by it). */
export const ASSISTANT_PANEL_WIDTH = "max(25vw, 320px)";

const isPhone = () => typeof window !== "undefined" && window.matchMedia("(max-width: 767px)").matches;

/**
 * The floating assistant of the signed-in shell (core spec section 2): a round button at the right edge
 * and, opened, a side panel with the brand's conversation. Hidden on /welcome, which has its own chat.
 */
export function Assistant({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const location = useLocation();
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const conversation = useConversation(brandId);
  const hidden = location.pathname === "/welcome" || location.pathname.startsWith("/welcome/");

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to hiding.
  useEffect(() => {
    if (hidden && open) onOpenChange(false);
  }, [hidden]);

  if (hidden) return null;
  if (!brandId || !conversation.data) {
    return (
      <>
        <AssistantToggle open={open} onOpen={() => onOpenChange(true)} unread={0} />
        {open && (
          <AssistantFrame onClose={() => onOpenChange(false)} offline={false} onClear={null}>
            <div className="space-y-3 p-4" role="status" aria-label="Loading the conversation">
              <Textarea
                aria-label="Message the assistant"
                placeholder="Loading..."
                disabled
                data-testid="assistant-input"
              />
              <Skeleton className="h-12 w-3/4" />
              <Skeleton className="ml-auto h-10 w-2/3" />
              <Skeleton className="h-16 w-3/4" />
            </div>
          </AssistantFrame>
        )}
      </>
    );
  }
  return (
    <AssistantChat
      key={brandId}
      brandId={brandId}
      initialMessages={conversation.data}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

function AssistantToggle({ open, onOpen, unread }: { open: boolean; onOpen: () => void; unread: number }) {
  if (open) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={
        unread > 0 ? `Open assistant (${unread} new repl${unread === 1 ? "y" : "ies"})` : "Open assistant"
      }
      className="fixed right-4 bottom-4 z-30 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      data-testid="assistant-toggle"
    >
      <MessageCircleIcon className="size-6" aria-hidden="true" />
      {unread > 0 && (
        <span
          className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
          data-testid="assistant-badge"
          aria-hidden="true"
        >
          {unread}
        </span>
      )}
    </button>
  );
}

function AssistantFrame({
  onClose,
  offline,
  onClear,
  children,
}: {
  onClose: () => void;
  offline: boolean;
  onClear: (() => void) | null;
  children: React.ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <>
      {/* Phones: the panel covers the page; tapping the backdrop closes it. */}
      <div
        className="fixed inset-0 z-40 bg-black/50 md:hidden"
        onClick={onClose}
        aria-hidden="true"
        data-testid="assistant-backdrop"
      />
      <aside
        aria-label="Assistant"
        className="fixed top-0 right-0 bottom-0 z-40 flex w-full flex-col border-l bg-background shadow-xl md:w-[max(25vw,320px)] md:shadow-none"
        data-testid="assistant-panel"
        onKeyDown={onKeyDown}
      >
        <div className="flex h-14 shrink-0 items-center gap-2 border-b px-3">
          <BotIcon className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-base font-semibold">Assistant</h2>
          {offline && (
            <Badge variant="outline" data-testid="assistant-offline-label">
              Offline assistant
            </Badge>
          )}
          <div className="ml-auto flex items-center gap-1">
            {onClear && (
              <Button variant="ghost" size="sm" onClick={onClear} data-testid="assistant-clear">
                <Trash2Icon aria-hidden="true" />
                Clear Chat
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              onClick={onClose}
              aria-label="Close assistant"
              data-testid="assistant-close"
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
        {children}
      </aside>
    </>
  );
}

function AssistantChat({
  brandId,
  initialMessages,
  open,
  onOpenChange,
}: {
  brandId: string;
  initialMessages: UIMessage[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const config = usePublicConfig();
  const offline = config.data?.ai === "offline";
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: CHAT_API,
        credentials: "include",
        headers: brandHeaders(brandId),
        prepareSendMessagesRequest: ({ messages }) => ({ body: chatRequestBody(messages) }),
      }),
    [brandId],
  );
  const { messages, sendMessage, status, stop, error, clearError, setMessages, addToolOutput } = useChat({
    id: `assistant-${brandId}`,
    messages: initialMessages,
    transport,
    // navigateTo runs in the browser; once its output is in, the model gets to finish the turn.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const busy = status === "submitted" || status === "streaming";

  // Tool calls stored before this page load are history: a past navigation is not replayed.
  const [historical] = useState(
    () =>
      new Set(
        initialMessages.flatMap((message) =>
          message.parts.filter(isChatToolPart).map((part) => part.toolCallId),
        ),
      ),
  );

  const [draft, setDraft] = useChatDraft(brandId);
  const lastSent = useRef("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const clearConversation = useClearConversation(brandId);

  // The badge: assistant replies since the user's last message that arrived while the panel was closed.
  const [seenLength, setSeenLength] = useState(initialMessages.length);
  if (open && seenLength !== messages.length) setSeenLength(messages.length);
  let unread = 0;
  for (let i = messages.length - 1; i >= seenLength; i--) {
    if (messages[i]?.role === "user") break;
    if (messages[i]?.role === "assistant") unread++;
  }

  // An error keeps what was typed: the sent text comes back if the input is empty.
  useEffect(() => {
    if (!error || !lastSent.current) return;
    if (!draft) setDraft(lastSent.current);
    lastSent.current = "";
  }, [error, draft, setDraft]);
  const dismissError = useCallback(() => clearError(), [clearError]);
  useAutoClear(error, dismissError, CHAT_ERROR_MS);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    onOpenChange(false);
    // Focus returns to the button that opened the panel.
    setTimeout(() => document.querySelector<HTMLElement>('[data-testid="assistant-toggle"]')?.focus(), 0);
  };

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    lastSent.current = trimmed;
    setDraft("");
    if (error) clearError();
    void sendMessage({ text: trimmed });
  };

  const onNavigated = useCallback(
    (toolCallId: string, path: string) => {
      void addToolOutput({ tool: "navigateTo", toolCallId, output: { path } });
      if (isPhone()) onOpenChange(false);
    },
    [addToolOutput, onOpenChange],
  );

  const onClear = async () => {
    stop();
    setMessages([]);
    try {
      await clearConversation();
    } catch {
      // The server keeps its copy; the next reload shows it again.
    }
  };

  const newestFirst = [...messages].reverse();

  return (
    <>
      <AssistantToggle open={open} onOpen={() => onOpenChange(true)} unread={unread} />
      {open && (
        <AssistantFrame onClose={close} offline={offline} onClear={() => void onClear()}>
          <form
            className="shrink-0 space-y-2 border-b p-3"
            onSubmit={(event) => {
              event.preventDefault();
              send(draft);
            }}
          >
            <Textarea
              ref={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send(draft);
                }
              }}
              placeholder="Ask the assistant... (Enter sends, Shift+Enter for a new line)"
              aria-label="Message the assistant"
              rows={2}
              className="max-h-40 min-h-12 resize-none"
              data-testid="assistant-input"
            />
            <div className="flex items-center justify-end gap-2">
              {busy && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void stop()}
                  data-testid="assistant-stop"
                >
                  <SquareIcon aria-hidden="true" />
                  Stop
                </Button>
              )}
              <Button type="submit" size="sm" disabled={busy || !draft.trim()} data-testid="assistant-send">
                <SendIcon aria-hidden="true" />
                Send
              </Button>
            </div>
          </form>

          {error && (
            <div
              role="alert"
              className="mx-3 mt-3 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
              data-testid="assistant-error"
            >
              {TECHNICAL_DIFFICULTIES}
            </div>
          )}

          <div
            className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
            aria-live="polite"
            aria-label="Conversation"
            role="log"
            data-testid="assistant-messages"
          >
            {busy && (
              <p
                className="flex items-center gap-2 text-sm text-muted-foreground"
                data-testid="assistant-typing"
              >
                <span className="flex gap-1" aria-hidden="true">
                  <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
                  <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:150ms]" />
                  <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:300ms]" />
                </span>
                Assistant is typing...
              </p>
            )}
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
                        onClick={() => send(prompt)}
                        disabled={busy}
                        data-testid="assistant-suggestion"
                      >
                        {prompt}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              newestFirst.map((message) => (
                <ChatMessage
                  key={message.id}
                  message={message}
                  brandId={brandId}
                  idle={!busy}
                  historical={historical}
                  onNavigated={onNavigated}
                />
              ))
            )}
          </div>
        </AssistantFrame>
      )}
    </>
  );
}

function ChatMessage({
  message,
  brandId,
  idle,
  historical,
  onNavigated,
}: {
  message: UIMessage;
  brandId: string;
  idle: boolean;
  historical: Set<string>;
  onNavigated: (toolCallId: string, path: string) => void;
}) {
  const user = message.role === "user";
  const parts = message.parts.filter((part) => part.type === "text" || isChatToolPart(part));
  if (parts.length === 0) return null;
  return (
    <div
      className={cn("flex flex-col gap-2", user ? "items-end" : "items-start")}
      data-testid="assistant-message"
      data-role={message.role}
    >
      <span className="sr-only">{user ? "You said:" : "Assistant said:"}</span>
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
            />
          </div>
        );
      })}
    </div>
  );
}
