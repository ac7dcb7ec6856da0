// npm run bench (last part), `npm run bench -- --videos` (this part alone), or: node --import tsx scripts/bench-videos.ts
// Issue 32's video figures, on the real server bundled as `npm start` runs it, on a fresh embedded database
// (BENCH_DATABASE_URL for PostgreSQL):
//  1. A 100 MB video (1280x720, 40 s, 20 Mb/s; made with ffmpeg at bench time, kept in node_modules/.cache/smm)
//     uploaded through tus (/api/uploads: POST, one PATCH of all but the last KB, then the last KB, whose answer
//     is the stored video after the probe and the poster), then transcoded to a Reel's copy (9:16, at most
//     1080x1920, 90 s, 30 fps) by fetching its signed variant link, then fetched again (kept). Times, the
//     server's peak RSS (VmHWM) and the peak RSS of its ffprobe/ffmpeg children (sampled from /proc).
//  2. Other users' latency while hostile videos are checked: GET /api/health with VIDEOS_BENCH_CONNECTIONS (10)
//     for VIDEOS_BENCH_DURATION (10 s) alone, then while VIDEOS_BENCH_ATTACKERS (4) users upload the hostile
//     set through tus as fast as they are answered (a text file renamed .mp4, a truncated MP4, a 20-minute
//     video, an 8192x8192 frame: each refused when its last byte arrives). p50/p99 against idle.
// Reported, never asserted.
import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createMediaUrlSigner } from "../apps/server/src/adapters/media-url-signer";
import { videoVariantName } from "../packages/domain/src/media/video-variants";
import { makeHostileVideos, makeVideo } from "../tests/support/video-fixtures";
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

const seconds = Number(process.env.VIDEOS_BENCH_DURATION ?? 10);
const connections = Number(process.env.VIDEOS_BENCH_CONNECTIONS ?? 10);
const ATTACKERS = Number(process.env.VIDEOS_BENCH_ATTACKERS ?? 4);
const cacheDir = join(root, "node_modules/.cache/smm");
const run = promisify(execFile);
/** The process's resident memory now (VmRSS), in MB. */
const readRssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** The 100 MB fixture: 10 s of noisy 720p at 20 Mb/s made once, looped four times without re-encoding. */
async function largeVideo(): Promise<string> {
  const path = join(cacheDir, "bench-video-100mb.mp4");
  if (existsSync(path)) return path;
  await mkdir(cacheDir, { recursive: true });
  const started = performance.now();
  const part = await makeVideo(join(cacheDir, "bench-video-10s.mp4"), {
    width: 1280,
    height: 720,
    fps: 30,
    seconds: 10,
    source: "testsrc2",
    noise: true,
    bitrate: "20M",
  });
  const { videoBinaries } = await import("../apps/server/src/adapters/video-process");
  const partial = `${path}.partial.mp4`;
  await run(videoBinaries().ffmpeg, [
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-stream_loop",
    "3",
    "-i",
    part,
    "-c",
    "copy",
    partial,
  ]);
  await rename(partial, path);
  await rm(part, { force: true });
  console.log(
    `  (made the 100 MB fixture in ${((performance.now() - started) / 1000).toFixed(0)} s; kept at ${path})`,
  );
  return path;
}

async function startServer() {
  const dataDir = join(await mkdtemp(join(tmpdir(), "smm-bench-videos-")), "data");
  const port = await freePort();
  const bundle = join(cacheDir, "bench-videos-main.mjs");
  await bundleServer(join(root, "apps/server/src/main.ts"), bundle);
  // VIDEOS_BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (open it in Chrome DevTools).
  const profile = process.env.VIDEOS_BENCH_CPU_PROF;
  const profiling = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, ...SERVER_NODE_ARGS, bundle], {
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
  return { base, child, dataDir, pid: child.pid as number };
}

