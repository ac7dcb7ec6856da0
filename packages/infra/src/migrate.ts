import { join } from "node:path";
import type { Database } from "@smm/domain/db";
import { findRepoRoot } from "@smm/domain/repo-root";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** The repository's drizzle/ folder: the migrations are shipped with the code, never generated at boot. */
export const migrationsFolder = join(findRepoRoot(import.meta.url), "drizzle");

/** Key of the advisory lock migrations run under ("SMM" and a 2). */
export const MIGRATION_LOCK = 0x534d4d02;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind !== "postgres") {
    await migrate(database.db, { migrationsFolder });
    return;
  }
  // Several instances booting at once on PostgreSQL: one migrates, the others wait and then find it done
  // (without the lock two would run the same CREATE TABLE and one would fail its boot). The lock has a
  // connection of its own, so a pool of one still has its connection for the migration.
  const holder = postgres(database.connectionString, { max: 1, onnotice: () => {} });
  try {
    await holder`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(database.db, { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when the migration failed.
    await holder.end({ timeout: 5 });
  }
}
