import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's root folder (the one holding drizzle/ and apps/), found by walking up from a module.
 * A fixed "../../.." would break when the server runs from its bundle (apps/server/dist) instead of its
 * sources, as `npm start` does.
 */
export function findRepoRoot(moduleUrl: string): string {
  let folder = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (existsSync(join(folder, "drizzle", "meta", "_journal.json"))) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No repository root (a folder with drizzle/) above ${moduleUrl}`);
    folder = parent;
  }
}
