// Task `delete_idle_sessions`: Deletes sessions idle for 30 days.
// Runs app_private.delete_idle_sessions() on the worker's owner connection; the rule lives in SQL.
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";

/** Runs the SQL function; returns how many rows it changed. */
export async function deleteIdleSessions(client: Pick<PoolClient, "query">): Promise<number> {
  const { rows } = await client.query("select app_private.delete_idle_sessions() as count");
  return rows[0].count;
}

export const delete_idle_sessions: Task = async (_payload, helpers) => {
  const count = await helpers.withPgClient((client) => deleteIdleSessions(client));
  if (count > 0) helpers.logger.info("delete_idle_sessions: " + count);
};
