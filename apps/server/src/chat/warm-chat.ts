import type { UserContext } from "@smm/domain/context";
import { createTools, type ToolContext } from "@smm/tools";
import { convertToModelMessages, type LanguageModel, streamText, type UIMessage } from "ai";
import { withCachedSchemas } from "./cached-tool-schemas";

/**
 * One chat turn run in memory right after the server starts listening, so the first turn a newcomer sends
 * does not pay for what the process does only once: every tool's input schema converted to JSON Schema (most
 * of that first wait) and the first run of the streaming code. Only for the offline model: a hosted model
 * would be a paid call. The tools are bound to a caller that cannot act: a tool the turn calls fails, and
 * that failure is the warm-up's answer.
 */
export async function warmChat(model: LanguageModel): Promise<string> {
  const unavailable = async (): Promise<never> => {
    throw new Error("the warm-up turn acts for no one");
  };
  const ctx: ToolContext = { user: {} as UserContext, brand: unavailable };
  const tools = withCachedSchemas(createTools(ctx));
  for (const tool of Object.values(tools)) void (tool.inputSchema as { jsonSchema?: unknown }).jsonSchema;
  if (typeof model === "string" || model.provider !== "offline") return "";
  const messages: UIMessage[] = [
    { id: "warm-up", role: "user", parts: [{ type: "text", text: "give me ideas for a post" }] },
  ];
  const result = streamText({
    model,
    messages: await convertToModelMessages(messages, { tools }),
    tools,
  });
  return result.toUIMessageStreamResponse({ originalMessages: messages, onError: () => "" }).text();
}
