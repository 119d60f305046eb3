// WEB_CONCURRENCY from outside: the real entry point (server/main.ts) with two API processes on one
// port. Both answer; a key's 121st request in a minute is refused wherever its requests land (the
// count is in PostgreSQL); background jobs run in one process only, once each; SIGTERM stops every
// process and closes every connection. A value out of range stops the start with a message.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase, post, awayFromMinuteEdge } from "../support/harness.ts";
import { RATE_LIMIT_PER_MINUTE } from "../../server/identity/api-key-meter.ts";
import { defaultWebConcurrency } from "../../server/process/config.ts";
import { availableParallelism } from "node:os";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(env: Record<string, string>) {
  let out = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      SVC_LOG: "",
      GRAPHILE_ENV: "production",
      NODE_ENV: "production",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Calendar-minute counters: start a burst only when it can finish inside the current minute. */

test("WEB_CONCURRENCY=2: both processes answer, the key limit is exact across them, jobs run once, SIGTERM stops all", async () => {
  const db = await freshDatabase();
  const admin = new pg.Client({ connectionString: db.ownerUrl });
  await admin.connect();
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: db.ownerUrl,
    AUTH_DATABASE_URL: db.authUrl,
    WEB_CONCURRENCY: "2",
    // 11 requests of one key at a time: the largest cap two processes allow, so none waits long.
    CALLER_CONCURRENCY: "9",
    // The 121st is refused by the key's request count, not by its cost share first (charged as the
    // database spent it, which a loaded machine makes larger).
    SESSION_COST_PER_MINUTE: "1000000000000",
    ACCOUNT_COST_PER_MINUTE: "1000000000000",
  });
  try {
    const t0 = Date.now();
    while (!/running at http:\/\/localhost:\d+\/.*with 2 API processes/.test(server.output())) {
      if (server.child.exitCode !== null || Date.now() - t0 > 60_000) throw new Error(`no start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `http://127.0.0.1:${port}`;
    const connectedPids = async (use: string) => {
      const { rows } = await admin.query(
        "select distinct split_part(application_name, ' ', 3)::int as pid from pg_stat_activity where datname = current_database() and application_name like $1",
        [`svc ${use} %`],
      );
      return rows.map((r) => r.pid as number).sort();
    };

    const up = await post(url, "/api/auth/sign-up/email", {
      name: "Two",
      email: "two@example.com",
      password: "two-processes",
    });
    expect(up.status).toBe(200);
    const created = await post(
      url,
      "/api/graphql",
      { query: 'mutation { createApiKey(input: { name: "two", access: READ_ONLY, expiresIn: DAYS_30 }) { key } }' },
      { token: up.body.token },
    );
    const key = created.body.data.createApiKey.key as string;

    // 121 keyed requests over many connections: the primary hands connections to both processes.
    await awayFromMinuteEdge(20);
    const statuses: number[] = [];
    const send = async () => {
      const res = await fetch(`${url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, connection: "close" },
        body: JSON.stringify({ query: "{ viewer { name } }" }),
      });
      statuses.push(res.status);
      const body = await res.json();
      if (res.status === 200) expect(body).toEqual({ data: { viewer: { name: "Two" } } });
    };
    for (let sent = 0; sent < RATE_LIMIT_PER_MINUTE + 1; sent += 11) {
      await Promise.all(Array.from({ length: Math.min(11, RATE_LIMIT_PER_MINUTE + 1 - sent) }, send));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const apiPids = await connectedPids("identity");
    expect(apiPids).toHaveLength(2); // both API processes counted some of them
    expect(apiPids).not.toContain(server.child.pid);
    expect(await connectedPids("graphql")).toEqual(apiPids);

    // Background jobs: one process (the primary) runs them, a job runs once.
    expect(await connectedPids("worker")).toEqual([server.child.pid]);
    const {
      rows: [job],
    } = await admin.query("select id from graphile_worker.add_job('prune_counters')");
    const jobLines = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l))
        .filter((r) => r.message === "job" && String(r.jobId) === String(job.id));
    const t1 = Date.now();
    while (!jobLines().length && Date.now() - t1 < 15_000) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2500)); // another worker polling (every 2 s) would have taken it again by now
    expect(jobLines()).toEqual([expect.objectContaining({ task: "prune_counters", status: "ok", attempt: 1 })]);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"Stopped"/);
    for (const pid of apiPids) expect(isAlive(pid)).toBe(false);
    const { rows: left } = await admin.query(
      "select application_name from pg_stat_activity where datname = current_database() and application_name like 'svc %'",
    );
    expect(left).toEqual([]);
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await admin.end();
    await db.drop();
  }
}, 120_000);

test("WEB_CONCURRENCY out of range stops the start with a message naming it", async () => {
  const db = await freshDatabase();
  try {
    for (const value of ["0", "33", "two"]) {
      const server = startServer({
        PORT: String(await freePort()),
        DATABASE_URL: db.ownerUrl,
        AUTH_DATABASE_URL: db.authUrl,
        WEB_CONCURRENCY: value,
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `WEB_CONCURRENCY must be a whole number of processes from 1 to 32, got \\"${value}\\"`,
      );
    }
  } finally {
    await db.drop();
  }
}, 60_000);

test("by default one API process per core but one (PostgreSQL and the jobs use that core), from 1 to 32", () => {
  expect([1, 2, 3, 4, 33, 34, 64].map((cores) => defaultWebConcurrency(cores))).toEqual([1, 1, 2, 3, 32, 32, 32]);
});

test("WEB_CONCURRENCY unset: the start serves with the default number of API processes for this machine", async () => {
  const db = await freshDatabase();
  try {
    const expected = defaultWebConcurrency(availableParallelism());
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: db.ownerUrl,
      AUTH_DATABASE_URL: db.authUrl,
      WEB_CONCURRENCY: "",
    });
    const t0 = Date.now();
    while (!/running at/.test(server.output()) && server.child.exitCode === null && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 100));
    const running =
      server
        .output()
        .split("\n")
        .find((line) => line.includes("running at")) ?? "";
    if (expected === 1) expect(running).not.toMatch(/API processes/);
    else expect(running).toContain(`with ${expected} API processes`);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    await db.drop();
  }
}, 90_000);
