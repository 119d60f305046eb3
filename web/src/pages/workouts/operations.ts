// The workout pages' GraphQL operations (typed from the schema by gql.tada).
import { graphql } from "../../graphql/graphql.ts";
import { WorkoutOutcomeFields, WorkoutSetTotals } from "../../graphql/fragments.ts";
import { UUID_PATTERN } from "../../documents.ts";

export const WorkoutHistory = graphql(
  `
    query WorkoutHistory($first: Int!, $offset: Int!) {
      viewer {
        id
        workoutsByUserId(orderBy: [DATE_DESC, START_DESC], first: $first, offset: $offset) {
          totalCount
          nodes {
            id
            date
            name
            unit
            routine {
              id
              name
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
