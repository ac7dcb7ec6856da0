import { z } from "zod";
import { isKnownTimeZone } from "../dates";
import { isSafeJson, safeText, UNSAFE_TEXT } from "../text";

export const TECHNICAL_DIFFICULTIES =
  "I'm experiencing some technical difficulties. Please try again in a moment.";
/** Core spec section 8: "an incomplete reply gets an apology text" (the model stopped before answering). */
export const INCOMPLETE_REPLY_APOLOGY =
  "Sorry, I couldn't finish that reply. Please try again, or ask for one thing at a time.";
export const MAX_CHAT_TEXT = 4_000;
/** A conversation keeps its newest messages; older ones fall off (the model sees the same window). */
export const MAX_STORED_MESSAGES = 200;

/**
 * One UI message as the chat sends it; parts stay opaque to the domain (the AI SDK validates them), but the
 * text rule reaches into them: a turn that could not be stored is refused rather than answered and lost.
 */
export const chatMessageSchema = z.object({
  id: safeText().min(1).max(200),
  role: z.enum(["system", "user", "assistant"]),
  parts: z.array(z.unknown()).max(200).refine(isSafeJson, { message: UNSAFE_TEXT }),
  metadata: z.unknown().optional().refine(isSafeJson, { message: UNSAFE_TEXT }),
});

export const chatTextTooLong = (max: number) =>
  `A message can be at most ${max.toLocaleString("en-US")} characters.`;

/** The characters a person typed into a message (its text parts). */
function typedLength(message: { parts: unknown[] }): number {
  let length = 0;
  for (const part of message.parts) {
    const text = (part as { type?: unknown; text?: unknown } | null) ?? {};
    if (text.type === "text" && typeof text.text === "string") length += text.text.length;
  }
  return length;
}

export const chatRequestInput = z
  .object({
    messages: z
      .array(chatMessageSchema, { error: "messages must be an array" })
      .min(1, "The chat needs a message")
      .max(MAX_STORED_MESSAGES),
    /** The browser's minutes east of UTC, so "tomorrow at 9" is the user's 9. */
    utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
    /** The browser's IANA zone ("Europe/Paris"): dates said in words follow its DST changes. */
    timeZone: safeText()
      .max(64)
      .refine(isKnownTimeZone, "timeZone must be an IANA time zone such as Europe/Paris")
      .optional(),
  })
  /*
   * A new message longer than a person types (a pasted book, a script's megabytes) is neither sent to the
   * model nor stored. Only the message being sent is measured: earlier turns are the stored conversation
   * coming back, and refusing them would lock the user out of a conversation made before the cap.
   */
  .superRefine(({ messages }, context) => {
    const index = messages.length - 1;
    const newest = messages[index];
    if (newest?.role !== "user" || typedLength(newest) <= MAX_CHAT_TEXT) return;
    context.addIssue({
      code: "custom",
      path: ["messages", index, "parts"],
      message: chatTextTooLong(MAX_CHAT_TEXT),
    });
  });
export type ChatRequestInput = z.infer<typeof chatRequestInput>;

/**
 * True when a reply cleared the conversation (the clearConversation tool ran): the turn that cleared it is
 * not kept either, so the chat starts empty on the server and in the browser.
 */
export function clearsConversation(message: { parts: readonly { type: string; state?: string }[] }): boolean {
  return message.parts.some(
    (part) => part.type === "tool-clearConversation" && part.state === "output-available",
  );
}

/** One stored message of the conversation, as the AI SDK's UI stream carried it. */
export const storedChatMessageView = z
  .object({
    id: z.string(),
    role: z.enum(["system", "user", "assistant"]),
    parts: z.array(z.looseObject({ type: z.string() })).meta({
      description: "The AI SDK's typed parts (text, tool calls with inputs and results, data parts).",
    }),
    metadata: z.unknown().optional(),
  })
  .meta({ id: "StoredChatMessage" });

export const conversationView = z.object({ messages: z.array(storedChatMessageView) }).meta({
  id: "Conversation",
  description: "The stored conversation of the caller and brand, oldest first.",
});

export const clearedConversationView = z
  .object({ cleared: z.literal(true) })
  .meta({ id: "ClearedConversation" });
