import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@smm/domain/db";
import { openDatabase, servePglite } from "@smm/infra/database";
import { migrateDatabase } from "@smm/infra/migrate";
import postgres from "postgres";
import { inject } from "vitest";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPooledPglite();
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
 * PGlite databases are reused within a worker: loading the migrated template into a new PGlite costs about
 * 1.1 CPU-s, a third of the PGlite pass's CPU over ~100 test files (measured 2026-11-29), while emptying the
 * tables of a released one costs about 0.1 s. A released database is handed out again only when it is as
 * the template left it: its tables emptied (the migrations' seed rows put back), its session state
 * discarded, pg-boss's schema (made by whoever started pg-boss) dropped, and its schema unchanged otherwise;
 * a file that changed the schema (DDL of its own) gets its PGlite closed instead. Each hand-out serves the
 * PGlite on a new wire server, so a client of the previous file (a pool not closed, a timer firing late)
 * meets a closed port instead of the next file's data.
 */
interface PooledPglite {
  pglite: PGlite;
  /** The schema as migrated (see schemaFingerprint): a release that finds another is not reused. */
  fingerprint: string;
  /** Emptied between files; the migrations' seed rows (tables listed in seeded) come back after. */
  tables: string[];
  seeded: string[];
}

const idlePglites: PooledPglite[] = [];
/** How many PGlite databases this worker has handed out a second time or more (its own tests read it). */
export const pgliteReuse = { count: 0 };
const RESET_SCHEMA = "test_reset";

async function openPooledPglite(): Promise<Database> {
  const reused = idlePglites.pop();
  if (reused) pgliteReuse.count += 1;
  const entry = reused ?? (await preparePglite());
  const served = await servePglite(entry.pglite);
  let released = false;
  return {
    ...served,
    close: async () => {
      if (released) return;
      released = true;
      await served.close();
      if (await resetPglite(entry)) idlePglites.push(entry);
      else await entry.pglite.close();
    },
  };
}

async function preparePglite(): Promise<PooledPglite> {
  const template = readPgliteTemplate(inject("pgliteTemplate"));
  const pglite = await PGlite.create(template ? { loadDataDir: template } : {});
  // Applies nothing when the snapshot is current; keeps a stale or missing snapshot correct.
  const served = await servePglite(pglite);
  await migrateDatabase(served);
  await served.close();
  const { rows } = await pglite.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
      and n.nspname !~ '^pg_'`);
  const tables = rows.map((row) => row.name);
  const seeded: string[] = [];
  await pglite.exec(`create schema ${RESET_SCHEMA}`);
  for (const table of tables) {
    const [{ found } = { found: false }] = (
      await pglite.query<{ found: boolean }>(`select exists (select from ${table}) as found`)
    ).rows;
    if (!found) continue;
    seeded.push(table);
    await pglite.exec(`create table ${RESET_SCHEMA}.${seedName(table)} as select * from ${table}`);
  }
  return { pglite, fingerprint: await schemaFingerprint(pglite), tables, seeded };
}

/** public.templates -> public__templates: one flat name per seeded table in the reset schema. */
function seedName(table: string): string {
  return table.replaceAll('"', "").replace(".", "__");
}

async function resetPglite(entry: PooledPglite): Promise<boolean> {
  const { pglite } = entry;
  try {
    if (pglite.closed) return false;
    // Not inside a transaction block, so on its own.
    await pglite.exec("discard all");
    await pglite.exec("drop schema if exists pgboss cascade");
    if ((await schemaFingerprint(pglite)) !== entry.fingerprint) return false;
    await pglite.transaction(async (tx) => {
      await tx.exec(`truncate ${entry.tables.join(", ")} restart identity cascade`);
      for (const table of entry.seeded)
        await tx.exec(`insert into ${table} select * from ${RESET_SCHEMA}.${seedName(table)}`);
    });
    return true;
  } catch {
    return false;
  }
}

/** Every relation, column, default, constraint, index, trigger, function and type outside the catalogues. */
async function schemaFingerprint(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(`
    with ours as (select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
                    and nspname !~ '^pg_')
    select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
      select concat_ws('/', 'n', n.oid, n.nspname) from pg_namespace n where n.oid in (select oid from ours)
      union all select concat_ws('/', 'c', c.oid, c.relname, c.relkind, c.relnatts) from pg_class c
        where c.relnamespace in (select oid from ours)
      union all select concat_ws('/', 'a', a.attrelid, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace in (select oid from ours) and a.attnum > 0
      union all select concat_ws('/', 'd', d.adrelid, d.adnum, pg_get_expr(d.adbin, d.adrelid)) from pg_attrdef d
        join pg_class c on c.oid = d.adrelid where c.relnamespace in (select oid from ours)
      union all select concat_ws('/', 'k', oid, conname) from pg_constraint
        where connamespace in (select oid from ours)
      union all select concat_ws('/', 't', t.oid, t.tgname, t.tgenabled) from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where c.relnamespace in (select oid from ours)
      union all select concat_ws('/', 'p', oid, proname) from pg_proc where pronamespace in (select oid from ours)
      union all select concat_ws('/', 'y', oid, typname) from pg_type where typnamespace in (select oid from ours)
      union all select concat_ws('/', 'e', oid, extname, extversion) from pg_extension
    ) as items(item)`);
  return rows[0]?.fingerprint ?? "";
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
