import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type * as schema from "./schema";

/*
 * What the use cases hold of a database: the handle's types only. Opening one (PGlite and its wire server,
 * or a PostgreSQL pool) is infrastructure, in @smm/infra/database, which the domain never imports.
 */
export type Schema = typeof schema;
export type Db = PostgresJsDatabase<Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  sql: postgres.Sql;
  kind: DbKind;
  /** A libpq connection string other clients (pg-boss) use to reach the same database. */
  connectionString: string;
  close(): Promise<void>;
}
