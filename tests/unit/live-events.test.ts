import type { AppEvent } from "@smm/domain/events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type EventSourceLike,
  MAX_RECONNECT_DELAY_MS,
  openEventStream,
  reconnectDelay,
  subscribeToEvents,
  subscribeToResync,
} from "@/lib/events";

/** Stands in for the browser's EventSource: the test plays the server's part. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

const latest = () => FakeEventSource.opened.at(-1)!;
const open = () => openEventStream("/api/events", (url) => new FakeEventSource(url));

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("reconnectDelay (core spec section 4: re-subscribe after 2, 5 or 3 s on error, time-out, close)", () => {
  it("starts at the spec's delay and backs off on repeated failures, capped", () => {
    expect(reconnectDelay("error", 1)).toBe(2_000);
    expect(reconnectDelay("timeout", 1)).toBe(5_000);
    expect(reconnectDelay("close", 1)).toBe(3_000);
    expect(reconnectDelay("error", 2)).toBe(4_000);
    expect(reconnectDelay("error", 3)).toBe(8_000);
    expect(reconnectDelay("timeout", 10)).toBe(MAX_RECONNECT_DELAY_MS);
  });
});

describe("openEventStream", () => {
  it("delivers each event to the listeners of its type only", () => {
    const created: AppEvent[] = [];
    const brands: AppEvent[] = [];
    const offCreated = subscribeToEvents("notification.created", (event) => created.push(event));
    const offBrands = subscribeToEvents("brand.changed", (event) => brands.push(event));
    const stop = open();
    const source = latest();
    source.emit("ready", {});
    const notice: AppEvent = {
      type: "notification.created",
      notification: { id: "n1", message: "Hi", kind: "info", createdAt: "2030-01-01T00:00:00Z" },
    };
    source.emit("notification.created", notice);
    source.emit("brand.changed", { type: "brand.changed", brandId: "b1" });
    // An event whose data disagrees with its name is not trusted.
    source.emit("notification.created", { type: "brand.changed", brandId: "b2" });
    expect(created).toEqual([notice]);
    expect(brands).toEqual([{ type: "brand.changed", brandId: "b1" }]);
    offCreated();
    offBrands();
    stop();
    expect(source.closed).toBe(true);
  });

  it("retries a channel that fails to open after 2 s, then backs off", () => {
    const stop = open();
    latest().fail();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().fail();
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    stop();
  });

  it("gives up on a silent connection after the ready time-out and retries 5 s later", () => {
    const stop = open();
    vi.advanceTimersByTime(10_000);
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
  });

  it("asks for a resync once subscribed, and again when a closed stream is back after 3 s", () => {
    const resyncs = vi.fn();
    const offResync = subscribeToResync(resyncs);
    const stop = open();
    expect(resyncs).not.toHaveBeenCalled();
    // The first ready: what the page read before it may have changed meanwhile.
    latest().emit("ready", {});
    expect(resyncs).toHaveBeenCalledTimes(1);
    latest().fail();
    vi.advanceTimersByTime(2_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().emit("ready", {});
    expect(resyncs).toHaveBeenCalledTimes(2);
    offResync();
    stop();
  });

  it("stops retrying once closed", () => {
    const stop = open();
    latest().fail();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
