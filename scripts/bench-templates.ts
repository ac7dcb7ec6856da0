// npm run bench (community search part), or alone: node --import tsx scripts/bench-templates.ts
// The community library's search at scale on PostgreSQL: a fresh database on BENCH_PG_URL's server, the real
// server (bundled) booted on it, TEMPLATES_BENCH_COUNT (10,000) public templates of other users inserted in
// one statement with the search documents the use cases write, then GET /api/templates/community alone (one
// connection) for: the default popular list, a word search, a prefix search with a category, and the
// alphabetical sort. Target: p95 <= 20 ms each. Reported, never asserted.
import postgres from "postgres";
import { loadWithPercentiles, signUpVerified, startServerOnFreshPostgres } from "./bench-support";

const count = Number(process.env.TEMPLATES_BENCH_COUNT ?? 10_000);
const seconds = Number(process.env.TEMPLATES_BENCH_DURATION ?? 5);
const TARGET_P95_MS = 20;

const WORDS = [
  "launch",
  "event",
  "testimonial",
  "behind",
  "scenes",
  "offer",
  "sale",
  "team",
  "faq",
  "milestone",
  "seasonal",
  "tips",
  "recipe",
  "coffee",
  "fitness",
  "travel",
  "fashion",
  "garden",
  "studio",
  "webinar",
];

async function seedTemplates(databaseUrl: string, email: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    const [owner] = await sql`select u.id as user_id, b.id as brand_id from "user" u
      join user_brands b on b.user_id = u.id where u.email = ${email}`;
    if (!owner) throw new Error("the bench user has no brand");
    const words = sql.array(WORDS);
    // Names, tags and descriptions drawn from WORDS by row number, so searches match a realistic share.
    await sql`
      insert into templates (user_id, brand_id, name, description, category, tags, prompt_template,
        is_public, creator_name, usage_count, search_vector)
      select ${owner.user_id}, ${owner.brand_id}, t.name, t.description,
        (array['general','post','image','content','social','marketing'])[1 + n % 6]::template_category,
        t.tags, 'Write about {brandName} for {targetAudience}.', true, 'Bench Creator', (n * 7919) % 500,
        setweight(to_tsvector('simple', t.name), 'A') || setweight(to_tsvector('simple', array_to_string(t.tags, ' ')), 'B')
          || setweight(to_tsvector('simple', t.description), 'C')
      from generate_series(1, ${count}) as n,
      lateral (select
        initcap((${words})[1 + n % 20]) || ' ' || (${words})[1 + (n / 20) % 20] || ' ' || n as name,
        'A template about ' || (${words})[1 + (n / 7) % 20] || ' and ' || (${words})[1 + (n / 3) % 20] as description,
        array[(${words})[1 + (n / 11) % 20], (${words})[1 + (n / 13) % 20]] as tags) as t`;
    await sql`analyze templates`;
  } finally {
    await sql.end();
  }
  return Math.round(performance.now() - started);
}

export async function benchTemplates(): Promise<void> {
  const server = await startServerOnFreshPostgres("templates");
  if (!server) return;
  try {
    const { cookie, email } = await signUpVerified(server.base, server.dataDir, "bench-templates");
    const brand = await fetch(`${server.base}/api/brands`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ name: "Bench Brand" }),
    });
    if (!brand.ok) throw new Error(`brand failed: ${brand.status}`);
    const ms = await seedTemplates(server.databaseUrl, email);
    console.log(
      `\ncommunity template search (PostgreSQL, ${count.toLocaleString("en")} public templates, seeded in ${ms} ms; 1 connection, ${seconds} s each after a 1 s warm-up):`,
    );
    const targets: [string, string][] = [
      // The same request path with no search at all: what auth and the answer cost on this machine now.
      ["favourites (empty: baseline)", "/api/templates/favourites"],
      ["popular (no words)", "/api/templates/community"],
      ["search=coffee", "/api/templates/community?search=coffee"],
      ["search=laun&category=post", "/api/templates/community?search=laun&category=post"],
      ["search=team tips&sort=newest", "/api/templates/community?search=team%20tips&sort=newest"],
      ["sort=alphabetical", "/api/templates/community?sort=alphabetical"],
    ];
    for (const [label, path] of targets) {
      const url = `${server.base}${path}`;
      await loadWithPercentiles({ url, connections: 1, duration: 1, headers: { cookie } });
      const r = await loadWithPercentiles({ url, connections: 1, duration: seconds, headers: { cookie } });
      const mark = r.p95 <= TARGET_P95_MS ? "ok" : "over";
      console.log(
        `  ${label.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms (target <= ${TARGET_P95_MS} ms: ${mark})   p99 ${r.p99} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTemplates();
