// The workout pages' GraphQL operations (typed from the schema by gql.tada).
import { graphql } from "../../graphql/graphql.ts";
import { WorkoutOutcomeFields, WorkoutSetTotals } from "../../graphql/fragments.ts";
import { UUID_PATTERN } from "../../documents.ts";

/**
 * A page of the history, searched and filtered, each workout with its exercises and sets. The
 * records set that day come in HistoryRecordSets (one request of both would be over the cost budget).
 */
export const WorkoutHistory = graphql(
  `
    query WorkoutHistory($first: Int!, $offset: Int!, $search: String, $routineId: UUID, $program: String) {
      viewer {
        id
        workoutHistory(search: $search, routineId: $routineId, program: $program, first: $first, offset: $offset) {
          totalCount
          nodes {
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
              }
            }
            workoutSetsByWorkoutId {
              ...WorkoutSetTotals
            }
          }
        }
      }
    }
  `,
  [WorkoutSetTotals],
);

/** Which sets of the same page are personal records. */
export const HistoryRecordSets = graphql(`
  query HistoryRecordSets($first: Int!, $offset: Int!, $search: String, $routineId: UUID, $program: String) {
    viewer {
      id
      workoutHistory(search: $search, routineId: $routineId, program: $program, first: $first, offset: $offset) {
        nodes {
          id
          exercises {
            id
            sets {
              id
              personalRecord
            }
          }
        }
      }
    }
  }
`);

/** What the history can be filtered by: the lifter's routines and the programs they belong to. */
export const HistoryFilters = graphql(`
  query HistoryFilters {
    viewer {
      id
      routines {
        id
        name
        program
      }
    }
  }
`);

export const SaveWorkoutAsRoutine = graphql(`
  mutation SaveWorkoutAsRoutine($workoutId: UUID!, $name: String!) {
    saveWorkoutAsRoutine(input: { workoutId: $workoutId, name: $name }) {
      routine {
        id
        name
      }
    }
  }
`);

export const WorkoutDetails = graphql(
  `
    query WorkoutDetails($id: UUID!) {
      workoutDocument(id: $id)
      workoutById(id: $id) {
        ...WorkoutOutcomeFields
        effort
      }
    }
  `,
  [WorkoutOutcomeFields],
);

export const WorkoutDocument = graphql(`
  query WorkoutDocument($id: UUID!, $unit: Unit) {
    workoutDocument(id: $id, unit: $unit)
  }
`);

export const NextWorkout = graphql(`
  query NextWorkoutOf($routine: String!) {
    nextWorkout(routine: $routine)
  }
`);

export const ApplyWorkout = graphql(`
  mutation ApplyWorkout($document: JSON) {
    applyWorkoutDocument(input: { document: $document }) {
      workout {
        id
        date
        name
      }
      document
      created
    }
  }
`);

export const DeleteWorkout = graphql(`
  mutation DeleteWorkout($id: UUID!) {
    deleteWorkoutById(input: { id: $id }) {
      workout {
        id
        date
        name
      }
    }
  }
`);

const UUID = new RegExp(UUID_PATTERN);
export function isWorkoutId(id: string): boolean {
  return UUID.test(id);
}
