// The gauges of the whole server, measured by the primary process when Prometheus scrapes (once,
// whatever the number of API processes): readiness as GET /api/health decides it, and
// graphile-worker's queue (jobs due and waiting, the oldest one's wait, jobs running, jobs that
// used up their attempts). The queue reads 0 in a scrape that cannot reach the database (svc_ready
// says so).
import { Gauge } from "prom-client";
import type pg from "pg";
import type { Pooler } from "../../db/pooler.ts";
import { checkReadiness, type ReadinessStatus } from "./readiness.ts";
import { registry } from "./metrics.ts";

type PrimaryPools = { ownerHealth: pg.Pool; health: pg.Pool; worker: pg.Pool; pooler?: Pooler };

/** The checks of readiness whose word is reported (ok is `svc_ready`). */
const CHECKS = ["database", "migrations", "owner", "graphql", "writes"] as const satisfies (keyof ReadinessStatus)[];

const QUEUE_SQL = `
  select count(*) filter (where is_available and run_at <= now())::int as queued,
         coalesce(extract(epoch from now() - min(run_at) filter (where is_available and run_at <= now())), 0)::float8 as oldest,
         count(*) filter (where locked_at is not null)::int as running,
         count(*) filter (where attempts >= max_attempts)::int as given_up
    from graphile_worker._private_jobs`;

/** Registers the primary's gauges, measured from `pools` at each scrape. */
export function measureServer(pools: PrimaryPools): void {
  measureReadiness(pools);
  measureJobQueue(pools.worker);
}

/**
 * One measurement shared by the gauges of one scrape: prom-client reads every gauge at once, so
 * each gauge awaits the same promise, made again for the next scrape.
 */
function oncePerScrape<T>(measure: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= measure().finally(() =>
      setImmediate(() => {
        pending = undefined;
      }),
    ));
}

function measureReadiness(pools: PrimaryPools): void {
  const readiness = oncePerScrape(() => checkReadiness(pools, { pooler: pools.pooler }));
  new Gauge({
    name: "svc_ready",
    help: "1 when GET /api/health would answer 200 (the database answers, takes writes, has this version's migrations), else 0",
    registers: [registry],
    async collect() {
      this.set((await readiness()).status.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: "svc_readiness",
    help: "1 for each readiness check's status word, as GET /api/health says it (check: database, migrations, owner, graphql, writes)",
    labelNames: ["check", "status"] as const,
    registers: [registry],
    async collect() {
      const { status } = await readiness();
      this.reset();
      for (const check of CHECKS) this.set({ check, status: String(status[check]) }, 1);
    },
  });
}

type QueueRow = { queued: number; oldest: number; running: number; given_up: number };

function measureJobQueue(worker: pg.Pool): void {
  const none: QueueRow = { queued: 0, oldest: 0, running: 0, given_up: 0 };
  const queue = oncePerScrape(async () => {
    const { rows } = await worker.query<QueueRow>(QUEUE_SQL).catch(() => ({ rows: [none] }));
    return rows[0] ?? none;
  });
  const gauge = (name: string, help: string, column: keyof QueueRow) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await queue())[column]);
      },
    });
  gauge("svc_jobs_queued", "Background jobs due and waiting for a worker", "queued");
  gauge(
    "svc_jobs_oldest_queued_seconds",
    "How long the oldest job due has waited past its run time (0 when none waits)",
    "oldest",
  );
  gauge("svc_jobs_running", "Background jobs a worker holds now", "running");
  gauge(
    "svc_jobs_given_up",
    "Background jobs that failed every attempt and stay in the queue (graphile-worker keeps them for an operator)",
    "given_up",
  );
}