/** Peak resident memory of the server's child processes (ffprobe, ffmpeg), sampled from /proc every 50 ms. */
function watchChildren(serverPid: number) {
  const peaks = new Map<string, number>();
  const sample = () => {
    // The server's descendants (the video runner, and the ffprobe and ffmpeg it starts), by the parent
    // each /proc/<pid>/stat names (the field after the state).
    const parents = new Map<string, string>();
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        parents.set(pid, readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1] ?? "");
      } catch {
        // Gone meanwhile.
      }
    }
    const family = new Set([String(serverPid)]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, parent] of parents)
        if (family.has(parent) && !family.has(pid)) {
          family.add(pid);
          grew = true;
        }
    }
    family.delete(String(serverPid));
    const children = [...family];
    for (const pid of children) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? "?";
        // A child between fork and exec still shows the server's pages under the name "node".
        if (
          name !== "ffmpeg" &&
          name !== "ffprobe" &&
          !readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("-e")
        )
          continue;
        const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
        const label = name === "ffmpeg" || name === "ffprobe" ? name : "video runner";
        peaks.set(label, Math.max(peaks.get(label) ?? 0, kb * 1024));
      } catch {
        // Gone between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

async function createBrand(base: string, cookie: string, name: string) {
  const response = await fetch(`${base}/api/brands`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`brand failed: ${response.status}`);
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

async function createUpload(base: string, cookie: string, length: number, filename: string): Promise<string> {
  const response = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: {
      cookie,
      origin: base,
      "tus-resumable": "1.0.0",
      "upload-length": String(length),
      "upload-metadata": `filename ${b64(filename)},filetype ${b64("video/mp4")}`,
    },
  });
  if (response.status !== 201)
    throw new Error(`upload creation failed: ${response.status} ${await response.text()}`);
  return `${base}${response.headers.get("location")}`;
}

