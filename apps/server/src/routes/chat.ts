import { createRoute, z } from "@hono/zod-openapi";
import { getBrand } from "@smm/domain/brands";
import {
  chatRequestInput,
  clearConversation,
  clearedConversationView,
  clearsConversation,
  conversationView,
  getConversation,
  saveConversation,
} from "@smm/domain/chat";
import type { StoredChatMessage } from "@smm/domain/db/schema";
import { AppError, hasReason } from "@smm/domain/errors";
import { UPLOADED_IMAGE_PART, type UploadedImagePartData } from "@smm/domain/media";
import { createTools, type ToolContext } from "@smm/tools";
import { convertToModelMessages, stepCountIs, streamText, type UIMessage, validateUIMessages } from "ai";
import type { Context } from "hono";
import { IMAGE_ID_PREFIX } from "../adapters/offline-assistant/caption-intents";
import { apologizeForIncompleteReply } from "../chat/apologize-incomplete";
import { withCachedSchemas } from "../chat/cached-tool-schemas";
import { closeUnansweredCalls } from "../chat/close-unanswered-calls";
import { createChatErrorDescriber } from "../chat/describe-chat-error";
import { recordRefusalReasons } from "../chat/refusal-reasons";
import { buildSystemPrompt } from "../chat/system-prompt";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, namedBrandId, userContext } from "../lib/domain-context";
import { brandHeader, createRoutes, jsonAnswer, jsonBody, readJsonBody } from "../lib/http";
import { limitJsonBody } from "../middleware/request-limits";

/** How many model steps one message may take (tool call, result, answer, maybe a second tool). */
const MAX_STEPS = 5;

/**
 * The chat sends the whole conversation each turn (up to 200 messages, tool results with posts in them), which
 * can pass the app's 1 MB for JSON in a long conversation; what a person types is capped by chatTextTooLong.
 */
export const CHAT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * A chat upload's part as the model reads it: the image's id, so "write a caption for this photo" can name
 * it to captionFromImage (the stored part keeps the id, never an expiring link). Other data parts are the
 * screens' own and stay out of the prompt.
 */
function describeUploadedImage(part: { type: string; data?: unknown }) {
  if (part.type !== UPLOADED_IMAGE_PART) return undefined;
  const data = part.data as Partial<UploadedImagePartData> | undefined;
  if (typeof data?.mediaId !== "string") return undefined;
  return { type: "text" as const, text: `${IMAGE_ID_PREFIX} ${data.mediaId}` };
}

const common = { tags: ["Chat"], parameters: [brandHeader] };
const routes = {
  get: createRoute({
    ...common,
    method: "get",
    path: "/",
    summary: "The stored conversation of the caller and brand.",
    responses: { 200: jsonAnswer(conversationView, "The conversation.") },
  }),
  clear: createRoute({
    ...common,
    method: "delete",
    path: "/",
    summary: "Clear the stored conversation of the caller and brand.",
    responses: { 200: jsonAnswer(clearedConversationView, "The result.") },
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
export function createChatRoutes(deps: AppDeps) {
  const model = deps.chatModel;
  /**
   * The caller's brand, or null for a user who has none yet (issue 20): the chat then still answers, says
   * it needs a brand and can create one. A brand named by X-Brand-Id that is not theirs stays a 404.
   */
  const brandOrNone = (c: Context<AppEnv>) =>
    brandContext(c, deps).catch((error: unknown) => {
      if (!namedBrandId(c) && hasReason(error, "no_active_brand")) return null;
      throw error;
    });
  return createRoutes()
    .openapi(routes.get, async (c) => {
      const conversation = await getConversation(await brandContext(c, deps));
      // Stored as the AI SDK sent it: every part has its type (the route tests check each answer).
      return c.json(conversation as z.infer<typeof conversationView>, 200);
    })
    .openapi(routes.clear, async (c) => c.json(await clearConversation(await brandContext(c, deps)), 200))
    .openapi(routes.send, async (c) => {
      const body = c.req.valid("json");
      const brand = await brandOrNone(c);
      const user = userContext(c, deps);
      // Without a brand, each brand-scoped call looks again: a brand the chat created this turn is used.
      const toolCtx: ToolContext = { user, brand: async () => brand ?? brandContext(c, deps) };
      const refusals: Record<string, string> = {};
      const tools = recordRefusalReasons(withCachedSchemas(createTools(toolCtx)), refusals);
      const validated = await validateUIMessages({ messages: body.messages as UIMessage[] }).catch(() => {
        throw new AppError("invalid_input", "The chat messages are not in the expected format");
      });
      const messages = closeUnansweredCalls(validated);
      const now = deps.now?.() ?? new Date();

      const result = streamText({
        model,
        system: buildSystemPrompt(brand ? await getBrand(brand) : null, now),
        messages: await convertToModelMessages(messages, { tools, convertDataPart: describeUploadedImage }),
        tools,
        stopWhen: stepCountIs(MAX_STEPS),
        experimental_transform: apologizeForIncompleteReply(MAX_STEPS),
        abortSignal: c.req.raw.signal,
        providerOptions: {
          offline: {
            utcOffsetMinutes: body.utcOffsetMinutes ?? 0,
            ...(body.timeZone ? { timeZone: body.timeZone } : {}),
            hasBrand: brand !== null,
            refusals,
          },
        },
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
            // A turn without a brand is kept with the brand it created, if it did; else nowhere.
            const target = brand ?? (await brandOrNone(c));
            if (target) await saveConversation(target, kept as StoredChatMessage[]);
          } catch (error) {
            deps.logger.error("chat history not saved", { error });
          }
        },
      });
    });
}
