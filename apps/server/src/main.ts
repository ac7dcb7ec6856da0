import { join } from "node:path";
import { initialisePgliteDataDir } from "@smm/infra/initialise-pglite";
import { loadDotEnvFile, loadEnv } from "./env";
import { createLogger } from "./lib/logger";

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    loadDotEnvFile();
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  // A first boot on the embedded database runs initdb in a child process while this one loads the server's
  // modules; openDatabase awaits the same work (and reports its failure).
  if (!env.DATABASE_URL) initialisePgliteDataDir(join(env.dataDir, "pg")).catch(() => {});
  const { startServer } = await import("./server");
  const running = await startServer(env, logger);
  logger.info("server listening", {
    url: env.publicUrl,
    port: running.port,
    db: running.database.kind,
    bootMs: running.bootMs,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const deadline = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 5_000);
    deadline.unref();
    await running.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error("fatal: server failed to start", error);
  process.exit(1);
});
