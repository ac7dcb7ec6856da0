import type { ToolName } from "@smm/tools";

export type { ToolName };

/** A tool call the offline assistant decided on: the tool by its registry name, so a misspelt one fails to build. */
export interface ToolCallIntent {
  toolName: ToolName;
  input: Record<string, unknown>;
  /** Said before the call (a client tool such as navigateTo ends the turn with it). */
  preface?: string;
}

/** The tools offered to a turn. */
export type OfferedTools = ReadonlySet<ToolName>;
