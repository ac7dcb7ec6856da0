// npm run bench (last part), or alone: node --import tsx scripts/bench-images.ts
// The outside probe's finding 3: while four users upload an SVG bomb as their watermark (each re-uploading as
// soon as it is answered), how long do other users' reads take? The real server, bundled as `npm start` runs
// it, on a fresh embedded database (BENCH_DATABASE_URL for PostgreSQL).
//  - GET /api/posts?limit=8 (the dashboard's list) with IMAGES_BENCH_CONNECTIONS (10) for IMAGES_BENCH_DURATION
//    (10 s): alone; while the four retry their upload every second (the probe's case: four bombs in flight);
//    while the four re-upload as fast as they are answered (an upload flood: the bomb costs nothing any more,
//    so this measures request handling, not image work). Target: p95 under the bombs within 2x of alone.
//  - The bombs' answers: how many, their statuses, their p95 (refused at once, or bounded by the worker's limit).
// Reported, never asserted.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blurBomb } from "../apps/server/src/adapters/svg-bomb.fixture";
import {
  freePort,
  type LoadResult,
  loadWithPercentiles,
  percentile,
  readCpuMs,
  readPeakRssMb,
  root,
  SERVER_NODE_ARGS,
  signUpVerified,
} from "./bench-support";
import { bundleServer } from "./build-server";

const seconds = Number(process.env.IMAGES_BENCH_DURATION ?? 10);
const connections = Number(process.env.IMAGES_BENCH_CONNECTIONS ?? 10);
const ATTACKERS = 4;

async function startServer() {
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-bench-images-")), "data");
  const port = await freePort();
  // The image worker's bundle is written beside this one, where the server looks for it.
  const bundle = join(root, "node_modules/.cache/smm/bench-images-main.mjs");
  await bundleServer(join(root, "apps/server/src/main.ts"), bundle);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      OPENAI_API_KEY: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (;;) {
    const response = await fetch(`${base}/api/health`).catch(() => null);
    if (response?.ok) break;
    if (child.exitCode !== null) throw new Error("server exited");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, dataDir };
}

async function createBrand(base: string, cookie: string, name: string) {
  const response = await fetch(`${base}/api/brands`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`brand failed: ${response.status}`);
}

function uploadWatermark(base: string, cookie: string, svg: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append("file", new File([svg], "mark.svg", { type: "image/svg+xml" }));
  return fetch(`${base}/api/watermark/image`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
    signal,
  });
}

const line = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms`;

export async function benchImages(): Promise<void> {
  const server = await startServer();
  const pid = server.child.pid!;
  const { base } = server;
  try {
    const attacker = await signUpVerified(base, server.dataDir, "bench-images-attacker");
    const victim = await signUpVerified(base, server.dataDir, "bench-images-victim");
    await createBrand(base, attacker.cookie, "Bomb Co");
    await createBrand(base, victim.cookie, "Bean There");
    const mark =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20" fill="red"/></svg>';
    const warm = await uploadWatermark(base, attacker.cookie, mark);
    if (warm.status !== 201) throw new Error(`watermark upload failed: ${warm.status}`);

    const read = { url: `${base}/api/posts?limit=8`, connections, headers: { cookie: victim.cookie } };
    await loadWithPercentiles({ ...read, duration: 2 });
    const alone = await loadWithPercentiles({ ...read, duration: seconds });

    const bomb = blurBomb();
    /** Four attackers for one load phase; each waits `paceMs` between the starts of its uploads. */
    const underAttack = async (paceMs: number) => {
      const answers: { status: number; ms: number }[] = [];
      const stop = new AbortController();
      const attackers = Array.from({ length: ATTACKERS }, async () => {
        while (!stop.signal.aborted) {
          const started = performance.now();
          const response = await uploadWatermark(base, attacker.cookie, bomb, stop.signal).catch(() => null);
          if (!response) return;
          await response.arrayBuffer();
          answers.push({ status: response.status, ms: performance.now() - started });
          const rest = paceMs - (performance.now() - started);
          if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        }
      });
      const cpuBefore = readCpuMs(pid);
      const reads = await loadWithPercentiles({ ...read, duration: seconds });
      const cpuMs = readCpuMs(pid) - cpuBefore;
      // A bomb still being drawn (without the worker's limits, 30-70 s each) is abandoned, not waited for.
      stop.abort();
      await Promise.all(attackers);
      return { reads, answers, cpuMs };
    };
    // A person retrying their upload about once a second; then the same four as fast as they are answered.
    const paced = await underAttack(1_000);
    const flood = await underAttack(0);

    console.log(
      `\nimage bombs: ${ATTACKERS} users uploading a ${(bomb.length / 1024).toFixed(0)} KB SVG bomb as a watermark, ${connections} connections reading for ${seconds} s`,
    );
    console.log(line("GET /api/posts?limit=8 alone", alone));
    for (const [name, phase] of [
      ["each retrying every second", paced],
      ["each re-uploading at once", flood],
    ] as const) {
      const statuses = [...new Set(phase.answers.map((answer) => answer.status))].join(", ") || "none";
      const answerMs = phase.answers.map((answer) => answer.ms);
      console.log(line(`  bombs ${name}`, phase.reads));
      console.log(
        `    p95 / alone ${(phase.reads.p95 / alone.p95).toFixed(2)} (target <= 2; the probe saw reads of up to 60 s); bombs answered ${phase.answers.length} (status ${statuses}), p95 ${percentile(answerMs, 95).toFixed(0)} ms, max ${Math.max(0, ...answerMs).toFixed(0)} ms; server CPU ${(phase.cpuMs / 1000).toFixed(1)} s`,
      );
    }
    console.log(`peak server RSS: ${readPeakRssMb(pid).toFixed(0)} MB (budget 400 MB on PGlite)`);
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchImages();
