// Creates the roles and the database the service needs, given a connection that may create them.
import pg from "pg";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { undeclaredPooler, type Pooler } from "./pooler.ts";
import { connectionProblem, whereUrlPoints } from "./connection-problem.ts";

/** The roles script, for operators who create the roles themselves. */
export const ROLES_SCRIPT = path.join(import.meta.dirname, "roles.sql");

export const ROLES = { visitor: "svc_visitor", reader: "svc_reader", authenticator: "svc_authenticator" } as const;

/** How the server reaches its database: as the owner, as the login GraphQL requests use, through what. */
export type Connections = { ownerUrl: string; authUrl: string; pooler?: Pooler };

function withDatabase(url: string, database: string, user?: string, password?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (user) u.username = user;
  if (password !== undefined) u.password = password;
  return u.toString();
}

/**
 * Embedded mode: from the superuser connection, make sure the database `svc`, its owner `svc_owner`,
 * the authenticator and the visitor roles exist. Passwords are kept by the caller (secrets file).
 */
export async function bootstrapCluster(
  rootUrl: string,
  database: string,
  passwords: { owner: string; authenticator: string },
): Promise<Connections> {
  const root = new pg.Client({ connectionString: rootUrl });
  await root.connect();
  try {
    await ensureRoles(root, passwords.authenticator);
    await root.query(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'svc_owner') then
        create role svc_owner login;
      end if;
    end $$`);
    await root.query(`alter role svc_owner with login password ${pg.escapeLiteral(passwords.owner)}`);
    await root.query(`grant ${ROLES.visitor}, ${ROLES.reader} to svc_owner with admin option`);
    const { rowCount } = await root.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) {
      await root.query(`create database ${pg.escapeIdentifier(database)} owner svc_owner`);
    }
    await root.query(`revoke all on database ${pg.escapeIdentifier(database)} from public`);
    await root.query(`grant connect on database ${pg.escapeIdentifier(database)} to ${ROLES.authenticator}`);
  } finally {
    await root.end();
  }
  return {
    ownerUrl: withDatabase(rootUrl, database, "svc_owner", passwords.owner),
    authUrl: withDatabase(rootUrl, database, ROLES.authenticator, passwords.authenticator),
  };
}

/** The cluster-wide roles (db/roles.sql, the script an operator runs). Needs CREATEROLE (or superuser) on `client`. */
export async function ensureRoles(client: pg.Client, authenticatorPassword?: string): Promise<void> {
  await client.query(readFileSync(ROLES_SCRIPT, "utf8"));
  if (authenticatorPassword) {
    await client.query(
      `alter role ${ROLES.authenticator} with login password ${pg.escapeLiteral(authenticatorPassword)}`,
    );
  }
}

/**
 * External mode (DATABASE_URL): that connection owns the schema. The roles are created if the
 * connection may; PostGraphile connects with AUTH_DATABASE_URL when given, else with DATABASE_URL
 * (it switches to the visitor role for every request either way).
 */
export async function bootstrapExternal(databaseUrl: string, authUrl?: string, pooler?: Pooler): Promise<Connections> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error) => {
    throw connectionProblem("DATABASE_URL", databaseUrl, error);
  });
  try {
    // Before migrating: through an undeclared transaction pooler the migrations' statements break.
    const { rows } = await client.query(
      "select rolsuper or rolcreaterole as can, pg_backend_pid() as pid, pg_is_in_recovery() as standby, current_setting('transaction_read_only') = 'on' as read_only from pg_roles where rolname = current_user",
    );
    if (!pooler && rows[0]?.pid !== (client as unknown as { processID: number }).processID)
      throw new Error(undeclaredPooler("DATABASE_URL"));
    if (rows[0]?.standby || rows[0]?.read_only) throw new Error(notWritable(databaseUrl, rows[0].standby));
    if (rows[0]?.can) {
      // Servers starting at once take turns: concurrent grants of one role fail ("tuple concurrently updated").
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtext('svc roles'))");
      await ensureRoles(client);
      await client.query(`grant ${ROLES.visitor}, ${ROLES.reader} to current_user`);
      await client.query("commit");
    } else {
      const { rowCount } = await client.query("select 1 from pg_roles where rolname = any($1)", [
        [ROLES.visitor, ROLES.reader],
      ]);
      if (rowCount !== 2) {
        throw new Error(
          `The roles ${ROLES.visitor} and ${ROLES.reader} do not exist and the DATABASE_URL user may not create them; create them once as a superuser: psql "<a superuser's URL>" -f ${path.relative(process.cwd(), ROLES_SCRIPT)}`,
        );
      }
    }
  } finally {
    await client.end();
  }
  return { ownerUrl: databaseUrl, authUrl: authUrl ?? databaseUrl };
}

/** What to do when DATABASE_URL leads to a standby or a read-only database (the service writes on every request). */
function notWritable(url: string, standby: boolean): string {
  const what = standby ? "a standby (in recovery)" : "a read-only database (default_transaction_read_only is on)";
  return `DATABASE_URL (${whereUrlPoints(url)}) leads to ${what}, which takes no writes; the service writes on every request. Point DATABASE_URL at the primary, or at a proxy that always leads to the primary (HAProxy with Patroni's /primary check: docs/operations.md#high-availability)`;
}

export function newPassword(): string {
  return randomBytes(18).toString("hex");
}
