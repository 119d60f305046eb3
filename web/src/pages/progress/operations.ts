// The progress pages' GraphQL operations (typed from the schema by gql.tada).
import { graphql } from "../../graphql/graphql.ts";

export const OverallProgress = graphql(`
  query OverallProgress {
    weeklyVolume {
      week
      volume
      unit
      workSets
      workouts
    }
    viewer {
      id
      # Volume per exercise and week in both units (the per-set rule of weeklyVolume).
      volumeByExercise: workoutSetsByUserId {
        groupedAggregates(groupBy: [EXERCISE_ID, WEEK]) {
          keys
          sum {
            volumeKg
            volumeLb
          }
        }
      }
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
          id
          date
          weight
          unit
        }
      }
    }
    # Names and regions for the volume per exercise (grouped aggregates give only ids).
    exerciseNames: allExercises {
      nodes {
        id
        name
        region
      }
    }
  }
`);

export const ExerciseProgress = graphql(`
  query ExerciseProgress($id: UUID!) {
    exerciseById(id: $id) {
      id
      name
      equipment
      region
      records {
        heaviest {
          weight
          unit
          reps
          date
          workoutId
        }
        bestE1rm {
          weight
          unit
          reps
          setWeight
          date
          workoutId
        }
        repsAtWeight {
          weight
          unit
          reps
          date
          workoutId
        }
        repMaxes {
          reps
          unit
          estimated
          actual {
            weight
            unit
            reps
            date
            workoutId
          }
        }
        bodyweightReps {
          reps
          date
          workoutId
        }
        longestHold {
          seconds
          weight
          unit
          date
          workoutId
        }
      }
    }
    e1rmSeries(exerciseId: $id) {
      workoutId
      date
      unit
      e1rm
      e1rmSetWeight
      e1rmSetReps
      bestSetWeight
      bestSetReps
    }
    weeklyVolume(exerciseId: $id) {
      week
      volume
      unit
      workSets
      workouts
    }
  }
`);
