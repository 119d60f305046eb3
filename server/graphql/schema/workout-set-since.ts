// `condition: { since: <date> }` on workout sets: only the sets of that day and later. The progress
// page groups a year of sets by exercise and week with it, which stays within groupedAggregates'
// bound of groups (server/graphql/list-bounds.ts) however long the history is.
import { addPgTableCondition } from "postgraphile/utils";
import { TYPES } from "postgraphile/@dataplan/pg";

export const WorkoutSetSincePlugin = addPgTableCondition(
  { schemaName: "app_public", tableName: "workout_sets" },
  "since",
  (build) => ({
    description: "Only the sets done on this day or later.",
    type: build.getTypeByName("Date") as import("postgraphile/graphql").GraphQLInputType,
  }),
  (value, { sql, sqlTableAlias, sqlValueWithCodec }) =>
    value == null ? null : sql`${sqlTableAlias}.date >= ${sqlValueWithCodec(value, TYPES.date)}`,
);
