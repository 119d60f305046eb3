// The fields the SDK reads of each type, one fragment each: the operations spread them, and the
// client's exported types (`User`, `ApiKey`, ...) are their results, so both follow schema.graphql.
import { graphql } from "./graphql.ts";

/** Where a page of a connection ends, and whether another follows. */
export const PageInfoFields = graphql(`
  fragment PageInfoFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
export const ViewerFields = graphql(`
  fragment ViewerFields on User {
    id
    name
    email
    role
    unit
    effort
    lengthUnit
    measurementUnit
    language
    createdAt
  }
`);

export const BodyweightFields = graphql(`
  fragment BodyweightFields on Bodyweight {
    id
    date
    weight
    unit
  }
`);

export const MeasurementFields = graphql(`
  fragment MeasurementFields on Measurement {
    id
    date
    unit
    bodyFat
    neck
    shoulders
    chest
    waist
    hips
    leftUpperArm
    rightUpperArm
    leftForearm
    rightForearm
    leftThigh
    rightThigh
    leftCalf
    rightCalf
  }
`);

export const MuscleWeekFields = graphql(`
  fragment MuscleWeekFields on MuscleWeek {
    week
    muscleGroup
    sets
    primarySets
    secondarySets
  }
`);

export const RoutineFields = graphql(`
  fragment RoutineFields on Routine {
    id
    name
  }
`);

export const WorkoutFields = graphql(`
  fragment WorkoutFields on Workout {
    id
    date
    name
  }
`);

export const SearchedExerciseFields = graphql(`
  fragment SearchedExerciseFields on Exercise {
    id
    name
    aliases
    equipment
    region
    kind
  }
`);

export const ExerciseFields = graphql(`
  fragment ExerciseFields on Exercise {
    id
    name
    custom
    equipment
    region
    kind
    muscles
    secondaryMuscles
    aliases
    createdAt
  }
`);

export const ExerciseRecordFields = graphql(`
  fragment ExerciseRecordFields on ExerciseRecord {
    weight
    unit
    reps
    setWeight
    enteredWeight
    enteredUnit
    date
    workoutId
  }
`);

export const ExerciseRecordsFields = graphql(
  `
    fragment ExerciseRecordsFields on ExerciseRecords {
      heaviest {
        ...ExerciseRecordFields
      }
      bestE1rm {
        ...ExerciseRecordFields
      }
      repsAtWeight {
        weight
        unit
        reps
        enteredWeight
        enteredUnit
        date
        workoutId
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
      repMaxes {
        reps
        unit
        estimated
        actual {
          ...ExerciseRecordFields
        }
      }
    }
  `,
  [ExerciseRecordFields],
);

export const ExerciseResolutionFields = graphql(
  `
    fragment ExerciseResolutionFields on ExerciseResolution {
      name
      match
      exercise {
        ...SearchedExerciseFields
      }
      candidates {
        ...SearchedExerciseFields
      }
    }
  `,
  [SearchedExerciseFields],
);

export const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    start
    access
    createdAt
    lastUsedAt
    expiresAt
    expired
  }
`);

export const SessionFields = graphql(`
  fragment SessionFields on Session {
    id
    client
    createdAt
    lastActiveAt
    current
  }
`);

export const WorkoutWithSetsFields = graphql(`
  fragment WorkoutWithSetsFields on Workout {
    id
    date
    start
    name
    unit
    routineId
    exercises {
      exercise {
        id
        name
      }
      sets {
        kind
        text
        weight
        reps
        done
        volumeKg
        volumeLb
      }
    }
  }
`);

export const AdminUserFields = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    name
    email
    role
    banned
    banReason
    banExpires
    createdAt
  }
`);

export const LastPerformanceFields = graphql(`
  fragment LastPerformanceFields on LastPerformance {
    exercise
    exerciseId
    workoutId
    date
    unit
    sets {
      id
      kind
      text
      weight
      bodyweight
      reps
      seconds
      effort
      done
    }
  }
`);

export const E1rmSessionFields = graphql(`
  fragment E1rmSessionFields on E1rmSession {
    workoutId
    date
    unit
    e1rm
    e1rmSetId
    e1rmSetWeight
    e1rmSetReps
    bestSetId
    bestSetWeight
    bestSetReps
  }
`);

export const VolumeWeekFields = graphql(`
  fragment VolumeWeekFields on VolumeWeek {
    week
    volume
    unit
    workSets
    workouts
  }
`);

export const ConnectedAppFields = graphql(`
  fragment ConnectedAppFields on ConnectedApp {
    id
    clientName
    redirectHost
    access
    createdAt
    lastUsedAt
  }
`);

/** A change of a routine, workout, bodyweight or body measurement, as the feed, the history and an Undo answer it. */
export const ChangeFields = graphql(`
  fragment ChangeFields on Change {
    id
    cursor
    at
    kind
    entityId
    op
    client
    via
    summary
    undoOf
    undone
    document
  }
`);
