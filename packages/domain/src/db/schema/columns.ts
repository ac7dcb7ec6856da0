import { customType, timestamp, uuid } from "drizzle-orm/pg-core";

// Every time is a timestamptz (ARCHITECTURE "Times are timestamptz, UTC on the server"); one helper keeps
// a plain `timestamp` without time zone from slipping in.
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// Builders are created per call: a builder instance must not be shared between two tables.
export const primaryId = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamptz("created_at").defaultNow().notNull();
export const updatedAt = () =>
  timestamptz("updated_at")
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

// List indexes are declared ascending on purpose: Postgres scans them backwards for newest-first lists.
// A `DESC` index would be `DESC NULLS LAST`, which does not match drizzle's `desc()` (`DESC`, nulls first)
// and is then ignored by the planner.

/** Postgres full-text document; drizzle has no built-in column type for it. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return "tsvector";
  },
});
