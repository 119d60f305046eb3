// Database time a request may hold: statement_timeout on the request roles (TIMEOUT, never
// INTERNAL_ERROR), queries cancelled when the client goes away or the request's deadline passes,
// sign-in and health checks answered while every GraphQL connection is busy, /api/health up and down.
// Slow statements are real: they wait on a lock this test holds from another connection.
import pg from "pg";
import { startTestServer, gql, post, get, signUp, testEnv, type TestServer } from "../support/harness.ts";
import { readConfig } from "../../server/process/config.ts";
import { DEFAULT_STATEMENT_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "../../server/graphql/database-time.ts";

const SEARCH = `{ searchExercises(words: "bench", limit: 1) { name } }`;
const RENAME = `mutation($id: UUID!, $name: String!) { updateUserById(input: { id: $id, userPatch: { name: $name } }) { user { name } } }`;

/** Holds an ACCESS EXCLUSIVE lock on the exercise catalog until released: every read of it waits. */
async function lockCatalog(s: TestServer) {
  const client = new pg.Client({ connectionString: s.ownerUrl });
  await client.connect();
  await client.query("begin");
  await client.query("lock table app_public.exercises in access exclusive mode");
  return async () => {
    await client.query("rollback");
    await client.end();
  };
}

/** The authenticator's statements still running on this test database. */
async function running(s: TestServer, like: string): Promise<number> {
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and usename = 'svc_authenticator' and state = 'active' and query like $1",
    [like],
  );
  return rows[0].n;
}

/** A new server builds its schema on the first request; do that before holding any lock. */
async function started(server: Promise<TestServer>): Promise<TestServer> {
  const s = await server;
  expect((await gql(s.url, "{ __typename }")).body).toEqual({ data: { __typename: "Query" } });
  return s;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe("statement_timeout on the request roles", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await started(startTestServer({ statementTimeoutMs: 400 }));
  });
  afterAll(async () => {
    await s.close();
  });

  test("an anonymous read over the timeout is cancelled with TIMEOUT, and the next one works", async () => {
    const release = await lockCatalog(s);
    try {
      const res = await gql(s.url, SEARCH);
      expect(res.status).toBe(200);
      expect(res.body.errors[0].extensions.code).toBe("TIMEOUT");
      expect(res.body.errors[0].message).toMatch(/time limit/);
      expect(await running(s, "%search_exercises%")).toBe(0);
    } finally {
      await release();
    }
    const again = await gql(s.url, SEARCH);
    expect(again.body).toEqual({ data: { searchExercises: [{ name: "Bench Press" }] } });
  });

  test("a signed-in write over the timeout is cancelled and saves nothing", async () => {
    const u = await signUp(s.url, "Before");
    const locker = new pg.Client({ connectionString: s.ownerUrl });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("select 1 from app_public.users where id = $1 for update", [u.user.id]);
      const res = await gql(s.url, RENAME, { id: u.user.id, name: "After" }, { token: u.token });
      expect(res.body.errors[0].extensions.code).toBe("TIMEOUT");
      await locker.query("rollback");
    } finally {
      await locker.end();
    }
    const { rows } = await s.ownerPool.query("select name from app_public.users where id = $1", [u.user.id]);
    expect(rows[0].name).toBe("Before");
  });

  test("a statement just under the timeout completes", async () => {
    const release = await lockCatalog(s);
    const pending = gql(s.url, SEARCH);
    await new Promise((r) => setTimeout(r, 150));
    await release();
    expect((await pending).body).toEqual({ data: { searchExercises: [{ name: "Bench Press" }] } });
  });

  test("the timeout holds for the request's transaction only, not for the pool's connections", async () => {
    const client = await s.pools.graphql.connect();
    try {
      const { rows } = await client.query("show statement_timeout");
      expect(rows[0].statement_timeout).toBe("0");
    } finally {
      client.release();
    }
  });
});

