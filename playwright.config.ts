import { defineConfig, devices } from "@playwright/test";

/*
 * End-to-end tests drive the real server (PGlite, outbox mailer) and the built web app in Debian's Chromium.
 * The webServer command builds apps/web first (`npm run build -w @smm/web`, about two seconds), then starts
 * the server through tests/e2e/start-server.ts, which wipes test-results/e2e-data so every run starts empty.
 */
// E2E_PORT lets several suites run side by side on one machine (each gets its own data dir).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = PORT === 3100 ? "test-results/e2e-data" : `test-results/e2e-data-${PORT}`;
const WEB_DIST = PORT === 3100 ? undefined : `${process.cwd()}/test-results/web-dist-${PORT}`;
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Artifacts live beside (not above) the server's data dir, so Playwright's output cleanup never touches it.
  outputDir: PORT === 3100 ? "test-results/e2e-artifacts" : `test-results/e2e-artifacts-${PORT}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that only passes on a second try is a bug to fix, not to hide.
  retries: 0,
  // Two workers on the two-core CI machine too: alone, without traces, the suite took 383 s with two and
  // 540 s with one (estimated from the same specs' 109 s against 147 s), all 112 passing (2026-11-28): a
  // test spends much of its time waiting on the page, and the other worker fills that time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [
    ["list"],
    [
      "json",
      {
        outputFile: PORT === 3100 ? "test-results/e2e-results.json" : `test-results/e2e-results-${PORT}.json`,
      },
    ],
  ],
  use: {
    baseURL,
    // A trace records a DOM snapshot at every action and a screencast throughout: on CI that was 40% more CPU
    // for the whole suite (busy 229 against 164 CPU-s on the same specs, measured 2026-11-28), so CI keeps the
    // failure's screenshot and error context only. E2E_TRACE=retain-on-failure brings traces back there.
    trace: process.env.E2E_TRACE === "retain-on-failure" || !process.env.CI ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    // CI builds the web app once beforehand (E2E_SKIP_BUILD); a local run builds what it serves.
    command: `${process.env.E2E_SKIP_BUILD && !WEB_DIST ? "" : `${WEB_DIST ? `WEB_OUT_DIR=${WEB_DIST} ` : ""}npm run build -w @smm/web && node --import tsx scripts/make-pglite-template.ts && `}node --import tsx tests/e2e/start-server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      ...(WEB_DIST ? { WEB_DIST } : {}),
      // Every test signs up and in from 127.0.0.1; the production default (10/min) would throttle the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
