// Configuration from the environment, read once.
import path from "node:path";
import { availableParallelism } from "node:os";
import { parseTrustProxy, type TrustProxy } from "../http/client-address.ts";
import { DEFAULT_STATEMENT_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "../graphql/database-time.ts";
import { DEFAULT_SLOW_REQUEST_MS } from "../observability/request-log.ts";
import { logFormat, type LogFormat } from "../observability/logger.ts";
import { CLIENT_COST_LIMITS, SIGNED_OUT_ADDRESSES, type ClientCostLimits } from "../limits/client-cost-budget.ts";
import { signedOutShare } from "../limits/signed-out-budget.ts";
import { COST_LEASE } from "../limits/cost-lease.ts";
import { OPERATION_LIMITS } from "../graphql/operation-cost.ts";
import { POOLERS, type Pooler } from "../../db/pooler.ts";
import { parsePublicUrl } from "./public-url.ts";
import { CALLER_CONCURRENCY } from "../limits/caller-concurrency.ts";
import { poolSizes } from "./database.ts";
import { CONNECTION_BOUNDS, type ConnectionBounds } from "../http/connection-bounds.ts";
import { DEFAULT_DISK_FREE_WARN_MB } from "../observability/disk-space.ts";
import {
  checkBackupSchedule,
  DEFAULT_BACKUP_KEEP,
  DEFAULT_BACKUP_SCHEDULE,
  MAX_BACKUP_KEEP,
  type Backups,
} from "../jobs/backups.ts";
import { parseAllowPrivate } from "../http/outbound-address.ts";

export type Config = {
  port: number;
  /** HOST: the address HTTP listens on; 127.0.0.1 (this machine only) unless the operator opens it. */
  host: string;
  /** PUBLIC_URL: the address the service is reached by (server/process/public-url.ts); unset: the loopback at the listening port. */
  publicUrl?: string;
  databaseUrl?: string;
  authDatabaseUrl?: string;
  /** DATABASE_POOLER: a pooler between the server and PostgreSQL (db/pooler.ts). */
  pooler: Pooler;
  dataDir: string;
  dev: boolean;
  /** statement_timeout of the GraphQL request roles, in ms. */
  statementTimeoutMs: number;
  /** Past this many ms a GraphQL request's queries are cancelled. */
  requestTimeoutMs: number;
  /** TRUST_PROXY: whose X-Forwarded-For names the client (for per-address sign-in limits). */
  trustProxy: TrustProxy;
  /** LOG_FORMAT: text (default) or json lines. */
  logFormat: LogFormat;
  /** LOG_SLOW_MS: a request at least this long is logged at warn level as slow. */
  slowRequestMs: number;
  /** WEB_CONCURRENCY: API processes sharing the port (server/process/cluster.ts). */
  webConcurrency: number;
  /** METRICS_PORT: GET /metrics answers there (server/observability/metrics-server.ts); off when unset. */
  metricsPort?: number;
  /** METRICS_HOST: the address the metrics listen on; 127.0.0.1 (this machine only) by default. */
  metricsHost: string;
  /** SESSION_COST_PER_MINUTE (signed in), ADDRESS_COST_PER_MINUTE and SIGNED_OUT_COST_PER_MINUTE (signed out): cost charged as spent (server/limits/client-cost-budget.ts). */
  clientCostLimits: ClientCostLimits;
  /** CALLER_CONCURRENCY: requests one caller may run at once in one API process (server/limits/caller-concurrency.ts). */
  callerConcurrency: number;
  /** GRAPHQL_MAX_RESPONSE_BYTES: the longest answer of /api/graphql (server/graphql/operation-cost.ts OPERATION_LIMITS.responseBytes). */
  responseMaxBytes: number;
  /** MAX_CONNECTIONS (per API process), MAX_CONNECTIONS_PER_ADDRESS (server/http/connection-bounds.ts). */
  connectionBounds: Pick<ConnectionBounds, "perAddress" | "total">;
  /** DISK_FREE_WARN_MB: below this many MiB free for the embedded database's folder, the log and readiness warn (0: never). */
  diskFreeWarnMb: number;
  /** BACKUP_DIR, BACKUP_KEEP, BACKUP_SCHEDULE: scheduled backups of the embedded database (server/jobs/backups.ts); off when BACKUP_DIR is unset. */
  backups?: Backups;
  /** WEBHOOK_ALLOW_PRIVATE: the non-public addresses webhooks may go to (`all` or CIDR ranges; server/http/outbound-address.ts), checked here. */
  webhookAllowPrivate: string;
};

/** At most this many API processes: each holds database connections (server/process/database.ts poolSizes). */
export const MAX_WEB_CONCURRENCY = 32;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 4000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0 to 65535), got "${env.PORT}"`);
  }
  const processes = webConcurrency(env);
  const perAddressPerMinute = costPerMinute(env, "ADDRESS_COST_PER_MINUTE", CLIENT_COST_LIMITS.perAddressPerMinute);
  const signedOutPerMinute = costPerMinute(
    env,
    "SIGNED_OUT_COST_PER_MINUTE",
    SIGNED_OUT_ADDRESSES * perAddressPerMinute,
  );
  return {
    port,
    host: listenHost(env),
    publicUrl: env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : undefined,
    databaseUrl: postgresUrl(env, "DATABASE_URL"),
    authDatabaseUrl: postgresUrl(env, "AUTH_DATABASE_URL"),
    pooler: pooler(env),
    dataDir: path.resolve(env.SVC_DATA_DIR || ".data"),
    dev: env.NODE_ENV === "development",
    statementTimeoutMs: milliseconds(env, "STATEMENT_TIMEOUT", DEFAULT_STATEMENT_TIMEOUT_MS),
    requestTimeoutMs: milliseconds(env, "REQUEST_TIMEOUT", DEFAULT_REQUEST_TIMEOUT_MS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logFormat: logFormat(env),
    slowRequestMs: milliseconds(env, "LOG_SLOW_MS", DEFAULT_SLOW_REQUEST_MS),
    webConcurrency: processes,
    metricsPort: metricsPort(env, port),
    metricsHost: env.METRICS_HOST || "127.0.0.1",
    clientCostLimits: {
      perSessionPerMinute: costPerMinute(env, "SESSION_COST_PER_MINUTE", CLIENT_COST_LIMITS.perSessionPerMinute),
      perAddressPerMinute,
      // Each process's share, at least one request's budget.
      signedOutPerMinute: Math.max(OPERATION_LIMITS.cost, signedOutShare(signedOutPerMinute, processes)),
      perAccountPerMinute: costPerMinute(env, "ACCOUNT_COST_PER_MINUTE", CLIENT_COST_LIMITS.perAccountPerMinute),
      bulkPerMinute: costPerMinute(env, "BULK_COST_PER_MINUTE", CLIENT_COST_LIMITS.bulkPerMinute),
      leaseShare: leaseShare(env),
      leaseSettleMs: milliseconds(env, "COST_LEASE_SETTLE_MS", COST_LEASE.settleMs),
    },
    callerConcurrency: callerConcurrency(env, processes),
    responseMaxBytes: responseMaxBytes(env),
    connectionBounds: {
      perAddress: connections(env, "MAX_CONNECTIONS_PER_ADDRESS") ?? CONNECTION_BOUNDS.perAddress,
      total: connections(env, "MAX_CONNECTIONS"),
    },
    diskFreeWarnMb: diskFreeWarnMb(env),
    backups: backups(env),
    webhookAllowPrivate: webhookAllowPrivate(env),
  };
}

/** A loopback, a wildcard (`0.0.0.0`, `::`) or a host name; the listen itself says if it is not this machine's. */
function listenHost(env: NodeJS.ProcessEnv): string {
  const raw = env.HOST;
  if (raw === undefined || raw === "") return "127.0.0.1";
  if (!/^[0-9A-Za-z.:_-]+$/.test(raw.trim()))
    throw new Error(`HOST must be an address to listen on (127.0.0.1, 0.0.0.0, ::, or a host name), got "${raw}"`);
  return raw.trim();
}

function backups(env: NodeJS.ProcessEnv): Backups | undefined {
  const dir = env.BACKUP_DIR?.trim();
  if (!dir) {
    for (const name of ["BACKUP_KEEP", "BACKUP_SCHEDULE"])
      if (env[name])
        throw new Error(`${name} is set but BACKUP_DIR is not: set BACKUP_DIR to turn scheduled backups on`);
    return undefined;
  }
  if (env.DATABASE_URL)
    throw new Error(
      "BACKUP_DIR backs up the embedded database, but DATABASE_URL is set: back that PostgreSQL up with its own tools (docs/operations.md#a-database_url-deployment)",
    );
  const keepText = env.BACKUP_KEEP?.trim() || String(DEFAULT_BACKUP_KEEP);
  const keep = Number(keepText);
  if (!/^\d+$/.test(keepText) || keep < 1 || keep > MAX_BACKUP_KEEP)
    throw new Error(
      `BACKUP_KEEP must be a whole number from 1 to ${MAX_BACKUP_KEEP} (backups kept), got "${env.BACKUP_KEEP}"`,
    );
  const schedule = env.BACKUP_SCHEDULE?.trim() || DEFAULT_BACKUP_SCHEDULE;
  checkBackupSchedule(schedule);
  return { dir: path.resolve(dir), keep, schedule };
}

function webhookAllowPrivate(env: NodeJS.ProcessEnv): string {
  const value = env.WEBHOOK_ALLOW_PRIVATE ?? "";
  parseAllowPrivate(value);
  return value;
}

function diskFreeWarnMb(env: NodeJS.ProcessEnv): number {
  const raw = env.DISK_FREE_WARN_MB;
  if (raw === undefined || raw === "") return DEFAULT_DISK_FREE_WARN_MB;
  const mb = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(mb))
    throw new Error(`DISK_FREE_WARN_MB must be a whole number of MiB (0 turns the warning off), got "${raw}"`);
  return mb;
}

/** A connection URL, checked for its shape only; never echoed (it holds a password). */
function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  // libpq's postgres://a:5432,b:5432/db (or target_session_attrs) picks a host by itself; node-postgres cannot.
  if (/^postgres(ql)?:\/\/[^/?#]*,/i.test(raw) || /[?&]target_session_attrs=/i.test(raw))
    throw new Error(
      `${name} lists several hosts (a libpq multi-host URL), which this service's driver (node-postgres) does not follow: give one address, a proxy that always leads to the primary (HAProxy with Patroni's /primary check, or PgBouncer in front of it; see docs/operations.md#high-availability)`,
    );
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !["postgres:", "postgresql:"].includes(url.protocol) || (!url.hostname && !url.searchParams.has("host")))
    throw new Error(`${name} is not a PostgreSQL URL like postgres://user:password@host:5432/database`);
  return raw;
}

