// A database out of service answers as an outage: 503 SERVICE_UNAVAILABLE with Retry-After and a
// message naming no host, on /api/graphql, /api/mcp and the auth routes. Against real PostgreSQL:
// a read-only database (default_transaction_read_only) on the tests' server, and a server of its
// own that refuses the service's login, is shutting down (a smart shutdown waiting on a session)
// and then stopped. Once read-only is lifted, the same app answers again by itself.
import pg from "pg";
import { mkdtempSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { startEmbedded, type EmbeddedCluster } from "../../db/embedded.ts";
import { bootstrapCluster, ROLES } from "../../db/bootstrap.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createApp } from "../../server/app.ts";
import { createPools, type Pools } from "../../server/process/database.ts";
import { OUTAGE_MESSAGE } from "../../db/outage.ts";
import {
  gql,
  post,
  signUp,
  startTestServer,
  testEnv,
  TEST_ADDRESS_LIMITS,
  type TestServer,
} from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";

type Answer = { status: number; headers: Headers; text: string };

async function send(url: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url + route, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** 503, Retry-After, the outage's code and message, and no address or PostgreSQL wording anywhere. */
function expectOutage(answer: Answer, port: number) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(answer.text).toContain("SERVICE_UNAVAILABLE");
  expect(answer.text).toContain(JSON.stringify(OUTAGE_MESSAGE).slice(1, -1));
  expect(answer.text).not.toMatch(new RegExp(`127\\.0\\.0\\.1|localhost|${port}|ECONN|read-only|shutting|terminat`));
}

const viewer = { query: "{ viewer { id } }" };
const addBodyweight = {
  query: 'mutation { logBodyweight(input: { date: "2026-01-05", weight: 80, unit: KG }) { weight } }',
};
const signIn = (email: string) => ({ email, password: "correct horse battery" });
const toolCall = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_workouts", arguments: {} } };

describe("a read-only database (default_transaction_read_only)", () => {
  let s: TestServer;
  let root: pg.Client;
  let database: string;
  let user: Awaited<ReturnType<typeof signUp>>;
  let accessToken: string;
  const port = () => Number(new URL(testEnv().rootUrl).port);
  /** Sets read-only on or off for new sessions, and ends the server's sessions so its pools reconnect. */
  const readOnly = async (on: boolean) => {
    await root.query(
      `alter database ${database} ${on ? "set default_transaction_read_only = on" : "reset default_transaction_read_only"}`,
    );
    await root.query(
      "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
  };

  beforeAll(async () => {
    s = await startTestServer();
    database = new URL(s.ownerUrl).pathname.slice(1);
    root = new pg.Client({ connectionString: testEnv().rootUrl });
    await root.connect();
    user = await signUp(s.url);
    accessToken = (await connectRaw(s.url, user.token)).access_token;
    await readOnly(true);
  });
  afterAll(async () => {
    await readOnly(false).catch(() => {});
    await root.end();
    await s.close();
  });

  test("GraphQL, signed out, signed in and a mutation: 503 SERVICE_UNAVAILABLE, nothing saved", async () => {
    expectOutage(await send(s.url, "/api/graphql", viewer), port());
    const signedIn = await send(s.url, "/api/graphql", addBodyweight, { authorization: `Bearer ${user.token}` });
    expectOutage(signedIn, port());
    expect(JSON.parse(signedIn.text).errors[0].extensions).toEqual({ code: "SERVICE_UNAVAILABLE", retryAfter: 2 });
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights");
    expect(rows[0].n).toBe(0);
  });

  test("sign-in and sign-up: 503 in the routes' shape", async () => {
    const answer = await send(s.url, "/api/auth/sign-in/email", signIn(user.email));
    expectOutage(answer, port());
    expect(JSON.parse(answer.text)).toEqual({ code: "SERVICE_UNAVAILABLE", message: OUTAGE_MESSAGE, retryAfter: 2 });
    expectOutage(
      await send(s.url, "/api/auth/sign-up/email", { name: "N", email: "n@example.com", password: "long enough pass" }),
      port(),
    );
  });

  test("MCP: 503 in JSON-RPC's shape (the token's check meets the outage before the message is read: id null)", async () => {
    const answer = await send(s.url, "/api/mcp", toolCall, { authorization: `Bearer ${accessToken}` });
    expectOutage(answer, port());
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: OUTAGE_MESSAGE, data: { code: "SERVICE_UNAVAILABLE", retryAfter: 2 } },
    });
  });

  test("once writes are allowed again, the same server answers by itself", async () => {
    await readOnly(false);
    const answer = await gql(s.url, viewer.query, {}, { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.viewer.id).toBe(user.user.id);
    const signedIn = await post(s.url, "/api/auth/sign-in/email", signIn(user.email));
    expect(signedIn.status).toBe(200);
  });
});

