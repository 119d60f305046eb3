// What an import left in a user's account, counted by the database owner: workouts, sets, custom
// exercises, and staged imports waiting to be imported.
import type pg from "pg";

export type HistoryCounts = { workouts: number; sets: number; custom: number; staged: number };

export async function historyCounts(pool: pg.Pool, userId: string): Promise<HistoryCounts> {
  const { rows } = await pool.query<HistoryCounts>(
    `select (select count(*)::int from app_public.workouts where user_id = $1) as workouts,
            (select count(*)::int from app_public.workout_sets where user_id = $1) as sets,
            (select count(*)::int from app_public.exercises where user_id = $1) as custom,
            (select count(*)::int from app_public.staged_imports where user_id = $1) as staged`,
    [userId],
  );
  return rows[0];
}
