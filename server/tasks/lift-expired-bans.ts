// Task `lift_expired_bans`: Lifts bans whose banExpires has passed.
// Runs app_private.lift_expired_bans() on the worker's owner connection; the rule lives in SQL.
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";

/** Runs the SQL function; returns how many rows it changed. */
export async function liftExpiredBans(client: Pick<PoolClient, "query">): Promise<number> {
  const { rows } = await client.query("select app_private.lift_expired_bans() as count");
  return rows[0].count;
}

export const lift_expired_bans: Task = async (_payload, helpers) => {
  const count = await helpers.withPgClient((client) => liftExpiredBans(client));
  if (count > 0) helpers.logger.info("lift_expired_bans: " + count);
};
