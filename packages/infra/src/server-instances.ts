/*
 * The registry of running server instances (a row and a session-held advisory lock each, with heartbeats):
 * infrastructure the jobs run on. What the domain asks of it, whether an instance is gone, is
 * @smm/domain/instances (liveness.ts).
 */
import { hostname } from "node:os";
import { pid } from "node:process";
import type { DbExecutor } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import * as schema from "@smm/domain/db/schema";
import { serverInstances } from "@smm/domain/db/schema";
import { INSTANCE_LOCK_NAMESPACE, type InstanceLiveness, instanceIsGone } from "@smm/domain/instances";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/**
 * The connection an instance keeps for as long as it lives (no idle or age limit), whose session holds its
 * lock. Unnamed statements only: on the embedded database every client shares one backend.
 */
export function openInstanceConnection(connectionString: string): { db: Db; close(): Promise<void> } {
  const connection = postgres(connectionString, {
    max: 1,
    max_lifetime: null,
    prepare: false,
    onnotice: () => {},
  });
  return { db: drizzle(connection, { schema }), close: () => connection.end({ timeout: 5 }) };
}

/**
 * Adds this process to the table and takes its session lock in the same transaction, on the connection
 * that will keep the lock: the row is never visible without its lock, so no other instance can take it for
 * a dead one. `db` must be that dedicated connection.
 */
export async function registerServerInstance(db: DbExecutor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serverInstances)
      .values({ host: hostname(), pid })
      .returning({ id: serverInstances.id });
    if (!row) throw new Error("server instance insert returned no row");
    await tx.execute(sql`select pg_advisory_lock(${INSTANCE_LOCK_NAMESPACE}, ${row.id})`);
    return row.id;
  });
}

/**
 * Says this instance is alive and makes sure its connection still holds the lock (a reconnect loses it).
 * False when the row is gone: another instance found this one dead (frozen too long) and took its runs
 * over, so it must register again under a new id.
 */
export async function recordHeartbeat(db: DbExecutor, instanceId: number): Promise<boolean> {
  await db.execute(sql`select case
    when exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.pid = pg_backend_pid()
        and l.classid = ${INSTANCE_LOCK_NAMESPACE} and l.objid = ${instanceId}
    ) then true
    else pg_try_advisory_lock(${INSTANCE_LOCK_NAMESPACE}, ${instanceId})
  end`);
  const [row] = await db
    .update(serverInstances)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(serverInstances.id, instanceId))
    .returning({ id: serverInstances.id });
  return Boolean(row);
}

/** Removes the rows of instances that are gone (never `self`); returns their ids. */
export async function removeGoneInstances(
  db: DbExecutor,
  self: number,
  options: InstanceLiveness = {},
): Promise<number[]> {
  const rows = await db
    .delete(serverInstances)
    .where(and(sql`${serverInstances.id} <> ${self}`, instanceIsGone(serverInstances.id, options)))
    .returning({ id: serverInstances.id });
  return rows.map((row) => row.id);
}

/**
 * Start-up work that two instances booting at once must not do together (pg-boss deadlocks when two create
 * the same queue). Held by the session of `db`, the instance's own connection; key 0 is no instance's.
 */
export async function withStartupLock<T>(db: DbExecutor, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`select pg_advisory_lock(${INSTANCE_LOCK_NAMESPACE}, 0)`);
  try {
    return await work();
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${INSTANCE_LOCK_NAMESPACE}, 0)`);
  }
}

/** A clean stop: the row and the lock go, so whatever this instance still held is taken over at once. */
export async function removeServerInstance(db: DbExecutor, instanceId: number): Promise<void> {
  await db.delete(serverInstances).where(eq(serverInstances.id, instanceId));
  // This lock only: on the embedded database every connection of the process shares one session.
  await releaseInstanceLock(db, instanceId);
}

export async function releaseInstanceLock(db: DbExecutor, instanceId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${INSTANCE_LOCK_NAMESPACE}, ${instanceId})`);
}
