import { BotIcon, MessageCircleIcon, Trash2Icon, XIcon } from "lucide-react";
import type { KeyboardEvent } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

/**
 * Right padding for a bar stuck to the bottom of the screen (Settings' Save bar), so its last button ends
 * left of the round assistant button: that button covers the right 64 px of the bottom 64 px, the page
 * body is inset 16 px on phones and 32 px from md up, and 8 px are left between them.
 */
export const CLEAR_OF_ASSISTANT_BUTTON = "pr-14 md:pr-10";

/** The round button at the right edge, with the badge of replies that came while the panel was closed. */
export function AssistantToggle({
  open,
  onOpen,
  onIntent,
  unread,
}: {
  open: boolean;
  onOpen: () => void;
  /** The pointer or focus reached the button: a click is likely, so its code can start loading. */
  onIntent?: () => void;
  unread: number;
}) {
  if (open) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
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

/** The side panel: a quarter of the width on wide screens, the whole screen with a backdrop on phones. */
export function AssistantFrame({
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
        className="fixed top-0 right-0 bottom-0 z-40 flex w-full max-w-full min-w-0 flex-col overflow-x-hidden border-l bg-background shadow-xl md:w-[min(max(25vw,320px),100vw)] md:shadow-none"
        data-testid="assistant-panel"
        onKeyDown={onKeyDown}
      >
        {/*
         * The header must fit the narrowest panel (320 px): the title and the offline label stack, and they
         * give way before the buttons do, so Close is always in the panel (it once ran 35 px past a laptop's edge).
         */}
        <div className="flex h-14 shrink-0 items-center gap-2 border-b px-3">
          <BotIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex min-w-0 flex-col items-start">
            <h2 className="text-base leading-tight font-semibold">Assistant</h2>
            {offline && (
              <Badge
                variant="outline"
                className="h-4 px-1 py-0 text-[0.6875rem] leading-none font-normal text-muted-foreground"
                data-testid="assistant-offline-label"
              >
                Offline assistant
              </Badge>
            )}
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1">
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
