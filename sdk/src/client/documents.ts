/** Routines and workouts as documents: read, plan the next workout, apply and delete. */
import { NotFoundError } from "../errors.ts";
import { enumUnit } from "../graphql.ts";
import * as ops from "../operations.ts";
import { present } from "./results.ts";
import type { JsonObject, RoutineApplied, RoutineSummary, Unit, WorkoutApplied, WorkoutSummary } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function documentOperations({ request, signedIn }: RequestCore) {
  return {
    async routines() {
      return signedIn((await request(ops.ROUTINES)).viewer).routines;
    },

    /** A routine as a document, by id or name; null when there is none. */
    async routineDocument(ref: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request(ops.ROUTINE_DOCUMENT, { ref, unit: enumUnit(options.unit) ?? null });
      return data.routineDocument as JsonObject | null;
    },

    /**
     * The next workout of a routine (by id or name, any case) for a date (YYYY-MM-DD, default today
     * on the server) as a workout document with every set planned; null when there is no such routine.
     */
    async nextWorkout(routine: string, options: { date?: string } = {}): Promise<JsonObject | null> {
      const data = await request(ops.NEXT_WORKOUT, { routine, date: options.date ?? null });
      return data.nextWorkout as JsonObject | null;
    },

    /**
     * The targets of a routine's next workout (by routine id) for a date, one per exercise in the
     * plan's order, each with the explanation of how your history led to it (never part of the
     * plan's notes); null when there is no such routine.
     */
    async nextTargets(routineId: string, options: { date?: string } = {}) {
      const data = await request(ops.NEXT_TARGETS, { id: routineId, date: options.date ?? null });
      return data.routineById?.nextTargets ?? null;
    },

    /** Creates (no `id`) or replaces (with `id`) a routine from a document. */
    async applyRoutineDocument(document: unknown): Promise<RoutineApplied> {
      return present(
        (await request(ops.APPLY_ROUTINE_DOCUMENT, { document })).applyRoutineDocument,
        "routine",
        "document",
      ) as RoutineApplied;
    },

    async deleteRoutine(id: string): Promise<RoutineSummary> {
      const routine = (await request(ops.DELETE_ROUTINE, { id })).deleteRoutineById?.routine;
      if (!routine) throw new NotFoundError("No such routine");
      return routine;
    },

    /** Workouts, newest first; limit 1 to 1000 (default 50). */
    async workouts(options: { limit?: number } = {}) {
      const data = await request(ops.WORKOUTS, { limit: options.limit ?? null });
      return signedIn(data.viewer).workouts;
    },

    /** One of the user's workouts; null when there is none with this id. */
    async workout(id: string) {
      return (await request(ops.WORKOUT, { id })).workoutById;
    },

    /** A workout as a document; null when there is none. */
    async workoutDocument(id: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request(ops.WORKOUT_DOCUMENT, { id, unit: enumUnit(options.unit) ?? null });
      return data.workoutDocument as JsonObject | null;
    },

    /**
     * Logs (no `id`) or replaces (with `id`) a workout from a document. `idempotencyKey`: a UUID made
     * once per workout (`crypto.randomUUID()` when it starts) and sent with every save of it, so a
     * retry after a lost answer returns the workout already saved (`replayed: true`) instead of
     * logging it twice; the same key with another document is a `CONFLICT` (replace by `id`).
     */
    async applyWorkoutDocument(document: unknown, options: { idempotencyKey?: string } = {}): Promise<WorkoutApplied> {
      const variables = { document, idempotencyKey: options.idempotencyKey ?? null };
      return present(
        (await request(ops.APPLY_WORKOUT_DOCUMENT, variables)).applyWorkoutDocument,
        "workout",
        "document",
      ) as WorkoutApplied;
    },

    async deleteWorkout(id: string): Promise<WorkoutSummary> {
      const workout = (await request(ops.DELETE_WORKOUT, { id })).deleteWorkoutById?.workout;
      if (!workout) throw new NotFoundError("No such workout");
      return workout;
    },
  };
}
