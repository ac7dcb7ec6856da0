// npm run bench:publish, `npm run bench -- --publish` (this part alone; not in the default run: it takes
// minutes), or: node --import tsx scripts/bench-publish.ts
// Issue 36's storm: PUBLISH_BENCH_INSTANCES (3) real servers (bundled, as `npm start` runs them) on one fresh
// PostgreSQL database of BENCH_PG_URL's server (same DATABASE_URL, secret and PUBLIC_URL, a DATA_DIR and a port
// each), PUBLISH_BENCH_POSTS (10,000) approved posts across PUBLISH_BENCH_BRANDS (500) brands (one user each,
// seeded by SQL), due over one minute that starts PUBLISH_BENCH_LEAD_S (25) s after the seeding ends, on the
// sandbox network with a per-call latency (PUBLISH_BENCH_LATENCY_MS, 50) and error rate
// (PUBLISH_BENCH_ERROR_RATE, 0), passed to the servers as SANDBOX_LATENCY_MS and SANDBOX_ERROR_RATE.
// It waits until every post is out or failed (or PUBLISH_BENCH_TIMEOUT_S, 900, after the last due time) and
// reports lateness (the sandbox's own record of the call minus the due time: p50, p99, max), throughput,
// duplicates (copies the network holds beyond one per post), lost posts (neither out nor failed), failed
// posts, and each instance's peak RSS. Then the same again on a fresh database with one instance killed by
// SIGKILL once PUBLISH_BENCH_KILL_AT (0.3) of the posts are out: the instance then holding the most publish
// attempts, and how long after the kill the attempts it held were settled by the others.
// PUBLISH_BENCH_RUNS=calm or =kill runs one of the two. Reported, never asserted; goals printed beside.
// Each run's servers are stopped and its database dropped at the end (BENCH_KEEP_DATABASE=1 keeps it).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort, percentile, pgServerUrl, readPeakRssMb, root, SERVER_NODE_ARGS } from "./bench-support";
import { bundleServer } from "./build-server";

const POSTS = Number(process.env.PUBLISH_BENCH_POSTS ?? 10_000);
const BRANDS = Math.min(POSTS, Number(process.env.PUBLISH_BENCH_BRANDS ?? 500));
const INSTANCES = Number(process.env.PUBLISH_BENCH_INSTANCES ?? 3);
const LATENCY_MS = Number(process.env.PUBLISH_BENCH_LATENCY_MS ?? 50);
const ERROR_RATE = Number(process.env.PUBLISH_BENCH_ERROR_RATE ?? 0);
const LEAD_S = Number(process.env.PUBLISH_BENCH_LEAD_S ?? 25);
const TIMEOUT_S = Number(process.env.PUBLISH_BENCH_TIMEOUT_S ?? 900);
const KILL_AT = Number(process.env.PUBLISH_BENCH_KILL_AT ?? 0.3);
const RUNS = process.env.PUBLISH_BENCH_RUNS ?? "calm,kill";
/** "Due within the same minute". */
const SPREAD_MS = 60_000;
/** After the last post settles, a little longer for a late second copy to show up. */
const GRACE_MS = 5_000;

const GOAL_P99_S = 5;
const GOAL_KILL_S = 30;

interface Instance {
  /** server_instances.id: what publish_attempt_by names. */
  id: number;
  child: ChildProcess;
  pid: number;
  port: number;
  dataDir: string;
  /** Read at the end, or just before the kill. */
  peakRssMb?: number;
}

interface Cluster {
  name: string;
  sql: postgres.Sql;
  instances: Instance[];
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? "ok" : "missed");

/** Stopped on the way out whatever happens (an error, Ctrl-C): no server or database is left behind. */
const cleanups = new Set<() => Promise<void>>();
async function cleanUpAll() {
  for (const cleanup of [...cleanups]) await cleanup().catch((error) => console.error(error));
}

async function exitOf(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([
    new Promise<boolean>((resolve) => child.once("exit", () => resolve(true))),
    sleep(ms).then(() => false),
  ]);
}

