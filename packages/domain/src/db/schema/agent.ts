import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
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
    /** IANA zone of the user's browser: the scheduling agent's day, week and posting time are read in it. */
    timeZone: text("time_zone").default("UTC").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("agent_settings_posts_per_week_range", sql`${t.postsPerWeek} between 1 and 30`),
    check("agent_settings_best_post_time_format", sql`${t.bestPostTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

export type AgentSettings = typeof agentSettings.$inferSelect;

/**
 * One row per scheduling-agent run a brand has had: the unique (brand, run key) is the claim that keeps a
 * run from happening twice when two instances (or a restart) reach the same day or settings change.
 */
export const agentRuns = pgTable(
  "agent_runs",
  {
    id: primaryId(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    /** The user's local date ('YYYY-MM-DD') for the daily run; that date plus the settings' stamp otherwise. */
    runKey: text("run_key").notNull(),
    createdPosts: integer("created_posts").default(0).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("agent_runs_brand_id_run_key_key").on(t.brandId, t.runKey)],
);

export type AgentRun = typeof agentRuns.$inferSelect;
