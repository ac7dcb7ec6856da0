import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * Vitest starts the files it has seen take longest first, from the durations it caches in node_modules/.vite;
 * a clean clone (CI) has no such cache, so it goes by file size and may start a long file last, with every
 * other worker idle until it ends: on PostgreSQL, multi-instance.test.ts (80 s) began at 171 s of a 251 s
 * pass in which everything else was done at 167 s (2026-11-29). These files, the slowest of either pass
 * measured that day (seconds), start first in that order; a file missing here only starts later.
 */
const SLOWEST_FILES: Record<string, number> = {
  "apps/server/src/jobs/multi-instance.test.ts": 80,
  "apps/server/src/routes/tools-fuzz.test.ts": 52,
  "apps/server/src/jobs/crash-recovery.test.ts": 46,
  "packages/infra/src/initialise-pglite.test.ts": 33,
  "apps/server/src/jobs/channels-crash.test.ts": 28,
  "apps/server/src/main.test.ts": 25,
  "apps/server/src/jobs/meta-faults.test.ts": 24,
  "apps/server/src/chat/scripted-tools.test.ts": 18,
  "apps/server/src/jobs/meta-crash.test.ts": 17,
  "apps/server/src/adapters/sharp-imaging.test.ts": 15,
  "apps/server/src/routes/chat.test.ts": 10,
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (file: TestSpecification) =>
      SLOWEST_FILES[relative(process.cwd(), file.moduleId).replaceAll("\\", "/")] ?? 0;
    // Array.prototype.sort is stable: the files not listed keep Vitest's own order after the listed ones.
    return sorted.sort((a, b) => seconds(b) - seconds(a));
  }
}
