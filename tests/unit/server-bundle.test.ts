import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { bundleServer } from "../../scripts/build-server";

/*
 * `npm start` runs the server from its esbuild bundle with plain node, not from the sources through tsx as
 * the other tests do. This boots that bundle on a fresh embedded database and checks it migrates, serves
 * the API and shuts down cleanly: paths found relative to the sources (migrations, package.json) and
 * packages loaded at run time must all still resolve from apps/server/dist.
 */
const scratch = mkdtempSync(join(tmpdir(), "smm-bundle-"));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

it("boots from its bundle, migrates a fresh database, answers, and stops on SIGTERM", async () => {
  // Beside the real output, so the bundle resolves packages and the repository the way dist/ does.
  const bundle = join(process.cwd(), "apps/server/dist", `test-${process.pid}.mjs`);
  await bundleServer(join(process.cwd(), "apps/server/src/main.ts"), bundle);
  const port = await freePort();
  const output: string[] = [];
  try {
    child = spawn(process.execPath, [bundle], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: join(scratch, "data"),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));

    let health: unknown;
    for (let attempt = 0; attempt < 600 && health === undefined; attempt++) {
      if (child.exitCode !== null) throw new Error(`the bundle exited:\n${output.join("")}`);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (response?.ok) health = await response.json();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health, output.join("")).toMatchObject({ status: "ok", db: "pglite" });

    // The app's routes are mounted (not only the health probe).
    const config = await fetch(`http://127.0.0.1:${port}/api/public-config`);
    expect(config.status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.join("")).toContain('"message":"stopped"');
  } finally {
    rmSync(bundle, { force: true });
    rmSync(`${bundle}.map`, { force: true });
  }
}, 120_000);
