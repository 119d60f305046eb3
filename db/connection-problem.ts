// What an operator reads when a connection URL does not work: the variable, where it points
// (never the password) and what went wrong, in words, with the fix when there is one.

type PgError = Error & { code?: string; hostname?: string };

/** Where `url` points, password left out: `user@host:port/database`. */
export function whereUrlPoints(url: string): string {
  const u = new URL(url);
  const host = u.hostname || u.searchParams.get("host") || "localhost";
  return `${decodeURIComponent(u.username) || "(no user)"}@${host}:${u.port || 5432}${u.pathname}`;
}

const REASONS: Record<string, (e: PgError, user: string) => string> = {
  ENOTFOUND: (e) => `the host ${e.hostname ?? ""} is not known`.replace("  ", " "),
  EAI_AGAIN: (e) => `the host ${e.hostname ?? ""} could not be looked up`,
  ECONNREFUSED: () => "nothing accepts connections there (is PostgreSQL running, on that port?)",
  ETIMEDOUT: () => "the connection timed out",
  "28P01": (_e, user) => `the password of ${user} is wrong`,
  "28000": (e) => e.message,
  "3D000": (e) => e.message,
};

/** An error naming `variable` for a failed connection (or first statement) with `url`. */
export function connectionProblem(variable: string, url: string, error: unknown): Error {
  const e = error as PgError;
  const user = decodeURIComponent(new URL(url).username) || "(no user)";
  let reason = (e.code && REASONS[e.code]?.(e, user)) || e.message;
  // PgBouncer refuses startup parameters it was not told to ignore; in transaction mode we send none.
  if (/unsupported startup parameter/.test(e.message))
    reason += " (a pooler such as PgBouncer is in between: set DATABASE_POOLER=transaction for a transaction-mode one)";
  return Object.assign(new Error(`${variable} (${whereUrlPoints(url)}) does not work: ${reason}`), { code: e.code });
}
