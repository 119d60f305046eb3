// API key benchmarks, each printing one JSON line:
// 1. `viewer { workouts(limit: 10) { date name } }` with an API key against the same read with a
//    session, in one run (interleaved session, key, key, session). The key path adds a lookup by
//    hash, the per-minute counter upsert and a second role; the target is under 15 % slower.
//    One key may make only 120 requests a minute, so the keyed run rotates over many keys of the
//    same user (each stays under its limit): it measures the key check and counter, not 429s.
// 2. Rate-limit exactness: 300 requests with one key from 50 connections: exactly 120 succeed.
// 3. The same across two server processes on one database (150 requests to each).
// Every server is a process of its own (`node server/main.ts`), the load generator another one.
// Everything runs on a scratch database on 127.0.0.1 and stops by itself.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  benchDatabase,
  startApp,
  loadProcess,
  statementCounter,
  perRequest,
  report,
  DURATION_S,
  CONNECTIONS,
  type BenchDatabase,
} from "./support.ts";

const WORKOUTS = 2000;
const KEYS = 1000;
const QUERY = JSON.stringify({ query: "{ viewer { workouts(limit: 10) { date name } } }" });
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function newKeyValue() {
  let out = "svc_";
  for (let i = 0; i < 40; i++) out += ALPHABET[randomInt(62)];
  return out;
}

type Run = {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statementsPerRequest: number | null;
};

async function loadWith(db: BenchDatabase, url: string, headerSets: Record<string, string>[]): Promise<Run> {
  const counter = statementCounter(db.ownerPool, db.dbName);
  await counter.reset();
  const result = await loadProcess({
    url: `${url}/api/graphql`,
    requests: headerSets.map((headers) => ({
      method: "POST",
      path: "/api/graphql",
      headers: { "content-type": "application/json", ...headers },
      body: QUERY,
    })),
  });
  const { statementsPerRequest } = perRequest(await counter.read(), result.requests.total);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statementsPerRequest,
  };
}

