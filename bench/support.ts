// Shared bench plumbing: a scratch database, the real server in a process of its own (as `npm start`
// runs it), the load generator in another process (bench/load.ts), statements counted by
// PostgreSQL (pg_stat_statements), and one JSON line per benchmark.
import pg from "pg";
import { createHash } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { readFileSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createDatabaseFromTemplate, startScratch } from "../db/scratch.ts";
import { freePort } from "../db/embedded.ts";
import { createPools, poolSizes } from "../server/process/database.ts";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, "..");

export type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

/**
 * A database for one benchmark, copied from a migrated template on a throwaway PostgreSQL with
 * pg_stat_statements loaded (db/scratch.ts, as the tests' own), and the server's pools on it.
 */
export async function benchDatabase(name: string) {
  process.env.SVC_LOG = "silent";
  const scratch = await startScratch({ statementStats: true });
  const dbName = `svc_bench_${name}_${process.pid}`;
  const db = await createDatabaseFromTemplate(scratch.rootUrl, scratch.templateDb, dbName);
  const pools = createPools({ ownerUrl: db.ownerUrl, authUrl: db.authUrl });
  await pools.account.query("create extension if not exists pg_stat_statements").catch(() => {});
  return {
    pools,
    ownerPool: pools.account,
    authPool: pools.graphql,
    ownerUrl: db.ownerUrl,
    authUrl: db.authUrl,
    dbName,
    stop: async () => {
      await pools.end();
      await db.drop();
      await scratch.stop();
    },
  };
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type Process = { url: string; pid: number; close: () => Promise<void> };

/** Spawns a Node process and waits for a line matching `ready` on its standard output. */
async function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  what: string,
  port: number,
  cwd = root,
): Promise<Process> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let head = "";
  let up = false;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.stdout!.on("data", (d) => {
    if (!up) head += d;
  });
  child.stderr!.on("data", (d) => {
    if (!up) head += d;
    else process.stderr.write(`${what}: ${d}`);
  });
  const t0 = Date.now();
  while (!ready.test(head)) {
    if (child.exitCode !== null || Date.now() - t0 > 120000) throw new Error(`${what} did not start:\n${head}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  up = true;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * What `npm start` runs, from package.json's start script (`KEY=value ... exec node <flags>
 * server/main.ts`): its variables and Node's flags, so a bench's server runs as the installed one.
 */
export function startScript(checkout = root): { env: Record<string, string>; nodeArgs: string[] } {
  const scripts = JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8")).scripts;
  const words = String(scripts.start).split(/\s+/);
  const env = Object.fromEntries(
    words.slice(0, words.indexOf("exec")).map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]),
  );
  return { env, nodeArgs: words.slice(words.indexOf("node") + 1, words.indexOf("server/main.ts")) };
}

/**
 * The real server (`node server/main.ts` with the start script's flags, what `npm start` runs) in a process of its own, on the
 * bench database through DATABASE_URL: migrations (already applied), worker, request log and all.
 * One API process unless `env` sets WEB_CONCURRENCY. `checkout`: another copy of the project (to
 * compare a version against this one in the same run, on the same database).
 */
export async function startApp(
  db: Pick<BenchDatabase, "ownerUrl" | "authUrl">,
  env: Record<string, string> = {},
  checkout = root,
): Promise<Process> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: every server process writes a V8 CPU profile there when it stops.
  if (process.env.BENCH_CPU_PROF)
    env = { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`, ...env };
  const start = startScript(checkout);
  return spawnUntil(
    [...start.nodeArgs, "server/main.ts"],
    // Its request log on, a line per request as `npm start` writes (read and dropped by this process).
    {
      PORT: String(port),
      // The address the bench reaches it by: OAuth tokens are bound to it (server/process/public-url.ts).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: db.ownerUrl,
      AUTH_DATABASE_URL: db.authUrl,
      ...start.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      SVC_LOG: "",
      // One load generator is one session or address at thousands of requests a second: it measures
      // speed, not the per-client budgets (test/api/graphql-cost.test.ts tests those).
      SESSION_COST_PER_MINUTE: "1000000000000",
      ADDRESS_COST_PER_MINUTE: "1000000000000",
      ACCOUNT_COST_PER_MINUTE: "1000000000000",
      BULK_COST_PER_MINUTE: "1000000000000",
      // Likewise its connections are one caller: the largest cap the processes allow (a bench of
      // the cap itself sets its own).
      CALLER_CONCURRENCY: String(poolSizes(Number(env.WEB_CONCURRENCY ?? 1)).graphql - 1),
      ...env,
    },
    /running at http/,
    "server",
    port,
    checkout,
  );
}

