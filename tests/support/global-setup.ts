import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "@smm/infra/database";
import { migrateDatabase, migrationsFolder } from "@smm/infra/migrate";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { clearResponseCheckStats, sumResponseCheckStats } from "./response-check-stats";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test file's database is cloned from (TEST_DATABASE_URL runs). */
    postgresTemplate: string;
  }
}

/**
 * Booting PGlite from scratch costs ~3 s per test file; loading a migrated snapshot ~0.6 s. The snapshot
 * is keyed by the migrations' content, so a new migration makes a new one.
 */
export default async function setup(project: TestProject) {
  clearResponseCheckStats();
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(join(migrationsFolder, file)));
  }
  hash.update(readFileSync(join(migrationsFolder, "meta", "_journal.json")));
  const key = hash.digest("hex").slice(0, 16);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide("pgliteTemplate", "");
    project.provide("postgresTemplate", await preparePostgresTemplate(url, key));
    return reportResponseChecks;
  }
  project.provide("postgresTemplate", "");
  const path = join(tmpdir(), `smm-pglite-template-${key}.tar`);
  if (!existsSync(path)) {
    const pglite = await PGlite.create();
    await migrate(drizzle(pglite), { migrationsFolder });
    const dump = await pglite.dumpDataDir("none");
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
  }
  project.provide("pgliteTemplate", path);
  return reportResponseChecks;
}

/** After the run: how many answers were checked against their declared schemas, and any drift. */
function reportResponseChecks() {
  const { checked, routes, failures } = sumResponseCheckStats();
  console.log(
    `Response checks: ${checked} answers checked against their declared schemas (${routes} declared routes).`,
  );
  for (const failure of failures) console.log(`  drift: ${failure}`);
}

/**
 * Migrating a new PostgreSQL database costs seconds per test file; cloning a migrated one (CREATE DATABASE
 * ... TEMPLATE) a fraction of that. Like the PGlite snapshot, the template is named by the migrations'
 * content; templates of older migrations are dropped.
 */
async function preparePostgresTemplate(url: string, key: string): Promise<string> {
  const name = `smm_template_${key}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'smm_template_%' and datname <> ${name}`;
    for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    // Built under another name and renamed when complete, so an interrupted build is never cloned.
    const building = `smm_building_${key}_${process.pid}`;
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
    await admin.unsafe(`create database "${building}"`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = await openDatabase({ url: target.toString(), maxConnections: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    return name;
  } finally {
    await admin.end();
  }
}