/** N servers on one fresh database, booted at once as a fresh deployment boots (they migrate in turn). */
async function startCluster(label: string, bundle: string): Promise<Cluster | null> {
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
  const name = `smm_bench_publish_${label.replace(/\W+/g, "_")}_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = pgServerUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const started: Omit<Instance, "id">[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    cleanups.delete(stop);
    for (const instance of started) if (instance.child.exitCode === null) instance.child.kill("SIGTERM");
    for (const instance of started) {
      if (!(await exitOf(instance.child, 15_000))) {
        instance.child.kill("SIGKILL");
        await exitOf(instance.child, 5_000);
      }
      rmSync(join(instance.dataDir, ".."), { recursive: true, force: true });
    }
    await sql.end();
    if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`  database kept: ${name}`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  cleanups.add(stop);

  // Shared as production shares them behind a load balancer; the token key so any instance opens any seal.
  const shared = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "http://smm-storm.example.test",
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SANDBOX_LATENCY_MS: String(LATENCY_MS),
    SANDBOX_ERROR_RATE: String(ERROR_RATE),
    LOG_LEVEL: "warn",
    OPENAI_API_KEY: "",
  };
  try {
    for (let i = 0; i < INSTANCES; i++) {
      const port = await freePort();
      const dataDir = join(mkdtempSync(join(tmpdir(), "smm-bench-publish-")), "data");
      const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
        cwd: root,
        env: { ...process.env, ...shared, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
        stdio: ["ignore", "inherit", "inherit"],
      });
      started.push({ child, pid: child.pid ?? 0, port, dataDir });
    }
    await Promise.all(
      started.map(async ({ child, port }) => {
        for (;;) {
          const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (response?.ok) return;
          if (child.exitCode !== null) throw new Error(`a server exited while booting (${child.exitCode})`);
          await sleep(100);
        }
      }),
    );
    // Each process's row (its pid) names the id its publish attempts carry.
    const rows = await sql<{ id: number; pid: number }[]>`select id, pid from server_instances`;
    const instances = started.map((instance) => {
      const row = rows.find((r) => r.pid === instance.pid);
      if (!row) throw new Error(`no server_instances row for pid ${instance.pid}`);
      return { ...instance, id: row.id };
    });
    return { name, sql, instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * BRANDS users with one brand each, and POSTS approved posts dealt round the brands, first dated in 2100 by
 * their offset in the minute, then moved to the real minute in one UPDATE once seeding is done: the lead
 * before the first due time is not eaten by the seeding.
 */
async function seedStorm(sql: postgres.Sql): Promise<{ firstDue: Date; lastDue: Date; seedMs: number }> {
  const started = performance.now();
  await sql`insert into "user" (id, name, email, email_verified)
    select 'storm-' || g, 'Storm ' || g, 'storm-' || g || '@example.com', true from generate_series(1, ${BRANDS}::int) g`;
  await sql`insert into user_brands (user_id, name, brand_settings, company_profile, is_active)
    select 'storm-' || g, 'Storm brand ' || g, '{}'::jsonb, '{}'::jsonb, true from generate_series(1, ${BRANDS}::int) g`;
  await sql`
    with b as (select id, user_id, row_number() over (order by id) - 1 as n from user_brands)
    insert into posts (user_id, brand_id, content, platform, status, scheduled_date)
    select b.user_id, b.id, 'Storm post ' || g || ': fresh beans, due with ten thousand others.', 'facebook', 'approved',
      '2100-01-01T00:00:00Z'::timestamptz + make_interval(secs => ${SPREAD_MS / 1000}::float8 * g / ${POSTS}::int)
    from generate_series(0, ${POSTS - 1}::int) g join b on b.n = g % ${BRANDS}::int`;
  await sql.unsafe("vacuum (analyze) posts, user_brands");
  const firstDue = new Date(Date.now() + LEAD_S * 1000);
  await sql`update posts set scheduled_date = ${firstDue}::timestamptz + (scheduled_date - '2100-01-01T00:00:00Z'::timestamptz)`;
  const [range] = await sql<{ last: Date }[]>`select max(scheduled_date) as last from posts`;
  return { firstDue, lastDue: range?.last ?? firstDue, seedMs: Math.round(performance.now() - started) };
}

interface Progress {
  published: number;
  failed: number;
  inFlight: number;
}

async function readProgress(sql: postgres.Sql): Promise<Progress> {
  const [row] = await sql<Progress[]>`
    select count(*) filter (where posted_at is not null)::int as published,
      count(*) filter (where posted_at is null and publish_error is not null)::int as failed,
      count(*) filter (where posted_at is null and publish_attempt_id is not null)::int as "inFlight"
    from posts`;
  return row ?? { published: 0, failed: 0, inFlight: 0 };
}

/** The instance holding the most attempts right now (the busiest), or null when none holds any. */
async function readBusiest(sql: postgres.Sql): Promise<{ id: number; held: number } | null> {
  const [row] = await sql<{ id: number; held: number }[]>`
    select publish_attempt_by as id, count(*)::int as held from posts
    where publish_attempt_id is not null and posted_at is null and publish_error is null
      and publish_attempt_by is not null
    group by 1 order by 2 desc limit 1`;
  return row ?? null;
}

interface KillRecord {
  instance: Instance;
  at: number;
  /**
   * Posts the killed instance held an attempt on just before and just after its death. Those it finished
   * before dying were last written before `at`; the rest (written after `at`, or still open) it held at death.
   */
  candidates: string[];
  peakRssMb: number;
}

const readHeld = async (sql: postgres.Sql, instanceId: number) =>
  (
    await sql<{ id: string }[]>`
      select id from posts where publish_attempt_by = ${instanceId} and publish_attempt_id is not null`
  ).map((row) => row.id);

/** SIGKILL to the instance holding the most publish attempts right now (the busiest). */
async function killBusiest(cluster: Cluster): Promise<KillRecord> {
  let busiest = await readBusiest(cluster.sql);
  // Each instance publishes one post at a time: wait (briefly) for one to be mid-call.
  for (let tries = 0; !busiest && tries < 500; tries++) {
    await sleep(20);
    busiest = await readBusiest(cluster.sql);
  }
  const instance =
    cluster.instances.find((candidate) => candidate.id === busiest?.id) ?? cluster.instances[0]!;
  const peakRssMb = readPeakRssMb(instance.pid);
  const before = await readHeld(cluster.sql, instance.id);
  instance.child.kill("SIGKILL");
  const at = Date.now();
  // Read at once: the others see its lock gone at their next run, and take its attempts over within ms.
  const after = await readHeld(cluster.sql, instance.id);
  await exitOf(instance.child, 5_000);
  return { instance, at, candidates: [...new Set([...before, ...after])], peakRssMb };
}

/** The posts the killed instance held at its death, and when the last of them was settled (null: not yet). */
async function readTakeOver(
  sql: postgres.Sql,
  kill: KillRecord,
): Promise<{ held: number; settledAt: number | null; published: number; failed: number }> {
  const rows = await sql<{ updated: Date; posted: boolean; failed: boolean }[]>`
    select updated_at as updated, posted_at is not null as posted,
      (posted_at is null and publish_error is not null) as failed
    from posts where id = any(${sql.array(kill.candidates)}::uuid[])`;
  const held = rows.filter((row) => !(row.posted || row.failed) || row.updated.getTime() >= kill.at);
  const open = held.some((row) => !(row.posted || row.failed));
  return {
    held: held.length,
    settledAt: open ? null : Math.max(kill.at, ...held.map((row) => row.updated.getTime())),
    published: held.filter((row) => row.posted).length,
    failed: held.filter((row) => row.failed).length,
  };
}

interface Figures {
  published: number;
  failed: number;
  failedBy: { reason: string; n: number }[];
  lost: number;
  /** A copy on the network but the post not marked out (settled later by a takeover, or never). */
  outUnmarked: number;
  duplicatePosts: number;
  extraCopies: number;
  lateness: number[];
  throughput: number;
  peakSecond: number;
  lastOut: number | null;
}

async function readFigures(sql: postgres.Sql, firstDue: Date): Promise<Figures> {
  const rows = await sql<
    {
      scheduled: Date;
      posted: Date | null;
      error: string | null;
      copies: number;
      first: Date | null;
    }[]
  >`
    select p.scheduled_date as scheduled, p.posted_at as posted,
      case when p.publish_error is not null then coalesce(p.publish_error_reason, 'unknown') end as error,
      coalesce(s.copies, 0)::int as copies, s.first
    from posts p
    left join (
      select post_id, count(*) as copies, min(published_at) as first from sandbox_posts
      where state = 'published' group by post_id
    ) s on s.post_id = p.id`;
  const lateness: number[] = [];
  const perSecond = new Map<number, number>();
  const failedBy = new Map<string, number>();
  let published = 0;
  let failed = 0;
  let lost = 0;
  let outUnmarked = 0;
  let duplicatePosts = 0;
  let extraCopies = 0;
  let lastOut: number | null = null;
  for (const row of rows) {
    // When the network took it (its own record of the call), else when we marked it out.
    const out = row.first ?? row.posted;
    if (row.copies > 1) {
      duplicatePosts += 1;
      extraCopies += row.copies - 1;
    }
    if (row.posted) published += 1;
    else if (row.error) {
      failed += 1;
      failedBy.set(row.error, (failedBy.get(row.error) ?? 0) + 1);
    } else if (row.copies > 0) outUnmarked += 1;
    else lost += 1;
    if (out && (row.posted || row.copies > 0)) {
      lateness.push(out.getTime() - row.scheduled.getTime());
      const second = Math.floor(out.getTime() / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      lastOut = Math.max(lastOut ?? 0, out.getTime());
    }
  }
  const span = lastOut === null ? 0 : Math.max(1, lastOut - firstDue.getTime());
  return {
    published,
    failed,
    failedBy: [...failedBy].map(([reason, n]) => ({ reason, n })),
    lost,
    outUnmarked,
    duplicatePosts,
    extraCopies,
    lateness,
    throughput: span ? lateness.length / (span / 1000) : 0,
    peakSecond: Math.max(0, ...perSecond.values()),
    lastOut,
  };
}

/** One storm: boot, seed, wait for every post (killing one instance on the way when asked), report. */
async function runStorm(kind: "calm" | "kill", bundle: string): Promise<void> {
  const cluster = await startCluster(kind, bundle);
  if (!cluster) return;
  try {
    const { sql, instances } = cluster;
    const { firstDue, lastDue, seedMs } = await seedStorm(sql);
    console.log(
      `\npublish storm${kind === "kill" ? ", one instance killed (SIGKILL) at the peak" : ""}: ${instances.length} instances on one PostgreSQL, ${POSTS.toLocaleString("en")} posts across ${BRANDS} brands due ${firstDue.toISOString().slice(11, 19)}-${lastDue.toISOString().slice(11, 19)} UTC (seeded in ${seedMs} ms), sandbox latency ${LATENCY_MS} ms, error rate ${ERROR_RATE}`,
    );
    const deadline = lastDue.getTime() + TIMEOUT_S * 1000;
    let kill: KillRecord | null = null;
    let takeOver: Awaited<ReturnType<typeof readTakeOver>> | null = null;
    let lastLine = 0;
    let settledAt: number | null = null;
    for (;;) {
      const progress = await readProgress(sql);
      const settled = progress.published + progress.failed;
      if (kind === "kill" && !kill && progress.published >= KILL_AT * POSTS) {
        kill = await killBusiest(cluster);
        console.log(
          `  killed instance ${kill.instance.id} (pid ${kill.instance.pid}) with ${progress.published} out`,
        );
      }
      if (kill && !takeOver?.settledAt) takeOver = await readTakeOver(sql, kill);
      if (Date.now() - lastLine >= 10_000) {
        lastLine = Date.now();
        const t = Math.round((Date.now() - firstDue.getTime()) / 1000);
        console.log(
          `  ${t >= 0 ? "+" : ""}${t} s from the first due time: ${progress.published} out, ${progress.failed} failed, ${progress.inFlight} in flight`,
        );
      }
      const killDone = kill === null || Boolean(takeOver?.settledAt);
      if (settled >= POSTS && killDone) {
        settledAt ??= Date.now();
        if (Date.now() - settledAt >= GRACE_MS) break;
      } else settledAt = null;
      if (Date.now() > deadline) {
        console.log(`  timed out ${TIMEOUT_S} s after the last due time`);
        break;
      }
      await sleep(500);
    }
    for (const instance of instances)
      if (instance !== kill?.instance) instance.peakRssMb = readPeakRssMb(instance.pid);
    if (kill) kill.instance.peakRssMb = kill.peakRssMb;
    const figures = await readFigures(sql, firstDue);
    report(figures, instances, kill, takeOver);
  } finally {
    await cluster.stop();
  }
}

function report(
  figures: Figures,
  instances: Instance[],
  kill: KillRecord | null,
  takeOver: Awaited<ReturnType<typeof readTakeOver>> | null,
) {
  const late = (p: number) => percentile(figures.lateness, p) / 1000;
  const p99 = late(99);
  const max = figures.lateness.length ? Math.max(...figures.lateness) / 1000 : 0;
  console.log(
    `  lateness (the network's record of the call - due time): p50 ${late(50).toFixed(2)} s   p99 ${p99.toFixed(2)} s (goal <= ${GOAL_P99_S} s: ${verdict(figures.lateness.length > 0 && p99 <= GOAL_P99_S)})   max ${max.toFixed(2)} s`,
  );
  console.log(
    `  throughput: ${figures.throughput.toFixed(1)} posts/s from the first due time to the last post out; busiest second ${figures.peakSecond} posts`,
  );
  console.log(
    `  out ${figures.published}   failed ${figures.failed}${figures.failedBy.length ? ` (${figures.failedBy.map((f) => `${f.reason} ${f.n}`).join(", ")})` : ""}   lost ${figures.lost} (goal 0: ${verdict(figures.lost === 0)})${figures.outUnmarked ? `   on the network but not marked out ${figures.outUnmarked}` : ""}`,
  );
  console.log(
    `  duplicates seen by the network: ${figures.duplicatePosts} post(s) with more than one copy, ${figures.extraCopies} extra cop${figures.extraCopies === 1 ? "y" : "ies"} (goal 0: ${verdict(figures.duplicatePosts === 0)})`,
  );
  console.log(
    `  peak RSS: ${instances.map((i) => `instance ${i.id} ${i.peakRssMb?.toFixed(0) ?? "?"} MB${i === kill?.instance ? " (at its kill)" : ""}`).join(", ")}`,
  );
  if (kill && takeOver) {
    const after = takeOver.settledAt === null ? null : takeOver.settledAt - kill.at;
    console.log(
      takeOver.held === 0
        ? "  the killed instance held no attempt at its death: nothing to take over"
        : `  the killed instance's ${takeOver.held} attempt(s) at its death: settled ${after === null ? "never (timed out)" : `${seconds(after)} after the kill`} (goal <= ${GOAL_KILL_S} s: ${verdict(after !== null && after <= GOAL_KILL_S * 1000)}), ${takeOver.published} out, ${takeOver.failed} failed`,
    );
  }
}

export async function benchPublish(): Promise<void> {
  const bundle = join(root, "node_modules/.cache/smm/bench-publish-main.mjs");
  await bundleServer(join(root, "apps/server/src/main.ts"), bundle);
  const onSignal = () => {
    void cleanUpAll().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    if (RUNS.includes("calm")) await runStorm("calm", bundle);
    if (RUNS.includes("kill")) await runStorm("kill", bundle);
  } finally {
    await cleanUpAll();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPublish().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
