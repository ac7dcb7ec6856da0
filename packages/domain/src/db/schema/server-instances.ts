import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The server processes running on this database, one row each while it runs. Background runs (a
 * generation, a publish attempt) record the instance that holds them, so when a process dies the others (or
 * the next one to boot) know at once which runs were cut off instead of waiting for them to go silent. An
 * instance is alive while its row's heartbeat is fresh and it holds its session lock (jobs/instance.ts).
 */
export const serverInstances = pgTable("server_instances", {
  /** Also the key of the instance's advisory lock, hence a small integer. */
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** For people reading the table: which machine and process. */
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamptz("started_at").defaultNow().notNull(),
  heartbeatAt: timestamptz("heartbeat_at").defaultNow().notNull(),
});

export type ServerInstance = typeof serverInstances.$inferSelect;
