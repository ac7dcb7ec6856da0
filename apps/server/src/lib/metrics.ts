import type { Observers } from "@smm/domain/context";
import type { Database } from "@smm/domain/db";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator watches (README "Metrics and logs"), in Prometheus' text format at GET /metrics. One
 * registry per app, never prom-client's global one: tests run several apps in one process, and each scrape
 * must show its own app's numbers.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One HTTP answer: `route` is the matched pattern (`/api/posts/:id`), never the raw path. */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** A scheduled post went out: seconds from its scheduled time to when it was recorded as published. */
  observePublishLateness(seconds: number): void;
  /** One call to a network provider (networks/observed-provider.ts). */
  observeProviderCall(labels: { network: string; call: string; outcome: string }, seconds: number): void;
  /** One run of the generation pipeline for a post (jobs/generate-posts.ts). */
  observeGeneration(outcome: string, seconds: number): void;
  /** An event stream opened (+1) or closed (-1). */
  countEventStream(change: 1 | -1): void;
  /** The text a scrape answers: the gauges read at scrape time (queues, pool) are read first. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Seconds; from a fast API answer to a slow upload. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds late: the goal is p99 <= 5 s, the sweep's old average was 30 s, a stuck queue minutes. */
const LATENESS_BUCKETS = [0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 120, 300, 900];
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const GENERATION_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

export interface MetricsOptions {
  /** The database whose job queues (pg-boss) and connections are read at scrape time. */
  database?: Pick<Database, "kind" | "sql">;
  /** process_* and nodejs_* (event-loop lag, heap, GC); off for apps that only count requests. */
  defaultMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "smm_http_request_duration_seconds",
    help: "HTTP answers by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const lateness = new Histogram({
    name: "smm_publish_lateness_seconds",
    help: "Seconds from a scheduled post's time to when it was recorded as published.",
    buckets: LATENESS_BUCKETS,
    registers,
  });
  const providerCalls = new Histogram({
    name: "smm_provider_call_duration_seconds",
    help: "Calls to the networks' providers by network, call and outcome (its _count counts the calls).",
    labelNames: ["network", "call", "outcome"] as const,
    buckets: PROVIDER_BUCKETS,
    registers,
  });
  const generations = new Histogram({
    name: "smm_generation_duration_seconds",
    help: "Runs of the post generation pipeline by outcome.",
    labelNames: ["outcome"] as const,
    buckets: GENERATION_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: "smm_sse_connections",
    help: "Open event streams (GET /api/events) on this instance.",
    registers,
  });
  const queueDepth = new Gauge({
    name: "smm_job_queue_depth",
    help: "Jobs per queue: waiting (due, not taken), active (running) and scheduled (due later).",
    labelNames: ["queue", "state"] as const,
    registers,
  });
  const queueOldest = new Gauge({
    name: "smm_job_queue_oldest_waiting_seconds",
    help: "Seconds the oldest due job of each queue has waited to be taken (0: none waiting).",
    labelNames: ["queue"] as const,
    registers,
  });
  const poolMax = new Gauge({
    name: "smm_db_pool_max_connections",
    help: "Connections this instance's database pool may open (PGlite: 1).",
    registers,
  });
  const dbConnections = new Gauge({
    name: "smm_db_connections",
    help: "Connections to the app's database by state, all clients and instances (PostgreSQL's pg_stat_activity).",
    labelNames: ["state"] as const,
    registers,
  });

  const database = options.database;
  async function readAtScrape(): Promise<void> {
    if (!database) return;
    poolMax.set(database.kind === "pglite" ? 1 : Number(database.sql.options.max));
    const [queues, connections] = await Promise.all([
      readQueues(database.sql),
      database.kind === "postgres" ? readConnections(database.sql) : Promise.resolve(null),
    ]);
    // Reset first: a queue that has emptied or gone is not reported with its last numbers.
    queueDepth.reset();
    queueOldest.reset();
    for (const queue of queues) {
      queueDepth.set({ queue: queue.name, state: "waiting" }, queue.waiting);
      queueDepth.set({ queue: queue.name, state: "active" }, queue.active);
      queueDepth.set({ queue: queue.name, state: "scheduled" }, queue.scheduled);
      queueOldest.set({ queue: queue.name }, queue.oldestSeconds);
    }
    dbConnections.reset();
    for (const row of connections ?? []) dbConnections.set({ state: row.state }, row.count);
  }

  return {
    registry,
    contentType: registry.contentType,
    observeRequest: ({ method, route, status }, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    observePublishLateness: (seconds) => lateness.observe(Math.max(0, seconds)),
    observeProviderCall: (labels, seconds) => providerCalls.observe(labels, seconds),
    observeGeneration: (outcome, seconds) => generations.observe({ outcome }, seconds),
    countEventStream: (change) => streams.inc(change),
    async scrape() {
      await readAtScrape();
      return registry.metrics();
    },
  };
}

/** The use cases' hooks (publishing, generation) writing into these metrics. */
export function observersOf(metrics: Metrics): Observers {
  return {
    postPublished: ({ scheduledAt, publishedAt }) =>
      metrics.observePublishLateness((publishedAt.getTime() - scheduledAt.getTime()) / 1000),
    generationFinished: ({ outcome, seconds }) => metrics.observeGeneration(outcome, seconds),
  };
}

interface QueueRow {
  name: string;
  waiting: number;
  active: number;
  scheduled: number;
  oldestSeconds: number;
}

/** pg-boss's own tables (every queue, also an empty one), read in one query; an app without pg-boss (its schema absent) has no queues. */
async function readQueues(sql: Database["sql"]): Promise<QueueRow[]> {
  try {
    const rows = await sql<
      { name: string; waiting: string; active: string; scheduled: string; oldest: string | null }[]
    >`
      select queue.name,
        count(*) filter (where job.state in ('created', 'retry') and job.start_after <= now()) as waiting,
        count(*) filter (where job.state = 'active') as active,
        count(*) filter (where job.state in ('created', 'retry') and job.start_after > now()) as scheduled,
        extract(epoch from now() - min(job.start_after)
          filter (where job.state in ('created', 'retry') and job.start_after <= now())) as oldest
      from pgboss.queue queue
      left join pgboss.job job on job.name = queue.name and job.state in ('created', 'retry', 'active')
      group by queue.name`;
    return rows.map((row) => ({
      name: row.name,
      waiting: Number(row.waiting),
      active: Number(row.active),
      scheduled: Number(row.scheduled),
      oldestSeconds: Math.max(0, Number(row.oldest ?? 0)),
    }));
  } catch (error) {
    // 42P01: no such table (pg-boss never started on this database).
    if ((error as { code?: string }).code === "42P01" || (error as { code?: string }).code === "3F000")
      return [];
    throw error;
  }
}

async function readConnections(sql: Database["sql"]): Promise<{ state: string; count: number }[]> {
  const rows = await sql<{ state: string | null; count: string }[]>`
    select state, count(*) as count from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'
    group by state`;
  return rows.map((row) => ({ state: row.state ?? "unknown", count: Number(row.count) }));
}
