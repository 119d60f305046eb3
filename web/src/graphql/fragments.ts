// The fields several of the app's operations read of one type, one fragment each (the SDK's
// fragments, @svc/sdk/fragments, serve where the app reads what the SDK reads).
import { graphql } from "./graphql.ts";

/** Volume in both units and the count of work sets, summed over a list of sets. */
export const WorkoutSetTotals = graphql(`
  fragment WorkoutSetTotals on WorkoutSetConnection {
    aggregates {
      sum {
        volumeKg
        volumeLb
        workSets
      }
    }
  }
`);

/** What a logged workout came to: its exercises and sets (with records set), its totals. */
export const WorkoutOutcomeFields = graphql(
  `
    fragment WorkoutOutcomeFields on Workout {
      id
      date
      name
      unit
      minutes
      routine {
        id
        name
      }
      exercises {
        id
        exercise {
          id
          name
        }
        sets {
          id
          text
          kind
          done
          personalRecord
        }
      }
      workoutSetsByWorkoutId {
        ...WorkoutSetTotals
      }
    }
  `,
  [WorkoutSetTotals],
);

/** An exercise as the exercise lists and the picker show it. */
export const ListedExerciseFields = graphql(`
  fragment ListedExerciseFields on Exercise {
    id
    name
    aliases
    equipment
    region
    kind
    muscles
    secondaryMuscles
    custom
  }
`);
