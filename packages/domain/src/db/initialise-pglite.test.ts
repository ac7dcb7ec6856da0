import { existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { initialisePgliteDataDir } from "./initialise-pglite";

it("creates the database once, in a child process, and leaves no scratch folder behind", async () => {
  const root = mkdtempSync(join(tmpdir(), "smm-init-"));
  const dataDir = join(root, "nested", "pg");
  // Two callers (main.ts and openDatabase) share one run.
  const first = initialisePgliteDataDir(dataDir);
  expect(initialisePgliteDataDir(dataDir)).toBe(first);
  await first;
  expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
  expect(readdirSync(join(root, "nested"))).toEqual(["pg"]);

  const db = await PGlite.create(dataDir);
  expect((await db.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  await db.close();

  // An existing database is left alone.
  await initialisePgliteDataDir(dataDir);
  expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
}, 60_000);

it("takes the place of an empty folder made beforehand", async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "smm-init-")), "pg");
  mkdirSync(dataDir);
  await initialisePgliteDataDir(dataDir);
  expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
}, 60_000);
