// `graphql()` parses an operation and types its result and variables from the API's schema
// (graphql-env.d.ts, generated from packages/sdk/schema.graphql). No hand-written response types.
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: {
    Cursor: string;
    Date: string;
    Datetime: string;
    UUID: string;
    JSON: unknown;
    BigInt: string;
    BigFloat: string;
  };
}>();

export type { FragmentOf, ResultOf, VariablesOf, TadaDocumentNode } from "gql.tada";
export { readFragment } from "gql.tada";
