// DATABASE_POOLER: what sits between the server and PostgreSQL. Behind a transaction-mode pooler
// (PgBouncer's pool_mode = transaction) one client connection meets a different server connection
// from one transaction to the next, so nothing may rely on a session: no startup options (PgBouncer
// refuses `options` and `statement_timeout` there), no named prepared statements (one connection
// prepares a name, another server connection does not have it, or has it already from somebody
// else: PgBouncer before 1.21 cannot track them), no session `set`.
import pg from "pg";

export const POOLERS = ["session", "transaction"] as const;
/** Unset: the URLs reach PostgreSQL itself. */
export type Pooler = (typeof POOLERS)[number] | undefined;

let transactionMode = false;

/** Whether this process talks to PostgreSQL through a transaction-mode pooler (set once at start). */
export function transactionPooled(): boolean {
  return transactionMode;
}

type QueryConfig = { name?: string; submit?: unknown };

/** `LISTEN "channel"` or `UNLISTEN ...`, one statement or several: session state a pooler cannot keep. */
const LISTENING = /^\s*(UN)?LISTEN\b/i;

/**
 * From now on every statement this process sends is unnamed: PostgreSQL parses it again each time,
 * in the same transaction as its execution. And LISTEN is not sent at all: a transaction-mode
 * pooler runs it on whichever server connection the client holds for that one statement, which
 * then listens for somebody else (graphile-worker's listener for new jobs is the one user; it finds
 * them by polling instead). One place for every library that names statements (@dataplan/pg's
 * cache, the API key counter, graphile-worker, graphile-migrate), since all of them go through
 * node-postgres's Client.
 */
export function useTransactionPooler(): void {
  if (transactionMode) return;
  transactionMode = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (typeof config === "string" && LISTENING.test(config)) return notSent(config, rest);
    const named = config as QueryConfig | null;
    if (named && typeof named === "object" && named.name && typeof named.submit !== "function") {
      const { name: _name, ...unnamed } = named;
      return query.call(this, unnamed, ...rest);
    }
    return query.call(this, config, ...rest);
  } as typeof pg.Client.prototype.query;
}

/** What a statement left unsent answers: an empty result, by the callback given or as a promise. */
function notSent(text: string, rest: unknown[]) {
  const result = { command: LISTENING.exec(text)![0].trim().toUpperCase(), rowCount: null, rows: [], fields: [] };
  const callback = rest.find((arg) => typeof arg === "function") as ((e: null, r: typeof result) => void) | undefined;
  if (!callback) return Promise.resolve(result);
  process.nextTick(callback, null, result);
  return undefined;
}

/**
 * What to say when a pooler is found but DATABASE_POOLER is unset: a pooler hands out process ids
 * of its own, so a statement runs in another PostgreSQL process than the one the connection was given.
 */
export function undeclaredPooler(login: string): string {
  return `A connection pooler sits between this server and PostgreSQL on ${login} (a statement ran in another process than the one the connection was given): set DATABASE_POOLER=transaction for a transaction-mode pooler (PgBouncer's pool_mode = transaction) or DATABASE_POOLER=session for a session-mode one`;
}
