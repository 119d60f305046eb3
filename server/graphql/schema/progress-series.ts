// Progress series in GraphQL: lastPerformance, e1rmSeries and weeklyVolume are SQL functions
// (app_public.last_performance, e1rm_series, weekly_volume) that PostGraphile exposes by itself as root query
// fields returning lists (smart tag `@behavior -queryField:resource:connection +queryField:resource:list`),
// one statement per field. This file adds LastPerformance.sets (every set of the exercise in that
// workout, in workout order, for every entry of a request in one statement) and fixes two names:
// a function exposed as a list only has no connection twin to tell apart, so it needs no `List`
// suffix, and "e1rm" is one word (camelCase would write `e1Rm`).
import { extendSchema, gql } from "postgraphile/utils";
import { TYPES, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";

const LIST_ONLY = /(^|\s)-queryField:resource:connection(\s|$)/;

function behaviorOf(resource: { extensions?: { tags?: Record<string, unknown> } } | undefined): string {
  const tag = resource?.extensions?.tags?.behavior;
  return Array.isArray(tag) ? tag.join(" ") : typeof tag === "string" ? tag : "";
}

export const ProgressSeriesNamesPlugin: GraphileConfig.Plugin = {
  name: "ProgressSeriesNamesPlugin",
  version: "1.0.0",
  inflection: {
    replace: {
      customQueryListField(previous, _options, details) {
        return LIST_ONLY.test(behaviorOf(details.resource)) ? this.customQueryField(details) : previous!(details);
      },
      camelCase(previous, _options, text) {
        return previous!(text).replace(/e1Rm/g, "e1rm");
      },
      upperCamelCase(previous, _options, text) {
        return previous!(text).replace(/E1Rm/g, "E1rm");
      },
    },
  },
};

export const LastPerformanceSetsPlugin = extendSchema((build) => {
  const { sql } = build;
  const workoutSets = build.input.pgRegistry.pgResources.workout_sets;
  if (!workoutSets)
    throw new Error("LastPerformanceSetsPlugin: app_public.workout_sets is missing; run the migrations");
  return {
    typeDefs: gql`
      extend type LastPerformance {
        "Every set of the exercise in that workout, as logged (warm-ups, drops and sets not done included), in workout order; empty when none."
        sets: [WorkoutSet!]!
      }
    `,
    objects: {
      LastPerformance: {
        plans: {
          sets($entry: PgSelectSingleStep) {
            const $list = workoutSets.find({
              workout_id: $entry.get("workout_id"),
              exercise_id: $entry.get("exercise_id"),
            });
            $list.orderBy({
              fragment: sql`(select we.position from app_public.workout_exercises we where we.id = ${$list.alias}.workout_exercise_id)`,
              codec: TYPES.int,
              direction: "ASC",
            });
            $list.orderBy({ attribute: "position", direction: "ASC" });
            return $list;
          },
        },
      },
    },
  };
}, "LastPerformanceSetsPlugin");
