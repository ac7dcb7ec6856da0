import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { serverInstances } from "../db/schema";

/** First key of every instance's advisory lock (the second is the instance id): "SMM" and a 1. */
export const INSTANCE_LOCK_NAMESPACE = 0x534d4d01;
/** How often a running instance says it is alive. */
export const INSTANCE_HEARTBEAT_MS = 10_000;
/**
 * An instance silent this long is gone even if its session lock is still held (a frozen process, a
 * connection the database has not noticed dropping). Three missed heartbeats.
 */
export const INSTANCE_STALE_AFTER_MS = 30_000;

export interface InstanceLiveness {
  /** Heartbeats older than this make an instance gone; explicit in tests, INSTANCE_STALE_AFTER_MS otherwise. */
  staleAfterMs?: number;
}

/**
 * True (in SQL) when the instance with that id is no longer running: no row, a stale heartbeat, or nobody
 * holds its session lock. A process that dies takes its database session with it, and with the session its
 * lock, so the last case tells at once (kill -9, a crashed host whose connection was reset); the heartbeat
 * catches what the lock cannot. Evaluated with the database's clock, so the instances' clocks need not agree.
 */
export function instanceIsGone(instanceId: AnyColumn | SQL, options: InstanceLiveness = {}): SQL {
  const staleMs = options.staleAfterMs ?? INSTANCE_STALE_AFTER_MS;
  return sql`not exists (
    select 1 from ${serverInstances} live
    where live.id = ${instanceId}
      and live.heartbeat_at > now() - make_interval(secs => ${staleMs / 1000})
      and exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.classid = ${INSTANCE_LOCK_NAMESPACE} and l.objid = live.id
          and l.database = (select oid from pg_database where datname = current_database())
      )
  )`;
}
