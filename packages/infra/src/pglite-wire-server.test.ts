import { Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@smm/domain/db";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { openDatabase } from "./database";
import { startPgliteWireServer } from "./pglite-wire-server";

let database: Database;
let other: postgres.Sql;

beforeAll(async () => {
  database = await openDatabase({ maxConnections: 8 });
  // A second, independent client on the same backend, as pg-boss is.
  other = postgres(database.connectionString, { max: 4, prepare: false, onnotice: () => {} });
  await database.sql`create table counters (id int primary key, n int not null)`;
  await database.sql`insert into counters values (1, 0)`;
});

afterAll(async () => {
  await other?.end();
  await database?.close();
});

it("keeps concurrent parameterised queries of many connections apart", async () => {
  const queries = Array.from({ length: 200 }, (_, i) => {
    const client = i % 2 === 0 ? database.sql : other;
    return client`select ${i}::int as a, ${`text-${i}`}::text as b, ${i * 2}::int as c`.then(
      (rows) => rows[0],
    );
  });
  const rows = await Promise.all(queries);
  rows.forEach((row, i) => {
    expect(row).toEqual({ a: i, b: `text-${i}`, c: i * 2 });
  });
});

it("runs concurrent transactions one after another, never interleaved", async () => {
  const increments = Array.from({ length: 30 }, (_, i) =>
    (i % 2 === 0 ? database.sql : other).begin(async (tx) => {
      const [row] = await tx`select n from counters where id = ${1}`;
      await new Promise((resolve) => setTimeout(resolve, 2));
      await tx`update counters set n = ${(row?.n as number) + 1} where id = ${1}`;
    }),
  );
  await Promise.all(increments);
  const [row] = await database.sql`select n from counters where id = 1`;
  expect(row?.n).toBe(30);
});

it("rolls back the transaction of a client that disconnects inside it", async () => {
  const quitter = postgres(database.connectionString, { max: 1, prepare: false, onnotice: () => {} });
  await quitter`begin`;
  await quitter`update counters set n = -1 where id = 1`;
  await quitter.end({ timeout: 0 });
  const [row] = await database.sql`select n from counters where id = ${1}`;
  expect(row?.n).toBe(30);
});

it("answers a failing parameterised query with its error and keeps serving every connection", async () => {
  // Each query's Parse..Sync runs as one batch: an error inside it must end that cycle only.
  const outcomes = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const client = i % 2 === 0 ? database.sql : other;
      const query =
        i % 4 === 0
          ? client`select ${i}::int / ${0}::int as a`
          : client`select ${i}::int as a, ${`t${i}`}::text as b`;
      return query.then(
        (rows) => rows[0],
        (error: { code?: string }) => ({ error: error.code }),
      );
    }),
  );
  outcomes.forEach((outcome, i) => {
    expect(outcome).toEqual(i % 4 === 0 ? { error: "22012" } : { a: i, b: `t${i}` });
  });
  const [row] = await database.sql`select n from counters where id = ${1}`;
  expect(row?.n).toBe(30);
});

it("keeps the named statements of many connections apart and drops a closed connection's", async () => {
  const named = postgres(database.connectionString, { max: 3, onnotice: () => {} });
  const preparedNow = async () =>
    (await other`select name from pg_prepared_statements order by name`).map((row) => row.name as string);
  const before = await preparedNow();
  // The same text on three connections: postgres.js prepares it on each under a name of that connection.
  const rows = await Promise.all(
    Array.from({ length: 30 }, (_, i) => named`select ${i}::int as a, n from counters where id = ${1}`),
  );
  for (const [i, result] of rows.entries()) expect(result[0]).toEqual({ a: i, n: 30 });
  const during = await preparedNow();
  expect(during.length).toBeGreaterThan(before.length);
  await named.end({ timeout: 5 });
  await expect.poll(preparedNow).toEqual(before);
});

it("answers a connection's pipelined queries in one write per drain, each with its own rows", async () => {
  const port = Number(new URL(database.connectionString).port);
  const single = postgres(database.connectionString, { max: 1, onnotice: () => {} });
  await single`select 1`;
  // The wire server's side of a connection is the socket whose local port is the server's.
  let serverWrites = 0;
  const countServerSide = (socket: Socket) => {
    if (socket.localPort === port) serverWrites += 1;
  };
  const original = { write: Socket.prototype._write, writev: Socket.prototype._writev };
  Socket.prototype._write = function (this: Socket, ...args: Parameters<Socket["_write"]>) {
    countServerSide(this);
    return original.write.apply(this, args);
  };
  Socket.prototype._writev = function (this: Socket, ...args: Parameters<NonNullable<Socket["_writev"]>>) {
    countServerSide(this);
    return original.writev!.apply(this, args);
  };
  try {
    // Issued in one tick, postgres.js pipelines the twenty queries on its one connection.
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, i) => single`select ${i}::int as a, n from counters where id = ${1}`),
    );
    for (const [i, result] of rows.entries()) expect(result[0]).toEqual({ a: i, n: 30 });
  } finally {
    Socket.prototype._write = original.write;
    Socket.prototype._writev = original.writev;
    await single.end({ timeout: 5 });
  }
  // One write per cycle would be twenty.
  expect(serverWrites).toBeGreaterThan(0);
  expect(serverWrites).toBeLessThanOrEqual(3);
});

it("takes PGlite's lock and syncs its files once per drain, not once per query", async () => {
  const pglite = await PGlite.create();
  const server = await startPgliteWireServer(pglite);
  const client = postgres(`postgres://postgres@${server.host}:${server.port}/postgres`, {
    max: 1,
    onnotice: () => {},
  });
  try {
    await client`select 1`;
    const locks = vi.spyOn(pglite, "runExclusive");
    const syncs = vi.spyOn(pglite, "syncToFs");
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => client`select ${i}::int as a`));
    for (const [i, result] of rows.entries()) expect(result[0]).toEqual({ a: i });
    // Per query it would be twenty of each.
    expect(locks.mock.calls.length).toBeGreaterThan(0);
    expect(locks.mock.calls.length).toBeLessThanOrEqual(3);
    expect(syncs.mock.calls.length).toBeLessThanOrEqual(3);
  } finally {
    await client.end({ timeout: 5 });
    await server.close();
    await pglite.close();
  }
});
