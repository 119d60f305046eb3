// `graphql()` parses an operation and types its result and variables from the API's schema
// (graphql-env.d.ts, generated from packages/sdk/schema.graphql). No hand-written response types.
// Fragments are not masked, as in the SDK: a fragment's fields read as part of the result that
// spreads it, so the app spreads the SDK's fragments (@svc/sdk/fragments) and its own (fragments.ts).
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
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

export type { ResultOf, VariablesOf, TadaDocumentNode } from "gql.tada";
