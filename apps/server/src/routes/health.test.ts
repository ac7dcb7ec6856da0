import { openDatabase } from "@smm/infra/database";
import { MIGRATION_LOCK } from "@smm/infra/migrate";
import { createTestContext, TEST_ORIGIN, type TestContext } from "@smm/test-support/app";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import { createHealthRoutes } from "./health";

/*
 * /api/health as it was, /api/health/live (the process, no database) and /api/health/ready (the database
 * answers and this version's migrations are all in place, none running).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (path: string) => ctx.app.request(`${TEST_ORIGIN}${path}`);

describe("health probes", () => {
  it("keeps /api/health and answers live and ready without a session", async () => {
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", db: ctx.database.kind, version: "test" });

    const live = await get("/api/health/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok", version: "test" });

    const ready = await get("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", db: ctx.database.kind, version: "test" });
  });

  it("is not ready while this version's newest migration is not applied", async () => {
    const [newest] = await ctx.database.sql<{ id: number; hash: string; created_at: string }[]>`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning id, hash, created_at`;
    expect(newest).toBeDefined();
    try {
      const ready = await get("/api/health/ready");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "error", reason: "migrations_pending" });
      // Liveness is the process's: a restart would not help.
      expect((await get("/api/health/live")).status).toBe(200);
    } finally {
      if (newest)
        await ctx.database.sql`
          insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${newest.id}, ${newest.hash}, ${newest.created_at})`;
    }
    expect((await get("/api/health/ready")).status).toBe(200);
  });

  // PGlite has no other sessions to hold a lock; PostgreSQL runs (TEST_DATABASE_URL) take this too.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "is not ready while an instance holds the migration lock",
    async () => {
      const holder = postgres(ctx.database.connectionString, { max: 1, onnotice: () => {} });
      try {
        await holder`select pg_advisory_lock(${MIGRATION_LOCK})`;
        const ready = await get("/api/health/ready");
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ reason: "migrations_running" });
      } finally {
        await holder.end({ timeout: 5 });
      }
      expect((await get("/api/health/ready")).status).toBe(200);
    },
  );

  it("is not ready when the database does not answer, and still live", async () => {
    // A real client to a port nobody listens on.
    const gone = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", maxConnections: 1 });
    try {
      const routes = createHealthRoutes({ database: gone, logger: createLogger("silent"), version: "test" });
      const ready = await routes.request("/ready");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "error", reason: "database_unreachable" });
      expect((await routes.request("/live")).status).toBe(200);
      expect((await routes.request("/")).status).toBe(503);
    } finally {
      await gone.close().catch(() => {});
    }
  });
});
