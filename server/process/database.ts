// Brings up the database the service runs on: the embedded PostgreSQL or DATABASE_URL, bootstrapped
// and migrated, and owns every pool the server uses. Each kind of work has a pool of its own, so a
// flood of one kind (GraphQL) never makes another (sign-in, health checks) wait for a connection.
import pg from "pg";
import { meterPool } from "../observability/metrics.ts";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbedded, type EmbeddedCluster } from "../../db/embedded.ts";
import { bootstrapCluster, bootstrapExternal, newPassword, type Connections } from "../../db/bootstrap.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { useTransactionPooler, type Pooler } from "../../db/pooler.ts";
import type { Config } from "./config.ts";
import { checkReadiness, type Logins } from "../observability/readiness.ts";

/** How long GET /api/health waits for a connection and for `select 1`. */
export const HEALTH_TIMEOUT_MS = 2000;

export type Pools = {
  /** Auth and admin routes: sign-up, sign-in, sign-out, bans (owner role). */
  account: pg.Pool;
  /** Password checks (bcrypt: sign-in, sign-up), behind server/limits/password-checks.ts's queue (owner role). */
  password: pg.Pool;
  /** Who is calling, on every request: session lookups and API key counters (owner role). */
  identity: pg.Pool;
  /** PostGraphile: the authenticator, switching to the visitor or reader role for each request. */
  graphql: pg.Pool;
  /** graphile-worker's jobs (owner role). */
  worker: pg.Pool;
  /** GET /api/health: the GraphQL login's request path, one connection with short timeouts. */
  health: pg.Pool;
  /** GET /api/health: the owner's (migrations, auth routes), one connection with short timeouts. */
  ownerHealth: pg.Pool;
  /** DATABASE_POOLER: what the connections go through. */
  pooler?: Pooler;
  end: () => Promise<void>;
};

export type Database = Connections & {
  pools: Pools;
  embedded?: EmbeddedCluster;
  close: () => Promise<void>;
};

function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // A dropped connection (idle in the pool, or checked out when PostgreSQL goes away) must not
  // crash the server: the query in flight fails and the pool opens a new connection next time.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/**
 * How long a connection of the request pools may sit idle before it is closed, all but the first
 * (`min: 1`, kept for the next request). Each PostgreSQL backend that ran the API's statements holds
 * 3 to 8 MiB (catalog and plan caches): a burst's connections are given back within a second of it,
 * while steady traffic keeps its connections busy and never reconnects.
 */
export const IDLE_CONNECTION_MS = 1000;

/** Connections of one server's pools, in all (WEB_CONCURRENCY API processes share it; see poolSizes). */
export const POOL_BUDGET = { account: 10, identity: 10, graphql: 20, password: 2 } as const;

/**
 * Each API process's share of POOL_BUDGET, with a floor so a process never starves: one process
 * gets the whole budget; N processes open at most N times the floors (5 + 3 + 3 + 2, and 2 for health).
 */
export function poolSizes(processes = 1) {
  const share = (total: number, floor: number) => Math.max(floor, Math.ceil(total / processes));
  return {
    account: share(POOL_BUDGET.account, 3),
    identity: share(POOL_BUDGET.identity, 3),
    graphql: share(POOL_BUDGET.graphql, 5),
    // A bcrypt holds a core for about 90 ms. Two in each process: one for strangers' checks, one
    // kept for devices that signed in before (server/limits/password-checks.ts), so a flood of
    // wrong passwords holds one core per process (one per core but one, by default).
    password: share(POOL_BUDGET.password, 2),
  };
}

