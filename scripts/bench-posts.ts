// npm run bench (third part), or alone: node --import tsx scripts/bench-posts.ts [--explain]
// The post screens' reads at scale on PostgreSQL: a fresh database on BENCH_PG_URL's server (default: the
// local PostgreSQL), the real server (bundled, as `npm start` runs it) booted on it, one signed-in user whose brand holds POSTS_BENCH_COUNT
// (100,000) posts (scripts/seed-posts.ts), then autocannon on the dashboard stats, the lists' first pages and
// a calendar month (42 days). Target: p95 <= 20 ms each. Reported, never asserted.
// POSTS_BENCH_CONNECTIONS ("1,10": each read alone, then under load) and POSTS_BENCH_DURATION (5 s) tune it; POSTS_BENCH_WITHOUT_INDEXES=1
// measures without migration 0004's indexes (the "before"); --explain (or
// POSTS_BENCH_EXPLAIN=1) also prints EXPLAIN (ANALYZE, BUFFERS) of the SQL the use cases send.
import type { BrandContext } from "@smm/domain/context";
import * as schema from "@smm/domain/db/schema";
import { getDashboardStats, listCalendarPosts, listPosts } from "@smm/domain/posts";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import {
  loadWithPercentiles,
  readCpuMs,
  readPeakRssMb,
  signUpVerified,
  startServerOnFreshPostgres,
} from "./bench-support";
import { seedPosts } from "./seed-posts";

const count = Number(process.env.POSTS_BENCH_COUNT ?? 100_000);
/**
 * Each read is measured alone (one connection: the latency a user sees at this data size, which the target
 * is about) and under load (10: the throughput, with the load generator on the same machine).
 */
const connectionCounts = (process.env.POSTS_BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);
const seconds = Number(process.env.POSTS_BENCH_DURATION ?? 5);
const TARGET_P95_MS = 20;
/** drizzle/0004_posts-at-scale.sql; POSTS_BENCH_WITHOUT_INDEXES=1 drops them to measure the "before". */
const ADDED_INDEXES = [
  "posts_brand_id_schedule_key_id_idx",
  "posts_calendar_published_idx",
  "posts_calendar_scheduled_idx",
];

/** The calendar's month grid: six weeks from the Sunday on or before the 1st of the current month (UTC). */
export function calendarWindow(now = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const to = new Date(from.getTime() + 42 * 86_400_000);
  return { from: from.toISOString(), to: to.toISOString() };
}

