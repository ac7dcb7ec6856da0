// Reads the runners' JSON reports (vitest and Playwright) and prints per-suite and total counts.
// Exit code 1 when a report is missing, any test failed, or no test ran at all.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const totalOnly = args[0] === "--total";
const files = totalOnly ? args.slice(1) : args;

/** Seconds each test file took, per suite: the slowest are printed so CI time has names on it. */
const fileTimes = [];

function collectPlaywrightTimes(suite, label, into) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        const key = `${label} ${spec.file ?? suite.file}`;
        into.set(key, (into.get(key) ?? 0) + (result.duration ?? 0) / 1000);
      }
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightTimes(child, label, into);
}

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
  const label = file.replace(/^.*\//, "").replace(/\.json$/, "");
  if (!totalOnly && report.stats && "expected" in report.stats) {
    const times = new Map();
    for (const suite of report.suites ?? []) collectPlaywrightTimes(suite, label, times);
    for (const [name, seconds] of times) fileTimes.push({ name, seconds });
  } else if (!totalOnly) {
    for (const result of report.testResults ?? []) {
      const seconds = ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000;
      const name = String(result.name ?? "").replace(`${process.cwd()}/`, "");
      fileTimes.push({ name: `${label} ${name}`, seconds });
    }
  }
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

if (!totalOnly && fileTimes.length > 0) {
  console.log("slowest test files (seconds):");
  for (const { name, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
    console.log(`  ${seconds.toFixed(1).padStart(7)}  ${name}`);
  }
}

if (passed + failed === 0) problems += 1;
console.log(`${passed} passed, ${failed} failed${totalOnly ? "" : `, ${skipped} skipped`}`);
process.exit(failed > 0 || problems > 0 ? 1 : 0);
