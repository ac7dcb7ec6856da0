import { setImmediate as nextTurn } from "node:timers/promises";
import { getRequestStateAsyncLocalStorage } from "@better-auth/core/context";
import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import { afterAll, beforeAll, expect, it } from "vitest";
// Importing the server's auth module scopes better-auth's storages, as it does in the server.
import "../auth";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** better-auth's request state is a WeakMap keyed by objects; one key stands for "which call is this". */
const CALL = {};
const callState = (name: string) => new WeakMap<object, unknown>([[CALL, name]]);

/** Node's promise hooks mark every new promise with its async id while any AsyncLocalStorage is on. */
const promisesTracked = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0;

/** Node turns the hooks off lazily; two turns of the event loop are enough. */
async function settle() {
  await nextTurn();
  await nextTurn();
}

it("turns Node's promise hooks off once no better-auth call is under way", async () => {
  const { cookie } = await signUpVerifiedUser(ctx);
  const me = await jsonRequest(ctx, "/api/me", { cookie });
  expect(me.status).toBe(200);
  await settle();
  expect(promisesTracked()).toBe(false);

  // The next call turns them on again, and its answer is right.
  const session = await ctx.auth.api.getSession({ headers: new Headers({ cookie }) });
  expect(session?.user.email).toContain("@example.com");
  await settle();
  expect(promisesTracked()).toBe(false);
});

it("keeps a long call's store while shorter calls begin and end around it", async () => {
  const storage = await getRequestStateAsyncLocalStorage();
  const seen: unknown[] = [];
  const long = storage.run(callState("long"), async () => {
    for (let turn = 0; turn < 5; turn++) {
      await settle();
      seen.push(storage.getStore()?.get(CALL));
    }
  });
  for (let i = 0; i < 3; i++) {
    await storage.run(callState(`short ${i}`), async () => {
      await nextTurn();
      expect(storage.getStore()?.get(CALL)).toBe(`short ${i}`);
    });
    await settle();
  }
  await long;
  expect(seen).toEqual(["long", "long", "long", "long", "long"]);
  await settle();
  expect(promisesTracked()).toBe(false);
  expect(storage.getStore()).toBeUndefined();
});

it("ends the call when its callback throws, and answers again afterwards", async () => {
  const storage = await getRequestStateAsyncLocalStorage();
  expect(() =>
    storage.run(new WeakMap(), () => {
      throw new Error("boom");
    }),
  ).toThrow("boom");
  await expect(
    storage.run(new WeakMap(), async () => {
      await nextTurn();
      throw new Error("late boom");
    }),
  ).rejects.toThrow("late boom");
  await settle();
  expect(promisesTracked()).toBe(false);
  const again = await storage.run(callState("again"), async () => {
    await settle();
    return storage.getStore()?.get(CALL);
  });
  expect(again).toBe("again");
});