describe("a PostgreSQL of its own: a login refused, shutting down, stopped", () => {
  let dir: string;
  let cluster: EmbeddedCluster;
  let pools: Pools;
  let url: string;
  let close: () => Promise<void>;
  let root: pg.Client;
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "svc-outage-"));
    chmodSync(dir, 0o777);
    cluster = await startEmbedded(dir, { notice: () => {} });
    const connections = await bootstrapCluster(cluster.rootUrl, "svc", {
      owner: "owner-pass",
      authenticator: "auth-pass",
    });
    await migrateDatabase(connections.ownerUrl);
    pools = createPools(connections);
    const app = await createApp({
      pools,
      authLimits: TEST_ADDRESS_LIMITS,
      oauthRateLimit: false,
    });
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = app.close;
    root = new pg.Client({ connectionString: cluster.rootUrl });
    await root.connect();
    user = await signUp(url);
  }, 120_000);
  afterAll(async () => {
    await root.end().catch(() => {});
    await close();
    await pools.end();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const endServiceSessions = () =>
    root.query(
      "select pg_terminate_backend(pid, 5000) from pg_stat_activity where usename <> 'postgres' and backend_type = 'client backend'",
    );

  test("the GraphQL login refused (nologin): 503 on /api/graphql and an MCP tool call; back when it may log in again", async () => {
    const accessToken = (await connectRaw(url, user.token)).access_token;
    await root.query(`alter role ${ROLES.authenticator} nologin`);
    await endServiceSessions();
    expectOutage(await send(url, "/api/graphql", viewer, { authorization: `Bearer ${user.token}` }), cluster.port);
    // The token is checked on the owner's login, which works: the tool's GraphQL meets the outage.
    const tool = await send(url, "/api/mcp", { ...toolCall, id: 9 }, { authorization: `Bearer ${accessToken}` });
    expectOutage(tool, cluster.port);
    expect(JSON.parse(tool.text)).toMatchObject({
      jsonrpc: "2.0",
      id: 9,
      error: { data: { code: "SERVICE_UNAVAILABLE" } },
    });
    await root.query(`alter role ${ROLES.authenticator} login`);
    const answer = await gql(url, viewer.query, {}, { token: user.token });
    expect(answer.body.data.viewer.id).toBe(user.user.id);
  });

  test("shutting down (smart shutdown waiting on a session), then stopped: 503 everywhere", async () => {
    process.kill(cluster.pid, "SIGTERM"); // smart: new sessions refused, open ones (ours) keep working
    await endServiceSessions();
    expectOutage(await send(url, "/api/graphql", viewer), cluster.port);
    expectOutage(await send(url, "/api/auth/sign-in/email", signIn(user.email)), cluster.port);
    await root.end(); // the last session: PostgreSQL stops
    for (let i = 0; i < 100 && cluster.isRunning(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(cluster.isRunning()).toBe(false);
    expectOutage(await send(url, "/api/graphql", viewer, { authorization: `Bearer ${user.token}` }), cluster.port);
    expectOutage(await send(url, "/api/auth/sign-in/email", signIn(user.email)), cluster.port);
    expectOutage(
      await send(url, "/api/graphql", addBodyweight, { authorization: `Bearer ${user.token}` }),
      cluster.port,
    );
  });
});
