import type { Chat } from "@ai-sdk/react";

import type { ChatMessage } from "@/components/assistant/chat-part";

/**
 * One live chat per brand for the whole page session, shared by the floating panel and the welcome hub:
 * a reply that is still streaming (or a navigateTo the hub started) carries on in the other frame.
 */
export const brandChats = new Map<string, Chat<ChatMessage>>();

/**
 * A card's change to its own tool result (a reply draft edited on its card), written into the brand's
 * conversation: the chat sends the whole conversation each turn, so the next turn ("send it") reads what
 * the card shows, not what the tool first returned.
 */
export function reviseToolOutput<T>(chatKey: string, toolCallId: string, revise: (output: T) => T): void {
  const chat = brandChats.get(chatKey);
  if (!chat) return;
  let changed = false;
  const messages = chat.messages.map((message) => {
    if (!message.parts.some((part) => "toolCallId" in part && part.toolCallId === toolCallId)) return message;
    return {
      ...message,
      parts: message.parts.map((part) => {
        if (!("toolCallId" in part) || part.toolCallId !== toolCallId || part.state !== "output-available")
          return part;
        changed = true;
        return { ...part, output: revise(part.output as T) } as typeof part;
      }),
    };
  });
  if (changed) chat.messages = messages;
}
