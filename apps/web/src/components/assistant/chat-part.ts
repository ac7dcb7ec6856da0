import type { UIMessage } from "ai";

/*
 * The chat's message part types, in a module of their own so the generic tool card and the planning cards
 * can both name them without importing each other (that was an import cycle).
 */

export type ChatPart = UIMessage["parts"][number];
export type ToolPart = Extract<ChatPart, { toolCallId: string }>;
