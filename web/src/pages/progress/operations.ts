// The progress pages' GraphQL operations (typed from the schema by gql.tada).
import { BodyweightFields, E1rmSessionFields, ExerciseRecordsFields, VolumeWeekFields } from "@svc/sdk/fragments";
import { graphql } from "../../graphql/graphql.ts";

export const OverallProgress = graphql(
  `
    query OverallProgress {
      weeklyVolume {
        ...VolumeWeekFields
      }
      viewer {
        id
        workouts(limit: 40) {
          id
          date
          exercises {
            id
            exercise {
              id
              name
            }
          }
        }
        trainingDays: workoutsByUserId(orderBy: [DATE_DESC], first: 150) {
          nodes {
            id
            date
          }
        }
        bodyweightsByUserId(orderBy: [DATE_DESC], first: 120) {
          nodes {
            ...BodyweightFields
          }
        }
      }
      # Names and regions for the volume per exercise (grouped aggregates give only ids).
      exerciseNames: allExercises(first: 1000) {
        nodes {
          id
          name
          region
        }
      }
    }
  `,
  [VolumeWeekFields, BodyweightFields],
);

/**
 * Volume per exercise and week in both units (the per-set rule of weeklyVolume), from the first week
 * shown: a year of weeks stays within groupedAggregates' bound of 1,000 groups however long the
 * history is.
 */
export const VolumeByExercise = graphql(`
  query VolumeByExercise($since: Date!) {
    viewer {
      id
      volumeByExercise: workoutSetsByUserId(condition: { since: $since }) {
        groupedAggregates(groupBy: [EXERCISE_ID, WEEK]) {
          keys
          sum {
            volumeKg
            volumeLb
          }
        }
      }
    }
  }
`);

export const ExerciseProgress = graphql(
  `
    query ExerciseProgress($id: UUID!) {
      exerciseById(id: $id) {
        id
        name
        equipment
        region
        muscles
        secondaryMuscles
        instructions {
          setup
          movement
          cues
        }
        records {
          ...ExerciseRecordsFields
        }
      }
      e1rmSeries(exerciseId: $id) {
        ...E1rmSessionFields
      }
      weeklyVolume(exerciseId: $id) {
        ...VolumeWeekFields
      }
    }
  `,
  [ExerciseRecordsFields, E1rmSessionFields, VolumeWeekFields],
);
