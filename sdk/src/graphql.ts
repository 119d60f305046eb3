// `graphql()` parses an operation and types its result and variables from the API's schema
// (graphql-env.d.ts, generated from schema.graphql by `npm run schema`): no hand-written response
// types. Fragments are not masked: a fragment's fields read as part of the result that spreads it.
import { initGraphQLTada } from "gql.tada";
import { print, type DocumentNode } from "@0no-co/graphql.web";
import type { introspection } from "./graphql-env.d.ts";
import type { Unit } from "./types.ts";

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

const printed = new WeakMap<DocumentNode, string>();
/** An operation's text as it is sent, printed once per document. */
export function operationText(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) printed.set(document, (text = print(document)));
  return text;
}

/** The schema's `Unit` enum value of a unit, undefined for none. */
export function enumUnit(unit: Unit | undefined): Uppercase<Unit> | undefined {
  return unit ? (unit.toUpperCase() as Uppercase<Unit>) : undefined;
}

/**
 * The rows of a list the schema types with nullable items (a set-returning function's, or a
 * connection's nodes); the server sends no null row, and none is passed on.
 */
export function rows<T>(items: readonly (T | null)[] | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}
