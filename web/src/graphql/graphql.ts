// `graphql()` is the SDK's: it parses an operation and types its result and variables from the
// API's schema (the SDK's graphql-env.d.ts, generated from packages/sdk/schema.graphql), so the app
// and the SDK check their operations against one generated file. Fragments are not masked: a
// fragment's fields read as part of the result that spreads it, so the app spreads the SDK's
// fragments (@svc/sdk/fragments) and its own (fragments.ts).
export { graphql, type ResultOf, type VariablesOf, type TadaDocumentNode } from "@svc/sdk/graphql";
