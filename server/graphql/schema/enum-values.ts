// A value list the API answers as text, described once and also answered as a GraphQL enum:
// the object's keys are the texts SQL stores, its values what each means.
import { enumValueName } from "@svc/sdk/import";

export type ValueList = Record<string, string>;

/** `a (what a means), b (...)`, for a text field's description. */
export const valuesText = (values: ValueList) =>
  Object.entries(values)
    .map(([value, meaning]) => `${value} (${meaning})`)
    .join(", ");

/** A GraphQL enum's values, each described, in SDL. */
export const enumValuesSdl = (values: ValueList) =>
  Object.entries(values)
    .map(([value, meaning]) => `"${meaning[0].toUpperCase()}${meaning.slice(1)}." ${enumValueName(value)}`)
    .join("\n    ");

/** The enum values' plans: each GraphQL name stands for the text SQL answers. */
export const enumValues = (values: ValueList) =>
  Object.fromEntries(Object.keys(values).map((value) => [enumValueName(value), { value }]));
