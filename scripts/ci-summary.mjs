// Reads the runners' JSON reports (vitest and Playwright) and prints per-suite and total counts.
// Exit code 1 when a report is missing, any test failed, or no test ran at all.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const totalOnly = args[0] === "--total";
const files = totalOnly ? args.slice(1) : args;

let passed = 0;
let failed = 0;
let skipped = 0;
let problems = 0;

for (const file of files) {
  if (!existsSync(file)) {
    if (!totalOnly) console.log(`${file}: missing (the suite did not run)`);
    failed += 1;
    problems += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  let p = 0;
  let f = 0;
  let s = 0;
  if (report.stats && "expected" in report.stats) {
    // Playwright: flaky tests passed on retry; count them as passed but say so.
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
    if (!totalOnly && report.stats.flaky) console.log(`${file}: ${report.stats.flaky} flaky`);
  } else {
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (!totalOnly) console.log(`${file}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}

if (passed + failed === 0) problems += 1;
console.log(`${passed} passed, ${failed} failed${totalOnly ? "" : `, ${skipped} skipped`}`);
process.exit(failed > 0 || problems > 0 ? 1 : 0);
