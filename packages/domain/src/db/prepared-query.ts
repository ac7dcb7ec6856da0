import type postgres from "postgres";
import type { DbExecutor } from "../context";

interface Preparable<P> {
  prepare(name: string): P;
}

/** Named statements only where the client keeps them: not on PGlite, whose one backend serves every client. */
function keepsNamedStatements(db: DbExecutor): boolean {
  const client = (db as { $client?: postgres.Sql }).$client;
  return client?.options.prepare === true;
}

/**
 * A query that nearly every request runs, built once per database handle and run with placeholders.
 * Drizzle turns a builder into SQL text on every execution (about a tenth of a millisecond for a whole-row
 * select: as much as the rest of a tool call's own work) and sends it unnamed, so PostgreSQL parses and
 * plans it every time too. A transaction is its own handle: the statement it gets runs inside it.
 */
export function preparedQuery<P>(name: string, build: (db: DbExecutor) => Preparable<P>) {
  const built = new WeakMap<DbExecutor, P>();
  return (db: DbExecutor): P => {
    let query = built.get(db);
    if (!query) {
      // Drizzle names (and so keeps) a statement only when given a name.
      query = build(db).prepare(keepsNamedStatements(db) ? name : (undefined as unknown as string));
      built.set(db, query);
    }
    return query;
  };
}
