// Task `expire_api_keys`: Marks keys past their expiry as expired (they stay listed until revoked).
// Runs app_private.expire_api_keys() on the worker's owner connection; the rule lives in SQL.
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";

/** Runs the SQL function; returns how many rows it changed. */
export async function expireApiKeys(client: Pick<PoolClient, "query">): Promise<number> {
  const { rows } = await client.query("select app_private.expire_api_keys() as count");
  return rows[0].count;
}

export const expire_api_keys: Task = async (_payload, helpers) => {
  const count = await helpers.withPgClient((client) => expireApiKeys(client));
  if (count > 0) helpers.logger.info("expire_api_keys: " + count);
};
