// What the bench scripts share: a server on a fresh PostgreSQL database, signed-up users, autocannon
// with a true p95, and the server process's memory and CPU from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";
import { bundleServer } from "./build-server";

export const root = fileURLToPath(new URL("../", import.meta.url));
/**
 * How `npm start` runs the server (package.json). The old-space ceiling is what keeps the heap small: with
 * the default ceiling (a quarter of a large machine's memory) V8 lets garbage pile up to hundreds of MB
 * under load before a full collection; at 384 MB it collects early, and peak RSS on PGlite stays near
 * 320 MB instead of 430-500 MB, at the same throughput.
 */
export const SERVER_NODE_ARGS = ["--enable-source-maps", "--max-old-space-size=384"];

export const pgServerUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The process's peak resident memory (VmHWM), in MB. */
export function readPeakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = status.match(/VmHWM:\s+(\d+)\s+kB/);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** The process's CPU time so far (user + system), in ms: with a request count, its cost per request. */
export function readCpuMs(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface LoadResult {
  rps: number;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** autocannon's summary has p90 and p97.5 but no p95, so every response time is kept too. */
export async function loadWithPercentiles(
  options: autocannon.Options & { url: string; duration: number },
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  const ms = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return { rps: result.requests.average, count: times.length, p50: ms(50), p95: ms(95), p99: ms(99) };
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  dataDir: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

/**
 * The real server, bundled as `npm start` runs it, on a fresh database of BENCH_PG_URL's server; null
 * (with a line saying so) when there is no PostgreSQL to bench on. `nodeArgs` go to node (a CPU profile).
 */
export async function startServerOnFreshPostgres(
  label: string,
  options: { nodeArgs?: string[] } = {},
): Promise<BenchServer | null> {
  const admin = postgres(pgServerUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log(
      `\n${label}: skipped (no PostgreSQL at ${pgServerUrl.replace(/:[^:@/]*@/, ":***@")}; set BENCH_PG_URL)`,
    );
    await admin.end();
    return null;
  }
  const name = `smm_bench_${label.replace(/\W+/g, "_")}_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = pgServerUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-bench-")), "data");
  const port = await freePort();
  const bundle = join(root, "node_modules/.cache/smm/bench-main.mjs");
  await bundleServer(join(root, "apps/server/src/main.ts"), bundle);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...SERVER_NODE_ARGS, bundle], {
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
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    // BENCH_KEEP_DATABASE=1 leaves it for EXPLAIN and the like (dropped by the next run's name only).
    if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`  database kept: ${name}`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    for (;;) {
      const response = await fetch(`${base}/api/health`).catch(() => null);
      if (response?.ok) break;
      if (child.exitCode !== null) throw new Error("server exited");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, dataDir, databaseUrl, stop };
}

/** Signs up, confirms the e-mail from the outbox and signs in: the session cookie and the address. */
export async function signUpVerified(
  base: string,
  dataDir: string,
  prefix = "bench",
): Promise<{ cookie: string; email: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "bench-password-1";
  const headers = { "content-type": "application/json", origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: prefix }),
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
  return { cookie, email };
}

/** The billing read model as the Stripe webhook writes it: an active Enterprise subscription. */
export async function grantEnterprise(db: postgres.Sql, email: string): Promise<string> {
  const [row] = await db`select id from "user" where email = ${email}`;
  if (!row) throw new Error(`no user ${email}`);
  const id = String(row.id);
  await db`insert into stripe_user_subscriptions (user_id, customer_id, subscription_id, subscription_status, price_id, current_period_end)
    values (${id}, ${`cus_${id}`}, ${`sub_${id}`}, 'active', 'price_enterprise_monthly', now() + interval '30 days')`;
  return id;
}

/** `count` API keys of the signed-in user (an Enterprise plan is needed for them). */
export async function createApiKeys(
  base: string,
  headers: Record<string, string>,
  count: number,
): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await fetch(`${base}/api/auth/api-key/create`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: `bench ${i}` }),
    });
    if (!created.ok) throw new Error(`api key failed: ${created.status} ${await created.text()}`);
    keys.push(((await created.json()) as { key: string }).key);
  }
  return keys;
}

const IMAGE_STYLES = ["professional", "cartoon", "realistic"];

/**
 * autocannon requests for POST /api/tools/updateBrandField that rotate over the keys (each key may make
 * 1,000 calls a minute) and over a few values, so every call is a real write.
 */
export function rotatingBrandFieldWrites(keys: string[]): autocannon.Request[] {
  let call = 0;
  return [
    {
      setupRequest: (request) => {
        call += 1;
        return {
          ...request,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${keys[call % keys.length]}`,
          },
          body: JSON.stringify({ field: "imageStyle", value: IMAGE_STYLES[call % IMAGE_STYLES.length] }),
        };
      },
    },
  ];
}

/** Enterprise through the local checkout, as a person would buy it (API keys need it). */
export async function buyEnterpriseLocally(base: string, json: Record<string, string>): Promise<void> {
  const checkout = await fetch(`${base}/api/billing/checkout`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ plan: "enterprise" }),
  });
  if (!checkout.ok) throw new Error(`checkout failed: ${checkout.status} ${await checkout.text()}`);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session") ?? "";
  const paid = await fetch(`${base}/billing/checkout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session }),
    redirect: "manual",
  });
  if (paid.status !== 303) throw new Error(`local checkout failed: ${paid.status}`);
}
