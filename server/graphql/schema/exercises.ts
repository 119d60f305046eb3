// The exercise catalog in GraphQL: `searchExercises(words, limit)` as a plain ranked list, and the
// computed `Exercise.aliases` / `Exercise.custom` fields. The ranking, the limits and the errors
// live in SQL (app_public.search_exercises, in the catalog part of data/schema/); this only exposes it.
// Custom exercises are written with createCustomExercise / updateCustomExercise /
// deleteCustomExercise, which PostGraphile generates from the SQL functions of the same names.
import { changeNullability, extendSchema, gql } from "postgraphile/utils";
import { TYPES, listOfCodec, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import { constant, type FieldArgs } from "postgraphile/grafast";

const TEXT_ARRAY = listOfCodec(TYPES.text);

export const ExercisesPlugin = extendSchema((build) => {
  const { sql } = build;
  const searchExercises = build.input.pgRegistry.pgResources.search_exercises;
  if (!searchExercises) throw new Error("ExercisesPlugin: app_public.search_exercises is missing; run the migrations");
  return {
    typeDefs: gql`
      extend type Query {
        """
        Exercises you can use (the catalog and your custom ones) matching \`words\`, best first:
        an exact name or alias (ignoring case, spacing and hyphens), then names or aliases starting
        with the words, then those containing every word, then fuzzy matches (typos such as
        \`benchpres\`); ties by name. \`words\`: 1 to 200 characters, not blank. \`limit\`: 1 to 100,
        default 20. Out of range: INVALID_INPUT.
        """
        searchExercises(words: String!, limit: Int): [Exercise!]!
      }
      extend type Exercise {
        "Everyday names that also refer to this exercise (\`bench\`, \`OHP\`, \`RDL\`), alphabetical; empty for custom exercises."
        aliases: [String!]!
        "Whether this is one of your custom exercises (false for the shared catalog)."
        custom: Boolean!
      }
    `,
    objects: {
      Query: {
        plans: {
          searchExercises(_: unknown, fieldArgs: FieldArgs) {
            // The function returns rows in rank order; PostGraphile selects from it without reordering.
            return searchExercises.execute([
              { step: fieldArgs.getRaw("words"), pgCodec: TYPES.text },
              { step: fieldArgs.getRaw("limit") ?? constant(null), pgCodec: TYPES.int },
            ]);
          },
        },
      },
      Exercise: {
        plans: {
          aliases($exercise: PgSelectSingleStep) {
            return $exercise.select(
              sql`app_public.exercises_aliases(${$exercise.getClassStep().alias})`,
              TEXT_ARRAY,
              true,
            );
          },
          custom($exercise: PgSelectSingleStep) {
            return $exercise.select(
              sql`app_public.exercises_custom(${$exercise.getClassStep().alias})`,
              TYPES.boolean,
              true,
            );
          },
        },
      },
    },
  };
});

/**
 * `name: String!`, `id: UUID!` and `muscles` / `secondaryMuscles: [String!]` on the custom exercise mutation inputs:
 * PostGraphile makes every SQL function argument nullable. (gather.pgStrictFunctions would make
 * every argument without a default required, also nextWorkout's `routine`, whose null the SQL
 * answers with INVALID_INPUT.)
 */
export const CustomExerciseInputsPlugin = changeNullability({
  CreateCustomExerciseInput: { name: "!", muscles: "[!]", secondaryMuscles: "[!]" },
  UpdateCustomExerciseInput: { id: "!", muscles: "[!]", secondaryMuscles: "[!]" },
  DeleteCustomExerciseInput: { id: "!" },
});
