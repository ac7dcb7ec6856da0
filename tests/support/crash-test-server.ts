/*
 * TESTS ONLY: the real server (startServer, as main.ts runs it) with two things slowed so a test can kill
 * the process at a chosen point: the social network answers `--publish-delay-ms` after it has taken a post,
 * and the model takes `--write-delay-ms` to write a caption. It prints one "@@test {json}" line on stdout for
 * each network publish, each caption started, each event it publishes, and when it is ready. Not part of the
 * product: nothing in the environment selects it.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../../apps/server/src/env";
import { createLogger } from "../../apps/server/src/lib/logger";
import { startServer } from "../../apps/server/src/server";

const { values } = parseArgs({
  options: {
    "publish-delay-ms": { type: "string", default: "0" },
    "write-delay-ms": { type: "string", default: "0" },
    /** Only posts of this platform are held (the others answer at once); absent: every post. */
    "hold-platform": { type: "string" },
    /** A fake network's port on 127.0.0.1 the channel providers' SSRF guard lets through. */
    "allow-port": { type: "string", multiple: true, default: [] },
  },
});
const holdPlatform = values["hold-platform"];
const allowedPorts = new Set((values["allow-port"] ?? []).map(Number));
const publishDelayMs = Number(values["publish-delay-ms"]);
const writeDelayMs = Number(values["write-delay-ms"]);

export const SIGNAL_PREFIX = "@@test ";
const signal = (data: Record<string, unknown>) =>
  process.stdout.write(`${SIGNAL_PREFIX}${JSON.stringify({ at: Date.now(), ...data })}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const running = await startServer(env, logger, {
  events: (bus) => ({
    ...bus,
    async publish(userId, event) {
      await bus.publish(userId, event);
      signal({ kind: "event", userId, event });
    },
  }),
  social: (network) => ({
    ...network,
    async publish(request) {
      const result = await network.publish(request);
      // The network holds the post now; its answer is still on the way.
      signal({ kind: "network.published", postId: request.postId, platform: request.platform });
      if (!holdPlatform || holdPlatform === request.platform) await sleep(publishDelayMs);
      return result;
    },
  }),
  ...(allowedPorts.size > 0
    ? {
        channelTesting: {
          allowAddress: (address: string, port: number) => address === "127.0.0.1" && allowedPorts.has(port),
        },
      }
    : {}),
  jobsAi: (ai) => ({
    ...ai,
    async writePost(request) {
      signal({ kind: "ai.writing" });
      await sleep(writeDelayMs);
      return ai.writePost(request);
    },
  }),
});
signal({ kind: "ready", port: running.port, instance: running.jobs.instance.id, bootMs: running.bootMs });

let stopping = false;
process.on("SIGTERM", () => {
  if (stopping) return;
  stopping = true;
  void running.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