export async function benchPosts(options: { explain?: boolean } = {}): Promise<void> {
  // POSTS_BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (open it in Chrome DevTools).
  const profile = process.env.POSTS_BENCH_CPU_PROF;
  const server = await startServerOnFreshPostgres("posts", {
    nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  });
  if (!server) return;
  const { base, child, databaseUrl } = server;
  try {
    const { cookie, email } = await signUpVerified(base, server.dataDir, "bench-posts");
    const lookup = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [row] = await lookup`select id from "user" where email = ${email}`;
    await lookup.end();
    if (!row) throw new Error("the bench user is missing");
    const userId = String(row.id);
    const seeded = await seedPosts({ databaseUrl, count, userId });
    if (process.env.POSTS_BENCH_WITHOUT_INDEXES === "1") {
      // The "before" of migration 0004: the same data without the indexes it added.
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop index ${ADDED_INDEXES.join(", ")}`);
      await sql.end();
      console.log(`\n(without ${ADDED_INDEXES.join(", ")})`);
    }
    console.log(
      `\nposts at scale (PostgreSQL, ${seeded.count.toLocaleString("en")} posts in one brand, seeded in ${seeded.ms} ms; ${connectionCounts.join(" and ")} connections, ${seconds} s each after a 1 s warm-up):`,
    );

    const window = calendarWindow();
    const calendarPath = `/api/posts/calendar?from=${encodeURIComponent(window.from)}&to=${encodeURIComponent(window.to)}`;
    const targets: [string, string][] = [
      ["GET /api/posts/stats", "/api/posts/stats"],
      ["GET /api/posts?limit=8", "/api/posts?limit=8"],
      ["  status=pending&limit=8", "/api/posts?status=pending&limit=8"],
      ["  sort=schedule&limit=8", "/api/posts?sort=schedule&limit=8"],
      ["GET /api/posts/calendar (42 d)", calendarPath],
    ];
    const calendar = await fetch(`${base}${calendarPath}`, { headers: { cookie } });
    if (calendar.status === 404) {
      console.log("  (GET /api/posts/calendar is not there yet: skipped)");
      targets.pop();
    } else {
      const body = (await calendar.json()) as { posts?: unknown[] };
      targets[targets.length - 1]![0] += ` ${body.posts?.length ?? "?"} posts`;
    }
    for (const [label, path] of targets) {
      const url = `${base}${path}`;
      for (const connections of connectionCounts) {
        await load(url, cookie, connections, 1);
        const cpuBefore = readCpuMs(child.pid!);
        const r = await load(url, cookie, connections, seconds);
        // Latency depends on what else the machine runs; the server's CPU per request does not.
        const cpuPerRequest = (readCpuMs(child.pid!) - cpuBefore) / r.count;
        const mark = r.p95 <= TARGET_P95_MS ? "ok" : "over";
        console.log(
          `  ${label.padEnd(40)} ${String(connections).padStart(2)} conn. ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms (target <= ${TARGET_P95_MS} ms: ${mark})   p99 ${r.p99} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        );
      }
    }
    console.log(`  peak server RSS: ${readPeakRssMb(child.pid!).toFixed(0)} MB`);

    if (options.explain) await explainQueries(databaseUrl, userId, seeded.brandId, window);
  } finally {
    await server.stop();
  }
}

function load(url: string, cookie: string, connections: number, duration: number) {
  return loadWithPercentiles({ url, connections, duration, headers: { cookie } });
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the very SQL the use cases send: they run once on a drizzle instance whose
 * logger records each query, then each recorded query is explained. Prints the plan's nodes, index
 * conditions, heap fetches and the execution time.
 */
async function explainQueries(
  databaseUrl: string,
  userId: string,
  brandId: string,
  window: { from: string; to: string },
): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    let recorded: { query: string; params: unknown[] }[] = [];
    const db = drizzle(sql, {
      schema,
      logger: { logQuery: (query, params) => recorded.push({ query, params }) },
    });
    const ctx = {
      db,
      userId,
      brandId,
      now: () => new Date(),
      mediaUrls: { sign: () => ({ url: "", expires: 0 }), verify: () => false },
    } as unknown as BrandContext;
    const cases: [string, () => Promise<unknown>][] = [
      ["dashboard stats", () => getDashboardStats(ctx)],
      ["posts list, first page (newest)", () => listPosts(ctx, { limit: 8 })],
      ["posts list, status=pending", () => listPosts(ctx, { status: "pending", limit: 8 })],
      ["posts list, sort=schedule", () => listPosts(ctx, { sort: "schedule", limit: 8 })],
      ["calendar month (42 days)", () => listCalendarPosts(ctx, window)],
    ];
    for (const [label, run] of cases) {
      recorded = [];
      await run();
      for (const { query, params } of recorded) {
        await sql.unsafe(query, params as never[]); // warm
        const plan = await sql.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
        const lines = plan.map((r) => String(r["QUERY PLAN"]));
        const summary = lines.filter(
          (line, i) =>
            i === 0 ||
            line.includes("->") ||
            /Index Cond|Heap Fetches|Execution Time|Sort Method|Rows Removed/.test(line),
        );
        console.log(`\n  EXPLAIN ${label}: ${query.replace(/\s+/g, " ").slice(0, 110)}...`);
        for (const line of summary)
          console.log(`    ${line.length > 150 ? `${line.slice(0, 150)}...` : line}`);
      }
    }
  } finally {
    await sql.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPosts({
    explain: process.argv.includes("--explain") || process.env.POSTS_BENCH_EXPLAIN === "1",
  });
}
