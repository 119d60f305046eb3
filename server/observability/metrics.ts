// The Prometheus metrics every process keeps (prom-client), one home for their names; served by
// server/observability/metrics-server.ts when METRICS_PORT is set. Each is listed in docs/operations.md.
import { Registry, Counter, Histogram, Gauge, collectDefaultMetrics } from "prom-client";
import { readFileSync } from "node:fs";
import type pg from "pg";

export const registry = new Registry();

/** Seconds: from a fast read (a few ms) to the request timeout. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds waited for a pool connection: none at all is the rule. */
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

export const httpRequests = new Counter({
  name: "svc_http_requests_total",
  help: "HTTP requests answered, by route, method, status and GraphQL operation type (none outside /api/graphql)",
  labelNames: ["route", "method", "status", "operation_type"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "svc_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer sent, by route, method and GraphQL operation type",
  labelNames: ["route", "method", "operation_type"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: "svc_rate_limit_refusals_total",
  help: "Requests refused with 429 RATE_LIMITED (a key's or client's budget, sign-in limits), by route",
  labelNames: ["route"] as const,
  registers: [registry],
});

export const requestsCancelled = new Counter({
  name: "svc_requests_cancelled_total",
  help: "Requests whose database work was cancelled: REQUEST_TIMEOUT reached (request_timeout) or the client went away (client_gone)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const statementTimeouts = new Counter({
  name: "svc_statement_timeouts_total",
  help: "GraphQL errors of code TIMEOUT: a statement over STATEMENT_TIMEOUT, or cancelled when its request ran out of time",
  registers: [registry],
});

export const jobsRun = new Counter({
  name: "svc_jobs_total",
  help: "Background jobs run (graphile-worker), by task and status (ok or failed)",
  labelNames: ["task", "status"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "svc_job_duration_seconds",
  help: "Background job run time, by task",
  labelNames: ["task"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const graphqlErrors = new Counter({
  name: "svc_graphql_errors_total",
  help: "Errors in the answers of /api/graphql, by extensions.code (none: a syntax or validation error without one) and, for a refusal, the limit or cost budget it met",
  labelNames: ["code", "limit"] as const,
  registers: [registry],
});

export const apiProcessRestarts = new Counter({
  name: "svc_api_process_restarts_total",
  help: "API processes that died and were replaced (WEB_CONCURRENCY above 1), by how they ended: a signal's name or exit_<code>",
  labelNames: ["reason"] as const,
  registers: [registry],
});

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

new Gauge({
  name: "svc_build_info",
  help: "Always 1, labelled with this server's version and Node.js's",
  labelNames: ["version", "node"] as const,
  // One server, however many processes report it.
  aggregator: "max",
  registers: [registry],
  collect() {
    this.set({ version, node: process.version }, 1);
  },
});

const poolWait = new Histogram({
  name: "svc_db_pool_wait_seconds",
  help: "Time a checkout waited for a connection of a pool, by pool",
  labelNames: ["pool"] as const,
  buckets: WAIT_BUCKETS,
  registers: [registry],
});

const meteredPools = new Map<string, pg.Pool>();

new Gauge({
  name: "svc_db_pool_connections",
  help: "Connections of a pool at scrape time, by pool and state (total open, idle, and checkouts waiting for one)",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [use, pool] of meteredPools) {
      this.set({ pool: use, state: "total" }, pool.totalCount);
      this.set({ pool: use, state: "idle" }, pool.idleCount);
      this.set({ pool: use, state: "waiting" }, pool.waitingCount);
    }
  },
});

/** The pools that have been asked for a connection: a process's pools it never uses open nothing (the primary's GraphQL pool beside API processes). */
const poolsInUse = new Set<pg.Pool>();

new Gauge({
  name: "svc_db_pool_max",
  help: "The most connections a pool in use may open, by pool (summed over the processes: the server's own maximum)",
  labelNames: ["pool"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [use, pool] of meteredPools) if (poolsInUse.has(pool)) this.set({ pool: use }, pool.options.max);
  },
});

type Checkout = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Counts a pool's connections and the time each checkout waits (node-postgres's own `query` checks out through `connect`). */
export function meterPool(use: string, pool: pg.Pool): void {
  meteredPools.set(use, pool);
  const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<pg.PoolClient> | undefined;
  const timer = () => poolWait.startTimer({ pool: use });
  pool.connect = ((callback?: Checkout) => {
    poolsInUse.add(pool);
    const stop = timer();
    if (callback)
      return connect((err, client, done) => {
        stop();
        callback(err, client, done);
      });
    return connect()!.then((client) => {
      stop();
      return client;
    });
  }) as typeof pool.connect;
}

let enabled = false;

/** Starts the process metrics (memory, CPU, event loop) once: only when metrics are served. */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry });
}
