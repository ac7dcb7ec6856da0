// npm run bench (second part): end-to-end post generations per second with the offline model on
// PostgreSQL. A fresh database is created on BENCH_PG_URL's server (default: the local PostgreSQL), the real
// server boots on it, GENERATION_USERS enterprise users (unlimited posts) each keep one generation in flight:
// POST /api/posts/generate, then GET /api/posts/:id until the pipeline completes. Reported, never asserted;
// the target is >= 20 generations/s sustained with 20 concurrent requests.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { bundleServer } from "./build-server";

const root = fileURLToPath(new URL("../", import.meta.url));
const serverUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const users = Number(process.env.GENERATION_USERS ?? 20);
const seconds = Number(process.env.GENERATION_DURATION ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function benchGenerations(): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log(
      `\ngenerations: skipped (no PostgreSQL at ${serverUrl.replace(/:[^:@/]*@/, ":***@")}; set BENCH_PG_URL)`,
    );
    await admin.end();
    return;
  }
  const name = `smm_bench_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-bench-gen-")), "data");
  const port = await freePort();
  const bundle = join(root, "node_modules/.cache/smm/bench-main.mjs");
  await bundleServer(join(root, "apps/server/src/main.ts"), bundle);
  const child = spawn(process.execPath, ["--enable-source-maps", bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      OPENAI_API_KEY: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://localhost:${port}`;
  const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    for (;;) {
      const response = await fetch(`${base}/api/health`).catch(() => null);
      if (response?.ok) break;
      if (child.exitCode !== null) throw new Error("server exited");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cookies: string[] = [];
    for (let i = 0; i < users; i++) cookies.push(await signUpEnterprise(base, dataDir, db, i));

    const latencies: number[] = [];
    let failed = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        const headers = { cookie, origin: base, "content-type": "application/json" };
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const response = await fetch(`${base}/api/posts/generate`, {
            method: "POST",
            headers,
            body: JSON.stringify({ platform: "facebook", prompt: "bench espresso" }),
          });
          if (response.status !== 201) {
            failed++;
            continue;
          }
          const { id } = (await response.json()) as { id: string };
          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, 25));
            const post = (await (await fetch(`${base}/api/posts/${id}`, { headers })).json()) as {
              generation: { status: string };
            };
            if (post.generation.status === "completed") break;
            if (post.generation.status === "failed") {
              failed++;
              break;
            }
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    console.log(`\ngenerations (offline model, PostgreSQL, ${users} concurrent users, ${seconds} s):`);
    console.log(
      `  ${(latencies.length / elapsed).toFixed(1)} completed/s (target >= 20)   ${latencies.length} done, ${failed} failed`,
    );
    console.log(
      `  request to complete: p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await db.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function signUpEnterprise(
  base: string,
  dataDir: string,
  db: postgres.Sql,
  index: number,
): Promise<string> {
  const email = `bench-gen-${index}-${Date.now()}@example.com`;
  const password = "bench-password-1";
  const headers = { "content-type": "application/json", origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: `bench ${index}` }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const outbox = join(dataDir, "outbox");
  const file = readdirSync(outbox)
    .filter((f) => readFileSync(join(outbox, f), "utf8").includes(email))
    .at(-1);
  const link =
    file &&
    readFileSync(join(outbox, file), "utf8")
      .match(/^X-Smm-Link: (.+)$/m)?.[1]
      ?.trim();
  if (!link) throw new Error("no verification link in the outbox");
  await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: "manual" });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const [row] = await db`select id from "user" where email = ${email}`;
  // The billing read model as the Stripe webhook would write it: an active enterprise subscription.
  await db`insert into stripe_user_subscriptions (user_id, customer_id, subscription_id, subscription_status, price_id, current_period_end)
    values (${row?.id}, ${`cus_${index}`}, ${`sub_${index}_${Date.now()}`}, 'active', 'price_enterprise_monthly', now() + interval '30 days')`;
  const brand = await fetch(`${base}/api/brands`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: `Bench Brand ${index}` }),
  });
  if (!brand.ok) throw new Error(`brand failed: ${brand.status}`);
  return cookie;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGenerations();
