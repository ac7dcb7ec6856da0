import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { requireUser } from "../middleware/session";

const HEARTBEAT_MS = 25_000;

const eventsRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Server-Sent Events for the caller: post, notification and generation-progress changes.",
  responses: {
    200: { description: "An event stream.", content: { "text/event-stream": { schema: z.string() } } },
  },
});

/** GET /api/events: the caller's own events as Server-Sent Events; proxies keep it open with heartbeats. */
export function createEventRoutes(deps: AppDeps) {
  return createRoutes().openapi(eventsRoute, (c) => {
    const user = requireUser(c);
    return streamSSE(c, async (stream) => {
      let nextId = 0;
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = await deps.events.subscribe(({ userId, event }) => {
        if (userId !== user.id) return;
        queue.push(JSON.stringify(event));
        wake?.();
      });
      const stop = () => wake?.();
      deps.shutdownSignal?.addEventListener("abort", stop);
      stream.onAbort(stop);
      deps.metrics?.countEventStream(1);
      try {
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (!stream.aborted && !stream.closed && !deps.shutdownSignal?.aborted) {
          const data = queue.shift();
          if (data) {
            const type = (JSON.parse(data) as { type: string }).type;
            await stream.writeSSE({ id: String(++nextId), event: type, data });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted && !deps.shutdownSignal?.aborted)
            await stream.write(": keep-alive\n\n");
        }
      } finally {
        deps.metrics?.countEventStream(-1);
        deps.shutdownSignal?.removeEventListener("abort", stop);
        await unsubscribe();
      }
    });
  });
}
