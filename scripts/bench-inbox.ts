// npm run bench (a part), `npm run bench -- --inbox` (this part alone), or: node --import tsx scripts/bench-inbox.ts
// Issue 33's inbox at scale on PostgreSQL: a fresh database on BENCH_PG_URL's server, the real server (bundled,
// as `npm start` runs it), one signed-in user whose brand holds INBOX_BENCH_COMMENTS (100,000) comments under
// 2,000 published posts (5,000 posts seeded by scripts/seed-posts.ts, the published ones given comments by one
// INSERT ... SELECT), then the inbox's first page (POST /api/tools/listInboxItems: needs reply, then all) and
// the unread count (getInboxCounts), each alone (1 connection) and under 10. Goal: p95 <= 20 ms alone.
// Reported, never asserted. INBOX_BENCH_DURATION (5 s) tunes it.
import postgres from "postgres";
import {
  loadWithPercentiles,
  readCpuMs,
  readPeakRssMb,
  signUpVerified,
  startServerOnFreshPostgres,
} from "./bench-support";
import { seedPosts } from "./seed-posts";

const comments = Number(process.env.INBOX_BENCH_COMMENTS ?? 100_000);
const seconds = Number(process.env.INBOX_BENCH_DURATION ?? 5);
const TARGET_P95_MS = 20;

/** The brand's published posts become network posts with comments: authors, questions, negatives, spam, replies. */
async function seedComments(sql: postgres.Sql, brandId: string, count: number) {
  const started = performance.now();
  await sql`
    update posts set status = 'approved', posted_at = now() - make_interval(hours => (abs(hashtext(id::text)) % 2000)),
      external_post_id = 'bench_' || id::text, published_via = 'meta'
    where brand_id = ${brandId} and id in (select id from posts where brand_id = ${brandId} order by id limit 2000)`;
  await sql`
    with p as (
      select id, user_id, platform, posted_at, row_number() over (order by id) - 1 as n
      from posts where brand_id = ${brandId} and external_post_id like 'bench_%'
    ), c as (
      select g, (g % 2000) as n from generate_series(1, ${count}) as g
    )
    insert into inbox_items (user_id, brand_id, post_id, platform, network, external_id, author_name, author_handle,
      text, own, written_at, sentiment, question, spam, triaged_by, status, read_at, delivery)
    select p.user_id, ${brandId}::uuid, p.id, p.platform, 'meta', 'c_' || c.g,
      (array['Anna','Ben','Chloé','Dev','Eli','Farah','Gus','Hana'])[1 + c.g % 8],
      (array['anna','ben','chloe','dev','eli','farah','gus','hana'])[1 + c.g % 8] || c.g % 500,
      case when c.g % 5 = 0 then 'Do you open on Sunday? ' || c.g
           when c.g % 7 = 0 then 'This was cold and late, not happy ' || c.g
           else 'Looks delicious, love it ' || c.g end,
      c.g % 11 = 0,
      p.posted_at + make_interval(mins => (c.g % 600)),
      case when c.g % 7 = 0 then 'negative' when c.g % 3 = 0 then 'neutral' else 'positive' end,
      c.g % 5 = 0, c.g % 97 = 0, 'offline',
      case when c.g % 11 = 0 or c.g % 4 = 0 then 'done' else 'open' end,
      case when c.g % 3 = 0 then now() end,
      case when c.g % 11 = 0 then 'sent' end
    from c join p on p.n = c.n`;
  await sql`
    insert into inbox_threads (post_id, user_id, brand_id, platform, last_activity_at, total, open, unread, urgent)
    select post_id, min(user_id), ${brandId}::uuid, min(platform), max(written_at),
      count(*) filter (where not own and removed_at is null),
      count(*) filter (where not own and removed_at is null and status = 'open'),
      count(*) filter (where not own and removed_at is null and read_at is null),
      count(*) filter (where not own and removed_at is null and status = 'open' and (question or sentiment = 'negative'))
    from inbox_items where brand_id = ${brandId} group by post_id`;
  await sql.unsafe("vacuum (analyze) inbox_items, inbox_threads, posts");
  return Math.round(performance.now() - started);
}

export async function benchInbox(): Promise<void> {
  // INBOX_BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (open it in Chrome DevTools).
  const profile = process.env.INBOX_BENCH_CPU_PROF;
  const server = await startServerOnFreshPostgres("inbox", {
    nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  });
  if (!server) return;
  const { base, child, databaseUrl } = server;
  try {
    const { cookie, email } = await signUpVerified(base, server.dataDir, "bench-inbox");
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [row] = await sql`select id from "user" where email = ${email}`;
    if (!row) throw new Error("the bench user is missing");
    const seeded = await seedPosts({ databaseUrl, count: 5_000, userId: String(row.id) });
    const ms = await seedComments(sql, seeded.brandId, comments);
    const [stored] = await sql`select count(*)::int as n from inbox_items where brand_id = ${seeded.brandId}`;
    await sql.end();
    console.log(
      `\ninbox at scale (PostgreSQL, ${Number(stored?.n ?? 0).toLocaleString("en")} comments under 2,000 posts of one brand, seeded in ${ms} ms; 1 and 10 connections, ${seconds} s each after a 1 s warm-up):`,
    );
    const headers = { "content-type": "application/json", origin: base, cookie };
    const targets: [string, string, string][] = [
      ["listInboxItems (needs reply, page 1)", "listInboxItems", "{}"],
      ["listInboxItems (all, page 1)", "listInboxItems", JSON.stringify({ status: "all" })],
      ["getInboxCounts (unread badge)", "getInboxCounts", "{}"],
    ];
    for (const [label, tool, body] of targets) {
      const url = `${base.replace("localhost", "127.0.0.1")}/api/tools/${tool}`;
      for (const connections of [1, 10]) {
        const options = { url, connections, method: "POST" as const, headers, body };
        await loadWithPercentiles({ ...options, duration: 1 });
        const cpuBefore = readCpuMs(child.pid!);
        const r = await loadWithPercentiles({ ...options, duration: seconds });
        const cpuPerRequest = (readCpuMs(child.pid!) - cpuBefore) / r.count;
        const mark =
          connections === 1
            ? ` (goal <= ${TARGET_P95_MS} ms: ${r.p95 <= TARGET_P95_MS ? "ok" : "over"})`
            : "";
        console.log(
          `  ${label.padEnd(38)} ${String(connections).padStart(2)} conn. ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms${mark}   p99 ${r.p99} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        );
      }
    }
    console.log(`  peak server RSS: ${readPeakRssMb(child.pid!).toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchInbox().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
