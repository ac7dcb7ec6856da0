import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { Database } from "./client";

/** The repository's drizzle/ folder: the migrations are shipped with the code, never generated at boot. */
export const migrationsFolder = fileURLToPath(new URL("../../../../drizzle", import.meta.url));

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
