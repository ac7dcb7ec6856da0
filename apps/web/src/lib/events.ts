import type { AppEvent } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";

import { brandKeys } from "@/lib/brands";
import { notificationKeys } from "@/lib/notifications";
import { planKeys } from "@/lib/plan";

/*
 * The realtime channel: one EventSource on GET /api/events per signed-in page, shared by every feature
 * through `subscribeToEvents` / `useAppEvent`. The server names each SSE event after its `type` and sends
 * the event itself as JSON data, after a first `ready` event once it is subscribed.
 */

export type AppEventType = AppEvent["type"];
export type AppEventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

// A record rather than an array so a new event type in the domain fails to compile until it is listed here.
const eventTypeSet: Record<AppEventType, true> = {
  "notification.created": true,
  "notification.updated": true,
  "notification.deleted": true,
  "brand.changed": true,
  "agent.settings.changed": true,
  "plan.changed": true,
  "post.changed": true,
  "inbox.changed": true,
  "generation.progress": true,
};
export const APP_EVENT_TYPES = Object.keys(eventTypeSet) as AppEventType[];

/**
 * Core spec section 4 (Post lifecycle): on channel error, time-out or close the subscription is renewed
 * after 2, 5 or 3 seconds. Repeated failures back off from there (doubling, capped) so a server that is
 * down is not asked every two seconds; the first successful `ready` resets it.
 */
export const RECONNECT_DELAYS_MS = { error: 2_000, timeout: 5_000, close: 3_000 } as const;
export type DisconnectReason = keyof typeof RECONNECT_DELAYS_MS;
export const MAX_RECONNECT_DELAY_MS = 30_000;
/** How long a connection may take to say `ready` before it counts as timed out. */
export const READY_TIMEOUT_MS = 10_000;

export function reconnectDelay(reason: DisconnectReason, failures: number): number {
  const base = RECONNECT_DELAYS_MS[reason];
  return Math.min(base * 2 ** Math.max(0, failures - 1), MAX_RECONNECT_DELAY_MS);
}

// ---- subscribers ----

type AnyListener = (event: AppEvent) => void;
const listeners = new Map<AppEventType, Set<AnyListener>>();
const resyncListeners = new Set<() => void>();

/** Calls `listener` for every event of `type` that reaches this page; returns the unsubscribe function. */
export function subscribeToEvents<T extends AppEventType>(
  type: T,
  listener: (event: AppEventOf<T>) => void,
): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  const wrapped = listener as AnyListener;
  set.add(wrapped);
  return () => {
    set.delete(wrapped);
  };
}

/**
 * Called each time the stream is (again) subscribed: events raised before - during a gap, or while the page
 * first read its data - were lost, so whoever keeps state current through events should refetch it.
 */
export function subscribeToResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => {
    resyncListeners.delete(listener);
  };
}

/** React form of `subscribeToEvents`; the latest `listener` is called without re-subscribing. */
export function useAppEvent<T extends AppEventType>(type: T, listener: (event: AppEventOf<T>) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeToEvents(type, (event) => latest.current(event)), [type]);
}

function dispatch(event: AppEvent) {
  for (const listener of listeners.get(event.type) ?? []) {
    try {
      listener(event);
    } catch (error) {
      // One feature's broken handler must not stop the others from hearing the event.
      console.error("event listener failed", event.type, error);
    }
  }
}

function dispatchResync() {
  for (const listener of resyncListeners) {
    try {
      listener();
    } catch (error) {
      console.error("resync listener failed", error);
    }
  }
}

// ---- connection status (the bell shows when live updates are paused) ----

export type LiveEventsStatus = "idle" | "connecting" | "open" | "reconnecting";
let status: LiveEventsStatus = "idle";
const statusListeners = new Set<() => void>();

function setStatus(next: LiveEventsStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function subscribeToStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export function useLiveEventsStatus(): LiveEventsStatus {
  return useSyncExternalStore(subscribeToStatus, () => status);
}

// ---- the connection ----

/** What the connection needs of an EventSource; tests hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

const createEventSource = (url: string): EventSourceLike => new EventSource(url, { withCredentials: true });

/**
 * Opens the stream and keeps it open (reconnecting as above) until the returned function is called.
 * Events go to `subscribeToEvents` listeners; the status to `useLiveEventsStatus`.
 */
export function openEventStream(
  url: string,
  createSource: (url: string) => EventSourceLike = createEventSource,
): () => void {
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everReady = false;
  let stopped = false;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearTimeout(readyTimer);
  };

  const retry = (reason: DisconnectReason) => {
    if (stopped) return;
    clearTimers();
    // EventSource would retry on its own, but at its own pace and not after an HTTP error; we decide.
    source?.close();
    source = null;
    failures += 1;
    setStatus("reconnecting");
    retryTimer = setTimeout(open, reconnectDelay(reason, failures));
  };

  function open() {
    if (stopped) return;
    if (!everReady) setStatus("connecting");
    const current = createSource(url);
    source = current;
    let ready = false;
    readyTimer = setTimeout(() => retry("timeout"), READY_TIMEOUT_MS);

    current.addEventListener("ready", () => {
      ready = true;
      clearTimeout(readyTimer);
      failures = 0;
      everReady = true;
      setStatus("open");
      // After a gap events were lost; and on the first `ready` too: what the page read before the stream
      // was subscribed may have changed since (a comment arriving while the inbox loads).
      dispatchResync();
    });
    for (const type of APP_EVENT_TYPES) {
      current.addEventListener(type, (message) => {
        try {
          const event = JSON.parse(String(message.data)) as AppEvent;
          if (event?.type === type) dispatch(event);
        } catch {
          // Not an event we understand; the next one may be.
        }
      });
    }
    // Before `ready` the channel failed to open (error); after it, an open stream ended (close).
    current.onerror = () => retry(ready ? "close" : "error");
  }

  open();
  return () => {
    stopped = true;
    clearTimers();
    source?.close();
    source = null;
    setStatus("idle");
  };
}

// However many components ask for the stream, the page holds one connection.
let holders = 0;
let closeConnection: (() => void) | null = null;

function acquireConnection(): () => void {
  holders += 1;
  closeConnection ??= openEventStream("/api/events");
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      closeConnection?.();
      closeConnection = null;
    }
  };
}

/**
 * Keeps the page connected while mounted and the shared caches current: notifications on
 * notification.*, the brand queries on brand.changed, the plan on plan.changed, and all after a reconnect.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshNotifications = () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    const refreshBrands = () => {
      void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    };
    // Another tab's checkout or cancellation changes the plan here too, without a reload.
    const refreshPlan = () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    };
    const unsubscribers = [
      subscribeToEvents("notification.created", refreshNotifications),
      subscribeToEvents("notification.updated", refreshNotifications),
      subscribeToEvents("notification.deleted", refreshNotifications),
      subscribeToEvents("brand.changed", refreshBrands),
      subscribeToEvents("plan.changed", refreshPlan),
      subscribeToResync(() => {
        refreshNotifications();
        refreshBrands();
        refreshPlan();
      }),
    ];
    const release = acquireConnection();
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      release();
    };
  }, [queryClient]);
}
