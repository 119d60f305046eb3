// Test harness: a fresh database copied from the migrated template, and the real Express app on a
// real port. No mocks: requests go over HTTP, SQL runs in PostgreSQL.
import pg from "pg";
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createDatabaseFromTemplate } from "../../db/scratch.ts";
import type { Express } from "express";
import type { AppOptions } from "../../server/app.ts";
import type { Pools } from "../../server/process/database.ts";
import { captureLog } from "../../server/observability/logger.ts";

export type TestServer = {
  url: string;
  /** The Express app (its `locals` hold the per-caller concurrency slots, server/limits/caller-concurrency.ts). */
  app: Express;
  /** The server's own pools (server/process/database.ts); ownerPool and authPool are two of them. */
  pools: Pools;
  ownerPool: pg.Pool;
  authPool: pg.Pool;
  ownerUrl: string;
  authUrl: string;
  close: () => Promise<void>;
};

export function testEnv() {
  const rootUrl = process.env.SVC_TEST_ROOT_URL;
  const templateDb = process.env.SVC_TEST_TEMPLATE_DB;
  if (!rootUrl || !templateDb) throw new Error("Run the tests with `npm test` (the global setup starts PostgreSQL)");
  return { rootUrl, templateDb };
}

/** A database of its own, copied from the migrated template. */
export async function freshDatabase() {
  const { rootUrl, templateDb } = testEnv();
  return createDatabaseFromTemplate(rootUrl, templateDb, `svc_test_${randomBytes(6).toString("hex")}`);
}

// Test files sign many users up and in from 127.0.0.1; test/server/auth-limits.test.ts checks the real
// per-address limits by passing `authLimits: AUTH_LIMITS`.
export const TEST_ADDRESS_LIMITS = { signInsPerAddressPerMinute: 100_000, signUpsPerAddressPerHour: 100_000 };

// Likewise every test's GraphQL comes from 127.0.0.1; test/api/graphql-cost.test.ts checks the real
// budgets of requests without a key by passing `clientCostLimits: CLIENT_COST_LIMITS`.
export const TEST_CLIENT_COST_LIMITS = {
  perAddressPerMinute: Number.MAX_SAFE_INTEGER,
  perSessionPerMinute: Number.MAX_SAFE_INTEGER,
  perAccountPerMinute: Number.MAX_SAFE_INTEGER,
  bulkPerMinute: Number.MAX_SAFE_INTEGER,
};

// Tests send many requests at once as one user or from 127.0.0.1; test/server/caller-concurrency.test.ts
// checks the real cap with a small one.
export const TEST_CALLER_CONCURRENCY = { perCaller: 1_000_000 };

// Likewise test files open many connections at once from 127.0.0.1; test/server/connection-bounds.test.ts
// checks the real caps with small ones.
export const TEST_CONNECTION_BOUNDS = { perAddress: 100_000 };

// And sign many users up and in at once: the password checks' queue is checked with a small one in
// test/server/password-checks.test.ts.
export const TEST_PASSWORD_CHECKS = { queue: 100_000, waitMs: 120_000 };

/**
 * What a test server is started with: the app's options, the address it listens on (127.0.0.1;
 * "::" takes IPv6 and IPv4), and `importJobs`: a graphile-worker running import jobs (queueImport)
 * beside it, as `npm start` does (no other task).
 */
export type TestServerOptions = Omit<AppOptions, "pools"> & { host?: string; importJobs?: boolean };

/**
 * graphile-worker with the import_history task alone, on the server's worker pool, charging the
 * bulk budget as main.ts does (at the server's limits); stopped before the pools end.
 */
async function importJobWorker(
  pools: Pools,
  limits: AppOptions["clientCostLimits"],
): Promise<{ stop: () => Promise<void> }> {
  const { run, Logger } = await import("graphile-worker");
  const { importJobTask, IMPORT_JOB_TASK } = await import("../../server/jobs/import-jobs.ts");
  const { bulkCharge, CLIENT_COST_LIMITS } = await import("../../server/limits/client-cost-budget.ts");
  const charge = bulkCharge(pools.worker, { ...CLIENT_COST_LIMITS, ...(limits ?? TEST_CLIENT_COST_LIMITS) });
  return run({
    pgPool: pools.worker,
    concurrency: 1,
    noHandleSignals: true,
    pollInterval: 200,
    taskList: { [IMPORT_JOB_TASK]: importJobTask({ charge }) },
    logger: new Logger(() => () => undefined),
  });
}

