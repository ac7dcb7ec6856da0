import { rmSync } from "node:fs";
import { resolve } from "node:path";

// Each run starts from an empty database and outbox, so tests never see a previous run's users or mail.
const dataDir = resolve(process.env.DATA_DIR ?? "test-results/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

await import("../../apps/server/src/main");
