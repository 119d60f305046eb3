// Records beyond weight in GraphQL: the most reps at bodyweight, the longest timed set, the
// rep-max table, and whether a weight record is load added to bodyweight, as more fields of
// `ExerciseRecords` and its record types (plugins/progression.ts). They are keys of the
// same JSON, app_public.exercises_records (see data/schema.sql), so the
// default plans read them.
import { extendSchema, gql } from "postgraphile/utils";

export const ExerciseRecordsPlugin = extendSchema(
  () => ({
    typeDefs: gql`
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
      extend type ExerciseRecord {
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
      extend type ExerciseRepsRecord {
        "True when \`weight\` is load added to bodyweight (\`bw+20x5\`), not the whole load."
        addedLoad: Boolean!
      }
      extend type ExerciseRecords {
        "The most reps in one set at bodyweight: done without a weight (\`bw x 12\`, \`x12\`), warm-ups excluded, ties to the earliest; null with none."
        bodyweightReps: ExerciseRepsSet
        "The longest timed set done (\`45s\`, \`1:30\`), warm-ups excluded, ties to the earliest; null with none."
        longestHold: ExerciseHold
        "Best 1, 3, 5, 8 and 10 rep maxes, actual and estimated, from the sets with a weight; always five rows."
        repMaxes: [ExerciseRepMax!]!
      }
    `,
  }),
  "ExerciseRecordsPlugin",
);
