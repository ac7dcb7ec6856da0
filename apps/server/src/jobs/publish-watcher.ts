import type { Deps } from "@smm/domain/context";
import { nextDueAt } from "@smm/domain/posts";
import type { Logger } from "../lib/logger";

/**
 * The longest this instance goes without reading the next due time: how late it may see a post another
 * instance scheduled when that instance's change signal did not reach it (the signal normally does).
 */
export const PUBLISH_WATCH_MAX_WAIT_MS = 5_000;
/** Change signals come in bursts (a storm publishes thousands a minute): at most one read per this. */
const READ_SPACING_MS = 100;
/**
 * After a run that settled nothing while the posts it saw still look due: the first wait before trying again,
 * doubled at each such run up to the capped wait.
 */
const STUCK_RETRY_MS = 1_000;

export interface PublishWatcher {
  /**
   * A run now, or right after the one in progress; settles as that run does (resolves at once once stopped),
   * so the sweep's job fails when its run fails, as before.
   */
  runNow(): Promise<void>;
  /** Takes no more work, lets the run in progress finish and leaves no timer behind. */
  stop(): Promise<void>;
}

/**
 * Publishes each post at its second rather than at the next minute's sweep. The post's row is the job: this
 * instance reads the soonest due time (nextDueAt, the due query's own predicate) and sleeps until then, so
 * an edit, a new date or a deletion needs no job of its own to change - what goes out is read when it goes.
 * Every instance watches; the claim on each row publishes a post once whichever instance wakes first.
 *
 * Runs of this instance never overlap: boot, take-over and the minute sweep (the backstop) go through
 * runNow, and a request during a run asks for one more after it. A change signal (post.changed, from any
 * instance through the event bus) makes it read again at once, so a post scheduled a few seconds ahead is
 * not missed; without one it reads again within PUBLISH_WATCH_MAX_WAIT_MS.
 */
export async function startPublishWatcher(options: {
  deps: Pick<Deps, "db" | "now" | "events">;
  logger: Logger;
  /** One publish run (the sweep's own work); what it published or failed tells progress from a stuck post. */
  run: () => Promise<{ published: number; failed: number }>;
  maxWaitMs?: number;
}): Promise<PublishWatcher> {
  const { deps, logger } = options;
  const maxWaitMs = options.maxWaitMs ?? PUBLISH_WATCH_MAX_WAIT_MS;
  let stopped = false;
  /** A post changed since the last read began: the next due time may have moved earlier. */
  let changed = false;
  /** Callers of runNow waiting for the next run to finish. */
  let waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  let interrupt: { onChange: boolean; wake: () => void } | null = null;
  let lastReadAt = Number.NEGATIVE_INFINITY;

  const sleep = (ms: number, onChange: boolean) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      interrupt = { onChange, wake };
    });

  let unsubscribe: (() => Promise<void>) | null = null;
  try {
    unsubscribe = await deps.events.subscribe(({ event }) => {
      // A deletion never brings a due time forward: the timer set for it finds nothing and reads again.
      if (event.type !== "post.changed" || event.change === "deleted") return;
      changed = true;
      if (interrupt?.onChange) interrupt.wake();
    });
  } catch (error) {
    // Without the signals the capped wait still sees every change, only later.
    logger.warn("publish watcher hears no post changes", { error: (error as Error).message });
  }

  /** The next due time; undefined when it could not be read. */
  async function readNextDue(): Promise<Date | null | undefined> {
    const spacing = lastReadAt + READ_SPACING_MS - Date.now();
    if (spacing > 0) await sleep(spacing, false);
    if (stopped) return undefined;
    changed = false;
    lastReadAt = Date.now();
    try {
      return await nextDueAt(deps);
    } catch (error) {
      logger.warn("next due post not read", { error: (error as Error).message });
      return undefined;
    }
  }

  async function watch(): Promise<void> {
    // After a run that settled nothing: posts due by `dueBy` are left alone until `until` (they are someone
    // else's, changed under the run, or failing to be written), so a stuck row cannot make the loop spin.
    let stuck: { dueBy: number; until: number; runs: number } | null = null;
    while (!stopped) {
      // Whether this run goes back to posts an idle run before it already saw due.
      let again = false;
      if (waiting.length === 0) {
        const next = await readNextDue();
        if (stopped) break;
        if (waiting.length === 0) {
          let holdMs = next == null ? maxWaitMs : next.getTime() - deps.now().getTime();
          again = stuck !== null && next != null && next.getTime() <= stuck.dueBy;
          if (again && stuck) holdMs = Math.max(holdMs, stuck.until - Date.now());
          if (holdMs > 0) {
            // A change during the read: read again rather than sleep on what may be stale.
            if (!changed) await sleep(Math.min(holdMs, maxWaitMs), true);
            continue;
          }
        }
      }
      const callers = waiting;
      waiting = [];
      const startedAt = deps.now().getTime();
      let progressed = false;
      try {
        const result = await options.run();
        progressed = result.published + result.failed > 0;
        for (const caller of callers) caller.resolve();
      } catch (error) {
        // Said once: by whoever asked for the run, else here.
        if (callers.length === 0) logger.error("publish run failed", { error: (error as Error).message });
        for (const caller of callers) caller.reject(error);
      }
      if (progressed) stuck = null;
      else {
        const runs: number = again && stuck ? stuck.runs + 1 : 1;
        stuck = {
          dueBy: startedAt,
          until: Date.now() + Math.min(STUCK_RETRY_MS * 2 ** (runs - 1), maxWaitMs),
          runs,
        };
      }
    }
    for (const caller of waiting) caller.resolve();
    waiting = [];
  }

  const watching = watch();

  return {
    runNow() {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        interrupt?.wake();
      });
    },
    async stop() {
      stopped = true;
      interrupt?.wake();
      await unsubscribe?.();
      await watching;
    },
  };
}
