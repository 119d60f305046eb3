// Task `prune_counters`: Deletes rate-limit counters older than 10 minutes, failed sign-ins older than 15 minutes
// and per-address sign-in/sign-up attempts older than a day.
// Runs app_private.prune_counters() on the worker's owner connection; the rule lives in SQL.
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";

/** Runs the SQL function; returns how many rows it changed. */
export async function pruneCounters(client: Pick<PoolClient, "query">): Promise<number> {
  const { rows } = await client.query("select app_private.prune_counters() as count");
  return rows[0].count;
}

export const prune_counters: Task = async (_payload, helpers) => {
  const count = await helpers.withPgClient((client) => pruneCounters(client));
  if (count > 0) helpers.logger.info("prune_counters: " + count);
};
