import type { LanguageModelV3 } from "@ai-sdk/provider";
import { createRoute, z } from "@hono/zod-openapi";
import { getBrand } from "@smm/domain/brands/get-brand";
import { clearConversation, getConversation, saveConversation } from "@smm/domain/chat/conversation";
import {
  type ChatRequestInput,
  chatRequestInput,
  clearsConversation,
  MAX_CHAT_TEXT,
} from "@smm/domain/chat/schemas";
import type { StoredChatMessage } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { createTools, type ToolContext } from "@smm/tools";
import { convertToModelMessages, stepCountIs, streamText, type UIMessage, validateUIMessages } from "ai";
import { createOfflineAssistantModel } from "../adapters/offline-assistant/model";
import { apologizeForIncompleteReply } from "../chat/apologize-incomplete";
import { withCachedSchemas } from "../chat/cached-tool-schemas";
import { closeUnansweredCalls } from "../chat/close-unanswered-calls";
import { createChatErrorDescriber } from "../chat/describe-chat-error";
import { buildSystemPrompt } from "../chat/system-prompt";
import type { AppDeps } from "../context";
import { brandContext, userContext } from "../lib/domain-context";
import { brandHeader, createRoutes, jsonAnswer, jsonBody, readJsonBody, resultOf } from "../lib/http";
import { limitJsonBody } from "../middleware/request-limits";

/** How many model steps one message may take (tool call, result, answer, maybe a second tool). */
const MAX_STEPS = 5;

/**
 * The chat sends the whole conversation each turn (up to 200 messages, tool results with posts in them), which
 * can pass the app's 1 MB for JSON in a long conversation; what a person types is capped by chatTextTooLong.
 */
export const CHAT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export const chatTextTooLong = (max: number) =>
  `A message can be at most ${max.toLocaleString("en-US")} characters.`;

/**
 * Refuses a new message longer than a person types (a pasted book, a script's megabytes), so it is neither
 * sent to the model nor stored. Only the message being sent is measured: earlier turns are the stored
 * conversation coming back, and refusing them would lock the user out of a conversation made before the cap.
 */
function refuseOverlongText(body: ChatRequestInput): void {
  const index = body.messages.length - 1;
  const newest = body.messages[index];
  if (newest?.role !== "user") return;
  let length = 0;
  for (const part of newest.parts) {
    const text = (part as { type?: unknown; text?: unknown } | null) ?? {};
    if (text.type === "text" && typeof text.text === "string") length += text.text.length;
  }
  if (length <= MAX_CHAT_TEXT) return;
  const message = chatTextTooLong(MAX_CHAT_TEXT);
  throw new AppError("invalid_input", message, [{ path: `messages.${index}.parts`, message }]);
}

const common = { tags: ["Chat"], parameters: [brandHeader] };
const routes = {
  get: createRoute({
    ...common,
    method: "get",
    path: "/",
    summary: "The stored conversation of the caller and brand.",
    responses: { 200: jsonAnswer(resultOf(getConversation, "Conversation"), "The conversation.") },
  }),
  clear: createRoute({
    ...common,
    method: "delete",
    path: "/",
    summary: "Clear the stored conversation of the caller and brand.",
    responses: { 200: jsonAnswer(resultOf(clearConversation, "ClearedConversation"), "The result.") },
  }),
  send: createRoute({
    ...common,
    method: "post",
    path: "/",
    summary: "Send the conversation; the answer streams back as AI SDK UI messages.",
    description:
      "Failures after the stream has started arrive inside the stream, not as an error status. The " +
      "conversation is saved when the turn ends.",
    middleware: [limitJsonBody(CHAT_BODY_LIMIT_BYTES), readJsonBody],
    request: { body: jsonBody(chatRequestInput) },
    responses: {
      200: {
        description: "An AI SDK UI message stream.",
        content: { "text/event-stream": { schema: z.string() } },
      },
    },
  }),
};

/**
 * The chat (API.md: POST /api/chat streams AI SDK UI messages). The model calls the same tools as the
 * tool API, bound to the caller; the conversation is stored per user and brand after each turn.
 */
export function createChatRoutes(deps: AppDeps & { chatModel?: LanguageModelV3 }) {
  const model = deps.chatModel ?? createOfflineAssistantModel({ now: deps.now });
  return createRoutes()
    .openapi(routes.get, async (c) => c.json(await getConversation(await brandContext(c, deps)), 200))
    .openapi(routes.clear, async (c) => c.json(await clearConversation(await brandContext(c, deps)), 200))
    .openapi(routes.send, async (c) => {
      const body = c.req.valid("json");
      refuseOverlongText(body);
      const brand = await brandContext(c, deps);
      const user = userContext(c, deps);
      const toolCtx: ToolContext = { user, brand: async () => brand };
      const tools = withCachedSchemas(createTools(toolCtx));
      const validated = await validateUIMessages({ messages: body.messages as UIMessage[] }).catch(() => {
        throw new AppError("invalid_input", "The chat messages are not in the expected format");
      });
      const messages = closeUnansweredCalls(validated);
      const now = deps.now?.() ?? new Date();

      const result = streamText({
        model,
        system: buildSystemPrompt(await getBrand(brand), now),
        messages: await convertToModelMessages(messages, { tools }),
        tools,
        stopWhen: stepCountIs(MAX_STEPS),
        experimental_transform: apologizeForIncompleteReply(MAX_STEPS),
        abortSignal: c.req.raw.signal,
        providerOptions: { offline: { utcOffsetMinutes: body.utcOffsetMinutes ?? 0 } },
        onError: ({ error }) => deps.logger.error("chat failed", { error }),
      });
      return result.toUIMessageStreamResponse({
        originalMessages: messages,
        // The reply's id travels in the stream and is stored, so a reloaded conversation sends it back.
        generateMessageId: () => crypto.randomUUID(),
        // A refusal (the use case's, or the tool schema's) is written for the user and shown as it is on the
        // tool's card; anything else gets the spec's words, details only in the server log.
        onError: createChatErrorDescriber(),
        onFinish: async ({ messages: finished, responseMessage }) => {
          try {
            // Saving the whole turn would bring back what the clearConversation tool just removed.
            const kept = clearsConversation(responseMessage) ? [] : finished;
            await saveConversation(brand, kept as StoredChatMessage[]);
          } catch (error) {
            deps.logger.error("chat history not saved", { error });
          }
        },
      });
    });
}
