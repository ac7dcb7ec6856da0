// Child process of scripts/bench.ts: boots the real server, plus a bare Hono handler doing the
// same database read as GET /api/me (session token -> user), so the parent can compare the two.
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { initialisePgliteDataDir } from "@smm/domain/db/initialise-pglite";
import { session, user } from "@smm/domain/db/schema";
import { eq } from "drizzle-orm";
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

console.log(`BENCH_READY ${JSON.stringify({ port: running.port, barePort, bootMs: running.bootMs })}`);

process.on("SIGTERM", async () => {
  bareServer.close();
  await running.stop();
  process.exit(0);
});
