import { isToolUIPart, type UIMessage } from "ai";

export const CALL_NOT_PERFORMED = "Not performed: the page was left before it ran.";

/**
 * A client tool (navigateTo) is answered by the browser; if the page was reloaded or closed first, the call
 * stays unanswered in the stored conversation, and a model provider refuses a history with a call that has
 * no result. When the user writes again, such calls are closed as not performed. A turn that continues
 * after the browser answered ends with the assistant's message, and is left as it is.
 */
export function closeUnansweredCalls(messages: UIMessage[]): UIMessage[] {
  if (messages.at(-1)?.role !== "user") return messages;
  return messages.map((message) => {
    if (message.role !== "assistant") return message;
    const open = message.parts.some(
      (part) => isToolUIPart(part) && (part.state === "input-available" || part.state === "input-streaming"),
    );
    if (!open) return message;
    return {
      ...message,
      parts: message.parts.map((part) =>
        isToolUIPart(part) && (part.state === "input-available" || part.state === "input-streaming")
          ? ({ ...part, state: "output-error", errorText: CALL_NOT_PERFORMED } as UIMessage["parts"][number])
          : part,
      ),
    };
  });
}
