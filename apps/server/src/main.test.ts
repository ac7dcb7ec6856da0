import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer } from "../../../scripts/build-server";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/*
 * The process as `npm start` runs it: the esbuild bundle under plain node, not the sources through tsx.
 * Built beside the real output so it resolves packages and the repository the way apps/server/dist does
 * (paths found from its own location: migrations, package.json, the web build).
 */
const bundle = join(repoRoot, "apps/server/dist", `test-${process.pid}.mjs`);
beforeAll(() => bundleServer(join(repoRoot, "apps/server/src/main.ts"), bundle));
afterAll(() => {
  rmSync(bundle, { force: true });
  rmSync(`${bundle}.map`, { force: true });
});

// A first boot runs initdb; on a busy 2-core machine beside other test files that can take a while.
const BOOT_TIMEOUT_MS = 90_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as { status: string; db: string };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not become healthy");
}

async function bootAndStop(extraEnv: Record<string, string>) {
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-boot-")), "data");
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, BOOT_TIMEOUT_MS);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    const code = await exited;
    return { health, code, dataDir, output };
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

describe("server process", () => {
  it(
    "boots on embedded defaults and shuts down cleanly on SIGTERM",
    async () => {
      const { health, code, dataDir, output } = await bootAndStop({ DATABASE_URL: "" });
      expect(health).toMatchObject({ status: "ok", db: "pglite" });
      expect(code, output).toBe(0);
      expect(existsSync(join(dataDir, "pg"))).toBe(true);
      expect(existsSync(join(dataDir, "auth-secret"))).toBe(true);
    },
    BOOT_TIMEOUT_MS + 30_000,
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "boots on PostgreSQL when DATABASE_URL is set",
    async () => {
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const name = `smm_boot_${randomBytes(4).toString("hex")}`;
      await admin.unsafe(`create database "${name}"`);
      try {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const { health, code, output } = await bootAndStop({ DATABASE_URL: url.toString() });
        expect(health).toMatchObject({ status: "ok", db: "postgres" });
        expect(code, output).toBe(0);
      } finally {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    BOOT_TIMEOUT_MS + 30_000,
  );

  it("refuses to start with a bad variable and names it", async () => {
    const child = spawn(process.execPath, [bundle], {
      cwd: repoRoot,
      env: { ...process.env, PORT: "not-a-port" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
  });
});
