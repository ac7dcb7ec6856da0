import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "@smm/domain/db";
import { MIGRATION_LOCK, migrationsFolder } from "@smm/infra/migrate";
import type { AppDeps } from "../context";
import { createRoutes, jsonAnswer } from "../lib/http";

/** A database that does not answer within this is not ready (a probe must not hang on a dead socket). */
const READY_TIMEOUT_MS = 2_000;

const healthView = (status: "ok" | "error") =>
  z.object({ status: z.literal(status), db: z.enum(["pglite", "postgres"]), version: z.string() });

const healthRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Whether the server and its database answer.",
  security: [],
  responses: {
    200: jsonAnswer(healthView("ok"), "The server and its database answer."),
    503: jsonAnswer(healthView("error"), "The database does not answer."),
  },
});

const liveRoute = createRoute({
  method: "get",
  path: "/live",
  tags: ["System"],
  summary: "Liveness: the process answers (the database is not asked; restart only when this fails).",
  security: [],
  responses: {
    200: jsonAnswer(z.object({ status: z.literal("ok"), version: z.string() }), "The process answers."),
  },
});

const readyView = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["pglite", "postgres"]),
  /** Why not ready: the database does not answer, or the schema this version needs is not in place yet. */
  reason: z.enum(["database_unreachable", "migrations_running", "migrations_pending"]).optional(),
  version: z.string(),
});

const readyRoute = createRoute({
  method: "get",
  path: "/ready",
  tags: ["System"],
  summary:
    "Readiness: the database answers and every migration of this version is applied (send traffic here).",
  security: [],
  responses: {
    200: jsonAnswer(readyView, "Ready for traffic."),
    503: jsonAnswer(
      readyView,
      "Not ready: the database does not answer, migrations are running, or this version's are not applied.",
    ),
  },
});

/** The newest migration of this version (drizzle records each applied one by its journal time). */
let newestMigration: number | undefined;
function readNewestMigration(): number {
  newestMigration ??= Math.max(
    0,
    ...(
      JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  return newestMigration;
}

type NotReady = "database_unreachable" | "migrations_running" | "migrations_pending";

async function checkReady(database: Database): Promise<NotReady | null> {
  const check = async (): Promise<NotReady | null> => {
    const [applied] = await database.sql<{ newest: string | null }[]>`
      select max(created_at) as newest from drizzle.__drizzle_migrations`;
    // Another instance holds the migration lock (infra migrate.ts): tables may be locked or half-made.
    if (database.kind === "postgres") {
      const [lock] = await database.sql<{ held: boolean }[]>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and granted and classid = 0 and objid = ${MIGRATION_LOCK}::bigint::oid
        ) as held`;
      if (lock?.held) return "migrations_running";
    }
    if (Number(applied?.newest ?? 0) < readNewestMigration()) return "migrations_pending";
    return null;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<NotReady>((resolve) => {
    timer = setTimeout(() => resolve("database_unreachable"), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch((): NotReady => "database_unreachable"), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /api/health as it always was (the database answers), plus the probes an orchestrator wants apart:
 * /live restarts a stuck process, /ready takes an instance out of rotation while it cannot serve.
 */
export function createHealthRoutes(deps: Pick<AppDeps, "database" | "logger" | "version">) {
  return createRoutes()
    .openapi(healthRoute, async (c) => {
      try {
        await deps.database.sql`select 1`;
      } catch (error) {
        deps.logger.error("health check failed", { error });
        return c.json({ status: "error" as const, db: deps.database.kind, version: deps.version }, 503);
      }
      return c.json({ status: "ok" as const, db: deps.database.kind, version: deps.version }, 200);
    })
    .openapi(liveRoute, (c) => c.json({ status: "ok" as const, version: deps.version }, 200))
    .openapi(readyRoute, async (c) => {
      const notReady = await checkReady(deps.database);
      if (notReady) {
        deps.logger.warn("not ready", { reason: notReady });
        return c.json(
          { status: "error" as const, db: deps.database.kind, reason: notReady, version: deps.version },
          503,
        );
      }
      return c.json({ status: "ok" as const, db: deps.database.kind, version: deps.version }, 200);
    });
}
