import { join } from "node:path";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { findRepoRoot } from "../repo-root";
import type { Database } from "./client";

/** The repository's drizzle/ folder: the migrations are shipped with the code, never generated at boot. */
export const migrationsFolder = join(findRepoRoot(import.meta.url), "drizzle");

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
