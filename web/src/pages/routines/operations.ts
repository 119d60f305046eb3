// The routine pages' GraphQL operations (typed from the schema by gql.tada).
import { graphql } from "../../graphql/graphql.ts";

export const RoutineList = graphql(`
  query RoutineList {
    viewer {
      id
      routineFolderOrder
      routines {
        id
        name
        unit
        progression
        deload
        updatedAt
        program
        folder
        exercises {
          id
        }
        lastWorkout: workoutsByRoutineId(first: 1, orderBy: [DATE_DESC, START_DESC]) {
          nodes {
            date
            start
          }
        }
      }
    }
  }
`);

/** The built-in programs' days in order (to list a started program's routines in program order). */
export const ProgramDays = graphql(`
  query ProgramDays {
    programLibrary {
      name
      days
    }
  }
`);

export const RoutineDocument = graphql(`
  query RoutineDocument($ref: String!, $unit: Unit) {
    routineDocument(ref: $ref, unit: $unit)
  }
`);

export const RoutineWithNext = graphql(`
  query RoutineWithNext($ref: String!) {
    routineDocument(ref: $ref)
    nextWorkout(routine: $ref)
  }
`);

export const RoutineNextTargets = graphql(`
  query RoutineNextTargets($id: UUID!) {
    routineById(id: $id) {
      id
      nextTargets {
        position
        explanation
        explanationParts
        amrap
        rule
        trainingMax
        week
        stage
      }
    }
  }
`);

export const ApplyRoutine = graphql(`
  mutation ApplyRoutine($document: JSON) {
    applyRoutineDocument(input: { document: $document }) {
      routine {
        id
        name
      }
      document
      created
    }
  }
`);

export const DeleteRoutine = graphql(`
  mutation DeleteRoutine($id: UUID!) {
    deleteRoutineById(input: { id: $id }) {
      routine {
        id
        name
      }
    }
  }
`);

/** The address of a routine's page: its name, or its id when the name would read as another page. */
export function routinePath(routine: { id: string; name: string }, suffix = ""): string {
  const ref = ["new"].includes(routine.name.toLowerCase()) || routine.name.includes("/") ? routine.id : routine.name;
  return `/routines/${encodeURIComponent(ref)}${suffix}`;
}
