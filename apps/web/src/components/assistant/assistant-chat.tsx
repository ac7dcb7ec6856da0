import type { UIMessage } from "ai";
import { useCallback, useEffect, useState } from "react";

import { AssistantFrame, AssistantToggle } from "@/components/assistant/assistant-frame";
import { ChatComposer, ChatMessages, ChatNotices } from "@/components/assistant/chat-core";
import { useBrandChat } from "@/components/assistant/use-brand-chat";
import { CREATE_BRAND_BY_CHAT_EXAMPLE } from "@/components/no-brand-state";
import { usePublicConfig } from "@/lib/generation";

const isPhone = () => typeof window !== "undefined" && window.matchMedia("(max-width: 767px)").matches;

/**
 * The live conversation in the floating panel (loaded on first opening, with the AI SDK's chat code); it
 * stays mounted while closed so the badge can count the replies that arrive meanwhile.
 */
export function AssistantChat({
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
          {!brandId && (
            <p
              className="mx-3 mt-3 rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
              data-testid="assistant-no-brand"
            >
              You don't have a brand yet. Tell me its name, for example “{CREATE_BRAND_BY_CHAT_EXAMPLE}”, and
              I'll create it.
            </p>
          )}
          <ChatMessages chat={chat} order="newest-first" className="min-h-0 flex-1 p-3" />
        </AssistantFrame>
      )}
    </>
  );
}
