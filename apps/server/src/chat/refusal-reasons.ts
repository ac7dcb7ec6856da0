import { isAppError } from "@smm/domain/errors";
import type { Tool } from "ai";

/**
 * Between the steps of a turn the AI SDK tells the model of a refused tool call by the error's message alone
 * (an "error-text" result), so the reason the use case gave is lost on the way. The chat keeps each refused
 * call's reason for the turn, by tool call id, and hands the same record to the offline model
 * (providerOptions.offline.refusals), which answers by reason: a spent plan allowance offers the upgrade.
 */
export function recordRefusalReasons<T extends Record<string, Tool>>(
  tools: T,
  refusals: Record<string, string>,
): T {
  for (const tool of Object.values(tools)) {
    const execute = tool.execute;
    if (!execute) continue;
    tool.execute = async (input, options) => {
      try {
        return await execute(input, options);
      } catch (error) {
        if (isAppError(error)) refusals[options.toolCallId] = error.reason;
        throw error;
      }
    };
  }
  return tools;
}
