import type { DbExecutor } from "../context";

interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * A query that nearly every request runs, built once per database handle and run with placeholders.
 * Drizzle turns a builder into SQL text on every execution (about a tenth of a millisecond for a whole-row
 * select: as much as the rest of a tool call's own work) and sends it unnamed, so the database parses and
 * plans it every time too; named, postgres.js prepares it once per connection (on PGlite too: a point
 * query it need not plan again answers about three times as fast). A transaction is its own handle: the
 * statement it gets runs inside it.
 */
export function preparedQuery<P>(name: string, build: (db: DbExecutor) => Preparable<P>) {
  const built = new WeakMap<DbExecutor, P>();
  return (db: DbExecutor): P => {
    let query = built.get(db);
    if (!query) {
      query = build(db).prepare(name);
      built.set(db, query);
    }
    return query;
  };
}
