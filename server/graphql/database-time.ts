// Database time a GraphQL request may hold, and who owns it: every statement of the request roles
// runs under `statement_timeout`, and a request's queries are cancelled when its client goes away
// or its deadline passes (a query otherwise runs on, holding a connection, for nobody).
import type { Request, Response, NextFunction } from "express";
import { connect } from "node:net";
import type pg from "pg";
import { isPromiseLike } from "postgraphile/grafast";
import { SPENT_UNITS } from "../limits/client-cost-budget.ts";

/**
 * From measurement (bench/records.ts): the heaviest legitimate statement we know, personal records
 * over a lifter's 18,000 sets, takes about 0.5 s; 5 s leaves ten times that for a slow disk or a
 * busy machine, and bounds what any one statement can hold.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** A request may run a few statements in a row; past this its queries are cancelled. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15000;

/** SQLSTATE query_canceled: both a statement timeout and a cancel request end with it. */
export const QUERY_CANCELED = "57014";

declare module "express-serve-static-core" {
  interface Request {
    databaseWork?: RequestDatabaseWork;
  }
}

type PgClientLike = { rawClient: pg.Client };
type WithPgClient = (
  pgSettings: Record<string, string> | null,
  callback: (client: PgClientLike) => Promise<unknown>,
) => Promise<unknown>;

function cancelledError(reason: string): Error {
  return Object.assign(new Error(`canceling statement: ${reason}`), { code: QUERY_CANCELED });
}

/**
 * Sends PostgreSQL's cancel request for the statement a connection is running (protocol-level, on a
 * connection of its own: no pool, no privilege needed) and resolves once the server has taken it.
 */
export function cancelBackend(client: pg.Client, timeoutMs = 2000): Promise<void> {
  const { processID, secretKey, host, port } = client as unknown as {
    processID: number;
    secretKey: number;
    host: string;
    port: number;
  };
  return new Promise((resolve) => {
    const socket = host?.startsWith("/") ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host);
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.setTimeout(timeoutMs, done);
    socket.on("error", done);
    socket.on("close", done);
    socket.on("connect", () => {
      const packet = Buffer.alloc(16);
      packet.writeInt32BE(16, 0);
      packet.writeInt32BE(80877102, 4); // CancelRequest code
      packet.writeInt32BE(processID, 8);
      packet.writeInt32BE(secretKey, 12);
      socket.end(packet);
    });
  });
}

/** The request each connection is working for, while it is (so one operation may ask for more time). */
const workOfConnection = new WeakMap<pg.Client, RequestDatabaseWork>();

/** The connections one request is using, so they can be cancelled together. */
export class RequestDatabaseWork {
  private active = new Set<pg.Client>();
  private cancelling = new Map<pg.Client, Promise<void>>();
  private readonly startedAt = Date.now();
  private deadlineAt = -Infinity;
  private spent = 0;
  private whenIdle: (() => void)[] = [];
  private deadline: NodeJS.Timeout | undefined;
  reason: string | null = null;

  /** Stops the request's database work `ms` after the request began, unless it already may run longer. */
  allowAtLeast(ms: number): void {
    if (this.startedAt + ms <= this.deadlineAt) return;
    this.deadlineAt = this.startedAt + ms;
    clearTimeout(this.deadline);
    this.deadline = setTimeout(() => this.abort(`request took longer than ${ms} ms`), this.deadlineAt - Date.now());
    this.deadline.unref();
  }

  /** The request is over: no deadline any more. */
  finish(): void {
    clearTimeout(this.deadline);
  }

  /**
   * The milliseconds the request's callbacks held database connections (summed over connections
   * used at once, each hold counted up to SPENT_UNITS.maxMsPerHold), once none is held: what the
   * request is charged (server/limits/client-cost-budget.ts).
   */
  async spentMs(): Promise<number> {
    if (this.active.size) await new Promise<void>((resolve) => this.whenIdle.push(resolve));
    return this.spent;
  }

  /** Stops the request's database work: running statements are cancelled, new ones refused. */
  abort(reason: string): void {
    if (this.reason) return;
    this.reason = reason;
    for (const client of this.active) this.keepCancelling(client);
  }

