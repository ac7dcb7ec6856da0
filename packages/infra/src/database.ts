import { availableParallelism } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@smm/domain/db";
import * as schema from "@smm/domain/db/schema";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { initialisePgliteDataDir } from "./initialise-pglite";
import { startPgliteWireServer } from "./pglite-wire-server";

/** Small buffers keep the embedded database's (never returned) WebAssembly memory near 190 MB. */
const PGLITE_CONFIG = ["shared_buffers=16MB", "work_mem=4MB", "maintenance_work_mem=16MB"];

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; absent means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Pool size of the app's own client; absent: defaultPoolSize() on PostgreSQL, one on PGlite. */
  maxConnections?: number | undefined;
  /** A PGlite data-dir dump to start from (tests start from a migrated snapshot). */
  pgliteTemplate?: Blob;
}

/**
 * Twice the cores, at least 4 (PostgreSQL's own rule of thumb): a backend per core busy while another waits
 * on the disk. More connections than that do not add throughput; under load they only spread the same
 * queries over more processes, each woken for one query at a time (measured: 20 concurrent tool calls on a
 * 2-core machine, p95 16.5 ms with 10 connections, 13.6 ms with 4). DATABASE_POOL_SIZE sets it, e.g. for a
 * database server with more cores than this machine.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

/**
 * Opens the database. Both kinds are reached through postgres.js so the app runs one driver:
 * PGlite is served on a loopback socket inside the process (pglite-wire-server), which also lets
 * pg-boss share the very same database.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const max = options.maxConnections ?? defaultPoolSize();
    const sql = postgres(options.url, { max, onnotice: () => {} });
    return {
      db: drizzle(sql, { schema }),
      sql,
      kind: "postgres",
      connectionString: options.url,
      close: () => sql.end({ timeout: 5 }),
    };
  }

  let pglite: PGlite;
  if (options.dataDir) {
    await initialisePgliteDataDir(options.dataDir);
    pglite = await PGlite.create(join(options.dataDir), { postgresqlconf: PGLITE_CONFIG });
  } else {
    pglite = await PGlite.create(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
  }
  const served = await servePglite(pglite, options.maxConnections);
  return {
    ...served,
    close: async () => {
      await served.close();
      await pglite.close();
    },
  };
}

/**
 * Serves an open PGlite to this process: every client (app pool + pg-boss pool) reaches its one backend over
 * a loopback wire server. Closing the result ends the pool and the wire server (dropping any client still
 * connected); the PGlite stays open for its owner.
 */
export async function servePglite(pglite: PGlite, maxConnections?: number): Promise<Database> {
  const server = await startPgliteWireServer(pglite);
  const connectionString = `postgres://postgres@${server.host}:${server.port}/postgres`;
  // Named statements as on PostgreSQL (postgres.js names them with a random id per connection, so two
  // connections never collide in the one backend; the wire server deallocates a closed connection's).
  // A point query the planner need not plan again answers about three times as fast on PGlite.
  // One connection: PGlite is one backend that runs one statement at a time, so more connections only add
  // turns between them, while one connection sends queries back to back (measured: 20 concurrent
  // updateBrandField calls, 2,126 calls/s at p97.5 18 ms on one connection, 1,529 at 24 ms on four).
  const sql = postgres(connectionString, { max: maxConnections ?? 1, onnotice: () => {} });
  return {
    db: drizzle(sql, { schema }),
    sql,
    kind: "pglite",
    connectionString,
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.close();
    },
  };
}
