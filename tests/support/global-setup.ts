import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder } from "@smm/domain/db/migrate";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { clearResponseCheckStats, sumResponseCheckStats } from "./response-check-stats";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Booting PGlite from scratch costs ~3 s per test file; loading a migrated snapshot ~0.6 s. The snapshot
 * is keyed by the migrations' content, so a new migration makes a new one.
 */
export default async function setup(project: TestProject) {
  clearResponseCheckStats();
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return reportResponseChecks;
  }
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(join(migrationsFolder, file)));
  }
  hash.update(readFileSync(join(migrationsFolder, "meta", "_journal.json")));
  const path = join(tmpdir(), `smm-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const pglite = await PGlite.create();
    await migrate(drizzle(pglite), { migrationsFolder });
    const dump = await pglite.dumpDataDir("none");
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
  }
  project.provide("pgliteTemplate", path);
  return reportResponseChecks;
}

/** After the run: how many answers were checked against their declared schemas, and any drift. */
function reportResponseChecks() {
  const { checked, routes, failures } = sumResponseCheckStats();
  console.log(
    `Response checks: ${checked} answers checked against their declared schemas (${routes} declared routes).`,
  );
  for (const failure of failures) console.log(`  drift: ${failure}`);
}
