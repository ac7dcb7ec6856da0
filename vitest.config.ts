import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer";

const label = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

// Tests of the embedded database itself (its first start, its wire server) open PGlite whatever the pass:
// on the PostgreSQL pass they would only repeat the PGlite pass (42 worker-seconds of it, 2026-11-29).
const embeddedDatabaseOnly = [
  "packages/infra/src/initialise-pglite.test.ts",
  "packages/infra/src/pglite-wire-server.test.ts",
];

// Tests that never open a database (ffmpeg and ffprobe on fixtures, providers against their fakes): the
// PostgreSQL pass would only run them a second time.
const databaseFree = [
  "packages/domain/src/media/video-checks.test.ts",
  "apps/server/src/adapters/video-tools.test.ts",
  "apps/server/src/networks/*/*-media.test.ts",
  "apps/server/src/networks/meta/*-formats.test.ts",
  "apps/server/src/adapters/s3-storage.test.ts",
  "apps/server/src/adapters/s3-video.test.ts",
  "apps/server/src/adapters/copy-uploads-to-bucket.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      // Unit tests of the web app's pure logic (tests/unit) import modules that use the app's `@/` alias.
      "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)),
      // Tests reach their shared helpers (tests/support) by name, as tsconfig.json's `paths` declares it.
      "@smm/test-support": fileURLToPath(new URL("./tests/support", import.meta.url)),
    },
  },
  test: {
    include: ["apps/server/src/**/*.test.ts", "packages/*/src/**/*.test.ts", "tests/unit/**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "tests/e2e/**",
      ...(process.env.TEST_DATABASE_URL ? [...embeddedDatabaseOnly, ...databaseFree] : []),
    ],
    pool: "forks",
    // Files share a worker's loaded modules (the server, drizzle, PGlite load once per worker, not per file):
    // no test mocks modules or stubs globals, and each file makes its own app, database and clock.
    isolate: process.env.VITEST_ISOLATE === "1",
    globalSetup: ["tests/support/global-setup.ts"],
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: `test-results/vitest-${label}.json` },
  },
});
