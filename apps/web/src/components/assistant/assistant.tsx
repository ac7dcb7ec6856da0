import type { UIMessage } from "ai";
import { BotIcon, MessageCircleIcon, Trash2Icon, XIcon } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";

import { ChatComposer, ChatMessages, ChatNotices, useBrandChat } from "@/components/assistant/chat-core";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useActiveBrand } from "@/lib/brands";
import { useConversation } from "@/lib/chat";
import { usePublicConfig } from "@/lib/generation";

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
  const onNavigated = useCallback(() => {
    if (isPhone()) onOpenChange(false);
  }, [onOpenChange]);
  const chat = useBrandChat({ brandId, initialMessages, onNavigated });
  const { messages, inputRef } = chat;

  // The badge: assistant replies since the user's last message that arrived while the panel was closed.
  const [seenLength, setSeenLength] = useState(messages.length);
  if (open && seenLength !== messages.length) setSeenLength(messages.length);
  let unread = 0;
  for (let i = messages.length - 1; i >= seenLength; i--) {
    if (messages[i]?.role === "user") break;
    if (messages[i]?.role === "assistant") unread++;
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open, inputRef]);

  const close = () => {
    onOpenChange(false);
    // Focus returns to the button that opened the panel.
    setTimeout(() => document.querySelector<HTMLElement>('[data-testid="assistant-toggle"]')?.focus(), 0);
  };

  return (
    <>
      <AssistantToggle open={open} onOpen={() => onOpenChange(true)} unread={unread} />
      {open && (
        <AssistantFrame onClose={close} offline={offline} onClear={() => void chat.clear()}>
          <ChatComposer chat={chat} className="shrink-0 border-b p-3" />
          <ChatNotices chat={chat} className="mx-3 mt-3" />
          <ChatMessages chat={chat} order="newest-first" className="min-h-0 flex-1 p-3" />
        </AssistantFrame>
      )}
    </>
  );
}
