import type { Database } from "@smm/domain/db";
import type { AddressedEvent } from "@smm/domain/events";
import { createTestDatabase } from "@smm/test-support/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchNotifications, createPostgresEventBus } from "./event-bus";

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("batchNotifications", () => {
  it("sends a lone event at once, and what arrives meanwhile together in the next statement", async () => {
    const sent: string[][] = [];
    const landings: ReturnType<typeof deferred>[] = [];
    const notify = batchNotifications((payloads) => {
      sent.push(payloads);
      const landing = deferred();
      landings.push(landing);
      return landing.promise;
    });

    const first = notify("a");
    await Promise.resolve();
    expect(sent).toEqual([["a"]]);
    const rest = [notify("b"), notify("c"), notify("d")];
    await Promise.resolve();
    expect(sent).toEqual([["a"]]);

    landings[0]?.resolve();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([["a"], ["b", "c", "d"]]);
    landings[1]?.resolve();
    await Promise.all(rest);
  });

  it("fails only the publishers of a statement that failed; the next batch still goes", async () => {
    let calls = 0;
    const notify = batchNotifications(async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection lost");
    });
    const failed = notify("a");
    const next = notify("b");
    await expect(failed).rejects.toThrow("connection lost");
    await expect(next).rejects.toThrow("connection lost");
    await expect(notify("c")).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});

// NOTIFY needs a real PostgreSQL server: PGlite's single backend does not fan out to another connection.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the PostgreSQL event bus", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("delivers every event of a burst, in order, to a listener on another connection", async () => {
    const publisher = createPostgresEventBus(database.sql);
    const listener = createPostgresEventBus(database.sql);
    const received: AddressedEvent[] = [];
    const unsubscribe = await listener.subscribe((message) => received.push(message));
    try {
      const brandIds = Array.from({ length: 25 }, (_, i) => `brand-${i}`);
      await Promise.all(
        brandIds.map((brandId) => publisher.publish("user-1", { type: "brand.changed", brandId })),
      );
      const deadline = Date.now() + 5000;
      while (received.length < brandIds.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received.map((message) => message.userId)).toEqual(brandIds.map(() => "user-1"));
      expect(received.map((message) => message.event)).toEqual(
        brandIds.map((brandId) => ({ type: "brand.changed", brandId })),
      );
    } finally {
      await unsubscribe();
      await listener.close();
      await publisher.close();
    }
  });
});