export function createPools(
  { ownerUrl, authUrl, pooler }: Connections,
  { processes = 1 }: { processes?: number } = {},
): Pools {
  const size = poolSizes(processes);
  // A transaction-mode pooler takes no startup options: those settings are left out there.
  const sessions = pooler !== "transaction";
  if (!sessions) useTransactionPooler();
  // Named after their use and process, so an operator sees in pg_stat_activity who holds what.
  const name = (use: string) => `svc ${use} ${process.pid}`;
  // Pipelined like the GraphQL pool: readiness runs the requests' own transaction on it.
  const healthPool = (use: string, connectionString: string) =>
    quietPool({
      application_name: name(use),
      connectionString,
      max: 1,
      pipeline: true,
      connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
      query_timeout: HEALTH_TIMEOUT_MS,
      ...(sessions ? { statement_timeout: HEALTH_TIMEOUT_MS } : {}),
    });
  const pools = {
    account: quietPool({
      connectionString: ownerUrl,
      max: size.account,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      application_name: name("account"),
    }),
    password: quietPool({
      connectionString: ownerUrl,
      max: size.password,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      application_name: name("password"),
    }),
    // Counters and session touches commit without waiting for the disk: a crash may forget the last
    // few increments, which matters to nobody, and every request saves an fsync.
    identity: quietPool({
      connectionString: ownerUrl,
      max: size.identity,
      min: 1,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      ...(sessions ? { options: "-c synchronous_commit=off" } : {}),
      application_name: name("identity"),
    }),
    // Pipelined: a request's statements go out without waiting for the answer to the one before
    // (its transaction set-up and its first query travel together; server/graphql/request-transaction.ts).
    graphql: quietPool({
      connectionString: authUrl,
      max: size.graphql,
      min: 1,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      application_name: name("graphql"),
      pipeline: true,
    }),
    // Two jobs at a time, plus the listener and the cron scheduler.
    worker: quietPool({ connectionString: ownerUrl, max: 6, application_name: name("worker") }),
    health: healthPool("health", authUrl),
    ownerHealth: healthPool("owner health", ownerUrl),
  };
  for (const [use, pool] of Object.entries(pools)) meterPool(use, pool);
  return {
    ...pools,
    pooler,
    end: async () => {
      await Promise.allSettled(Object.values(pools).map((pool) => pool.end()));
    },
  };
}

function rolePasswords(dataDir: string): { owner: string; authenticator: string } {
  const file = path.join(dataDir, "roles.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const passwords = { owner: newPassword(), authenticator: newPassword() };
  writeFileSync(file, JSON.stringify(passwords), { mode: 0o600 });
  return passwords;
}

/** Where each login comes from, as the operator set it. */
function loginsOf(config: Pick<Config, "databaseUrl" | "authDatabaseUrl">): Logins {
  if (!config.databaseUrl)
    return { owner: "the embedded database's owner", auth: "the embedded database's authenticator" };
  return {
    owner: "DATABASE_URL",
    auth: config.authDatabaseUrl ? "AUTH_DATABASE_URL" : "DATABASE_URL (AUTH_DATABASE_URL is unset)",
  };
}

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "authDatabaseUrl" | "dataDir" | "pooler">,
  onProgress: (m: string) => void = () => {},
): Promise<Database> {
  let embedded: EmbeddedCluster | undefined;
  let connections: Connections;
  if (config.databaseUrl) {
    onProgress(
      `Using the PostgreSQL server at DATABASE_URL${config.pooler ? ` through a ${config.pooler}-mode pooler` : ""}`,
    );
    if (config.pooler === "transaction") useTransactionPooler();
    connections = {
      ...(await bootstrapExternal(config.databaseUrl, config.authDatabaseUrl, config.pooler)),
      pooler: config.pooler,
    };
  } else {
    onProgress(`Starting the embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbedded(config.dataDir, { notice: onProgress });
    try {
      connections = await bootstrapCluster(embedded.rootUrl, "svc", rolePasswords(config.dataDir));
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  try {
    onProgress("Applying migrations");
    await migrateDatabase(connections.ownerUrl);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const pools = createPools(connections);
  // Refused now, with what to fix, rather than answering every request with an error later.
  const { problems } = await checkReadiness(pools, { pooler: config.pooler, logins: loginsOf(config) });
  if (problems.length) {
    await pools.end();
    await embedded?.stop();
    throw new Error(problems.join("\n"));
  }
  return {
    ...connections,
    pools,
    embedded,
    close: async () => {
      await pools.end();
      await embedded?.stop();
    },
  };
}
