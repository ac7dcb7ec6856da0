import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

interface Connection {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  pending: { message: Uint8Array; startup: boolean }[];
  closed: boolean;
  /** Named statements this client prepared: they live in the shared backend until deallocated. */
  statements: Set<string>;
}

/** Work of the server itself on the backend (PGlite's own API), in turn with the clients' cycles. */
interface InProcessTurn {
  run(): Promise<void>;
}

export interface PgliteWireServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves one PGlite backend to many wire-protocol clients (the app's pool and pg-boss).
 *
 * PGlite is a single backend session, so a client's extended-query cycle (Parse, Bind, Describe,
 * Execute ... Sync) and any open transaction must run without another client's messages in
 * between: the unnamed prepared statement and the transaction state are shared. Messages are
 * therefore scheduled per cycle: the client that starts a cycle owns the backend until it sends
 * Sync or a simple Query and no transaction remains open. (pglite-socket schedules per message,
 * which corrupts concurrent parameterised queries.)
 */
function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function startPgliteWireServer(db: PGlite, host = "127.0.0.1"): Promise<PgliteWireServer> {
  const connections = new Set<Connection>();
  const ready: (Connection | InProcessTurn)[] = [];
  let owner: Connection | null = null;
  let running = false;

  // In a microtask, so every message of the chunk being read is queued first and a cycle runs as one batch.
  const schedule = () => {
    if (running) return;
    running = true;
    queueMicrotask(() => void drain());
  };

  const nextTurn = (): Connection | InProcessTurn | null => {
    if (owner) return owner.pending.length > 0 ? owner : null;
    while (ready.length > 0) {
      const candidate = ready.shift()!;
      if ("run" in candidate) return candidate;
      if (!candidate.closed && candidate.pending.length > 0) return candidate;
    }
    return null;
  };

  // Answers wait in their socket until the drain ends: the clients live in this process and read them
  // only once it yields to the event loop anyway, so a connection's cycles of one drain cost one write
  // (write syscalls were a tenth of the server's CPU with one per cycle).
  const corked = new Set<Socket>();
  const flush = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };

  /** One client cycle through the backend; the caller holds PGlite's lock. */
  const runCycle = async (connection: Connection) => {
    const { message, startup, type } = takeCycle(connection);
    // The answers of the whole batch go out in one write: one TCP packet instead of one per message.
    const answers: Uint8Array[] = [];
    try {
      // syncToFs once per drain (below), not per cycle: on Node's file systems it does nothing, yet each
      // call takes a lock of its own.
      await db.execProtocolRawStream(message, {
        syncToFs: false,
        onRawData: (data) => {
          if (data.length > 0) answers.push(data.slice());
        },
      });
      if (!connection.closed && answers.length > 0) {
        if (!corked.has(connection.socket)) {
          connection.socket.cork();
          corked.add(connection.socket);
        }
        connection.socket.write(answers.length === 1 ? answers[0]! : Buffer.concat(answers));
      }
    } catch (error) {
      connection.socket.destroy(error as Error);
    }
    const cycleEnded = startup || type === 0x53 /* S */ || type === 0x51 /* Q */;
    owner = cycleEnded && !db.isInTransaction() ? null : connection;
    if (connection.pending.length > 0 && owner !== connection) ready.push(connection);
  };

  const drain = async () => {
    running = true;
    let synced = true;
    try {
      let turn = nextTurn();
      while (turn) {
        if ("run" in turn) {
          flush();
          await turn.run();
          turn = nextTurn();
          continue;
        }
        // Clients' cycles back to back under one hold of PGlite's lock, up to the next in-process turn
        // (which takes the lock itself) or until none is left.
        let next: Connection | InProcessTurn | null = turn;
        await db.runExclusive(async () => {
          while (next && !("run" in next)) {
            await runCycle(next);
            next = nextTurn();
          }
        });
        synced = false;
        turn = next;
      }
    } finally {
      flush();
      running = false;
      if (!synced && !db.closed) await db.syncToFs().catch(() => {});
    }
  };

  /**
   * The connection's next messages up to the end of its cycle (Sync or a simple Query), as one buffer:
   * PGlite runs a buffer of several protocol messages in one call, so a parameterised query (Parse, Bind,
   * Describe, Execute, Sync, which a client sends together) costs one trip through the backend, not five.
   * A startup message always goes alone.
   */
  const takeCycle = (connection: Connection) => {
    const first = connection.pending.shift()!;
    const firstType = first.message[0] ?? 0;
    if (first.startup || firstType === 0x53 || firstType === 0x51)
      return { message: first.message, startup: first.startup, type: firstType };
    const parts = [first.message];
    let type = firstType;
    while (connection.pending.length > 0 && !connection.pending[0]!.startup) {
      const next = connection.pending.shift()!;
      parts.push(next.message);
      type = next.message[0] ?? 0;
      if (type === 0x53 || type === 0x51) break;
    }
    return { message: parts.length === 1 ? first.message : concatBytes(parts), startup: false, type };
  };

  /**
   * Runs `work` on the backend when no client owns it, and lets no client's message in until it is done
   * (`work` must settle: the schedule waits for it).
   */
  const runInTurn = <T>(work: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      ready.push({ run: () => work().then(resolve, reject) });
      schedule();
    });

  // One by one: a name whose Parse failed was never created, and its error must not keep the others.
  const deallocate = async (names: Iterable<string>) => {
    for (const name of names) await db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => {});
  };

  const release = async (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    connection.pending.length = 0;
    // Its statements would outlive it in the one backend that every client shares (postgres.js renews its
    // connections every 30-60 minutes, so they would pile up for as long as the server runs).
    const statements = connection.statements;
    if (owner === connection) {
      // A client that vanished mid-transaction must not leave the shared backend inside it.
      // (exec takes the backend lock itself; the owner still holds the schedule, so nothing slips in.)
      if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {});
      if (statements.size > 0) await deallocate(statements);
      owner = null;
      schedule();
    } else if (statements.size > 0 && !db.closed) {
      await runInTurn(() => deallocate(statements));
    }
  };

  /** Follows the client's named statements (Parse names one, Close of a statement ends it). */
  const trackStatement = (connection: Connection, message: Buffer) => {
    const type = message[0];
    if (type === 0x50 /* P */) {
      const name = message.toString("utf8", 5, message.indexOf(0, 5));
      if (name) connection.statements.add(name);
    } else if (type === 0x43 /* C */ && message[5] === 0x53 /* S */) {
      connection.statements.delete(message.toString("utf8", 6, message.indexOf(0, 6)));
    }
  };

  const onData = (connection: Connection, chunk: Buffer) => {
    connection.buffer = Buffer.concat([connection.buffer, chunk]);
    for (;;) {
      const buffer = connection.buffer;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          connection.socket.end();
          return;
        }
        enqueue(connection, buffer.subarray(0, length), true);
        connection.started = true;
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1) + 1;
      if (buffer.length < length) return;
      connection.buffer = buffer.subarray(length);
      if (buffer[0] === 0x58 /* X: Terminate */) {
        connection.socket.end();
        void release(connection);
        return;
      }
      trackStatement(connection, buffer);
      enqueue(connection, buffer.subarray(0, length));
    }
  };

  const enqueue = (connection: Connection, message: Buffer, startup = false) => {
    const wasIdle = connection.pending.length === 0;
    connection.pending.push({ message: new Uint8Array(message), startup });
    if (wasIdle && owner !== connection) ready.push(connection);
    schedule();
  };

  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      closed: false,
      statements: new Set(),
    };
    connections.add(connection);
    socket.on("data", (chunk) => onData(connection, chunk));
    socket.on("close", () => void release(connection));
    socket.on("error", () => void release(connection));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    host,
    port,
    close: async () => {
      for (const connection of connections) connection.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
