import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { brandConversations, type StoredChatMessage } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { clearedConversationView, MAX_STORED_MESSAGES } from "./schemas";

/** The brand's conversation for the caller, created empty on first load (one per user and brand). */
export async function getConversation(ctx: BrandContext): Promise<{ messages: StoredChatMessage[] }> {
  const [row] = await ctx.db
    .insert(brandConversations)
    .values({ userId: ctx.userId, brandId: ctx.brandId })
    .onConflictDoUpdate({
      target: [brandConversations.userId, brandConversations.brandId],
      // A no-op update, so the existing row comes back from the same statement.
      set: { userId: ctx.userId },
    })
    .returning({ messages: brandConversations.messages });
  return { messages: row?.messages ?? [] };
}

/** Replaces the stored conversation with the chat's messages after a turn (newest kept). */
export async function saveConversation(ctx: BrandContext, messages: StoredChatMessage[]): Promise<void> {
  const kept = messages.slice(-MAX_STORED_MESSAGES);
  await ctx.db
    .insert(brandConversations)
    .values({ userId: ctx.userId, brandId: ctx.brandId, messages: kept })
    .onConflictDoUpdate({
      target: [brandConversations.userId, brandConversations.brandId],
      set: { messages: kept, updatedAt: ctx.now() },
    });
}

/** Clear Chat: the conversation starts again, empty. */
export async function clearConversation(ctx: BrandContext): Promise<{ cleared: true }> {
  await ctx.db
    .update(brandConversations)
    .set({ messages: [], conversationHistory: [], updatedAt: ctx.now() })
    .where(and(eq(brandConversations.userId, ctx.userId), eq(brandConversations.brandId, ctx.brandId)));
  return { cleared: true };
}

export const clearConversationUseCase = declareUseCase({
  name: "clearConversation",
  description: "Clear the chat with the assistant for the active brand (Clear Chat): it starts again, empty.",
  scope: "brand",
  input: noInput,
  output: clearedConversationView,
  run: clearConversation,
});
