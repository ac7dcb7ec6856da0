import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Database } from "@smm/domain/db";
import { openDatabase } from "@smm/infra/database";
import { migrateDatabase } from "@smm/infra/migrate";
import postgres from "postgres";
import { inject } from "vitest";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pgliteTemplate = readPgliteTemplate(inject("pgliteTemplate"));
    // The pool the server runs with on PGlite (one connection), so the tests see what users get.
    const database = await openDatabase({ pgliteTemplate });
    // Applies nothing when the snapshot is current; keeps a stale or missing snapshot correct.
    await migrateDatabase(database);
    return database;
  }
  const name = `smm_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await createDatabaseFrom(admin, name, inject("postgresTemplate"));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), maxConnections: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/*
 * The migrated template (42 MB), read once per worker: a Blob is immutable and PGlite only reads it, so every
 * file's database can start from the same one instead of reading and copying the file again each time.
 */
let templateBlob: { path: string; blob: Blob } | undefined;
function readPgliteTemplate(path: string): Blob | undefined {
  if (!path) return undefined;
  if (templateBlob?.path !== path) templateBlob = { path, blob: new Blob([readFileSync(path)]) };
  return templateBlob.blob;
}

/** PostgreSQL refuses to clone a template another CREATE DATABASE is reading at that moment (55006): retry. */
async function createDatabaseFrom(admin: postgres.Sql, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === "55006";
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
