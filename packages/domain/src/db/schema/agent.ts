import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, primaryId, updatedAt } from "./columns";

/** Per-user AI agent settings; column defaults are the spec's defaults, so an upsert of `{ userId }` suffices. */
export const agentSettings = pgTable(
  "agent_settings",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    chatAgentEnabled: boolean("chat_agent_enabled").default(false).notNull(),
    scheduleAgentEnabled: boolean("schedule_agent_enabled").default(false).notNull(),
    postsPerWeek: smallint("posts_per_week").default(5).notNull(),
    /** 'HH:MM', 24-hour, in the user's local time (the browser's input value). */
    bestPostTime: text("best_post_time").default("09:00").notNull(),
    contentStyle: text("content_style").default("professional").notNull(),
    imageStyle: text("image_style").default("modern").notNull(),
    responseTime: integer("response_time").default(5).notNull(),
    chatStyle: text("chat_style").default("professional").notNull(),
    defaultResponse: text("default_response").default("").notNull(),
    autoResponseTopics: text("auto_response_topics").array().default(sql`'{}'::text[]`).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("agent_settings_posts_per_week_range", sql`${t.postsPerWeek} between 1 and 30`),
    check("agent_settings_best_post_time_format", sql`${t.bestPostTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

export type AgentSettings = typeof agentSettings.$inferSelect;