/** One PATCH of `bytes[from, to)` streamed from memory in 1 MB writes; the answer's status and body. */
function patch(url: string, cookie: string, bytes: Buffer, from: number, to: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, {
      method: "PATCH",
      headers: {
        cookie,
        origin: new URL(url).origin,
        "tus-resumable": "1.0.0",
        "upload-offset": String(from),
        "content-type": "application/offset+octet-stream",
        "content-length": String(to - from),
      },
    });
    req.on("error", reject);
    req.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    const step = 1024 * 1024;
    let at = from;
    const writeMore = () => {
      while (at < to) {
        const end = Math.min(to, at + step);
        const more = req.write(bytes.subarray(at, end));
        at = end;
        if (!more) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

async function uploadWhole(base: string, cookie: string, bytes: Buffer, filename: string) {
  const url = await createUpload(base, cookie, bytes.length, filename);
  return patch(url, cookie, bytes, 0, bytes.length);
}

const line = (name: string, r: LoadResult) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms`;

/** Part 1: the 100 MB upload, its probe and poster, and a Reel's transcode. */
async function benchLargeUpload(base: string, pid: number, dataDir: string, cookie: string, video: Buffer) {
  const children = watchChildren(pid);
  const rssBefore = readPeakRssMb(pid);
  const cpuBefore = readCpuMs(pid);
  const t0 = performance.now();
  const url = await createUpload(base, cookie, video.length, "bench.mp4");
  const bytesIn = await patch(url, cookie, video, 0, video.length - 1024);
  if (bytesIn.status !== 204) throw new Error(`PATCH answered ${bytesIn.status}: ${bytesIn.body}`);
  const t1 = performance.now();
  const last = await patch(url, cookie, video, video.length - 1024, video.length);
  if (last.status !== 200) throw new Error(`last PATCH answered ${last.status}: ${last.body}`);
  const t2 = performance.now();
  const uploadCpuMs = readCpuMs(pid) - cpuBefore;
  const stored = JSON.parse(last.body) as { id: string; durationMs: number; width: number; height: number };

  const secret = readFileSync(join(dataDir, "auth-secret"), "utf8").trim();
  const reel = videoVariantName({
    aspect: 9 / 16,
    maxWidth: 1080,
    maxHeight: 1920,
    maxSeconds: 90,
    maxFps: 30,
  });
  const link = createMediaUrlSigner(secret).sign(stored.id, new Date(), reel).url;
  const t3 = performance.now();
  const copy = await fetch(`${base}${link}`);
  const copyBytes = (await copy.arrayBuffer()).byteLength;
  const t4 = performance.now();
  if (copy.status !== 200) throw new Error(`variant answered ${copy.status}`);
  const again = await fetch(`${base}${link}`);
  await again.arrayBuffer();
  const t5 = performance.now();
  const peaks = children.stop();
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `100 MB video (${mb(video.length)}, ${stored.width}x${stored.height}, ${(stored.durationMs / 1000).toFixed(0)} s) through tus:`,
  );
  console.log(
    `  bytes in ${s(t1 - t0)} (${(video.length / 1048576 / ((t1 - t0) / 1000)).toFixed(0)} MB/s); last KB -> stored (sniff, ffprobe, poster, move) ${s(t2 - t1)}; server CPU ${s(uploadCpuMs)}`,
  );
  console.log(
    `  Reel copy (${reel}): transcoded and served ${s(t4 - t3)} (${mb(copyBytes)}); again from storage ${s(t5 - t4)}`,
  );
  const childPeaks =
    [...peaks.entries()].map(([name, bytes]) => `${name} ${mb(bytes)}`).join(", ") || "none seen";
  console.log(
    `  peak RSS: server ${readPeakRssMb(pid).toFixed(0)} MB (before the upload ${rssBefore.toFixed(0)} MB); children ${childPeaks}`,
  );
  const incoming = join(dataDir, "uploads", ".incoming");
  const left = existsSync(incoming) ? readdirSync(incoming).length : 0;
  console.log(`  files left in uploads/.incoming: ${left}; server RSS now ${readRssMb(pid).toFixed(0)} MB`);
}

export async function benchVideos(): Promise<void> {
  console.log("\nvideos (issue 32):");
  const videoPath = await largeVideo();
  const video = await readFile(videoPath);
  const server = await startServer();
  const { base, pid } = server;
  try {
    const user = await signUpVerified(base, server.dataDir, "bench-videos");
    await createBrand(base, user.cookie, "Reel Co");

    // 1. Upload, probe and poster, transcode (VIDEOS_BENCH_ONLY=hostile skips it).
    if (process.env.VIDEOS_BENCH_ONLY !== "hostile")
      await benchLargeUpload(base, pid, server.dataDir, user.cookie, video);

    // 2. Other users' latency while hostile videos are checked.
    const fixturesDir = await mkdtemp(join(tmpdir(), "smm-bench-hostile-"));
    const hostile = await makeHostileVideos(fixturesDir);
    const files = await Promise.all(
      [hostile.text, hostile.truncated, hostile.twentyMinutes, hostile.hugeFrame].map(async (path) => ({
        name: path.split("/").pop() as string,
        bytes: await readFile(path),
      })),
    );
    const attacker = await signUpVerified(base, server.dataDir, "bench-videos-attacker");
    await createBrand(base, attacker.cookie, "Hostile Co");
    const read = { url: `${base.replace("localhost", "127.0.0.1")}/api/health`, connections };
    await loadWithPercentiles({ ...read, duration: 2 });
    const idle = await loadWithPercentiles({ ...read, duration: seconds });
    const answers: { name: string; status: number; ms: number }[] = [];
    const stop = new AbortController();
    const hostileChildren = watchChildren(pid);
    const attackers = Array.from({ length: ATTACKERS }, async (_, index) => {
      for (let round = index; !stop.signal.aborted; round += 1) {
        const file = files[round % files.length] as (typeof files)[number];
        const started = performance.now();
        const answer = await uploadWhole(base, attacker.cookie, file.bytes, file.name).catch(() => null);
        if (!answer) return;
        answers.push({ name: file.name, status: answer.status, ms: performance.now() - started });
      }
    });
    const cpuBeforeAttack = readCpuMs(pid);
    const attacked = await loadWithPercentiles({ ...read, duration: seconds });
    const attackCpuMs = readCpuMs(pid) - cpuBeforeAttack;
    stop.abort();
    await Promise.all(attackers);
    const hostilePeaks = hostileChildren.stop();
    await rm(fixturesDir, { recursive: true, force: true });

    console.log(
      `\nhostile videos: ${ATTACKERS} users uploading the hostile set through tus as fast as answered; ${connections} connections on GET /api/health for ${seconds} s`,
    );
    console.log(line("GET /api/health idle", idle));
    console.log(line("GET /api/health while hostile videos are checked", attacked));
    console.log(
      `  p50 ${(attacked.p50 / Math.max(0.1, idle.p50)).toFixed(2)}x, p99 ${(attacked.p99 / Math.max(0.1, idle.p99)).toFixed(2)}x idle; server CPU ${(attackCpuMs / 1000).toFixed(1)} s`,
    );
    for (const file of files) {
      const mine = answers.filter((answer) => answer.name === file.name);
      const statuses = [...new Set(mine.map((answer) => answer.status))].join(", ") || "none";
      const ms = mine.map((answer) => answer.ms);
      console.log(
        `  ${file.name.padEnd(22)} ${mb(file.bytes.length).padStart(8)}  refused ${String(mine.length).padStart(4)} times (status ${statuses}), upload+check p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`,
      );
    }
    const hostileChildPeaks =
      [...hostilePeaks.entries()].map(([name, bytes]) => `${name} ${mb(bytes)}`).join(", ") || "none seen";
    console.log(`  peak RSS: server ${readPeakRssMb(pid).toFixed(0)} MB; children ${hostileChildPeaks}`);
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVideos();
