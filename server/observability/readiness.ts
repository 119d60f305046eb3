// Whether this server can answer requests: the database answers, its migrations are the ones this
// code expects, the owner's connection works, and the GraphQL login can run a statement as each
// request role through the very function GraphQL requests use (its transaction set-up, its role
// switch, a named statement as PostGraphile sends them). GET /api/health answers the status words;
// the start-up check prints the problems, which say what to fix.
import type pg from "pg";
import { ROLES } from "../../db/bootstrap.ts";
import { lastCommittedMigration } from "../../db/migrate.ts";
import { undeclaredPooler, type Pooler } from "../../db/pooler.ts";
import { connectionProblem } from "../../db/connection-problem.ts";
import { makeRequestWithPgClient } from "../graphql/request-transaction.ts";

export type ReadinessStatus = {
  ok: boolean;
  database: "up" | "down";
  /** behind: the database lacks a migration this code needs; ahead: a newer version migrated it. */
  migrations: "current" | "behind" | "ahead" | "unknown";
  owner: "ok" | "failing";
  graphql: "ok" | "failing";
  /** Whether the database takes writes (every request writes its cost claim): a standby or a read-only one does not. */
  writes: "ok" | "read-only" | "standby" | "unknown";
};
/** The status, and for the operator (never for a client) what is wrong and how to fix it. */
export type Readiness = { status: ReadinessStatus; problems: string[] };

/** Which setting each login comes from, for the problems' wording. */
export type Logins = { owner: string; auth: string };
export const DEFAULT_LOGINS: Logins = { owner: "DATABASE_URL", auth: "AUTH_DATABASE_URL" };

/** A check's outcome: fine, or the problem for the operator (and whether PostgreSQL was out of reach). */
type Outcome = { problem?: string; down?: boolean };

/**
 * Errors that mean the database cannot be reached or used now (network, shutdown, too many
 * connections, connections not allowed, no such database), not that a login or grant is wrong.
 */
function databaseDown(error: { code?: string }): boolean {
  const code = error.code ?? "";
  return !code || /^(E|08|57P)/.test(code) || ["53300", "55000", "3D000"].includes(code);
}

function problemOf(error: unknown, login: string, url: string): Outcome {
  const e = error as Error & { code?: string };
  const user = decodeURIComponent(new URL(url).username);
  if (e.code === "42501" && /set role/.test(e.message))
    return {
      problem: `The user "${user}" of ${login} may not switch to ${ROLES.visitor} and ${ROLES.reader}, which every GraphQL request does. As a superuser, run: grant ${ROLES.visitor}, ${ROLES.reader} to "${user}";`,
    };
  const hint =
    e.code === "28P01" && user === ROLES.authenticator
      ? ` (${ROLES.authenticator} is created without a password: as a superuser run alter role ${ROLES.authenticator} with password '...'; and put that password in ${login})`
      : "";
  return { problem: connectionProblem(login, url, e).message + hint, down: databaseDown(e) };
}

/** A pooler hands out process ids of its own: PostgreSQL's process for a statement differs from the connection's. */
function behindPooler(pid: number, client: unknown, pooler: Pooler, login: string): Outcome {
  return pooler || pid === (client as { processID: number }).processID ? {} : { problem: undeclaredPooler(login) };
}

type Writes = ReadinessStatus["writes"];

/** Why a database that answers takes no writes, for the operator. */
const WRITES_PROBLEM: Partial<Record<Writes, string>> = {
  standby:
    "The database is a standby (in recovery): it takes no writes, and every request writes. Point DATABASE_URL at the primary, or at a proxy that always leads to it (docs/operations.md#high-availability)",
  "read-only":
    "The database is read-only (default_transaction_read_only is on): every request writes. As a superuser: alter database ... reset default_transaction_read_only (or alter system reset it), or point DATABASE_URL at a primary that takes writes",
};

/** The owner's connection, the last migration the database has, and whether it takes writes. */
async function checkOwner(
  pool: pg.Pool,
  login: string,
  pooler: Pooler,
): Promise<Outcome & { last?: string | null; writes?: Writes }> {
  try {
    const client = await pool.connect();
    try {
      const { rows } = await client.query(
        "select pg_backend_pid() as pid, (select max(filename) from graphile_migrate.migrations) as last, pg_is_in_recovery() as recovery, current_setting('transaction_read_only') = 'on' as read_only",
      );
      const writes: Writes = rows[0].recovery ? "standby" : rows[0].read_only ? "read-only" : "ok";
      return { ...behindPooler(rows[0].pid, client, pooler, login), last: rows[0].last, writes };
    } finally {
      client.release();
    }
  } catch (error) {
    return problemOf(error, login, pool.options.connectionString!);
  }
}

/** One statement as each request role, through the request transaction GraphQL uses. */
async function checkRequestPath(pool: pg.Pool, login: string, pooler: Pooler): Promise<Outcome> {
  const withPgClient = makeRequestWithPgClient(pool);
  try {
    for (const role of [ROLES.visitor, ROLES.reader]) {
      const outcome = (await withPgClient({ role }, async (client) => {
        const { rows } = await client.query<{ pid: number }>({
          text: "select pg_backend_pid() as pid",
          name: "svc_readiness",
        });
        return behindPooler(rows[0].pid, (client as unknown as { rawClient: pg.Client }).rawClient, pooler, login);
      })) as Outcome;
      if (outcome.problem) return outcome;
    }
    return {};
  } catch (error) {
    return problemOf(error, login, pool.options.connectionString!);
  }
}

function migrationsOf(last: string | null | undefined): ReadinessStatus["migrations"] {
  if (last === undefined) return "unknown";
  const expected = lastCommittedMigration();
  return last === expected ? "current" : !last || last < expected ? "behind" : "ahead";
}

export async function checkReadiness(
  pools: { ownerHealth: pg.Pool; health: pg.Pool },
  { pooler, logins = DEFAULT_LOGINS }: { pooler?: Pooler; logins?: Logins } = {},
): Promise<Readiness> {
  const [owner, graphql] = await Promise.all([
    checkOwner(pools.ownerHealth, logins.owner, pooler),
    checkRequestPath(pools.health, logins.auth, pooler),
  ]);
  const migrations = migrationsOf(owner.last);
  const writesProblem = owner.writes && WRITES_PROBLEM[owner.writes];
  const problems = [owner.problem, writesProblem, graphql.problem].filter((p): p is string => !!p);
  if (migrations === "behind")
    problems.push(
      `The database lacks migrations up to ${lastCommittedMigration()}: a server of this version applies them when it starts`,
    );
  const status: ReadinessStatus = {
    ok: problems.length === 0,
    database: owner.down || graphql.down ? "down" : "up",
    migrations,
    owner: owner.problem ? "failing" : "ok",
    graphql: graphql.problem ? "failing" : "ok",
    writes: owner.writes ?? "unknown",
  };
  return { status, problems };
}
