import { execFile } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { execPath, pid } from "node:process";
import { promisify } from "node:util";

/*
 * PGlite's memory is WebAssembly memory: it grows and is never given back, and initdb grows it a lot. The
 * first boot therefore creates the data folder in a short-lived child process, so the server itself only
 * ever opens an existing database. This module imports nothing heavy, so main.ts can start it before it
 * loads the rest of the server and the two overlap.
 */
const pending = new Map<string, Promise<void>>();

export function initialisePgliteDataDir(dataDir: string): Promise<void> {
  const existing = pending.get(dataDir);
  if (existing) return existing;
  const work = (async () => {
    if (existsSync(join(dataDir, "PG_VERSION"))) return;
    // PGlite does not create parent folders itself. initdb writes into a scratch folder that is renamed into
    // place when complete, so a first boot killed half-way never leaves a half-made database behind.
    mkdirSync(dirname(dataDir), { recursive: true });
    const scratch = `${dataDir}.init-${pid}`;
    rmSync(scratch, { recursive: true, force: true });
    const moduleUrl = import.meta.resolve("@electric-sql/pglite");
    const script = `const { PGlite } = await import(${JSON.stringify(moduleUrl)});
const db = await PGlite.create(${JSON.stringify(scratch)});
await db.close();`;
    await promisify(execFile)(execPath, ["--input-type=module", "-e", script], { timeout: 120_000 });
    // An empty folder left by an earlier attempt (or made by hand) gives way; a non-empty one is an error.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(scratch, dataDir);
  })();
  pending.set(dataDir, work);
  // A failed attempt may be retried by a later call.
  work.catch(() => pending.delete(dataDir));
  return work;
}
