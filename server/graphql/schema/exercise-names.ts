// The exercise resolver in GraphQL. `resolveExercise(name)` and `resolveExercises(names)` are SQL
// functions PostGraphile exposes by itself (app_public.resolve_exercise(s) over app_hidden.match_exercise
// in data/schema/: the rules live there); this adds the exercises a resolution names, as
// `exercise` and `candidates`, read in one query each for the whole request.
import { changeNullability, extendSchema, gql } from "postgraphile/utils";
import { TYPES, listOfCodec, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";

const UUID_ARRAY = listOfCodec(TYPES.uuid);

export const ExerciseNamesPlugin = extendSchema((build) => {
  const { sql } = build;
  const exercises = build.input.pgRegistry.pgResources.exercises;
  if (!exercises) throw new Error("ExerciseNamesPlugin: app_public.exercises is missing; run the migrations");
  return {
    typeDefs: gql`
      extend type ExerciseResolution {
        "The exercise the name means; null when it is ambiguous or names none."
        exercise: Exercise
        """
        The exercise found (one entry); when \`match\` is \`ambiguous\`, the choices (at most 10,
        likeliest first); when \`none\`, the closest names (at most 3, most similar first; empty when
        nothing is close).
        """
        candidates: [Exercise!]!
      }
    `,
    objects: {
      ExerciseResolution: {
        plans: {
          exercise($resolution: PgSelectSingleStep) {
            return exercises.get({ id: $resolution.get("exercise_id") });
          },
          candidates($resolution: PgSelectSingleStep) {
            const $list = exercises.find();
            const $ids = $list.placeholder($resolution.get("candidate_ids"), UUID_ARRAY);
            $list.where(sql`${$list.alias}.id = any(${$ids})`);
            $list.orderBy({
              fragment: sql`array_position(${$ids}, ${$list.alias}.id)`,
              codec: TYPES.int,
              direction: "ASC",
            });
            return $list;
          },
        },
      },
    },
  };
}, "ExerciseNamesPlugin");

/** `resolveExercise(name: String!)` and `resolveExercises(names: [String!]!): [ExerciseResolution!]!`. */
export const ExerciseResolutionNullabilityPlugin = changeNullability({
  Query: {
    resolveExercise: { args: { name: "!" } },
    resolveExercises: { type: "[!]!", args: { names: "[!]!" } },
  },
});
