import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { loadOrCreateAuthSecret } from "./auth";

it("generates a strong secret once and keeps it across restarts", async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "smm-secret-")), "nested");
  const first = await loadOrCreateAuthSecret(dir);
  expect(first.length).toBeGreaterThanOrEqual(48);
  expect(await loadOrCreateAuthSecret(dir)).toBe(first);
  expect(statSync(join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
});

it("prefers the configured secret", async () => {
  const dir = mkdtempSync(join(tmpdir(), "smm-secret-"));
  expect(await loadOrCreateAuthSecret(dir, "x".repeat(40))).toBe("x".repeat(40));
});
