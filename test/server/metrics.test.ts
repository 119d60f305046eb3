// Prometheus metrics from outside: the real entry point (server/main.ts) with METRICS_PORT, scraped
// over HTTP. With two API processes (both shown serving by their connections in pg_stat_activity)
// the counts are exact sums: requests by route, status and operation type, a 429 as a rate-limit
// refusal, a statement over STATEMENT_TIMEOUT, a background job run and one failed; pool and process
// metrics are there. Without METRICS_PORT nothing listens; a bad METRICS_PORT stops the start.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase, post, gql, signUp, createApiKey, awayFromMinuteEdge } from "../support/harness.ts";
import { RATE_LIMIT_PER_MINUTE } from "../../server/identity/api-key-meter.ts";
import { readConfig } from "../../server/process/config.ts";
import { operationType } from "../../server/observability/graphql-operation.ts";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(env: Record<string, string>) {
  let out = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, SVC_LOG: "", GRAPHILE_ENV: "production", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const t0 = Date.now();
  while (!(await condition())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The scraped samples: `name{labels}` -> value. */
async function scrape(metricsUrl: string): Promise<Map<string, number>> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    const match = /^([a-z_]+(?:\{.*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return samples;
}

const requests = (route: string, method: string, status: string, type = "none") =>
  `svc_http_requests_total{route="${route}",method="${method}",operation_type="${type}",status="${status}"}`;

test("two API processes give one view: exact counts by route, status and operation type; refusals, timeouts, jobs, pools", async () => {
  const db = await freshDatabase();
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: db.ownerUrl,
    AUTH_DATABASE_URL: db.authUrl,
    WEB_CONCURRENCY: "2",
    METRICS_PORT: "0",
    // Long enough for a first save on a busy CI machine; the lock below holds the read past it.
    STATEMENT_TIMEOUT: "1500",
  });
  const owner = new pg.Client({ connectionString: db.ownerUrl });
  await owner.connect();
  try {
    await until(() => /running at/.test(server.output()), "the start");
    const metricsUrl = /Metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())![1];
    const url = `http://127.0.0.1:${port}`;
    const lifter = await signUp(url, "Metered");
    // New connections each time, so the cluster hands requests to both processes.
    const headers = { authorization: `Bearer ${lifter.token}`, connection: "close" };
    for (let i = 0; i < 20; i++) expect((await gql(url, "{ viewer { id } }", {}, { headers })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const saved = await gql(
        url,
        "mutation Log($d: JSON) { applyWorkoutDocument(input: {document: $d}) { workout { id } } }",
        { d: { date: "2026-03-02", name: `m${i}`, exercises: [{ exercise: "Squat", sets: ["100x5"] }] } },
        { headers },
      );
      expect(saved.body.errors).toBeUndefined();
    }
    const { rows } = await owner.query(
      "select count(distinct application_name)::int as n from pg_stat_activity where datname = current_database() and application_name like 'svc graphql %'",
    );
    expect(rows[0].n).toBe(2);

    // Ten sign-ups an hour from one address (one above): the eleventh is refused.
    for (let i = 0; i < 9; i++) await signUp(url, `Other ${i}`);
    const refused = await post(url, "/api/auth/sign-up/email", {
      name: "Late",
      email: "late@example.com",
      password: "long enough pass",
    });
    expect(refused.status).toBe(429);

    // A read held behind a lock past STATEMENT_TIMEOUT.
    await owner.query("begin; lock table app_public.workouts in access exclusive mode");
    const timedOut = await gql(url, "{ viewer { workouts(limit: 1) { id } } }", {}, { headers });
    await owner.query("rollback");
    expect(timedOut.body.errors?.[0]?.extensions?.code).toBe("TIMEOUT");

    // A job run by the primary's worker, then one that fails (its function is away meanwhile).
    await owner.query("select graphile_worker.add_job('expire_api_keys', max_attempts := 1)");
    await until(
      async () => ((await scrape(metricsUrl)).get('svc_jobs_total{task="expire_api_keys",status="ok"}') ?? 0) >= 1,
      "a job",
    );
    await owner.query("alter function app_private.delete_idle_sessions() rename to delete_idle_sessions_away");
    await owner.query("select graphile_worker.add_job('delete_idle_sessions', max_attempts := 1)");
    await until(
      async () =>
        ((await scrape(metricsUrl)).get('svc_jobs_total{task="delete_idle_sessions",status="failed"}') ?? 0) >= 1,
      "a failed job",
    );
    await owner.query("alter function app_private.delete_idle_sessions_away() rename to delete_idle_sessions");

    const m = await scrape(metricsUrl);
    expect(m.get(requests("/api/graphql", "POST", "200", "query"))).toBe(21); // 20 + the timed-out read
    expect(m.get(requests("/api/graphql", "POST", "200", "mutation"))).toBe(3);
    expect(m.get(requests("/api/auth/sign-up/email", "POST", "200"))).toBe(10);
    expect(m.get(requests("/api/auth/sign-up/email", "POST", "429"))).toBe(1);
    expect(m.get('svc_rate_limit_refusals_total{route="/api/auth/sign-up/email"}')).toBe(1);
    expect(m.get("svc_statement_timeouts_total")).toBe(1);
    expect(
      m.get('svc_http_request_duration_seconds_count{route="/api/graphql",method="POST",operation_type="query"}'),
    ).toBe(21);
    expect(
      m.get(
        'svc_http_request_duration_seconds_bucket{le="+Inf",route="/api/graphql",method="POST",operation_type="query"}',
      ),
    ).toBe(21);
    expect(m.get('svc_jobs_total{task="delete_idle_sessions",status="failed"}')).toBe(1);
    expect(m.get('svc_job_duration_seconds_count{task="expire_api_keys"}')).toBeGreaterThanOrEqual(1);
    expect(m.get('svc_db_pool_connections{pool="graphql",state="total"}')).toBeGreaterThanOrEqual(1);
    expect(m.get('svc_db_pool_connections{pool="graphql",state="waiting"}')).toBe(0);
    expect(m.get('svc_db_pool_wait_seconds_count{pool="graphql"}')).toBeGreaterThanOrEqual(24);
    // Default process metrics, summed over the three processes.
    expect(m.get("process_resident_memory_bytes")).toBeGreaterThan(100 * 2 ** 20);
    expect(m.has("nodejs_eventloop_lag_seconds")).toBe(true);
    expect((await fetch(metricsUrl.replace("/metrics", "/other"))).status).toBe(404);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    await owner.end();
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await db.drop();
  }
}, 180_000);

test("without METRICS_PORT no metrics listen; a METRICS_PORT out of range or equal to PORT stops the start", async () => {
  const db = await freshDatabase();
  try {
    const plain = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: db.ownerUrl,
      WEB_CONCURRENCY: "1",
      METRICS_PORT: "",
    });
    await until(() => /running at/.test(plain.output()), "the start");
    expect(plain.output()).not.toMatch(/Metrics at/);
    plain.child.kill("SIGTERM");
    expect(await plain.exited).toBe(0);

    const port = await freePort();
    for (const [value, message] of [
      ["65536", 'METRICS_PORT must be a port number (0 to 65535), got \\"65536\\"'],
      ["9x", 'METRICS_PORT must be a port number (0 to 65535), got \\"9x\\"'],
      [String(port), `METRICS_PORT must differ from PORT (${port})`],
    ]) {
      const bad = startServer({
        PORT: String(port),
        DATABASE_URL: db.ownerUrl,
        METRICS_PORT: value,
        LOG_FORMAT: "json",
      });
      expect(await bad.exited).toBe(1);
      expect(bad.output()).toContain(message);
    }
  } finally {
    await db.drop();
  }
}, 120_000);

