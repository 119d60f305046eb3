/**
 * What an import does with each of a file's exercise names, and how it found the exercise: the
 * values of ImportNameMapping's `action` / `outcome` and `via` / `matchedBy`, with what each means.
 * SQL's app_hidden.import_map_names answers them; test/db/import-name-mappings.test.ts checks that
 * it answers no other.
 */
export const IMPORT_NAME_ACTIONS = {
  map: "mapped to an existing exercise",
  create: "a custom exercise is created for it",
  skip: "its sets are left out",
  unmapped: "a choice is needed before importing",
} as const;

export const IMPORT_NAME_VIAS = {
  choice: "your choice for this name",
  id: "an exercise id",
  name: "a catalog or custom exercise name",
  alias: "an alias",
  words: "the same words once abbreviations (DB, OHP), plurals and word order are accounted for",
  typo: "after correcting a slip such as sqaut",
  "other-app": "another app's name for it",
  equipment: "`Name (Equipment)` read as that equipment's exercise",
  export: "a custom exercise the export brings",
  ambiguous: "several exercises fit: see suggestions",
} as const;

export type ImportNameAction = keyof typeof IMPORT_NAME_ACTIONS;
export type ImportNameVia = keyof typeof IMPORT_NAME_VIAS;

/** A value's GraphQL enum name: `other-app` is OTHER_APP. */
export const enumValueName = (value: string) => value.toUpperCase().replace(/-/g, "_");
