import { clearConversation } from "@smm/domain/chat/conversation";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const clearConversationTool = (ctx: ToolContext) =>
  tool({
    description:
      "Clear the chat with the assistant for the active brand (Clear Chat): it starts again, empty.",
    inputSchema: noInput,
    execute: async () => clearConversation(await ctx.brand()),
  });
