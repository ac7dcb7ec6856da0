import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { ensurePgliteTemplate, initialisePgliteDataDir } from "./initialise-pglite";

it("creates the database once, in a child process, and leaves no scratch folder behind", async () => {
  const root = mkdtempSync(join(tmpdir(), "smm-init-"));
  const dataDir = join(root, "nested", "pg");
  // Two callers (main.ts and openDatabase) share one run.
  const first = initialisePgliteDataDir(dataDir, { template: join(root, "no-template.tgz") });
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

it("starts from the build's template when there is one, and falls back to initdb when it is damaged", async () => {
  const root = mkdtempSync(join(tmpdir(), "smm-init-"));
  const template = join(root, "template.tgz");
  expect(await ensurePgliteTemplate(template)).toBe(true);
  expect(await ensurePgliteTemplate(template)).toBe(false);

  const fromTemplate = join(root, "a", "pg");
  await initialisePgliteDataDir(fromTemplate, { template });
  const db = await PGlite.create(fromTemplate);
  expect((await db.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  await db.close();

  const damaged = join(root, "damaged.tgz");
  writeFileSync(damaged, "not a tarball");
  const fallback = join(root, "b", "pg");
  await initialisePgliteDataDir(fallback, { template: damaged });
  expect(existsSync(join(fallback, "PG_VERSION"))).toBe(true);
}, 90_000);
