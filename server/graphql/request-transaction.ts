// Each GraphQL request's transaction, with its set-up in no round trip of its own: `begin`, the
// request's settings (role, hashed credential, statement_timeout) set transaction-locally, and for a
// session its resolution (app_hidden.touch_current_session) go to PostgreSQL as one message, followed
// at once by the operation's first statement (pipelined), where @dataplan/pg's own adaptor waits for
// `begin` and the settings in two round trips before it. The settings end with the
// transaction, so nothing of one request stays on a pooled connection for the next.
// A query operation gets its answer as soon as its statements have answered; its `commit` (nothing
// but reads to commit, and the once-a-minute session touch) completes before the connection goes
// back to the pool. A mutation's answer waits for its commit, and its set-up resolves the session
// with app_hidden.touch_current_session_to_write: a credential that is no live sign-in fails the
// set-up with FORBIDDEN, so the mutation's statements never run.
import type pg from "pg";
import type { Writable } from "node:stream";
import { makePgService, makeWithPgClientViaPgClientAlreadyInTransaction } from "postgraphile/adaptors/pg";
import { getOperationAST, type OperationTypeNode } from "postgraphile/graphql";
import { transactionPooled } from "../../db/pooler.ts";
import { retryOnLostConnection } from "../../db/outage.ts";
import type { PoolCaller, PoolShares } from "../limits/pool-shares.ts";
import { recentSessions, type SessionRow } from "../identity/recent-sessions.ts";

/** On a request's pgSettings: called with the session's user and id (or nulls) once SQL has resolved it. */
export const ON_SESSION_RESOLVED = Symbol("svc.onSessionResolved");
/**
 * On a request's pgSettings: its operation's type. A query only reads, so its answer need not wait
 * for `commit`; a mutation's set-up refuses (FORBIDDEN) a session that is no live sign-in.
 */
export const OPERATION_TYPE = Symbol("svc.operationType");

/**
 * On a request's pgSettings: whose turn its connection takes in the pool's fair shares
 * (server/limits/pool-shares.ts), read when the connection is asked for (a key is known by then).
 */
export const POOL_CALLER = Symbol("svc.poolCaller");
/** A transaction whose settings name no caller (none of the requests' own): signed out, one turn of its own. */
const NO_CALLER: PoolCaller = { key: "address:", signedOut: true };

export type { SessionRow };
export type RequestSettings = Record<string, string> & {
  [ON_SESSION_RESOLVED]?: (row: SessionRow) => void;
  [OPERATION_TYPE]?: OperationTypeNode;
  [POOL_CALLER]?: () => PoolCaller;
};

type WithPgClient = ReturnType<typeof makeWithPgClientViaPgClientAlreadyInTransaction>;
const prepared = Symbol("svc.preparedConnection");

/** How a session is resolved in the set-up: a mutation's fails (SVFBD) when it is no live sign-in. */
const SESSION_TOUCH = { read: "touch_current_session", write: "touch_current_session_to_write" } as const;

/**
 * The set-up text: literals escaped by the driver (role names, hex hashes, numbers: our own values).
 * resolveSession "write" (a mutation's): a credential that is no live sign-in aborts the transaction
 * with SVFBD there, before the mutation's first statement.
 */
export function setupText(
  client: pg.PoolClient,
  settings: Record<string, string>,
  resolveSession: false | keyof typeof SESSION_TOUCH,
): string {
  const sets = Object.entries(settings)
    .filter(([, value]) => value != null)
    .map(([key, value]) => `set_config(${client.escapeLiteral(key)}, ${client.escapeLiteral(String(value))}, true)`);
  let text = `begin; select ${sets.join(", ")}`;
  if (resolveSession) text += `; select user_id, session_id from app_hidden.${SESSION_TOUCH[resolveSession]}()`;
  return text;
}

/**
 * The set-up and the statements the callback sends before the event loop turns (the operation's
 * first query) leave in one write: one system call and one wake-up of the backend instead of one
 * each. node-postgres corks the socket around each query itself; corks nest.
 */
function holdWritesThisTick(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: NodeJS.WritableStream & Partial<Writable> } })
    .connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  stream.cork();
  setImmediate(() => stream.uncork!());
}

/**
 * A query operation's statements that fail because their connection was lost (PostgreSQL restarted,
 * a proxy cut it) run once more on a new connection: they only read. A mutation is never run twice.
 */
export function makeRequestWithPgClient(pool: pg.Pool, shares?: PoolShares): WithPgClient {
  const once = requestTransaction(pool, shares);
  const withPgClient = ((pgSettings: RequestSettings | null, callback: Parameters<WithPgClient>[1]) =>
    pgSettings?.[OPERATION_TYPE] === "query"
      ? retryOnLostConnection(() => once(pgSettings, callback))
      : once(pgSettings, callback)) as WithPgClient;
  withPgClient.release = () => {};
  return withPgClient;
}

/** A request's settings (one object per request) once it has asked for a connection. */
const hadConnection = new WeakSet<RequestSettings>();

/**
 * A connection once the caller's turn in the fair shares has come; its ticket is given back with
 * the connection (pg-pool makes a fresh `release` at each checkout, so the wrapper is this one's).
 */
async function connectInTurn(pool: pg.Pool, shares: PoolShares | undefined, settings: RequestSettings | null) {
  if (!shares) return pool.connect();
  const resuming = settings !== null && hadConnection.has(settings);
  if (settings) hadConnection.add(settings);
  const giveBack = await shares.acquire(settings?.[POOL_CALLER]?.() ?? NO_CALLER, resuming);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    giveBack();
    throw error;
  }
  const release = client.release;
  client.release = (error?: Error | boolean) => {
    client.release = release;
    release.call(client, error);
    giveBack();
  };
  return client;
}