test("METRICS_PORT edges and METRICS_HOST's default", () => {
  expect(readConfig({ METRICS_PORT: "65535" }).metricsPort).toBe(65535);
  expect(readConfig({ METRICS_PORT: "0" }).metricsPort).toBe(0);
  expect(() => readConfig({ METRICS_PORT: "65536" })).toThrow(
    'METRICS_PORT must be a port number (0 to 65535), got "65536"',
  );
  expect(() => readConfig({ METRICS_PORT: "-1" })).toThrow("METRICS_PORT must be a port number");
  expect(() => readConfig({ PORT: "4001", METRICS_PORT: "4001" })).toThrow("METRICS_PORT must differ from PORT (4001)");
  expect(readConfig({}).metricsPort).toBeUndefined();
  expect(readConfig({}).metricsHost).toBe("127.0.0.1");
  expect(readConfig({ METRICS_HOST: "0.0.0.0" }).metricsHost).toBe("0.0.0.0");
});

test("the operation type of a GraphQL body: the named operation, else the first; a bare selection is a query", () => {
  expect(operationType({ query: "{ viewer { id } }" })).toBe("query");
  expect(operationType({ query: "# note\nmutation Save { x }" })).toBe("mutation");
  expect(operationType({ query: "query A { a } mutation B { b }", operationName: "B" })).toBe("mutation");
  expect(operationType({ query: "query A { a } mutation B { b }", operationName: "A" })).toBe("query");
  expect(operationType({ query: "subscription S { s }" })).toBe("subscription");
  expect(operationType({ query: 42 })).toBe("unknown");
  expect(operationType(null)).toBe("unknown");
});

/** The sum of a metric's samples whose `name{labels}` matches. */
const total = (m: Map<string, number>, pattern: RegExp) =>
  [...m].filter(([key]) => pattern.test(key)).reduce((sum, [, value]) => sum + value, 0);