async function burst(url: string, key: string, amount: number, connections: number) {
  const result = await loadProcess({
    url: `${url}/api/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: QUERY,
    amount,
    connections,
  });
  return {
    ok: result["2xx"],
    limited: result.statusCodeStats?.["429"]?.count ?? 0,
    other: result.non2xx - (result.statusCodeStats?.["429"]?.count ?? 0),
    errors: result.errors,
  };
}

/** Calendar-minute counters: start a burst only when it can finish inside the current minute. */
async function awayFromMinuteEdge(secondsNeeded: number) {
  const into = (Date.now() % 60000) / 1000;
  if (into > 60 - secondsNeeded) await new Promise((r) => setTimeout(r, (60 - into) * 1000 + 250));
}

const mean = (runs: Run[], f: (r: Run) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;

export async function run() {
  const db = await benchDatabase("keys");
  const apps: Array<{ url: string; close: () => Promise<void> }> = [];
  try {
    const { ownerPool } = db;
    const {
      rows: [user],
    } = await ownerPool.query(`
      insert into app_public.users (name, email) values ('Bench', 'bench@keys.test') returning id`);
    await ownerPool.query(
      `
      insert into app_public.workouts (user_id, date, start, name, unit, effort)
      select $1, date '2020-01-01' + n, date '2020-01-01' + n + time '12:00', 'Workout ' || n, 'kg', 'rpe'
        from generate_series(1, ${WORKOUTS}) n`,
      [user.id],
    );
    await ownerPool.query(
      `insert into app_private.user_secrets values ($1, crypt('bench-password', gen_salt('bf', 4)))`,
      [user.id],
    );
    // Many keys of the one user, written straight in SQL (the 50-key limit is for people, not benches).
    const keys = Array.from({ length: KEYS }, newKeyValue);
    const ids = keys.map(() => randomUUID());
    await ownerPool.query(
      `
      insert into app_public.api_keys (id, user_id, name, start, access)
      select id, $1, 'bench ' || left(v, 8), left(v, 8), 'read_only' from unnest($2::uuid[], $3::text[]) as t(id, v)`,
      [user.id, ids, keys],
    );
    await ownerPool.query(
      `insert into app_private.api_key_hashes (api_key_id, key_hash) select * from unnest($1::uuid[], $2::bytea[])`,
      [ids, keys.map((k) => createHash("sha256").update(k).digest())],
    );
    await ownerPool.query("analyze");

    const app = await startApp(db);
    apps.push(app);
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@keys.test", password: "bench-password" }),
    });
    const { token } = (await signIn.json()) as { token: string };

    // Both credentials answer the same ten workouts.
    for (const headers of [{ authorization: `Bearer ${token}` }, { authorization: `Bearer ${keys[0]}` }]) {
      const res = await fetch(`${app.url}/api/graphql`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: QUERY,
      });
      const body = (await res.json()) as any;
      if (body.data?.viewer?.workouts?.length !== 10) throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
    }

    const sessionHeaders = [{ authorization: `Bearer ${token}` }];
    const keyHeaders = keys.map((k, i): Record<string, string> =>
      i % 2 ? { authorization: `Bearer ${k}` } : { "x-api-key": k },
    );
    const sessionRuns: Run[] = [];
    const keyRuns: Run[] = [];
    sessionRuns.push(await loadWith(db, app.url, sessionHeaders));
    keyRuns.push(await loadWith(db, app.url, keyHeaders));
    keyRuns.push(await loadWith(db, app.url, keyHeaders));
    sessionRuns.push(await loadWith(db, app.url, sessionHeaders));
    const summarize = (runs: Run[]) => ({
      reqPerSec: Math.round(mean(runs, (r) => r.reqPerSec)),
      p50: mean(runs, (r) => r.p50),
      p99: mean(runs, (r) => r.p99),
      non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
      statementsPerRequest: runs[0].statementsPerRequest,
    });
    const session = summarize(sessionRuns);
    const keyed = summarize(keyRuns);
    const ratio = Number((keyed.reqPerSec / session.reqPerSec).toFixed(3));
    report({
      benchmark: "viewer.workouts(limit: 10): API key (read-only, rotating over 1000 keys) vs session",
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      runs: "session, key, key, session",
      key: keyed,
      session,
      ratio,
      keyOverheadPercent: Number(((1 - ratio) * 100).toFixed(1)),
      target: "keyOverheadPercent < 10",
    });

    // Exactness: one fresh key, 300 requests from 50 connections.
    const one = newKeyValue();
    await ownerPool.query(
      `
      with k as (insert into app_public.api_keys (user_id, name, start, access) values ($1, 'exact', left($2, 8), 'read_only') returning id)
      insert into app_private.api_key_hashes select id, sha256(convert_to($2, 'utf8')) from k`,
      [user.id, one],
    );
    await awayFromMinuteEdge(15);
    const single = await burst(app.url, one, 300, 50);
    report({
      benchmark: "rate limit exactness: 300 requests, one key, 50 connections, one server",
      ...single,
      expectedOk: 120,
      ratio: Number((single.ok / 120).toFixed(3)),
    });

    const second = await startApp(db);
    apps.push(second);
    const two = newKeyValue();
    await ownerPool.query(
      `
      with k as (insert into app_public.api_keys (user_id, name, start, access) values ($1, 'exact2', left($2, 8), 'read_only') returning id)
      insert into app_private.api_key_hashes select id, sha256(convert_to($2, 'utf8')) from k`,
      [user.id, two],
    );
    await awayFromMinuteEdge(15);
    const [a, b] = await Promise.all([burst(app.url, two, 150, 25), burst(second.url, two, 150, 25)]);
    const ok = a.ok + b.ok;
    report({
      benchmark:
        "rate limit exactness: 300 requests, one key, two server processes on one database (150 each, 25 connections each)",
      ok,
      limited: a.limited + b.limited,
      other: a.other + b.other,
      errors: a.errors + b.errors,
      perServerOk: [a.ok, b.ok],
      expectedOk: 120,
      ratio: Number((ok / 120).toFixed(3)),
    });
  } finally {
    for (const app of apps) await app.close().catch(() => {});
    await db.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
