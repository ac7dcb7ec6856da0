import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { findRepoRoot } from "./repo-root";

/*
 * Screens, the chat and jobs branch on an error's reason, never on its wording (issue 29): a message may be
 * reworded or translated, a reason is a contract. This scans every source file of apps/ and packages/ (tests
 * aside: they may check the exact product text) for a comparison of an error message. The same search by
 * hand:
 *   grep -rnE "\.message *(===|!==|==|!=) *[^=]|[!=]==? *[A-Za-z_.]*\.message\b|\.message\??\.(startsWith|endsWith|includes|match|search)\(" apps packages --include=*.ts --include=*.tsx | grep -v "\.test\.ts" | grep -v node_modules | grep -v "typeof"
 */
const root = findRepoRoot(import.meta.url);

const comparisons = [
  /\.message\s*(===|!==|==|!=)\s*[^=]/,
  /[!=]==?\s*[A-Za-z_$][\w$.]*\.message\b/,
  /\.message\??\.(startsWith|endsWith|includes|match|search|localeCompare)\(/,
];

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The lines that compare an error's message (a `typeof x.message` check is not a comparison of it). */
export function findMessageComparisons(source: string): string[] {
  return source
    .split("\n")
    .filter((line) => !/typeof\s+[\w$.]*\.message/.test(line))
    .filter((line) => comparisons.some((pattern) => pattern.test(line)));
}

describe("error branching", () => {
  it("recognises the comparisons it bans and lets a typeof check through", () => {
    expect(findMessageComparisons('if (error.message === "Nope") retry();')).toHaveLength(1);
    expect(findMessageComparisons("if (NOT_FOUND !== caught.message) x();")).toHaveLength(1);
    expect(findMessageComparisons("const unconfirmed = row.message.startsWith(PREFIX);")).toHaveLength(1);
    expect(
      findMessageComparisons("const m = typeof value.message === 'string' ? value.message : d;"),
    ).toEqual([]);
    expect(findMessageComparisons("if (hasReason(error, 'post_not_approved')) open();")).toEqual([]);
  });

  it("no source file of apps/ or packages/ branches on an error's message", () => {
    const offenders: string[] = [];
    for (const dir of ["apps", "packages"]) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const line of findMessageComparisons(readFileSync(file, "utf8")))
          offenders.push(`${relative(root, file)}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
