// Sessions this process has found live moments ago, by token hash. A query's transaction skips the
// session's resolution (app_hidden.touch_current_session, which marks it active at most once a
// minute anyway) while its hash was found live within RECHECK_MS, and takes the user and session
// from here for the log, the budgets and the pool's turns. What the request may read is unchanged:
// row-level security resolves the session again in every statement, so a session signed out in
// another process reads nothing at once; only its attribution lags, by at most RECHECK_MS. A
// mutation's set-up always resolves its session in SQL.

/** What SQL answers for a session token: its user and session, or nulls when it is no live sign-in. */
export type SessionRow = { user_id: string | null; session_id: string | null };

/** How long a session found live is taken as live for a query's attribution. */
export const RECHECK_MS = 10_000;
/** Past this many sessions remembered, the oldest are forgotten. */
const REMEMBERED = 10_000;

export class RecentSessions {
  private readonly seen = new Map<string, { row: SessionRow; at: number }>();
  private readonly recheckMs: number;

  constructor(recheckMs = RECHECK_MS) {
    this.recheckMs = recheckMs;
  }

  /** The session row of `hash` if it was found live within the recheck interval. */
  get(hash: string): SessionRow | undefined {
    const entry = this.seen.get(hash);
    if (!entry) return undefined;
    if (performance.now() - entry.at < this.recheckMs) return entry.row;
    this.seen.delete(hash);
    return undefined;
  }

  /** What SQL answered for `hash`: a live session is remembered, anything else forgotten. */
  learn(hash: string, row: SessionRow): void {
    this.seen.delete(hash);
    if (!row.session_id || !row.user_id) return;
    this.seen.set(hash, { row, at: performance.now() });
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
  }

  /** A session this process signed out: resolved in SQL again from its next request. */
  forget(hash: string): void {
    this.seen.delete(hash);
  }
}

/** This process's sessions found live (server/graphql/request-transaction.ts reads them; sign-out forgets). */
export const recentSessions = new RecentSessions();
