/** Progress on exercises: last performance, e1RM series and weekly volume. */
import { NotFoundError, AmbiguousExerciseError } from "../errors.ts";
import { rows } from "../graphql.ts";
import * as ops from "../operations.ts";
import { UUID_PATTERN } from "../documents/validate.ts";
import type { RequestCore } from "./core.ts";

export function progressOperations({ request }: RequestCore) {
  return {
    /**
     * What the user did last time on each exercise (at most 100; each a name, alias, custom name or
     * id, as in documents): one entry per exercise, in the order asked, with its sets (as logged, in
     * that workout's unit) in the latest workout where one was done; no workout and no sets for an
     * exercise never done. `exceptWorkoutId` leaves out one workout (the one being logged, once saved).
     */
    async lastPerformance(exercises: string[], options: { exceptWorkoutId?: string } = {}) {
      const data = await request(ops.LAST_PERFORMANCE, { exercises, exceptWorkoutId: options.exceptWorkoutId ?? null });
      return rows(data.lastPerformance);
    },

    /** Per session on one exercise (oldest first): the best estimated 1RM and its set, and the heaviest set; weights in the user's unit. */
    async e1rmSeries(exerciseId: string) {
      return rows((await request(ops.E1RM_SERIES, { exerciseId })).e1rmSeries);
    },

    /** Volume per ISO week (Monday) in the user's unit, oldest first: of one exercise, or overall. */
    async volumePerWeek(options: { exerciseId?: string } = {}) {
      return rows((await request(ops.VOLUME_PER_WEEK, { exerciseId: options.exerciseId ?? null })).weeklyVolume);
    },

    /**
     * An exercise's progress page: its e1RM series and its weekly volume. The exercise is its id, or
     * a name as documents take it (`"Bench Press"`, an alias, `"bench"`): a name that fits several
     * throws `AmbiguousExerciseError`, one that fits none `NotFoundError`.
     */
    async exerciseProgress(exercise: string) {
      let exerciseId = exercise;
      if (!new RegExp(UUID_PATTERN).test(exercise)) {
        const [{ match, exercise: found, candidates }] = (await request(ops.RESOLVE_EXERCISES, { names: [exercise] }))
          .resolveExercises;
        if (match === "ambiguous")
          throw new AmbiguousExerciseError(
            exercise,
            candidates.map((c) => c.name),
          );
        if (!found) throw new NotFoundError(`No exercise matches ${JSON.stringify(exercise)}`);
        exerciseId = found.id;
      }
      const { e1rmSeries, weeklyVolume } = await request(ops.EXERCISE_PROGRESS, { exerciseId });
      return { e1rmSeries: rows(e1rmSeries), weeklyVolume: rows(weeklyVolume) };
    },
  };
}
