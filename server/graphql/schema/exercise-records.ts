// Personal records in GraphQL: the typed `Exercise.records` over app_public.exercises_records (JSON
// in SQL, see data/schema/), so the field names are exactly its keys (`heaviest`, `bestE1rm`,
// `repsAtWeight`, the most reps at bodyweight, the longest timed set, the rep-max table, whether a
// weight record is load added to bodyweight) and the default plans read them.
// (`WorkoutSet.personalRecord` is server/graphql/schema/progression.ts.)
import { extendSchema, gql } from "postgraphile/utils";
import { lambda } from "postgraphile/grafast";
import { TYPES, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";

export const ExerciseRecordsPlugin = extendSchema((build) => {
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
        "The set's weight as entered, in \`enteredUnit\` (the workout's unit), for showing beside a converted \`setWeight\`."
        enteredWeight: Float!
        "The unit the set was entered in: kg or lb."
        enteredUnit: String!
        "Date of the workout, YYYY-MM-DD."
        date: String!
        "The workout."
        workoutId: UUID!
        "The set."
        setId: UUID!
        """
        True when \`weight\` and \`setWeight\` are load added to bodyweight (\`bw+20x5\`: +20), not the
        whole load; false for a lifted weight.
        """
        addedLoad: Boolean!
        """
        For bestE1rm of a weighted bodyweight set: the bodyweight (in \`unit\`) logged on or before its
        day, which the estimate adds to the load (\`weight\` is Epley of bodyweight + added load; a
        weighted bodyweight set estimates nothing while no bodyweight is known); null otherwise.
        """
        bodyweight: Float
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
        "True when \`weight\` is load added to bodyweight (\`bw+20x5\`), not the whole load."
        addedLoad: Boolean!
        "That set's weight as entered, in \`enteredUnit\` (the workout's unit)."
        enteredWeight: Float!
        "The unit that set was entered in: kg or lb."
        enteredUnit: String!
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
        "The most reps in one set at bodyweight: done without a weight (\`bw x 12\`, \`x12\`), warm-ups excluded, ties to the earliest; null with none."
        bodyweightReps: ExerciseRepsSet
        "The longest timed set done (\`45s\`, \`1:30\`), warm-ups excluded, ties to the earliest; null with none."
        longestHold: ExerciseHold
        "Best 1, 3, 5, 8 and 10 rep maxes, actual and estimated, from the sets with a weight; always five rows."
        repMaxes: [ExerciseRepMax!]!
      }
      extend type Exercise {
        "Your personal records on this exercise (yours only, also on catalog exercises)."
        records: ExerciseRecords!
      }
      "The most reps done in one set."
      type ExerciseRepsSet {
        "Reps of the set."
        reps: Int!
        "Date of the workout, YYYY-MM-DD."
        date: String!
        "The workout."
        workoutId: UUID!
        "The set."
        setId: UUID!
      }
      "The longest timed set (a hold or cardio)."
      type ExerciseHold {
        "Its duration in seconds."
        seconds: Int!
        "Its weight in \`unit\` (a weighted plank); null without one."
        weight: Float
        "Your unit: kg or lb."
        unit: String!
        "Date of the workout, YYYY-MM-DD."
        date: String!
        "The workout."
        workoutId: UUID!
        "The set."
        setId: UUID!
      }
      "One row of the rep-max table: the most you lifted, and the most you would, for this many reps."
      type ExerciseRepMax {
        "1, 3, 5, 8 or 10."
        reps: Int!
        "The heaviest set of at least \`reps\` reps (its own reps may be more); null with none."
        actual: ExerciseRecord
        "The weight for \`reps\` reps at your best estimated one-rep max (Epley inverted: e1RM / (1 + reps/30); 1 rep is the e1RM), in \`unit\`, 2 decimals; null with no set of 1 to 12 reps."
        estimated: Float
        "Your unit: kg or lb."
        unit: String!
      }
    `,
    objects: {
      Exercise: {
        plans: {
          records($exercise: PgSelectSingleStep) {
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
}, "ExerciseRecordsPlugin");
