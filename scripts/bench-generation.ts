// npm run bench (second part): end-to-end post generations per second with the offline model on
// PostgreSQL. A fresh database is created on BENCH_PG_URL's server (default: the local PostgreSQL), the real
// server boots on it, GENERATION_USERS enterprise users (unlimited posts) each keep one generation in flight:
// POST /api/posts/generate, then GET /api/posts/:id until the pipeline completes. Reported, never asserted;
// the target is >= 20 generations/s sustained with 20 concurrent requests.
import postgres from "postgres";
import { grantEnterprise, percentile, signUpVerified, startServerOnFreshPostgres } from "./bench-support";

const users = Number(process.env.GENERATION_USERS ?? 20);
const seconds = Number(process.env.GENERATION_DURATION ?? 10);

export async function benchGenerations(): Promise<void> {
  const server = await startServerOnFreshPostgres("generations");
  if (!server) return;
  const { base } = server;
  const db = postgres(server.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < users; i++) cookies.push(await signUpEnterprise(base, server.dataDir, db, i));

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
    await db.end();
    await server.stop();
  }
}

/** An Enterprise user (unlimited posts) with a brand: the session cookie. */
async function signUpEnterprise(
  base: string,
  dataDir: string,
  db: postgres.Sql,
  index: number,
): Promise<string> {
  const { cookie, email } = await signUpVerified(base, dataDir, `bench-gen-${index}`);
  await grantEnterprise(db, email);
  const brand = await fetch(`${base}/api/brands`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify({ name: `Bench Brand ${index}` }),
  });
  if (!brand.ok) throw new Error(`brand failed: ${brand.status}`);
  return cookie;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGenerations();
