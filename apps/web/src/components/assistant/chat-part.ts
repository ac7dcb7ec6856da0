import type { AppTools } from "@smm/tools";
import type { InferUITools, UIDataTypes, UIMessage } from "ai";

/*
 * The chat's message and part types, in a module of their own so the generic tool card and the planning
 * cards can both name them without importing each other (that was an import cycle).
 *
 * The tool types come from the tool set itself (`import type` only: the tools' runtime pulls in the
 * domain's server code, which must never reach the browser bundle), so each `tool-<name>` part's input and
 * output follow the tool's schema and use case.
 */

export type ChatTools = InferUITools<AppTools>;
export type ChatMessage = UIMessage<unknown, UIDataTypes, ChatTools>;
export type ChatPart = ChatMessage["parts"][number];
export type ToolPart = Extract<ChatPart, { toolCallId: string }>;
/** The part of one named tool, with that tool's input and output. */
export type ToolPartOf<NAME extends keyof ChatTools> = Extract<ToolPart, { type: `tool-${NAME}` }>;

/**
 * Messages read from the server (stored history, an upload's message) as the chat's typed messages: the
 * server wrote their tool parts with this same tool set, and the JSON that carried them has no types.
 */
export function asChatMessages(messages: UIMessage[]): ChatMessage[] {
  return messages as ChatMessage[];
}