/** The server's own pools (server/process/database.ts) on a test database. */
async function serverPools(urls: { ownerUrl: string; authUrl: string }): Promise<Pools> {
  const { createPools } = await import("../../server/process/database.ts");
  return createPools(urls);
}

/** The app on `pools` with the tests' limits (any of them overridden), listening on a free loopback port. */
async function listeningApp(pools: Pools, { host = "127.0.0.1", ...options }: TestServerOptions) {
  // Imported here, not above: a file that never starts a server (SQL, the CLI's own process, the
  // SDK) does not pay for loading the server, PostGraphile and their dependencies.
  const { createApp } = await import("../../server/app.ts");
  const { app, server, close } = await createApp({
    pools,
    authLimits: TEST_ADDRESS_LIMITS,
    clientCostLimits: TEST_CLIENT_COST_LIMITS,
    callerConcurrency: TEST_CALLER_CONCURRENCY,
    connectionBounds: TEST_CONNECTION_BOUNDS,
    passwordChecks: TEST_PASSWORD_CHECKS,
    oauthRateLimit: false,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = await freshDatabase();
  // The same pools as `npm start`; the database is dropped (with force) at the end.
  const pools = await serverPools({ ownerUrl: db.ownerUrl, authUrl: db.authUrl });
  const { importJobs, ...appOptions } = options;
  const { app, url, close } = await listeningApp(pools, appOptions);
  const worker = importJobs ? await importJobWorker(pools, appOptions.clientCostLimits) : null;
  return {
    url,
    app,
    pools,
    ownerPool: pools.account,
    authPool: pools.graphql,
    ownerUrl: db.ownerUrl,
    authUrl: db.authUrl,
    close: async () => {
      await close();
      await worker?.stop();
      await pools.end();
      await db.drop();
    },
  };
}

/**
 * Another instance of the app on `first`'s database, with pools of its own: what a second API
 * process shares with the first is exactly what is in PostgreSQL.
 */
export async function secondInstance(
  first: TestServer,
  options: Omit<AppOptions, "pools"> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const pools = await serverPools({ ownerUrl: first.ownerUrl, authUrl: first.authUrl });
  const { url, close } = await listeningApp(pools, options);
  return {
    url,
    close: async () => {
      await close();
      await pools.end();
    },
  };
}

/**
 * The setup most API test files share: a test server started before the file's tests and closed
 * after them. Read its fields (`s.url`, `s.ownerPool`, ...) inside tests and hooks.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => started?.close());
  const running = () => {
    if (!started) throw new Error("useTestServer: the server starts in beforeAll; use it inside tests and hooks");
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get app() {
      return running().app;
    },
    get pools() {
      return running().pools;
    },
    get ownerPool() {
      return running().ownerPool;
    },
    get authPool() {
      return running().authPool;
    },
    get ownerUrl() {
      return running().ownerUrl;
    },
    get authUrl() {
      return running().authUrl;
    },
    close: () => running().close(),
  };
}

export type Credentials = {
  token?: string;
  key?: string;
  keyHeader?: "authorization" | "x-api-key";
  headers?: Record<string, string>;
};

function authHeaders(c: Credentials = {}): Record<string, string> {
  const h: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.token) h.authorization = `Bearer ${c.token}`;
  if (c.key) {
    if (c.keyHeader === "x-api-key") h["x-api-key"] = c.key;
    else h.authorization = `Bearer ${c.key}`;
  }
  return h;
}

/** The media type a GraphQL-over-HTTP client asks for by name to get HTTP status codes for request errors. */
export const GRAPHQL_RESPONSE = "application/graphql-response+json";

export async function gql(url: string, query: string, variables: Record<string, unknown> = {}, c: Credentials = {}) {
  const res = await fetch(`${url}/api/graphql`, {
    method: "POST",
    // Asks for the GraphQL response type by name, so a request error is HTTP 400 (under
    // `application/json`, what a client without Accept gets, it would be 200 with `errors`).
    headers: { "content-type": "application/json", accept: GRAPHQL_RESPONSE, ...authHeaders(c) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  return { status: res.status, headers: res.headers, body: body as { data?: any; errors?: any } };
}

/** The `data` of an operation that must succeed: any GraphQL error throws, with the errors as JSON. */
export async function gqlData(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  c: Credentials = {},
): Promise<any> {
  const res = await gql(url, query, variables, c);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

export async function post(url: string, path: string, body: unknown, c: Credentials = {}) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...authHeaders(c) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json };
}

export async function get(url: string, path: string, c: Credentials = {}) {
  const res = await fetch(`${url}${path}`, { headers: authHeaders(c) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

let counter = 0;
/** Signs up a new user; returns their token and user record. */
export async function signUp(url: string, name = "Test User", extra: { email?: string; password?: string } = {}) {
  counter += 1;
  const email = extra.email ?? `user${counter}-${randomBytes(4).toString("hex")}@example.com`;
  const password = extra.password ?? "correct horse battery";
  const res = await post(url, "/api/auth/sign-up/email", { name, email, password });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, user: res.body.user, email, password };
}

export type SignedUpUser = Awaited<ReturnType<typeof signUp>>;

/** Signs up a new user whose weight unit is `unit` (set by the database owner, as no sign-up form asks it). */
export async function signUpWithUnit(s: TestServer, unit: "kg" | "lb" = "kg", name = "Lifter"): Promise<SignedUpUser> {
  const u = await signUp(s.url, name);
  if (unit !== "kg") await s.ownerPool.query("update app_public.users set unit = $2 where id = $1", [u.user.id, unit]);
  return u;
}

/** Creates an API key with a signed-in session; returns its value (shown once) and its id. */
export async function createApiKey(
  url: string,
  token: string,
  {
    name = "test key",
    access = "READ_WRITE",
    expiresIn = "NEVER",
  }: {
    name?: string;
    access?: "READ_ONLY" | "READ_WRITE";
    expiresIn?: "DAYS_30" | "DAYS_90" | "YEAR_1" | "NEVER";
  } = {},
): Promise<{ key: string; id: string }> {
  const res = await gql(
    url,
    "mutation($name: String!, $access: ApiKeyAccess!, $expiresIn: ApiKeyExpiry!) { createApiKey(input: {name: $name, access: $access, expiresIn: $expiresIn}) { key apiKey { id } } }",
    { name, access, expiresIn },
    { token },
  );
  if (res.body.errors) throw new Error(`createApiKey failed: ${JSON.stringify(res.body.errors)}`);
  return { key: res.body.data.createApiKey.key, id: res.body.data.createApiKey.apiKey.id };
}

/** The `extensions.code` of an answer's first GraphQL error; undefined when it has none. */
export function errorCode(answer: {
  body?: { errors?: Array<{ extensions?: { code?: string } }> } | null;
}): string | undefined {
  return answer.body?.errors?.[0]?.extensions?.code;
}

/** The SHA-256 (hex) of a session token, API key or app token: what pgSettings carry to SQL. */
export function credentialHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Runs `fn` as a request would reach SQL: the role and settings (pgSettings, such as
 * `svc.session_hash`) set locally in a transaction that is rolled back. On a pool, a connection of
 * its own; on a client, that client.
 */
export async function asRole<T>(
  db: pg.Pool | pg.ClientBase,
  role: string,
  settings: Record<string, string>,
  fn: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    await client.query("begin");
    try {
      for (const [name, value] of Object.entries(settings))
        await client.query("select set_config($1, $2, true)", [name, value]);
      await client.query(`set local role ${role}`);
      return await fn(client);
    } finally {
      await client.query("rollback");
    }
  } finally {
    if (client !== db) (client as pg.PoolClient).release();
  }
}

/** Saves a workout document as the user with `token` (applyWorkoutDocument) and answers its id; throws on any error. */
export async function logWorkout(url: string, token: string, document: Record<string, unknown>): Promise<string> {
  const data = await gqlData(
    url,
    `mutation($doc: JSON!) { applyWorkoutDocument(input: { document: $doc }) { workout { id } } }`,
    { doc: document },
    { token },
  );
  return data.applyWorkoutDocument.workout.id;
}

/** Waits for the next minute when fewer than `secondsNeeded` are left in this one (per-minute limits count in clock minutes). */
export async function awayFromMinuteEdge(secondsNeeded: number): Promise<void> {
  const intoMinute = (Date.now() % 60000) / 1000;
  if (intoMinute > 60 - secondsNeeded) await new Promise((r) => setTimeout(r, (60 - intoMinute) * 1000 + 250));
}

/**
 * Every line the server logs while this test file runs, written as JSON. Registers its own
 * beforeAll and afterAll: call it at the top of a file, before the server starts.
 */
export function captureJsonLog(): string[] {
  const lines: string[] = [];
  const originalFormat = process.env.LOG_FORMAT;
  let stopCapture: () => void = () => {};
  beforeAll(() => {
    process.env.LOG_FORMAT = "json";
    stopCapture = captureLog((line) => {
      lines.push(line);
    });
  });
  afterAll(() => {
    stopCapture();
    if (originalFormat === undefined) delete process.env.LOG_FORMAT;
    else process.env.LOG_FORMAT = originalFormat;
  });
  return lines;
}