/** One attempt: a connection, the set-up, the callback, the commit. */
function requestTransaction(pool: pg.Pool, shares?: PoolShares) {
  return async (pgSettings: RequestSettings | null, callback: Parameters<WithPgClient>[1]) => {
    const client = await connectInTurn(pool, shares, pgSettings);
    const raw = client as pg.PoolClient & { [prepared]?: boolean };
    // As @dataplan/pg's adaptor: no JIT optimisation (it can turn 50 ms into seconds). Once per
    // connection, or per transaction behind a transaction-mode pooler (a session `set` would stay
    // on a server connection other clients get).
    const pooled = transactionPooled();
    if (!raw[prepared] && !pooled) {
      raw[prepared] = true;
      client.query("set jit_optimize_above_cost = -1").catch(() => {});
    }
    const settings: RequestSettings = pooled ? { ...pgSettings, jit_optimize_above_cost: "-1" } : (pgSettings ?? {});
    if (!Object.keys(settings).length) {
      try {
        return await makeWithPgClientViaPgClientAlreadyInTransaction(client, false)(null, callback);
      } finally {
        client.release();
      }
    }
    const onSession = settings[ON_SESSION_RESOLVED];
    const resolveSession = sessionResolution(settings);
    let handedBack = false;
    holdWritesThisTick(client);
    try {
      // The set-up is not waited for: on the pipelined pool (server/process/database.ts) the callback's
      // first statement goes out right behind it. PostgreSQL runs them in order, so every statement
      // of the callback runs with the settings, or fails with the set-up's aborted transaction; the
      // set-up's own error is the one reported.
      const setupError = (
        client.query(setupText(client, settings, resolveSession)) as unknown as Promise<pg.QueryResult[]>
      ).then(
        (results) => {
          if (resolveSession) {
            const row: SessionRow = results[2].rows[0] ?? { user_id: null, session_id: null };
            recentSessions.learn(settings["svc.session_hash"], row);
            onSession?.(row);
          }
          return null;
        },
        (error: Error) => error,
      );
      // Statements of the callback run inside this transaction. Its outermost withTransaction
      // (a mutation's side effect) needs no savepoint of its own: its error ends this transaction
      // with a rollback anyway. Nested ones make savepoints as usual.
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await makeWithPgClientViaPgClientAlreadyInTransaction(client, true)(null, (inTransaction) =>
          callback({ ...inTransaction, withTransaction: (work) => work(inTransaction) }),
        );
      } catch (error) {
        throw (await setupError) ?? error;
      }
      const failed = await setupError;
      if (failed) throw failed;
      if (settings[OPERATION_TYPE] === "query") {
        handedBack = true;
        client.query("commit").then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
        return result;
      }
      // A transaction that failed inside (an error caught and not rethrown) commits as ROLLBACK:
      // never answer as if it had been saved.
      const commit = await client.query("commit");
      if (commit.command === "ROLLBACK")
        throw Object.assign(new Error("The request's transaction failed and was rolled back"), { code: "25P02" });
      return result;
    } catch (error) {
      try {
        await client.query("rollback");
      } catch {
        handedBack = true;
        client.release(true); // a connection that cannot roll back is closed, never reused
      }
      throw error;
    } finally {
      if (!handedBack) client.release();
    }
  };
}

/**
 * How the set-up resolves the request's session: a mutation's always (refusing one that is no live
 * sign-in), a query's unless this process found it live moments ago (recent-sessions.ts): then its
 * row is handed on at once and the set-up does not touch it.
 */
function sessionResolution(settings: RequestSettings): false | keyof typeof SESSION_TOUCH {
  const onSession = settings[ON_SESSION_RESOLVED];
  if (!onSession) return false;
  if (settings[OPERATION_TYPE] === "mutation") return "write";
  const recent = recentSessions.get(settings["svc.session_hash"]);
  if (!recent) return "read";
  onSession(recent);
  return false;
}

/** makePgService with the request transaction above. */
export function makeRequestPgService({
  shares,
  ...options
}: {
  pool: pg.Pool;
  schemas: string[];
  shares?: PoolShares;
}): ReturnType<typeof makePgService> {
  const service = makePgService(options);
  const adaptor = service.adaptor as unknown as Record<string, unknown>;
  return {
    ...service,
    adaptor: {
      ...adaptor,
      createWithPgClient: (settings: { pool?: pg.Pool }, variant?: string) =>
        variant === "SUPERUSER" || !settings.pool
          ? (adaptor.createWithPgClient as (s: unknown, v?: string) => WithPgClient)(settings, variant)
          : makeRequestWithPgClient(settings.pool, shares),
    },
  } as ReturnType<typeof makePgService>;
}

/** Records the operation's type on its settings (see OPERATION_TYPE). */
export const RequestTransactionPlugin: GraphileConfig.Plugin = {
  name: "RequestTransactionPlugin",
  description: "A query operation's answer does not wait for its commit; a mutation's set-up requires a live session",
  version: "1.0.0",
  grafast: {
    middleware: {
      execute(next, event) {
        const args = event.args as unknown as {
          document: Parameters<typeof getOperationAST>[0];
          operationName?: string | null;
          contextValue?: { pgSettings?: RequestSettings };
        };
        const operation = getOperationAST(args.document, args.operationName ?? undefined);
        const settings = args.contextValue?.pgSettings;
        if (operation && settings) settings[OPERATION_TYPE] = operation.operation;
        return next();
      },
    },
  },
};
