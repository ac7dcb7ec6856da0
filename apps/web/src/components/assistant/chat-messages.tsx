import { ImageIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import type { ChatMessage } from "@/components/assistant/chat-part";
import { isChatToolPart, ToolPartCard } from "@/components/assistant/tool-part";
import type { BrandChat } from "@/components/assistant/use-brand-chat";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { findUploadedImage, mentionsWebsite, SUGGESTED_PROMPTS, useImageLink } from "@/lib/chat";
import { cn } from "@/lib/utils";

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
  // Each part keeps its place in the message as its key: a card must not remount when words arrive above it.
  const shown = uploaded
    ? []
    : message.parts
        .map((part, index) => ({ part, key: `${message.id}-${index}` }))
        .filter(({ part }) => part.type === "text" || isChatToolPart(part));
  // A reply is read as "I'm creating a post..." and then the post card it speaks of: the model writes its
  // sentence after the tool has run, so the words are lifted above the cards (each kind keeps its order).
  const parts = [
    ...shown.filter(({ part }) => part.type === "text"),
    ...shown.filter(({ part }) => part.type !== "text"),
  ];
  if (!uploaded && parts.length === 0) return null;
  return (
    <div
      className={cn("flex flex-col gap-2", user ? "items-end" : "items-start")}
      data-testid="assistant-message"
      data-role={message.role}
    >
      <span className="sr-only">{user ? "You said:" : "Assistant said:"}</span>
      {uploaded && <UploadedImage brandId={brandId} mediaId={uploaded.mediaId} name={uploaded.name} />}
      {parts.map(({ part, key }) => {
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
