// Child process of scripts/bench.ts: boots the real server, plus a bare Hono handler doing the
// same database read as GET /api/me (session token -> user), and a bare node:http server doing one point
// query of a brand by id through the app's database handle (the in-process wire server and postgres.js).
// Issue 20's own floor (PGlite's API on a PGlite of its own) runs in bench-floor.ts, another process, so
// this process's peak memory is the server's alone.
import { createServer } from "node:http";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { session, user, userBrands } from "@smm/domain/db/schema";
import { initialisePgliteDataDir } from "@smm/infra/initialise-pglite";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { loadEnv } from "../apps/server/src/env";
import { createLogger } from "../apps/server/src/lib/logger";

const env = loadEnv();
// Boots the way main.ts does: a first-boot initdb overlaps with loading the server's modules.
if (!env.DATABASE_URL) initialisePgliteDataDir(join(env.dataDir, "pg")).catch(() => {});
const { startServer } = await import("../apps/server/src/server");
const running = await startServer(env, createLogger("warn"));
const { db } = running.database;

const bare = new Hono().get("/me", async (c) => {
  const raw = c.req.header("cookie")?.match(/better-auth\.session_token=([^;]+)/)?.[1];
  const token = raw ? decodeURIComponent(raw).split(".")[0] : undefined;
  if (!token) return c.json({ error: "no session" }, 401);
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(eq(session.token, token))
    .limit(1);
  if (!rows[0]) return c.json({ error: "no session" }, 401);
  return c.json({ user: rows[0] });
});
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => bareServer.once("listening", resolve));
const address = bareServer.address();
const barePort = typeof address === "object" && address ? address.port : 0;

// No framework, no session, no validation: node:http and one prepared point query on the same database.
const brandById = db
  .select()
  .from(userBrands)
  .where(eq(userBrands.id, sql.placeholder("id")))
  .limit(1)
  .prepare("bench_brand_by_id");
const pointServer = createServer((request, response) => {
  const id = request.url?.split("/")[2] ?? "";
  brandById.execute({ id }).then(
    ([row]) => {
      response.writeHead(row ? 200 : 404, { "content-type": "application/json" });
      response.end(JSON.stringify({ result: row ?? null }));
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
await new Promise<void>((resolve) => pointServer.listen(0, "127.0.0.1", resolve));
const pointAddress = pointServer.address();
const pointPort = typeof pointAddress === "object" && pointAddress ? pointAddress.port : 0;

console.log(
  `BENCH_READY ${JSON.stringify({ port: running.port, barePort, pointPort, bootMs: running.bootMs })}`,
);

process.on("SIGTERM", async () => {
  bareServer.close();
  pointServer.close();
  await running.stop();
  process.exit(0);
});
