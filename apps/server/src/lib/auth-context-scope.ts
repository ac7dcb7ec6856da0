import type { AsyncLocalStorage } from "node:async_hooks";
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";

type Storage = AsyncLocalStorage<unknown>;

const scoped = new WeakSet<Storage>();
const storages: Storage[] = [];
let callsUnderWay = 0;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

function endCall() {
  callsUnderWay -= 1;
  if (callsUnderWay > 0) return;
  // After the continuations the call's settling released (better-auth's after-commit hooks run there),
  // and only if no other call began meanwhile.
  setImmediate(() => {
    if (callsUnderWay === 0) for (const storage of storages) storage.disable();
  });
}

function scopeStorage(storage: Storage) {
  if (scoped.has(storage)) return;
  scoped.add(storage);
  storages.push(storage);
  const run = storage.run.bind(storage) as (store: unknown, callback: () => unknown) => unknown;
  // run() switches the storage (and Node's promise hooks) on again; endCall switches it off.
  storage.run = ((store: unknown, callback: (...args: unknown[]) => unknown, ...args: unknown[]) => {
    callsUnderWay += 1;
    let result: unknown;
    try {
      result = run(store, () => callback(...args));
    } catch (error) {
      endCall();
      throw error;
    }
    if (isThenable(result)) result.then(endCall, endCall);
    else endCall();
    return result;
  }) as Storage["run"];
}

/**
 * better-auth keeps its request state in three AsyncLocalStorages. On Node 20 the first run() of any
 * AsyncLocalStorage turns on promise hooks for every promise in the process, for good: each promise then
 * costs three hook calls and a few properties, though only better-auth's own calls read those stores
 * (measured on 20 concurrent updateBrandField calls with API keys: 14 % of the server's CPU per call and a
 * fifth of what it allocates). So its storages are turned off whenever none of its calls is under way, and
 * its next call turns them on again. A store is never read outside the call that set it: the calls' own
 * continuations, after-commit hooks included, finish before the storages are turned off.
 */
export async function scopeAuthContextStorages(): Promise<void> {
  const all = await Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  for (const storage of all) scopeStorage(storage as Storage);
}
