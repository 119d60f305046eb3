// Whether an error means the database is out of service right now (cannot be reached, is shutting
// down or starting, is read-only or a standby, refuses logins, is out of connections or disk), as
// opposed to a request that was wrong. The one classification: such an error answers 503
// SERVICE_UNAVAILABLE with Retry-After and OUTAGE_MESSAGE, which names no host, on every route.

/** How long a client is told to wait before retrying (Retry-After, extensions.retryAfter). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/** What a client reads: never the database's address, nor PostgreSQL's own words. */
export const OUTAGE_MESSAGE = `The service is unavailable: its database cannot take requests right now. Retry in ${OUTAGE_RETRY_AFTER_SECONDS} s`;

/** The code on the answer (ROUTE_CODES, extensions.code). */
export const OUTAGE_CODE = "SERVICE_UNAVAILABLE";

type MaybeDbError = { code?: unknown; message?: unknown; originalError?: unknown; cause?: unknown };

/** The network failed: nothing listens, the host is gone, the connection was cut. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a database out of service. Class 08 (connection exception, PgBouncer's
 * `server login has been failing`, `query_wait_timeout`, `no more connections allowed` among them)
 * and class 53 (insufficient resources: disk full, out of memory, too many connections) are taken
 * whole; the rest one by one.
 */
const SQLSTATES = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command (shutdown)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the database system is starting up / shutting down / in recovery
  "57P04", // database_dropped
  "25006", // read_only_sql_transaction: a standby, or default_transaction_read_only
  "28000", // invalid_authorization_specification: a login refused (pg_hba, no such role)
  "28P01", // invalid_password: the service's own login refused
  "3D000", // invalid_catalog_name: the database is not there
  "58030", // io_error
]);

/** node-postgres and pg-pool say these without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|Query read timeout|connect E[A-Z]+)/;

/** PostgreSQL's own words where the code is too broad (55000 says many things). */
const SERVER_MESSAGES =
  /is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/;

function outageCause(error: unknown): MaybeDbError | null {
  for (let e = error as MaybeDbError | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^(08|53)/.test(code)) return e;
    if (DRIVER_MESSAGES.test(message) || SERVER_MESSAGES.test(message)) return e;
    e = (e.originalError ?? e.cause) as MaybeDbError | undefined;
  }
  return null;
}

/** True when `error` (or what it wraps) says the database is out of service, not that the request was wrong. */
export function isOutage(error: unknown): boolean {
  return outageCause(error) !== null;
}

/**
 * True when a connection that was open was lost (cut, terminated by a shutdown or an operator):
 * a read on it may be tried once more on a new connection.
 */
export function isLostConnection(error: unknown): boolean {
  const e = outageCause(error);
  if (!e) return false;
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  return (
    ["ECONNRESET", "EPIPE", "ECONNABORTED", "57P01", "57P02"].includes(code) ||
    /^(Connection terminated|Client has encountered a connection error)/.test(message)
  );
}

/** The error a client sees for an outage (the app's error handler and maskError answer it). */
export class OutageError extends Error {
  readonly code = OUTAGE_CODE;
  readonly retryAfter = OUTAGE_RETRY_AFTER_SECONDS;
  constructor(cause: unknown) {
    super(OUTAGE_MESSAGE, { cause });
  }
}

/** Runs `work`; when it fails on a lost connection, runs it once more (for reads: a new connection is taken). */
export async function retryOnLostConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isLostConnection(error)) throw error;
    return work();
  }
}