  // A cancel that lands between two statements of a callback is ignored by PostgreSQL, so it is
  // repeated until the callback gives the connection back.
  private keepCancelling(client: pg.Client): void {
    const loop = async () => {
      while (this.active.has(client)) {
        await cancelBackend(client);
        if (this.active.has(client)) await new Promise((r) => setTimeout(r, 100));
      }
    };
    this.cancelling.set(client, loop());
  }

  /** `withPgClient` that registers each connection for the time of its callback. */
  wrap(withPgClient: WithPgClient): WithPgClient {
    return (pgSettings, callback) => {
      if (this.reason) return Promise.reject(cancelledError(this.reason));
      return withPgClient(pgSettings, async (client) => {
        if (this.reason) throw cancelledError(this.reason);
        const raw = client.rawClient;
        this.active.add(raw);
        workOfConnection.set(raw, this);
        const heldFrom = performance.now();
        try {
          return await callback(client);
        } finally {
          // A hold waiting on a lock spends no database work: its charge is bounded (SPENT_UNITS).
          this.spent += Math.min(performance.now() - heldFrom, SPENT_UNITS.maxMsPerHold);
          this.active.delete(raw);
          workOfConnection.delete(raw);
          if (!this.active.size) for (const resolve of this.whenIdle.splice(0)) resolve();
          // The connection goes back to the pool only once no cancel for it is on the way.
          await this.cancelling.get(raw);
          this.cancelling.delete(raw);
        }
      });
    };
  }
}

/**
 * Express middleware for /api/graphql: the request's database work ends when the client
 * disconnects before the answer, or when `requestTimeoutMs` passes.
 */
export function requestDatabaseWork(requestTimeoutMs: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const work = new RequestDatabaseWork();
    req.databaseWork = work;
    work.allowAtLeast(requestTimeoutMs);
    res.on("close", () => {
      work.finish();
      if (!res.writableFinished) work.abort("client disconnected");
    });
    next();
  };
}

/**
 * For one operation known to need it (applying a whole import): the request running on `client`
 * gets at least `ms` of database time in all, and its statements at least `ms` each for the rest
 * of its transaction (statement_timeout set locally; 0, no limit, stays).
 */
export async function allowDatabaseTime(
  client: { rawClient?: pg.Client; query: (query: { text: string; values: unknown[] }) => Promise<unknown> },
  ms: number,
): Promise<void> {
  if (client.rawClient) workOfConnection.get(client.rawClient)?.allowAtLeast(ms);
  await client.query({
    text: `select set_config('statement_timeout',
             case when current_setting('statement_timeout')::interval in (interval '0')
                    or current_setting('statement_timeout')::interval >= $1::int * interval '1 millisecond'
                  then current_setting('statement_timeout') else $1::int::text end, true)`,
    values: [ms],
  });
}

/**
 * Every GraphQL request: `statement_timeout` in its pgSettings (set locally in the request's
 * transaction, so it holds whatever the pool or DATABASE_URL's role says), and `withPgClient` tied
 * to the request's RequestDatabaseWork.
 */
export function databaseTimePlugin(statementTimeoutMs: number): GraphileConfig.Plugin {
  return {
    name: "DatabaseTimePlugin",
    description: "statement_timeout for the request roles; a request's queries cancelled with the request",
    version: "1.0.0",
    grafast: {
      middleware: {
        prepareArgs(next, { args }) {
          const finish = <T>(result: T): T => {
            const context = args.contextValue as { pgSettings?: Record<string, string>; withPgClient?: WithPgClient };
            context.pgSettings = { ...context.pgSettings, statement_timeout: String(statementTimeoutMs) };
            const req = (args.requestContext as { expressv4?: { req?: Request } } | undefined)?.expressv4?.req;
            if (req?.databaseWork && context.withPgClient)
              context.withPgClient = req.databaseWork.wrap(context.withPgClient);
            return result;
          };
          const result = next();
          return isPromiseLike(result) ? result.then(finish) : finish(result);
        },
      },
    },
  };
}
