// npm run bench (fourth part), or alone: node --import tsx scripts/bench-tools.ts
// The agent doors on PostgreSQL: a fresh database on BENCH_PG_URL's server, the real server (bundled, as
// `npm start` runs it) on it, one Enterprise user with a brand.
//  - POST /api/tools/updateBrandField with API keys (Bearer), alone and 20 concurrent (TOOLS_BENCH_CONNECTIONS,
//    "1,20"): target p95 <= 15 ms at 20. The calls rotate over 60 keys (each key may make 1,000 calls a minute) and
//    over a few values, so every call is a real write.
//  - POST /api/chat with the offline model, alone and 10 concurrent (CHAT_BENCH_CONNECTIONS, "1,10"): time
//    to the first byte of the streamed answer, target p95 <= 50 ms.
// Reported, never asserted. TOOLS_BENCH_DURATION (5 s) sets each phase's length.
import postgres from "postgres";
import {
  createApiKeys,
  grantEnterprise,
  loadWithPercentiles,
  percentile,
  readCpuMs,
  readPeakRssMb,
  rotatingBrandFieldWrites,
  signUpVerified,
  startServerOnFreshPostgres,
} from "./bench-support";

/** Each door alone (one connection: the latency one caller sees) and under load (the 20 for the tool). */
const counts = (value: string) => value.split(",").map(Number);
const toolConnections = counts(process.env.TOOLS_BENCH_CONNECTIONS ?? "1,20");
const chatConnections = counts(process.env.CHAT_BENCH_CONNECTIONS ?? "1,10");
const seconds = Number(process.env.TOOLS_BENCH_DURATION ?? 5);
const KEY_COUNT = 60;
/** TOOLS_BENCH_PHASES ("tools,chat") picks the phases, e.g. to profile one alone. */
const phases = new Set((process.env.TOOLS_BENCH_PHASES ?? "tools,chat").split(","));
const TOOL_TARGET_P95_MS = 15;
const CHAT_TTFB_TARGET_P95_MS = 50;

export async function benchTools(): Promise<void> {
  // TOOLS_BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (open it in Chrome DevTools).
  const profile = process.env.TOOLS_BENCH_CPU_PROF;
  const server = await startServerOnFreshPostgres("tools", {
    nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  });
  if (!server) return;
  const { base } = server;
  const pid = server.child.pid!;
  const db = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const { cookie, email } = await signUpVerified(base, server.dataDir, "bench-tools");
    await grantEnterprise(db, email);
    const json = { "content-type": "application/json", origin: base, cookie };
    const brand = await fetch(`${base}/api/brands`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "Bench Tools Brand" }),
    });
    if (!brand.ok) throw new Error(`brand failed: ${brand.status}`);
    const keys = await createApiKeys(base, json, KEY_COUNT);

    console.log(
      `\nagent doors (PostgreSQL, bundled server; ${seconds} s each after a 1 s warm-up; server CPU per request):`,
    );
    const toolLoad = (connections: number, duration: number) =>
      loadWithPercentiles({
        url: `${base}/api/tools/updateBrandField`,
        connections,
        duration,
        method: "POST",
        requests: rotatingBrandFieldWrites(keys),
      });
    for (const connections of phases.has("tools") ? toolConnections : []) {
      await toolLoad(connections, 1);
      const toolCpu = readCpuMs(pid);
      const tools = await toolLoad(connections, seconds);
      const toolCpuPerRequest = (readCpuMs(pid) - toolCpu) / tools.count;
      console.log(
        `  POST /api/tools/updateBrandField (${String(connections).padStart(2)} conc.) ${tools.rps.toFixed(0).padStart(5)} req/s   p50 ${tools.p50} ms   p95 ${tools.p95} ms (target <= ${TOOL_TARGET_P95_MS} ms: ${tools.p95 <= TOOL_TARGET_P95_MS ? "ok" : "over"})   p99 ${tools.p99} ms   ${toolCpuPerRequest.toFixed(2)} ms CPU`,
      );
    }
    for (const connections of phases.has("chat") ? chatConnections : []) {
      await chatLoad(base, cookie, connections, 1);
      const chatCpu = readCpuMs(pid);
      const chat = await chatLoad(base, cookie, connections, seconds);
      const chatCpuPerRequest = (readCpuMs(pid) - chatCpu) / chat.ttfb.length;
      const p95 = percentile(chat.ttfb, 95);
      console.log(
        `  POST /api/chat, offline model (${String(connections).padStart(2)} conc.)   ${(chat.ttfb.length / seconds).toFixed(0).padStart(5)} req/s   first byte p50 ${percentile(chat.ttfb, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms (target <= ${CHAT_TTFB_TARGET_P95_MS} ms: ${p95 <= CHAT_TTFB_TARGET_P95_MS ? "ok" : "over"})   whole answer p95 ${percentile(chat.total, 95).toFixed(1)} ms   ${chatCpuPerRequest.toFixed(2)} ms CPU`,
      );
    }
    console.log(`  peak server RSS: ${readPeakRssMb(pid).toFixed(0)} MB`);
  } finally {
    await db.end();
    await server.stop();
  }
}

/** Chat turns back to back on each connection: the time to the first streamed byte, and to the end. */
async function chatLoad(base: string, cookie: string, connections: number, duration: number) {
  const ttfb: number[] = [];
  const total: number[] = [];
  const deadline = performance.now() + duration * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        turn += 1;
        const started = performance.now();
        const response = await fetch(`${base}/api/chat`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, cookie },
          body: JSON.stringify({
            messages: [
              {
                id: `bench-${turn}`,
                role: "user",
                parts: [{ type: "text", text: "What can you do for me?" }],
              },
            ],
          }),
        });
        if (!response.ok || !response.body) throw new Error(`chat failed: ${response.status}`);
        const reader = response.body.getReader();
        let first = true;
        for (;;) {
          const { done } = await reader.read();
          if (first) {
            ttfb.push(performance.now() - started);
            first = false;
          }
          if (done) break;
        }
        total.push(performance.now() - started);
      }
    }),
  );
  return { ttfb, total };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTools();
