import { loadDotEnvFile, loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { startServer } from "./server";

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
