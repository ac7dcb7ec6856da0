import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "@smm/domain/db";
import { openDatabase } from "@smm/infra/database";
import { migrateDatabase } from "@smm/infra/migrate";
import postgres from "postgres";
import { bundleServer } from "../../scripts/build-server";

/*
 * Real server processes for crash and multi-instance tests: tests/support/crash-test-server.ts, bundled
 * as `npm start` bundles the server, on a database of their own that the test can seed before and inspect
 * after.
 */

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const script = join(repoRoot, "tests/support/crash-test-server.ts");
let bundled: Promise<string> | undefined;

/**
 * The test server as one plain module, built once per test worker: under tsx every spawn transpiled and
 * loaded the server's modules one by one (3.3 s and about 4 CPU-s to ready, against 1.4 s and 1 CPU-s from
 * the bundle, measured 2026-11-29), and the suite spawns a few dozen. Beside node_modules, so the bundle's
 * packages resolve; a folder per worker, so parallel workers never write over each other.
 */
function bundleTestServer(): Promise<string> {
  bundled ??= (async () => {
    const outfile = join(repoRoot, "node_modules/.cache/smm-test-server", String(process.pid), "server.mjs");
    await bundleServer(script, outfile);
    return outfile;
  })();
  return bundled;
}
const SIGNAL_PREFIX = "@@test ";
/** The first spawn of a worker bundles the server, then a first PGlite open on a busy 2-core machine: generous. */
export const PROCESS_BOOT_TIMEOUT_MS = 90_000;

export interface Signal {
  kind: string;
  at: number;
  [key: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  /** When the process was spawned and when it said it was ready (epoch ms). */
  spawnedAt: number;
  readyAt: number;
  port: number;
  url: string;
  instance: number;
  signals: Signal[];
  output(): string;
  /** Resolves with the signals once `count` of them match. */
  waitFor(match: (signal: Signal) => boolean, count?: number, timeoutMs?: number): Promise<Signal[]>;
  /** kill -9, and wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop); the exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(options: {
  env: Record<string, string>;
  args?: string[];
}): Promise<ServerProcess> {
  const entry = await bundleTestServer();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [entry, ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let pending = "";
  const signals: Signal[] = [];
  const listeners = new Set<() => void>();
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith(SIGNAL_PREFIX))
        signals.push(JSON.parse(line.slice(SIGNAL_PREFIX.length)) as Signal);
    }
    for (const listener of listeners) listener();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.once("exit", () => {
    for (const listener of listeners) listener();
  });

  const waitFor = (match: (signal: Signal) => boolean, count = 1, timeoutMs = 60_000) =>
    new Promise<Signal[]>((resolve, reject) => {
      const check = () => {
        const found = signals.filter(match);
        if (found.length >= count) {
          done();
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(
            new Error(`server exited (${child.exitCode ?? child.signalCode}) while waiting:\n${output}`),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`timed out waiting (${signals.filter(match).length}/${count}):\n${output.slice(-4000)}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  let ready: Signal;
  try {
    [ready] = (await waitFor((s) => s.kind === "ready", 1, PROCESS_BOOT_TIMEOUT_MS)) as [Signal];
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const port = ready.port as number;
  return {
    child,
    spawnedAt,
    readyAt: ready.at,
    port,
    url: `http://127.0.0.1:${port}`,
    instance: ready.instance as number,
    signals,
    output: () => output,
    waitFor,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

export interface ProcessDatabase {
  kind: "pglite" | "postgres";
  /** DATABASE_URL and DATA_DIR for the server processes. */
  env: Record<string, string>;
  /**
   * Opens the database in the test process for `work`, then closes it. The embedded database belongs to
   * one process at a time: call it only while no server runs on it.
   */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** A migrated database of its own: an embedded one in a fresh folder, or one on TEST_DATABASE_URL's server. */
export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-crash-")), "data");
  const adminUrl = process.env.TEST_DATABASE_URL;
  let open: () => Promise<Database>;
  let env: Record<string, string>;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `smm_crash_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    open = () => openDatabase({ url: url.toString(), maxConnections: 2 });
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    env = { DATABASE_URL: "", DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir: join(dataDir, "pg"), maxConnections: 2 });
  }
  let migrated = false;
  return {
    kind: adminUrl ? "postgres" : "pglite",
    env,
    async use(work) {
      const database = await open();
      try {
        if (!migrated) await migrateDatabase(database);
        migrated = true;
        return await work(database);
      } finally {
        await database.close();
      }
    },
    async drop() {
      await dropDatabase();
      rmSync(join(dataDir, ".."), { recursive: true, force: true });
    },
  };
}
