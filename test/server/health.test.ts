// Liveness and readiness over real HTTP on the real app: /api/health/live answers whatever the
// database does; /api/health is 200 only when the database answers, its migrations are this code's,
// the owner's connection works and the GraphQL login can run a statement as each request role
// through the request transaction. Its body is status words, nothing else.
import pg from "pg";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { createApp } from "../../server/app.ts";
import { createPools, type Pools } from "../../server/process/database.ts";
import { urlFor } from "../../db/scratch.ts";
import { freshDatabase, get, testEnv, captureJsonLog } from "../support/harness.ts";
import { freeBytes } from "../../server/observability/disk-space.ts";

const WORDS = {
  ok: [true, false],
  database: ["up", "down"],
  migrations: ["current", "behind", "ahead", "unknown"],
  owner: ["ok", "failing"],
  graphql: ["ok", "failing"],
  writes: ["ok", "read-only", "standby", "unknown"],
  disk: ["ok", "low", "unknown"],
};
const login = `svc_half_${process.pid}`;
const lines = captureJsonLog();
let root: pg.Client;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let pools: Pools;
let url: string;
let close: () => Promise<void>;

/** Only status words, one per check. */
function wordsOnly(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(Object.keys(WORDS).sort());
  for (const [key, allowed] of Object.entries(WORDS)) expect(allowed).toContain(body[key]);
}

beforeAll(async () => {
  root = new pg.Client({ connectionString: testEnv().rootUrl });
  await root.connect();
  db = await freshDatabase();
  const database = new URL(db.ownerUrl).pathname.slice(1);
  // A GraphQL login that may switch to svc_reader but not (yet) to svc_visitor (which includes svc_reader).
  await root.query(`drop role if exists ${login}`);
  await root.query(`create role ${login} login noinherit password 'half-a-login'`);
  await root.query(`grant svc_reader to ${login}`);
  await root.query(`grant connect on database ${database} to ${login}`);
  pools = createPools({ ownerUrl: db.ownerUrl, authUrl: urlFor(testEnv().rootUrl, database, login, "half-a-login") });
  const app = await createApp({ pools });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = app.close;
});
afterAll(async () => {
  await close();
  await pools.end();
  await db.drop();
  await root.query(`drop role if exists ${login}`);
  await root.end();
});

test("a GraphQL login that cannot switch to one request role: 503 graphql failing; after the grant, 200", async () => {
  const live = await get(url, "/api/health/live");
  expect(live).toMatchObject({ status: 200, body: { ok: true } });
  expect(live.headers.get("cache-control")).toBe("no-store");

  const refused = await get(url, "/api/health");
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual({
    ok: false,
    database: "up",
    migrations: "current",
    owner: "ok",
    graphql: "failing",
    writes: "ok",
    disk: "unknown",
  });
  wordsOnly(refused.body);

  await root.query(`grant svc_visitor to ${login}`);
  const ready = await get(url, "/api/health");
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({
    ok: true,
    database: "up",
    migrations: "current",
    owner: "ok",
    graphql: "ok",
    writes: "ok",
    disk: "unknown",
  });
  expect(ready.headers.get("cache-control")).toBe("no-store");
});

test("migrations: a database without this code's last migration is not ready; one a newer version migrated is", async () => {
  const owner = new pg.Client({ connectionString: db.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query("select max(filename) as last from graphile_migrate.migrations");
    const last = rows[0].last as string;
    const rename = (to: string, from: string) =>
      owner.query("update graphile_migrate.migrations set filename = $1 where filename = $2", [to, from]);
    await rename("999999.sql", last);
    expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, migrations: "ahead" } });
    await rename("000000.sql", "999999.sql");
    const behind = await get(url, "/api/health");
    expect(behind).toMatchObject({
      status: 503,
      body: { ok: false, migrations: "behind", owner: "ok", graphql: "ok" },
    });
    wordsOnly(behind.body);
    await rename(last, "000000.sql");
    expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { migrations: "current" } });
  } finally {
    await owner.end();
  }
});

test("while the database refuses connections: live still 200, readiness 503 database down; both again after", async () => {
  const database = new URL(db.ownerUrl).pathname.slice(1);
  await root.query(`alter database ${database} allow_connections false`);
  try {
    await root.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    expect(await get(url, "/api/health/live")).toMatchObject({ status: 200, body: { ok: true } });
    const down = await get(url, "/api/health");
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      ok: false,
      database: "down",
      migrations: "unknown",
      owner: "failing",
      graphql: "failing",
      writes: "unknown",
      disk: "unknown",
    });
  } finally {
    await root.query(`alter database ${database} allow_connections true`);
  }
  expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });
});

test("probes at once share one check: 50 concurrent readiness requests all 200", async () => {
  const answers = await Promise.all(Array.from({ length: 50 }, () => get(url, "/api/health")));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
});

test("a read-only database: 503 writes read-only, the log says why once; writable again: 200 and 'ready again'", async () => {
  const database = new URL(db.ownerUrl).pathname.slice(1);
  const setReadOnly = async (on: boolean) => {
    await root.query(
      `alter database ${database} ${on ? "set default_transaction_read_only = on" : "reset default_transaction_read_only"}`,
    );
    await root.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
  };
  await setReadOnly(true);
  try {
    // A connection the terminate cut may fail the first check: the reason it gives is its own.
    await get(url, "/api/health");
    const readOnly = await get(url, "/api/health");
    expect(readOnly.status).toBe(503);
    expect(readOnly.body).toMatchObject({ ok: false, database: "up", owner: "ok", writes: "read-only" });
    wordsOnly(readOnly.body);
    await get(url, "/api/health");
  } finally {
    await setReadOnly(false);
  }
  await get(url, "/api/health");
  expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, writes: "ok" } });
  const said = lines.map((line) => JSON.parse(line)).filter((l) => /ready/.test(l.message));
  // The read-only reason alone (a first check may also name the connection the terminate cut).
  const readOnlyLines = said.filter((l) =>
    /^The database is read-only \(default_transaction_read_only is on\)[^\n]*$/.test(l.reason ?? ""),
  );
  expect(readOnlyLines).toHaveLength(1);
  expect(readOnlyLines[0]).toMatchObject({ level: "warn", message: "not ready" });
  expect(said.at(-1)).toMatchObject({ level: "info", message: "ready again" });
});

test("the embedded database's disk: readiness says low below DISK_FREE_WARN_MB, ok at or above, ready either way", async () => {
  const dir = tmpdir();
  const free = freeBytes(dir);
  const answerWith = async (warnBelowBytes: number) => {
    const app = await createApp({ pools, disk: { dir, warnBelowBytes } });
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    try {
      return await get(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, "/api/health");
    } finally {
      await app.close();
    }
  };
  // Twice what is free: certainly below; a thousandth of it: certainly above, whatever else writes meanwhile.
  expect(await answerWith(free * 2)).toMatchObject({ status: 200, body: { ok: true, disk: "low" } });
  expect(await answerWith(Math.floor(free / 1000))).toMatchObject({ status: 200, body: { ok: true, disk: "ok" } });
  expect(await answerWith(0)).toMatchObject({ body: { disk: "unknown" } });
});
