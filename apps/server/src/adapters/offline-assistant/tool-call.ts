import type { AppTools, ToolName } from "@smm/tools";
import type { InferToolOutput } from "ai";

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

/**
 * What a tool answers, by its declared output (the registry's types): the replies read a result as what its
 * tool declares, so a renamed or removed field fails the type check instead of reading as missing.
 */
export type ToolOutput<K extends ToolName> = InferToolOutput<AppTools[K]>;

/** A time as the replies say it ("29 Nov 2026, 09:00 UTC"). */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";
