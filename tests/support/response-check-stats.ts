import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { responseCheckStats } from "../../apps/server/src/lib/response-checks";

/** Where each test process leaves what its response checks saw; the global teardown adds them up. */
export const RESPONSE_CHECKS_DIR = join(
  process.cwd(),
  "test-results",
  // The PGlite and PostgreSQL runs may go side by side (CI): each keeps its own.
  `response-checks-${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
);

interface SavedStats {
  checked: number;
  routes: string[];
  failures: string[];
}

/** This process's totals so far (the file is rewritten, so a process that saves twice is counted once). */
export function saveResponseCheckStats(): void {
  const stats = responseCheckStats();
  mkdirSync(RESPONSE_CHECKS_DIR, { recursive: true });
  const saved: SavedStats = { checked: stats.checked, routes: [...stats.routes], failures: stats.failures };
  writeFileSync(join(RESPONSE_CHECKS_DIR, `${process.pid}.json`), JSON.stringify(saved));
}

export function clearResponseCheckStats(): void {
  rmSync(RESPONSE_CHECKS_DIR, { recursive: true, force: true });
}

/** The run's totals: answers checked, declared routes covered, drifts found. */
export function sumResponseCheckStats(): { checked: number; routes: number; failures: string[] } {
  let checked = 0;
  const routes = new Set<string>();
  const failures: string[] = [];
  let files: string[] = [];
  try {
    files = readdirSync(RESPONSE_CHECKS_DIR);
  } catch {
    return { checked, routes: 0, failures };
  }
  for (const file of files) {
    const saved = JSON.parse(readFileSync(join(RESPONSE_CHECKS_DIR, file), "utf8")) as SavedStats;
    checked += saved.checked;
    for (const route of saved.routes) routes.add(route);
    failures.push(...saved.failures);
  }
  return { checked, routes: routes.size, failures };
}