test("kill -9 of an API process: the sums never go backwards; restarts, readiness, build, pool maximums, job queue, GraphQL errors by code and budget", async () => {
  const db = await freshDatabase();
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: db.ownerUrl,
    AUTH_DATABASE_URL: db.authUrl,
    WEB_CONCURRENCY: "2",
    METRICS_PORT: "0",
    // The key's 121st request is refused by its request count, not by its cost budget first.
    SESSION_COST_PER_MINUTE: "1000000000000",
    ACCOUNT_COST_PER_MINUTE: "1000000000000",
  });
  const owner = new pg.Client({ connectionString: db.ownerUrl });
  await owner.connect();
  const apiPids = async () =>
    (
      await owner.query(
        "select distinct split_part(application_name, ' ', 3)::int as pid from pg_stat_activity where datname = current_database() and application_name like 'svc graphql %'",
      )
    ).rows.map((r) => r.pid as number);
  try {
    await until(() => /running at/.test(server.output()), "the start");
    const metricsUrl = /Metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())![1];
    const url = `http://127.0.0.1:${port}`;
    const lifter = await signUp(url, "Restarted");
    const headers = { authorization: `Bearer ${lifter.token}`, connection: "close" };
    const reads = async (n: number) => {
      const answers = await Promise.all(
        Array.from({ length: n }, () => gql(url, "{ viewer { id } }", {}, { headers })),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
    };
    const queries = (m: Map<string, number>) => m.get(requests("/api/graphql", "POST", "200", "query")) ?? 0;
    // Until both API processes have served (each holds a GraphQL connection once it has).
    let sent = 0;
    while ((await apiPids()).length < 2 && sent < 200) {
      await reads(10);
      sent += 10;
    }
    const served = await apiPids();
    expect(served).toHaveLength(2);

    const before = await scrape(metricsUrl);
    expect(queries(before)).toBe(sent);
    const processCpu = total(before, /^process_cpu_seconds_total/);
    process.kill(served[0], "SIGKILL");
    await until(() => /API process \d+ is serving/.test(server.output()), "the replacement", 90_000);
    const after = await scrape(metricsUrl);
    // The killed process's requests stay counted: nothing went backwards.
    expect(queries(after)).toBe(sent);
    expect(after.get('svc_api_process_restarts_total{reason="SIGKILL"}')).toBe(1);
    expect(total(after, /^process_cpu_seconds_total/)).toBeGreaterThanOrEqual(processCpu);
    await reads(10);
    expect(queries(await scrape(metricsUrl))).toBe(sent + 10);

    // A syntax error, a validation error, and a key's 121st request in a minute.
    const bad = await gql(url, "{ viewer { id ", {}, { headers });
    const invalid = await gql(url, "{ nothingHere }", {}, { headers });
    const codeOf = (answer: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
      answer.body.errors?.[0]?.extensions?.code ?? "none";
    const { key } = await createApiKey(url, lifter.token, { access: "READ_ONLY" });
    await awayFromMinuteEdge(20);
    const refusals: string[] = [];
    for (let sentWithKey = 0; sentWithKey < RATE_LIMIT_PER_MINUTE + 1; sentWithKey += 11) {
      const batch = Math.min(11, RATE_LIMIT_PER_MINUTE + 1 - sentWithKey);
      const answers = await Promise.all(
        Array.from({ length: batch }, () =>
          gql(url, "{ viewer { id } }", {}, { headers: { "x-api-key": key, connection: "close" } }),
        ),
      );
      for (const answer of answers) if (answer.status === 429) refusals.push(answer.body.errors[0].extensions.limit);
    }
    expect(refusals).toEqual(["requests"]);

    const m = await scrape(metricsUrl);
    const errors = (code: string, limit = "") => m.get(`svc_graphql_errors_total{code="${code}",limit="${limit}"}`);
    expect(errors("RATE_LIMITED", "requests")).toBe(1);
    if (codeOf(bad) === codeOf(invalid)) expect(errors(codeOf(bad))).toBe(2);
    else {
      expect(errors(codeOf(bad))).toBe(1);
      expect(errors(codeOf(invalid))).toBe(1);
    }
    expect(m.get("svc_ready")).toBe(1);
    for (const check of ["owner", "graphql", "writes"])
      expect(m.get(`svc_readiness{check="${check}",status="ok"}`)).toBe(1);
    expect(m.get('svc_readiness{check="migrations",status="current"}')).toBe(1);
    expect(m.get(`svc_build_info{version="0.1.0",node="${process.version}"}`)).toBe(1);
    // Two API processes' shares of 20 GraphQL connections, and the primary's 6 for the jobs.
    expect(m.get('svc_db_pool_max{pool="graphql"}')).toBe(20);
    expect(m.get('svc_db_pool_max{pool="worker"}')).toBe(6);
    expect(m.get("svc_jobs_given_up")).toBe(0);

    // Jobs due but no task to take them: the queue and its oldest wait, as PostgreSQL has them (away
    // from a minute's start, when the schedule queues its own jobs for a moment).
    await awayFromMinuteEdge(10);
    await owner.query(
      "select graphile_worker.add_job('no_such_task', run_at := now() - interval '90 seconds') from generate_series(1, 3)",
    );
    const queued = await scrape(metricsUrl);
    expect(queued.get("svc_jobs_queued")).toBe(3);
    expect(queued.get("svc_jobs_oldest_queued_seconds")).toBeGreaterThanOrEqual(90);
    expect(queued.get("svc_jobs_oldest_queued_seconds")).toBeLessThan(300);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    await owner.end();
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await db.drop();
  }
}, 240_000);