describe("a request's queries end with the request", () => {
  let s: TestServer;
  // A statement timeout far longer than the test: whatever ends a query here is the cancel.
  beforeAll(async () => {
    s = await started(startTestServer({ statementTimeoutMs: 120000, requestTimeoutMs: 1500 }));
  });
  afterAll(async () => {
    await s.close();
  });

  test("a disconnected client's query is gone from pg_stat_activity shortly after", async () => {
    const release = await lockCatalog(s);
    try {
      const controller = new AbortController();
      const request = fetch(`${s.url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: SEARCH }),
        signal: controller.signal,
      }).catch((error) => error);
      expect(await until(async () => (await running(s, "%search_exercises%")) === 1, 5000)).toBe(true);
      controller.abort();
      expect((await request).name).toBe("AbortError");
      // Gone well before the request deadline (1.5 s) or the statement timeout (120 s).
      expect(await until(async () => (await running(s, "%search_exercises%")) === 0, 800)).toBe(true);
      // Its connection is back in the pool, idle, not left in a transaction.
      expect(await until(async () => s.pools.graphql.idleCount === s.pools.graphql.totalCount, 2000)).toBe(true);
    } finally {
      await release();
    }
    expect((await gql(s.url, SEARCH)).body).toEqual({ data: { searchExercises: [{ name: "Bench Press" }] } });
  });

  test("past the request deadline the query is cancelled and the client gets TIMEOUT", async () => {
    const release = await lockCatalog(s);
    try {
      const t0 = Date.now();
      const res = await gql(s.url, SEARCH);
      expect(res.body.errors[0].extensions.code).toBe("TIMEOUT");
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
      expect(await running(s, "%search_exercises%")).toBe(0);
    } finally {
      await release();
    }
  });
});

describe("sign-in and health while GraphQL has every connection", () => {
  let s: TestServer;
  beforeAll(async () => {
    // Signed-out requests may take the whole pool here (their share is half of it by default).
    s = await started(
      startTestServer({ statementTimeoutMs: 60000, requestTimeoutMs: 60000, poolShares: { signedOut: 20 } }),
    );
  });
  afterAll(async () => {
    await s.close();
  });

  test("30 GraphQL requests stuck on a lock; sign-in, sign-up and /api/health still answer", async () => {
    const u = await signUp(s.url, "Patient");
    const release = await lockCatalog(s);
    let stuck: Promise<unknown>[] = [];
    try {
      stuck = Array.from({ length: 30 }, () => gql(s.url, SEARCH));
      const pool = s.pools.graphql;
      expect(
        // The rest wait for their turn in the pool's fair shares (server/limits/pool-shares.ts), not in the pool.
        await until(
          async () =>
            pool.totalCount === 20 && pool.idleCount === 0 && s.app.services.poolShares!.count().waiting >= 10,
          10000,
        ),
      ).toBe(true);
      const signIn = await post(s.url, "/api/auth/sign-in/email", { email: u.email, password: u.password });
      expect(signIn.status).toBe(200);
      expect((await signUp(s.url, "Newcomer")).token).toBeTruthy();
      expect(await get(s.url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });
      // Still saturated: they answered beside GraphQL, not after it.
      expect(s.app.services.poolShares!.count().waiting).toBeGreaterThan(0);
    } finally {
      await release();
    }
    const answers = (await Promise.all(stuck)) as { body: unknown }[];
    for (const a of answers) expect(a.body).toEqual({ data: { searchExercises: [{ name: "Bench Press" }] } });
  }, 30000);
});

describe("GET /api/health", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await started(startTestServer());
  });
  afterAll(async () => {
    await s.close();
  });

  test("200 while the database answers, 503 while it refuses connections, 200 again after", async () => {
    expect((await gql(s.url, SEARCH)).body.data.searchExercises).toHaveLength(1);
    const up = await get(s.url, "/api/health");
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ ok: true, database: "up" });
    expect(up.headers.get("cache-control")).toBe("no-store");

    const database = new URL(s.ownerUrl).pathname.slice(1);
    const root = new pg.Client({ connectionString: testEnv().rootUrl });
    await root.connect();
    try {
      await root.query(`alter database ${database} allow_connections false`);
      await root.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = 'svc_authenticator'",
        [database],
      );
      const down = await get(s.url, "/api/health");
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ ok: false, database: "down", graphql: "failing" });
    } finally {
      await root.query(`alter database ${database} allow_connections true`);
      await root.end();
    }
    expect(await get(s.url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });
    // GraphQL lost its connections too and opens new ones: the server outlived the outage.
    expect((await gql(s.url, SEARCH)).body).toEqual({ data: { searchExercises: [{ name: "Bench Press" }] } });
  });
});

test("STATEMENT_TIMEOUT and REQUEST_TIMEOUT: defaults, last good and first bad values", () => {
  expect(readConfig({})).toMatchObject({
    statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  });
  expect(readConfig({ STATEMENT_TIMEOUT: "100", REQUEST_TIMEOUT: "3600000" })).toMatchObject({
    statementTimeoutMs: 100,
    requestTimeoutMs: 3600000,
  });
  expect(() => readConfig({ STATEMENT_TIMEOUT: "99" })).toThrow(
    /STATEMENT_TIMEOUT must be a whole number of milliseconds/,
  );
  expect(() => readConfig({ REQUEST_TIMEOUT: "3600001" })).toThrow(/REQUEST_TIMEOUT/);
  expect(() => readConfig({ STATEMENT_TIMEOUT: "5s" })).toThrow(/STATEMENT_TIMEOUT/);
});
