// Progression, records and volume in GraphQL. Most of it is SQL (migrations/current/5-progression.sql):
// `Routine.nextWorkout(date)` and `WorkoutSet.personalRecord` are computed columns PostGraphile
// exposes by itself, and volume is plain columns on workout_sets that @graphile/pg-aggregates groups.
// This plugin adds the typed `Exercise.records` over app_public.exercises_records (JSON in SQL),
// so the field names are exactly `heaviest`, `bestE1rm` and `repsAtWeight`.
import { extendSchema, gql } from "postgraphile/utils";
import { lambda } from "postgraphile/grafast";
import { TYPES } from "postgraphile/@dataplan/pg";

export const ProgressionPlugin = extendSchema((build) => {
  const { sql } = build;
  return {
    typeDefs: gql`
      "One record set: the set that holds a record, in your unit."
      type ExerciseRecord {
        "The record's value in \`unit\`: the set's weight (heaviest) or the estimated one-rep max (bestE1rm), 2 decimals."
        weight: Float!
        "Your unit: kg or lb."
        unit: String!
        "Reps of the set."
        reps: Int!
        "Weight of the set, in \`unit\`."
        setWeight: Float!
        "Date of the workout, YYYY-MM-DD."
        date: String!
        "The workout."
        workoutId: UUID!
        "The set."
        setId: UUID!
      }
      "The most reps done at one weight."
      type ExerciseRepsRecord {
        "The weight, in \`unit\`."
        weight: Float!
        "Your unit: kg or lb."
        unit: String!
        "The most reps done at this weight."
        reps: Int!
        "Date of the first workout with that many reps at this weight, YYYY-MM-DD."
        date: String!
        "That workout."
        workoutId: UUID!
        "That set."
        setId: UUID!
      }
      """
      Your personal records on an exercise, over sets done (warm-ups excluded: work, drop and burst
      sets count) with a weight and at least one rep. Sets logged in different units compare in kg;
      values are shown in your unit. Ties go to the earliest set.
      """
      type ExerciseRecords {
        "The heaviest weight done; null with no weighted set."
        heaviest: ExerciseRecord
        "The best estimated one-rep max (Epley: w * (1 + r/30), sets of 1 to 12 reps; 1 rep is the weight itself); null with none."
        bestE1rm: ExerciseRecord
        "The most reps done at each weight, lightest first."
        repsAtWeight: [ExerciseRepsRecord!]!
      }
      extend type Exercise {
        "Your personal records on this exercise (yours only, also on catalog exercises)."
        records: ExerciseRecords!
      }
    `,
    objects: {
      Exercise: {
        plans: {
          records($exercise: any) {
            const $json = $exercise.select(
              sql`app_public.exercises_records(${$exercise.getClassStep().alias})`,
              TYPES.json,
            );
            // A plain object step, so the nested fields read their keys with the default plans.
            return lambda($json, (value: unknown) => value, true);
          },
        },
      },
    },
  };
});