function pooler(env: NodeJS.ProcessEnv): Pooler {
  const raw = env.DATABASE_POOLER;
  if (raw === undefined || raw === "") return undefined;
  if (!(POOLERS as readonly string[]).includes(raw))
    throw new Error(`DATABASE_POOLER must be ${POOLERS.map((p) => `"${p}"`).join(" or ")} (or unset), got "${raw}"`);
  if (!env.DATABASE_URL)
    throw new Error("DATABASE_POOLER is set but DATABASE_URL is not: the embedded PostgreSQL has no pooler");
  return raw as Pooler;
}

/** A GraphQL cost budget a minute: a whole number from 50,000 (one full request) up. */
function costPerMinute(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < OPERATION_LIMITS.cost) {
    throw new Error(
      `${name} must be a whole number of cost units of at least ${OPERATION_LIMITS.cost} (one request's budget), got "${raw}"`,
    );
  }
  return value;
}

/** GRAPHQL_MAX_RESPONSE_BYTES: whole bytes from 1,000,000 (the standard introspection answer, about 0.5 MB, fits) to 100,000,000. */
function responseMaxBytes(env: NodeJS.ProcessEnv): number {
  const raw = env.GRAPHQL_MAX_RESPONSE_BYTES;
  if (raw === undefined || raw === "") return OPERATION_LIMITS.responseBytes;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1_000_000 || value > 100_000_000) {
    throw new Error(
      `GRAPHQL_MAX_RESPONSE_BYTES must be a whole number of bytes from 1000000 to 100000000, got "${raw}"`,
    );
  }
  return value;
}

