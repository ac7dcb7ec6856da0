import { defineConfig, devices } from "@playwright/test";

/*
 * End-to-end tests drive the real server (PGlite, outbox mailer) and the built web app in Debian's Chromium.
 * The webServer command builds apps/web first (`npm run build -w @smm/web`, about two seconds), then starts
 * the server through tests/e2e/start-server.ts, which wipes test-results/e2e-data so every run starts empty.
 */
const PORT = 3100;
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Artifacts live beside (not above) the server's data dir, so Playwright's output cleanup never touches it.
  outputDir: "test-results/e2e-artifacts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that only passes on a second try is a bug to fix, not to hide.
  retries: 0,
  // Two cores on CI machines: one worker leaves the other to the server.
  workers: process.env.CI ? 1 : 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
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
    command: "npm run build -w @smm/web && node --import tsx tests/e2e/start-server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: "test-results/e2e-data",
      // Every test signs up and in from 127.0.0.1; the production default (10/min) would throttle the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
