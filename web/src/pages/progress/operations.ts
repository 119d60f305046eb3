// The progress pages' GraphQL operations (typed from the schema by gql.tada).
import { BodyweightFields, E1rmSessionFields, ExerciseRecordsFields, VolumeWeekFields } from "@svc/sdk/fragments";
import { graphql } from "../../graphql/graphql.ts";

// /progress asks in small parts, each section its own query, so the first screen (the exercises
// trained lately and the weekly volume) does not wait for a year of bodyweights, the training
// calendar or the catalog's names.

/** The exercises of the last workouts, most recent first (the first section). */
export const RecentExercises = graphql(`
  query RecentExercises {
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
    }
  }
`);

/** Volume per week of everything: the latest figures, the chart and the table. */
export const OverallVolume = graphql(
  `
    query OverallVolume {
      weeklyVolume {
        ...VolumeWeekFields
      }
    }
  `,
  [VolumeWeekFields],
);

export const TrainingDays = graphql(`
  query TrainingDays {
    viewer {
      id
      trainingDays: workoutsByUserId(orderBy: [DATE_DESC], first: 150) {
        nodes {
          id
          date
        }
      }
    }
  }
`);

export const RecentBodyweights = graphql(
  `
    query RecentBodyweights {
      viewer {
        id
        bodyweightsByUserId(orderBy: [DATE_DESC], first: 120) {
          nodes {
            ...BodyweightFields
          }
        }
      }
    }
  `,
  [BodyweightFields],
);

/**
 * Volume per exercise and week in both units (the per-set rule of weeklyVolume), from the first week
 * shown: a year of weeks stays within groupedAggregates' bound of 1,000 groups however long the
 * history is. With the catalog's names and regions (grouped aggregates give only ids).
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
    exerciseNames: allExercises(first: 1000) {
      nodes {
        id
        name
        region
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