/**
 * The API processes a machine with `cores` cores gets by default: one per core but one, which
 * PostgreSQL and the primary's jobs use (so one on two cores: each API process holds its own
 * GraphQL schema, about 250 MiB; bench/footprint.ts), at most MAX_WEB_CONCURRENCY.
 */
export function defaultWebConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, MAX_WEB_CONCURRENCY));
}

/** WEB_CONCURRENCY, the number of API processes (`npm run dev`: one, for Vite's live reload). */
function webConcurrency(env: NodeJS.ProcessEnv): number {
  const raw = env.WEB_CONCURRENCY;
  if (raw === undefined || raw === "") return env.NODE_ENV === "development" ? 1 : defaultWebConcurrency();
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_WEB_CONCURRENCY) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}, got "${raw}"`,
    );
  }
  return value;
}

/**
 * CALLER_CONCURRENCY: from 1 to one less than an API process's GraphQL pool (19 with one process,
 * 9 with two, 4 from four on), so one caller always leaves a connection to everyone else.
 */
function callerConcurrency(env: NodeJS.ProcessEnv, processes: number): number {
  const raw = env.CALLER_CONCURRENCY;
  if (raw === undefined || raw === "") return CALLER_CONCURRENCY.perCaller;
  const most = poolSizes(processes).graphql - 1;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > most) {
    throw new Error(
      `CALLER_CONCURRENCY must be a whole number of requests from 1 to ${most} (one less than the GraphQL pool of each of ${processes} API process${processes > 1 ? "es" : ""}), got "${raw}"`,
    );
  }
  return value;
}

/** A number of connections from 1 to 100,000, or undefined when unset. */
function connections(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 100_000)
    throw new Error(`${name} must be a whole number of connections from 1 to 100000, got "${raw}"`);
  return value;
}

/** A duration in whole milliseconds from 100 ms to 1 hour, or the default when unset. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 100 || value > 3_600_000) {
    throw new Error(`${name} must be a whole number of milliseconds from 100 to 3600000, got "${raw}"`);
  }
  return value;
}

/**
 * COST_LEASE_SHARE: the share of a payer's smallest cost budget each API process leases at a time
 * (server/limits/cost-lease.ts), from 0 (a statement per claim and charge) to 0.25.
 */
function leaseShare(env: NodeJS.ProcessEnv): number {
  const raw = env.COST_LEASE_SHARE;
  if (raw === undefined || raw === "") return COST_LEASE.share;
  const value = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw.trim()) || value > 0.25)
    throw new Error(`COST_LEASE_SHARE must be a number from 0 to 0.25 (a share of a budget), got "${raw}"`);
  return value;
}

/** METRICS_PORT: a port number other than PORT's (they cannot share one), or undefined when unset. */
function metricsPort(env: NodeJS.ProcessEnv, port: number): number | undefined {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535)
    throw new Error(`METRICS_PORT must be a port number (0 to 65535), got "${raw}"`);
  if (value !== 0 && value === port)
    throw new Error(`METRICS_PORT must differ from PORT (${port}): the metrics have a listener of their own`);
  return value;
}