/** A hand-written baseline server (a file in bench/) in a process of its own. */
export async function startBaseline(file: string, databaseUrl: string): Promise<Process> {
  const port = await freePort();
  return spawnUntil(
    [path.join("bench", file)],
    { PORT: String(port), DATABASE_URL: databaseUrl },
    /listening/,
    file,
    port,
  );
}

export type LoadResult = {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
};

export type LoadOptions = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests autocannon rotates over (each with its own headers and body). */
  requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
  connections?: number;
  duration?: number;
  amount?: number;
  /** Requests a second from all connections together, at most (autocannon's overallRate; default unbounded). */
  overallRate?: number;
  /** Seconds autocannon waits for an answer before counting a timeout (its default: 10). */
  timeout?: number;
};

/** Runs autocannon in a process of its own (bench/load.ts), so it never shares the server's CPU time slice or event loop. */
export function loadProcess(options: LoadOptions): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "bench", "load.ts")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out));
    });
    child.stdin.end(JSON.stringify({ connections: CONNECTIONS, duration: DURATION_S, ...options }));
  });
}

export async function load(url: string, body: unknown, headers: Record<string, string>): Promise<LoadResult> {
  const result = await loadProcess({
    url,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return summary(result);
}

export function summary(result: Record<string, any>): LoadResult {
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * Statements PostgreSQL ran on the bench database between `reset()` and `read()`, from
 * pg_stat_statements (top-level statements of every role, the background worker's polling
 * included: a few per 5 s). Null when pg_stat_statements is not loaded.
 */
export function statementCounter(pool: pg.Pool, dbName: string) {
  return {
    async reset() {
      await pool.query("select pg_stat_statements_reset()").catch(() => {});
    },
    async read(): Promise<{ statements: number | null; byStatement: Array<{ calls: number; query: string }> }> {
      try {
        const { rows } = await pool.query(
          `select calls::int, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query from pg_stat_statements s join pg_database d on d.oid = s.dbid
            where d.datname = $1 and query not like '%pg_stat_statements%' order by calls desc`,
          [dbName],
        );
        return { statements: rows.reduce((a, r) => a + r.calls, 0), byStatement: rows.slice(0, 8) };
      } catch {
        return { statements: null, byStatement: [] };
      }
    },
  };
}

/** Statements per request from a counter reading and the number of requests answered. */
export function perRequest(reading: { statements: number | null }, requests: number) {
  return {
    statementsPerRequest: reading.statements === null ? null : Number((reading.statements / requests).toFixed(2)),
  };
}

export function report(line: Record<string, unknown>) {
  process.stdout.write(JSON.stringify(line) + "\n");
}

/**
 * The time below which `p` percent of `times` lie (nearest rank: the upper middle of an even count
 * for p50), rounded to `digits`.
 */
export function percentile(times: number[], p: number, digits = 2): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(digits));
}

/** The median of `times`, rounded to `digits`. */
export const p50 = (times: number[], digits = 2) => percentile(times, 50, digits);

/** p50, p99 and the count of a sample of times. */
export const latencies = (times: number[], digits = 2) => ({
  p50: percentile(times, 50, digits),
  p99: percentile(times, 99, digits),
  n: times.length,
});

/** Milliseconds one call takes. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Signs a lifter up through the real auth route; their session token and user (throws when refused). */
export async function signUpLifter(
  url: string,
  name: string,
  email: string,
): Promise<{ token: string; user: { id: string } }> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, password: "bench-password-1" }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  if (!body.user) throw new Error(`sign-up failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A history's sessions, seeded in SQL: `count` workouts (one in five in lb) on the dates
 * `dateOfN` gives for n = 1..count (SQL in `n`, our own constant text), each naming every catalog
 * exercise of `exercises` in order. seedClimbingSets gives them sets.
 */
export async function seedWorkouts(
  pool: pg.Pool,
  userId: string,
  { count, dateOfN, exercises }: { count: number; dateOfN: string; exercises: string[] },
) {
  await pool.query(
    `
    insert into app_public.workouts (user_id, date, start, unit, effort)
    select $1::uuid, d, d + time '18:00', case when n % 5 = 0 then 'lb' else 'kg' end, 'rpe'
      from generate_series(1, ${count}) n, lateral (select ${dateOfN} as d) dd`,
    [userId],
  );
  await pool.query(
    `
    insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
    select w.id, w.user_id, x.position - 1, e.id
      from app_public.workouts w, unnest($2::text[]) with ordinality as x(name, position)
      join app_public.exercises e on e.user_id is null and e.name = x.name
     where w.user_id = $1`,
    [userId, exercises],
  );
}

/**
 * `perExercise` sets for every exercise of the user's seeded workouts: a warm-up at half weight,
 * then work sets climbing slowly over the dates with noise (in lb in a workout in lb), so records
 * come and go; 3 to 12 reps; one set in 13 not done.
 */
export async function seedClimbingSets(pool: pg.Pool, userId: string, perExercise: number) {
  await pool.query(
    `
    insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, kind, weight, reps, done)
    select we.id, we.workout_id, we.user_id, p - 1, case when p = 1 then 'warmup' else 'work' end,
           round(((40 + we.position * 10 + (w.date - date '2021-01-01') / 15.0 + (hashtext(we.id::text || p) % 9))
                  * case when p = 1 then 0.5 else 1 end * case when w.unit = 'lb' then 2.2 else 1 end)::numeric / 2.5) * 2.5,
           3 + abs(hashtext(we.id::text || p)) % 10,
           abs(hashtext(we.id::text || p || 'done')) % 13 <> 0
      from app_public.workout_exercises we join app_public.workouts w on w.id = we.workout_id,
      lateral generate_series(1, $2::int) p
     where we.user_id = $1`,
    [userId, perExercise],
  );
}

/**
 * A plain client acting as the signed-in user of `token` the way a request does (the visitor role,
 * the session's hash), in a transaction left open: the baseline side of the benches that time SQL alone.
 */
export async function visitorClient(authUrl: string, token: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: authUrl });
  client.on("error", () => {});
  await client.connect();
  await client.query("begin");
  await client.query("set local role svc_visitor");
  await client.query("select set_config('svc.session_hash', $1, true)", [
    createHash("sha256").update(token).digest("hex"),
  ]);
  return client;
}

/** Processes under `rootPid` (itself included), from /proc's parent pids. */
export function descendants(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(procStat(Number(entry))?.[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const walk = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return tree;
}

/** /proc/<pid>/stat's fields after the command name (state, ppid, ...), or null once it is gone. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Linux's clock ticks per second (USER_HZ), in which /proc reports CPU time. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by the processes `pids` picks, asked again at each
 * reading: PostgreSQL's backends come and go, and one that exited is counted in its parent's
 * children's time (cutime, cstime), so the processes picked must include the parents. A figure
 * that holds on a shared machine, where requests a second follow whatever else runs.
 */
export function cpuMeter(pids: () => number[]) {
  const read = () =>
    pids().reduce((sum, pid) => {
      const f = procStat(pid);
      return sum + (f ? Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) : 0);
    }, 0);
  let start = read();
  return {
    reset: () => void (start = read()),
    /** Milliseconds of CPU since the last reset. */
    ms: () => ((read() - start) * 1000) / TICKS_PER_SECOND,
  };
}

/** This process's PostgreSQL processes (the scratch or embedded cluster it started). */
export const postgresPids = () =>
  descendants(process.pid).filter((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return cmd.startsWith("postgres") || cmd.includes("/bin/postgres");
    } catch {
      return false;
    }
  });
