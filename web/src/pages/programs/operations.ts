// The Programs page's GraphQL operations (typed from the schema by gql.tada).
import { graphql, type ResultOf } from "../../graphql/graphql.ts";

export const ProgramLibrary = graphql(`
  query ProgramLibrary {
    programLibrary {
      slug
      name
      description
      inputKind
      inputs
      assistance
      days
    }
  }
`);

export type ProgramTemplate = NonNullable<NonNullable<ResultOf<typeof ProgramLibrary>["programLibrary"]>[number]>;

/** The weights a start would take and where each came from (nothing made): the review before Start. */
export const ProgramStartPreview = graphql(`
  query ProgramStartPreview($slug: String!, $unit: String, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
    programStartPreview(slug: $slug, unit: $unit, lifts: $lifts, fromHistory: $fromHistory) {
      lift
      required
      weight
      source
      basis
      basisCode
      unit
      roundingStep
      bestSet
      bestDate
      bestEstimate
      historySets
      historyFrom
      historyTo
    }
  }
`);

export const StartProgram = graphql(`
  mutation StartProgram($slug: String!, $unit: String, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
    startProgram(input: { slug: $slug, unit: $unit, lifts: $lifts, fromHistory: $fromHistory }) {
      routines {
        id
        name
      }
    }
  }
`);
