// The workout logger's GraphQL operations (typed from the schema by gql.tada).
import { ExerciseRecordFields } from "@svc/sdk/fragments";
import { graphql } from "../../graphql/graphql.ts";
import { WorkoutOutcomeFields } from "../../graphql/fragments.ts";

/** Saves the workout; the same idempotencyKey on every retry, so it is logged once. */
export const SaveLoggedWorkout = graphql(`
  mutation SaveLoggedWorkout($document: JSON, $key: UUID) {
    applyWorkoutDocument(input: { document: $document, idempotencyKey: $key }) {
      workout {
        id
        date
      }
      created
      replayed
    }
  }
`);

/** What was done last time on each exercise of the workout (one request for all of them). */
export const LastTime = graphql(`
  query LastTime($exercises: [String]!, $routine: UUID) {
    lastPerformance(exercises: $exercises, routine: $routine) {
      exercise
      exerciseId
      date
      unit
      workoutId
      sets {
        id
        workoutExerciseId
        text
        kind
        done
      }
    }
  }
`);

export const ExerciseRecordsOf = graphql(
  `
    query ExerciseRecordsOf($id: UUID!) {
      exerciseById(id: $id) {
        id
        name
        records {
          heaviest {
            ...ExerciseRecordFields
          }
          bestE1rm {
            ...ExerciseRecordFields
          }
        }
      }
    }
  `,
  [ExerciseRecordFields],
);

export const LoggedWorkoutSummary = graphql(
  `
    query LoggedWorkoutSummary($id: UUID!) {
      workoutById(id: $id) {
        ...WorkoutOutcomeFields
        bodyweight
      }
    }
  `,
  [WorkoutOutcomeFields],
);

/** A routine's next workout to log, its rests (the routine document) and why each target is what it is. */
export const LoggerPlan = graphql(`
  query LoggerPlan($ref: String!, $id: UUID!, $byId: Boolean!) {
    routineDocument(ref: $ref)
    nextWorkout(routine: $ref)
    routineById(id: $id) @include(if: $byId) {
      id
      nextTargets {
        position
        explanation
        explanationParts
        trainingMax
        routineUnit
      }
    }
  }
`);

/** Warm-ups toward a work set, from the same rules as a routine's plan (5/3/1: of the training max). */
export const WarmupSets = graphql(`
  query WarmupSets($workSet: String!, $unit: String!, $step: BigFloat, $trainingMax: BigFloat) {
    warmupSets(workSet: $workSet, unit: $unit, step: $step, trainingMax: $trainingMax)
  }
`);
