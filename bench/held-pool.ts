// One caller holds requests open, another reads: 25 saves of one session wait on a row lock (the
// reviewer's case) while another user's `{ viewer { name } }` is timed, as a ratio to its median
// when the server is quiet. The real server with WEB_CONCURRENCY=2, once with the shipped cap
// (CALLER_CONCURRENCY, 4 a process), once with the largest two processes allow (9), and with
// BENCH_COMPARE_CHECKOUT against another copy of the project (one from before the cap). Reported:
// the connections the held saves took (waiting on the lock in pg_stat_activity), how many saves
// were answered and how many refused (429), the victim's latency.
import { loadavg } from "node:os";
import pg from "pg";
import { benchDatabase, startApp, report, signUpLifter, latencies, timed, type BenchDatabase } from "./support.ts";

const HELD = 25;
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 3000);
const VICTIM_READS = 30;
const READ = JSON.stringify({ query: "{ viewer { name } }" });
const SAVE = JSON.stringify({
  query: 'mutation { logBodyweight(input: {date: "2026-01-02", weight: 81}) { weight } }',
});

type Caller = { token: string; address: string };

/** A GraphQL POST from the caller's own address (X-Forwarded-For, believed from loopback). */
const post = (url: string, caller: Caller, body: string) =>
  fetch(`${url}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${caller.token}`,
      "x-forwarded-for": caller.address,
    },
    body,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { errors?: unknown[] } }));

/** The saves' outcomes: count per HTTP status and error code ("200", "429 RATE_LIMITED", ...). */
function tally(answers: { status: number; body: { errors?: unknown[] } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const code = (body.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code;
    const outcome = code ? `${status} ${code}` : String(status);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

async function reads(url: string, caller: Caller, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timed(() => post(url, caller, READ)));
  return times;
}

async function heldSaves(db: BenchDatabase, cap: string, checkout?: string) {
  const env = { WEB_CONCURRENCY: "2", CALLER_CONCURRENCY: cap, TRUST_PROXY: "loopback" };
  const server = await startApp(db, env, checkout);
  const lock = new pg.Client({ connectionString: db.ownerUrl });
  try {
    const stamp = `${cap || "default"}-${Date.now()}`;
    const victim = { ...(await signUpLifter(server.url, "Victim", `victim-${stamp}@bench.test`)), address: "10.0.0.1" };
    const holder = { ...(await signUpLifter(server.url, "Holder", `holder-${stamp}@bench.test`)), address: "10.0.0.2" };
    const quiet = latencies(await reads(server.url, victim, VICTIM_READS));
    const first = await post(server.url, holder, SAVE);
    if (first.body.errors) throw new Error(`save failed: ${JSON.stringify(first.body.errors)}`);

    await lock.connect();
    await lock.query("begin");
    await lock.query("select 1 from app_public.bodyweights where user_id = $1 for update", [holder.user.id]);
    const saves = Array.from({ length: HELD }, () => post(server.url, holder, SAVE));
    await new Promise((r) => setTimeout(r, 1000));
    const waiting = await db.ownerPool.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    const during = latencies(await reads(server.url, victim, VICTIM_READS));
    await new Promise((r) => setTimeout(r, Math.max(0, HOLD_MS - 1000)));
    await lock.query("rollback");
    const answers = await Promise.all(saves);
    report({
      benchmark: "held pool",
      webConcurrency: 2,
      callerConcurrency: cap || "default (4)",
      ...(checkout ? { checkout } : {}),
      heldSaves: HELD,
      connectionsWaitingOnLock: waiting.rows[0].n,
      saves: tally(answers),
      victimQuietP50: quiet.p50,
      victimP50: during.p50,
      victimP99: during.p99,
      ratio: +(during.p50 / quiet.p50).toFixed(2),
      loadAverage: loadavg().map((l) => +l.toFixed(2)),
    });
  } finally {
    await lock.end().catch(() => {});
    await server.close();
  }
}

export async function run() {
  const db = await benchDatabase("held_pool");
  try {
    await heldSaves(db, "");
    await heldSaves(db, "9");
    // BENCH_COMPARE_CHECKOUT=<another copy of the project>: the same case against its server.
    if (process.env.BENCH_COMPARE_CHECKOUT) await heldSaves(db, "", process.env.BENCH_COMPARE_CHECKOUT);
  } finally {
    await db.stop();
  }
}

if (process.argv[1] === import.meta.filename) await run();
