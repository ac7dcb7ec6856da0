import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId, updatedAt } from "./columns";
import type { Platform, PostStatus } from "./enums";

/** Action types the chat agent may answer with (core spec section 7, ai-chat-agent). */
export const agentActionTypes = [
  "searchSite",
  "updateField",
  "updateBrandField",
  "listImages",
  "showImage",
  "navigateTo",
  "generatePost",
  "generateContentIdea",
  "writeSocialPost",
  "createCampaignPlan",
] as const;
export type AgentActionType = (typeof agentActionTypes)[number];

export interface ConversationAction {
  type: AgentActionType;
  /** The tool's input and, once run, its result; shapes belong to the tools. */
  input?: Record<string, unknown>;
  result?: unknown;
}

export interface WebsiteData {
  url?: string;
  title: string;
  summary?: string;
  keyPoints?: string[];
  brandInfo?: { name?: string; industry?: string };
}

/**
 * One turn of a brand conversation. Images are referenced by media id because their URLs are signed and
 * expire; the chat re-signs them when the history is loaded.
 */
export interface ConversationEntry {
  id?: string;
  role: "user" | "assistant";
  content: string;
  /** ISO date-time. */
  timestamp: string;
  websiteData?: WebsiteData;
  actions?: ConversationAction[];
  uploadedImageMediaId?: string;
  displayedImageMediaId?: string;
  images?: { mediaId: string; name: string }[];
  generatedPost?: { id: string; platform: Platform; status: PostStatus };
}

/**
 * A chat message as the AI SDK's UI stream carries it (id, role, typed parts: text, tool calls with their
 * inputs and results). Stored as sent, so a reloaded conversation renders exactly as it was.
 */
export interface StoredChatMessage {
  id: string;
  role: "system" | "user" | "assistant";
  parts: unknown[];
  metadata?: unknown;
}

export const brandConversations = pgTable(
  "brand_conversations",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    conversationHistory: jsonb("conversation_history")
      .$type<ConversationEntry[]>()
      .default(sql`'[]'::jsonb`)
      .notNull(),
    /** The chat as UI messages (the AI SDK's parts model); conversation_history keeps the spec's entries. */
    messages: jsonb("messages").$type<StoredChatMessage[]>().default(sql`'[]'::jsonb`).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One conversation per user and brand; creating it on first load is an upsert on this key.
    unique("brand_conversations_user_id_brand_id_key").on(t.userId, t.brandId),
    index("brand_conversations_brand_id_idx").on(t.brandId),
  ],
);

export type BrandConversation = typeof brandConversations.$inferSelect;
