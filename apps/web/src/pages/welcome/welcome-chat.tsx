import type { UIMessage } from "ai";
import { BotIcon, MessagesSquareIcon, SparklesIcon, Trash2Icon, XIcon } from "lucide-react";
import { type KeyboardEvent, useCallback, useState } from "react";

import { ChatComposer, ChatMessages, ChatNotices, useBrandChat } from "@/components/assistant/chat-core";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useActiveBrand } from "@/lib/brands";
import { useConversation } from "@/lib/chat";
import { usePublicConfig } from "@/lib/generation";
import { cn } from "@/lib/utils";

const PLACEHOLDER = "Ask your assistant to create a post…";

/**
 * The welcome hub's chat (core spec section 2): the input under the greeting and, once the user sends a
 * message or an image, a panel with the brand's conversation (the same one as the floating assistant).
 * Close Chat folds it back to the input; the conversation stays stored. Clear Chat empties it.
 */
export function WelcomeChat() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const conversation = useConversation(brandId);
  if (!brandId || !conversation.data) {
    return (
      <div className="mx-auto mt-10 max-w-2xl" role="status" aria-label="Loading the assistant">
        <div className="rounded-2xl border bg-card p-3 shadow-sm">
          <Skeleton className="h-12 w-full" />
          <div className="mt-2 flex justify-between">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      </div>
    );
  }
  return <WelcomeChatPanel key={brandId} brandId={brandId} initialMessages={conversation.data} />;
}

function WelcomeChatPanel({ brandId, initialMessages }: { brandId: string; initialMessages: UIMessage[] }) {
  const config = usePublicConfig();
  const offline = config.data?.ai === "offline";
  const [open, setOpen] = useState(false);
  const onActivity = useCallback(() => setOpen(true), []);
  const chat = useBrandChat({ brandId, initialMessages, onActivity });
  const count = chat.messages.length;

  const close = () => {
    setOpen(false);
    setTimeout(() => chat.inputRef.current?.focus(), 0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (open && event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };

  return (
    <section
      aria-label="Chat with the assistant"
      className={cn("mx-auto mt-10 transition-[max-width]", open ? "max-w-3xl" : "max-w-2xl")}
      onKeyDown={onKeyDown}
    >
      <div
        className={cn(
          "overflow-hidden rounded-2xl border bg-card shadow-sm",
          open && "shadow-md ring-1 ring-primary/10",
        )}
        data-testid="welcome-chat"
        data-open={open}
      >
        {open && (
          <div data-testid="welcome-chat-panel">
            <div className="flex h-12 items-center gap-2 border-b px-3 sm:px-4">
              <BotIcon className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
              <h2 className="shrink-0 text-sm font-semibold sm:text-base">Assistant</h2>
              {offline && (
                <Badge
                  variant="outline"
                  className="hidden sm:inline-flex"
                  data-testid="assistant-offline-label"
                >
                  Offline assistant
                </Badge>
              )}
              <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2 sm:px-3"
                  onClick={() => void chat.clear()}
                  disabled={count === 0 && !chat.typing}
                  data-testid="welcome-chat-clear"
                >
                  <Trash2Icon aria-hidden="true" />
                  Clear Chat
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2 sm:px-3"
                  onClick={close}
                  data-testid="welcome-chat-close"
                >
                  <XIcon aria-hidden="true" />
                  Close Chat
                </Button>
              </div>
            </div>
            <ChatMessages
              chat={chat}
              order="oldest-first"
              // Short enough that the greeting above and the composer below fit the window with it:
              // Send stays in view without scrolling on a laptop and on a phone.
              className="max-h-[max(12rem,min(560px,calc(100svh-30rem)))] min-h-48 p-3 sm:p-4"
            />
          </div>
        )}
        <ChatNotices chat={chat} className={cn("px-3 pt-3", open && "border-t")} />
        <ChatComposer
          chat={chat}
          placeholder={open ? "Ask the assistant... (Enter sends, Shift+Enter for a new line)" : PLACEHOLDER}
          rows={open ? 2 : 1}
          className={cn("p-3", open && !chat.error && !chat.uploading && "border-t")}
        />
      </div>
      {!open && (
        <div className="mt-3 flex flex-col items-center gap-1 text-center text-sm text-muted-foreground">
          <p>
            <SparklesIcon className="mr-1.5 inline size-4 align-[-3px] text-primary" aria-hidden="true" />
            Ask for a post, upload an image, or pick a workspace below.
          </p>
          {count > 0 && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setOpen(true)}
              data-testid="welcome-chat-open"
            >
              <MessagesSquareIcon aria-hidden="true" />
              Continue the conversation ({count} message{count === 1 ? "" : "s"})
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
