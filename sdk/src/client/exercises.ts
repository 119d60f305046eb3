/** Exercises: search, resolve, records and custom exercises. */
import { NotFoundError, AmbiguousExerciseError } from "../errors.ts";
import * as ops from "../operations.ts";
import { collect, EMPTY_PAGE } from "./results.ts";
import type { CustomExerciseInput, ExerciseDetails } from "../types.ts";
import type { RequestCore } from "./core.ts";

/** The exercise of a custom exercise mutation's payload. */
function exercise(payload: { exercise: ExerciseDetails | null } | null): ExerciseDetails {
  if (!payload?.exercise) throw new NotFoundError("No such custom exercise");
  return payload.exercise;
}

export function exerciseOperations({ request, signedIn }: RequestCore) {
  return {
    /** Exercises matching some words, best first (catalog and the user's own). */
    async searchExercises(words: string, options: { limit?: number } = {}) {
      return (await request(ops.SEARCH_EXERCISES, { words, limit: options.limit ?? null })).searchExercises;
    },

    /**
     * How each typed exercise name resolves (at most 100 names, in order), as documents read them:
     * `match` is `id`, `name`, `alias`, `words` (abbreviations, plurals, word order), `typo`,
     * `ambiguous` (several fit: `candidates`, likeliest first) or `none` (`candidates`: the closest).
     */
    async resolveExercises(names: string[]) {
      return (await request(ops.RESOLVE_EXERCISES, { names })).resolveExercises;
    },

    /**
     * The exercise some words mean (the resolver of documents), with the signed-in user's records on
     * it; null when none. Words that fit several exercises throw `AmbiguousExerciseError` with the
     * choices. Records are personal, so signed out (anonymous) it throws `ForbiddenError`.
     */
    async exerciseRecords(words: string) {
      const data = await request(ops.EXERCISE_RECORDS, { words });
      signedIn(data.viewer);
      const { match, exercise, candidates } = data.resolveExercise;
      if (match === "ambiguous")
        throw new AmbiguousExerciseError(
          words,
          candidates.map((c) => c.name),
        );
      return exercise ?? null;
    },

    /**
     * The exercise some words mean (the resolver of documents), with its muscles and aliases; null
     * when none. Words that fit several exercises throw `AmbiguousExerciseError` with the choices.
     */
    async exercise(words: string): Promise<ExerciseDetails | null> {
      const { match, exercise, candidates } = (await request(ops.EXERCISE_DETAILS, { words })).resolveExercise;
      if (match === "ambiguous")
        throw new AmbiguousExerciseError(
          words,
          candidates.map((c) => c.name),
        );
      return exercise ?? null;
    },

    /** Every exercise the user can use (the catalog and their own), by name; paged under the hood. */
    async exercises(): Promise<ExerciseDetails[]> {
      return collect(async (after) => (await request(ops.EXERCISES_PAGE, { after })).allExercises ?? EMPTY_PAGE);
    },

    /** The signed-in user's custom exercises, by name. */
    async customExercises(): Promise<ExerciseDetails[]> {
      return collect(
        async (after) => signedIn((await request(ops.CUSTOM_EXERCISES_PAGE, { after })).viewer).customExercises,
      );
    },

    /** Adds a custom exercise (`CONFLICT` when the user has one of that name). */
    async createCustomExercise(input: CustomExerciseInput): Promise<ExerciseDetails> {
      return exercise((await request(ops.CREATE_CUSTOM_EXERCISE, { input })).createCustomExercise);
    },

    /** Renames or changes a custom exercise; fields left out stay as they are. */
    async updateCustomExercise(id: string, patch: Partial<CustomExerciseInput>): Promise<ExerciseDetails> {
      return exercise((await request(ops.UPDATE_CUSTOM_EXERCISE, { input: { id, ...patch } })).updateCustomExercise);
    },

    /** Deletes a custom exercise (`CONFLICT` while a routine or workout uses it). */
    async deleteCustomExercise(id: string): Promise<ExerciseDetails> {
      return exercise((await request(ops.DELETE_CUSTOM_EXERCISE, { id })).deleteCustomExercise);
    },
  };
}
