/** The whole workout history with sets, page by page (what export reads). */
import { rows, type ResultOf } from "../graphql.ts";
import * as ops from "../operations.ts";
import type { Page } from "./results.ts";
import type { WorkoutWithSets } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function historyOperations({ request, signedIn }: RequestCore) {
  return {
    /**
     * Pages of workouts with their exercises and sets, newest first: one request per 20 workouts
     * (what fits the server's per-request cost budget).
     */
    async *workoutPages(): AsyncGenerator<WorkoutWithSets[]> {
      let after: string | null = null;
      for (;;) {
        const data: ResultOf<typeof ops.WORKOUTS_WITH_SETS_PAGE> = await request(ops.WORKOUTS_WITH_SETS_PAGE, {
          after,
        });
        const page: Page<WorkoutWithSets> = signedIn(data.viewer).workoutsByUserId;
        const workouts = rows(page.nodes);
        if (workouts.length) yield workouts;
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
        after = page.pageInfo.endCursor;
      }
    },

    /**
     * Workouts with their sets, newest first, through every page (or down to `since`, a date
     * YYYY-MM-DD, or at most `limit` workouts). A long history takes several requests; a key over
     * its rate limit waits `Retry-After` between them (see `rateLimitRetries`).
     */
    async workoutsWithSets(listOptions: { since?: string; limit?: number } = {}): Promise<WorkoutWithSets[]> {
      const out: WorkoutWithSets[] = [];
      const limit = listOptions.limit ?? Infinity;
      for await (const page of this.workoutPages()) {
        for (const workout of page) {
          if (listOptions.since !== undefined && workout.date < listOptions.since) return out;
          out.push(workout);
          if (out.length >= limit) return out;
        }
      }
      return out;
    },
  };
}
