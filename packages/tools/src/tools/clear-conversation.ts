import { clearConversation } from "@smm/domain/chat/conversation";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const clearConversationTool = (ctx: ToolContext) =>
  tool({
    description:
      "Clear the chat with the assistant for the active brand (Clear Chat): it starts again, empty.",
    inputSchema: z.object({}),
    execute: async () => clearConversation(await ctx.brand()),
  });
