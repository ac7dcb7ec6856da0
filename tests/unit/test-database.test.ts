import { createTestDatabase, pgliteReuse } from "@smm/test-support/database";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

/*
 * Every test file counts on a database as the migrations leave it. On PGlite a worker hands a released
 * database out again (tests/support/database.ts): these are the promises that reuse must keep.
 */
describe("createTestDatabase", () => {
  it("hands out a database with no rows of an earlier file and the migrations' own rows back", async () => {
    const first = await createTestDatabase();
    const [seeded] = await first.sql<{ n: number }[]>`select count(*)::int as n from templates`;
    await first.sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('u-left-behind', 'Left', 'left@example.com', true, now(), now())`;
    await first.sql`delete from templates`;
    await first.sql`create schema pgboss`;
    await first.close();

    const reusedBefore = pgliteReuse.count;
    const next = await createTestDatabase();
    try {
      // On PGlite the same database again, emptied; on PostgreSQL a new clone of the template.
      expect(pgliteReuse.count).toBe(next.kind === "pglite" ? reusedBefore + 1 : reusedBefore);
      expect(await next.sql`select id from "user"`).toHaveLength(0);
      const [templates] = await next.sql<{ n: number }[]>`select count(*)::int as n from templates`;
      expect(templates?.n).toBe(seeded?.n);
      expect(seeded?.n).toBeGreaterThan(0);
      expect(await next.sql`select 1 from pg_namespace where nspname = 'pgboss'`).toHaveLength(0);
    } finally {
      await next.close();
    }
  });

  it("leaves no way from a released database's clients into the next one", async () => {
    const first = await createTestDatabase();
    const late = postgres(first.connectionString, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    await late`select 1`;
    await first.close();
    const next = await createTestDatabase();
    try {
      await expect(late`select 1`).rejects.toThrow();
      await expect(first.sql`select 1`).rejects.toThrow();
    } finally {
      await late.end({ timeout: 1 }).catch(() => {});
      await next.close();
    }
  });

  it("does not hand out again a database whose schema a file changed", async () => {
    const first = await createTestDatabase();
    await first.sql`create table left_behind (id int)`;
    await first.sql`alter table posts add column left_behind int`;
    await first.close();
    const next = await createTestDatabase();
    try {
      expect(await next.sql`select 1 from pg_class where relname = 'left_behind'`).toHaveLength(0);
      expect(
        await next.sql`select 1 from information_schema.columns where column_name = 'left_behind'`,
      ).toHaveLength(0);
    } finally {
      await next.close();
    }
  });
});
