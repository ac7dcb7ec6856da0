// npm run bench (analytics part), or alone: node --import tsx scripts/bench-analytics.ts
// The analytics dashboard at scale on PostgreSQL: a fresh database on BENCH_PG_URL's server, the real server
// (bundled) booted on it, ANALYTICS_BENCH_COUNT (10,000) posts the sandbox network published over the last
// 120 days inserted in one statement (posts and sandbox_posts), then POST /api/analytics: the first read of
// each range (computed through the sandbox network and cached), and then the same request alone (one
// connection) served from the cache. Target: p95 <= 50 ms from the cache. Reported, never asserted.
import postgres from "postgres";
import { loadWithPercentiles, signUpVerified, startServerOnFreshPostgres } from "./bench-support";

const count = Number(process.env.ANALYTICS_BENCH_COUNT ?? 10_000);
const seconds = Number(process.env.ANALYTICS_BENCH_DURATION ?? 5);
const TARGET_P95_MS = 50;

async function seedPublished(databaseUrl: string, email: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    const [owner] = await sql`select u.id as user_id, b.id as brand_id from "user" u
      join user_brands b on b.user_id = u.id where u.email = ${email}`;
    if (!owner) throw new Error("the bench user has no brand");
    // One post every ~17 minutes back over 120 days, a third on Instagram, most with an image.
    await sql`
      with made as (
        select gen_random_uuid() as post_id, 'sbxbench_' || n as external_id,
          (case when n % 3 = 0 then 'instagram' else 'facebook' end)::platform as platform,
          'Bench post ' || n || ': fresh from the roastery, our seasonal blend with notes of cocoa.' as content,
          case when n % 4 = 0 then null else '/media/bench-' || n || '.png' end as image_url,
          now() - make_interval(secs => n * (120 * 86400 / ${count})) as at
        from generate_series(1, ${count}) as n
      ), sandbox as (
        insert into sandbox_posts (id, user_id, brand_id, post_id, platform, content, image_url, state, published_at)
        select external_id, ${owner.user_id}, ${owner.brand_id}, post_id, platform, content, image_url, 'published', at
        from made
      )
      insert into posts (id, user_id, brand_id, content, image_url, platform, status, external_post_id,
        published_via, posted_at, scheduled_date)
      select post_id, ${owner.user_id}, ${owner.brand_id}, content, image_url, platform, 'approved', external_id,
        'sandbox', at, at
      from made`;
    await sql`analyze posts`;
    await sql`analyze sandbox_posts`;
  } finally {
    await sql.end();
  }
  return Math.round(performance.now() - started);
}

export async function benchAnalytics(): Promise<void> {
  const server = await startServerOnFreshPostgres("analytics");
  if (!server) return;
  try {
    const { cookie, email } = await signUpVerified(server.base, server.dataDir, "bench-analytics");
    const brand = await fetch(`${server.base}/api/brands`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ name: "Bench Brand" }),
    });
    if (!brand.ok) throw new Error(`brand failed: ${brand.status}`);
    const ms = await seedPublished(server.databaseUrl, email);
    console.log(
      `\nanalytics dashboard (PostgreSQL, ${count.toLocaleString("en")} published sandbox posts over 120 days, seeded in ${ms} ms; 1 connection, ${seconds} s each after a 1 s warm-up):`,
    );
    const url = `${server.base}/api/analytics`;
    const headers = { cookie, "content-type": "application/json", origin: server.base };
    for (const range of ["7d", "30d", "90d"] as const) {
      const body = JSON.stringify({ range, platform: "all" });
      const started = performance.now();
      const first = await fetch(url, { method: "POST", headers, body });
      if (!first.ok) throw new Error(`analytics ${range} failed: ${first.status} ${await first.text()}`);
      const view = (await first.json()) as { totalPosts: number; fromCache: boolean };
      const computeMs = Math.round(performance.now() - started);
      await loadWithPercentiles({ url, method: "POST", body, headers, connections: 1, duration: 1 });
      const r = await loadWithPercentiles({
        url,
        method: "POST",
        body,
        headers,
        connections: 1,
        duration: seconds,
      });
      const mark = r.p95 <= TARGET_P95_MS ? "ok" : "over";
      console.log(
        `  ${range} (${view.totalPosts} posts; first read ${computeMs} ms, computed)  cached: ${r.rps.toFixed(0).padStart(5)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms (target <= ${TARGET_P95_MS} ms: ${mark})   p99 ${r.p99} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnalytics();
