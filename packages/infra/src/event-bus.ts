import { EventEmitter } from "node:events";
import type { AddressedEvent, AppEvent, EventBus } from "@smm/domain/events";
import type postgres from "postgres";

export const EVENTS_CHANNEL = "smm_events";
/** PostgreSQL caps a NOTIFY payload at 8000 bytes; events are small by design, this guards the rule. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Real PostgreSQL: NOTIFY on publish, one LISTEN connection per instance, so an event raised on any
 * instance (a job worker, another web node) reaches the browser connected to this one.
 */
export function createPostgresEventBus(sql: postgres.Sql): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let listening: Promise<{ unlisten: () => Promise<void> }> | null = null;

  const ensureListening = () => {
    listening ??= sql.listen(EVENTS_CHANNEL, (payload) => {
      try {
        local.emit("event", JSON.parse(payload) as AddressedEvent);
      } catch {
        // A malformed payload is not ours to deliver.
      }
    });
    return listening;
  };

  const notify = batchNotifications((payloads) =>
    sql`select pg_notify(${EVENTS_CHANNEL}, payload) from unnest(${sql.array(payloads)}::text[]) as payload`.then(
      () => undefined,
    ),
  );

  return {
    async publish(userId: string, event: AppEvent) {
      const payload = JSON.stringify({ userId, event } satisfies AddressedEvent);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`event ${event.type} is too large to notify`);
      await notify(payload);
    },
    async subscribe(listener) {
      await ensureListening();
      local.on("event", listener);
      return async () => {
        local.off("event", listener);
      };
    },
    async close() {
      local.removeAllListeners();
      if (listening) await (await listening).unlisten();
      listening = null;
    },
  };
}

/**
 * Group notify: events published while a NOTIFY is on its way go together in the next one, so a burst of
 * saves costs one round trip instead of one each, and a lone event still goes at once. Every publisher
 * waits for the statement that carries its event. PostgreSQL delivers identical payloads of one statement
 * once; events are change signals, so that loses nothing.
 */
export function batchNotifications(
  send: (payloads: string[]) => Promise<void>,
): (payload: string) => Promise<void> {
  let waiting: { payloads: string[]; done: Promise<void> } | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  return (payload) => {
    if (!waiting) {
      const batch: { payloads: string[]; done: Promise<void> } = { payloads: [], done: Promise.resolve() };
      // Leaves once the previous batch has landed: at the earliest after this tick's publishers joined.
      batch.done = inFlight.then(() => {
        waiting = null;
        return send(batch.payloads);
      });
      inFlight = batch.done.catch(() => undefined);
      waiting = batch;
    }
    waiting.payloads.push(payload);
    return waiting.done;
  };
}

/**
 * Embedded PGlite is one process by construction, so an in-process emitter is the whole fan-out;
 * notifications through its shared socket backend would not reach a separate listening connection.
 */
export function createLocalEventBus(): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  return {
    async publish(userId, event) {
      // Delivered after the caller's transaction code continues, as NOTIFY would be.
      queueMicrotask(() => local.emit("event", { userId, event } satisfies AddressedEvent));
    },
    async subscribe(listener) {
      local.on("event", listener);
      return async () => {
        local.off("event", listener);
      };
    },
    async close() {
      local.removeAllListeners();
    },
  };
}
