// Progression, records and volume in GraphQL. Most of it is SQL (judge_session, next_target, progression_targets in data/schema/):
// `Routine.nextWorkout(date)` and `Routine.nextTargets(date)` are computed columns PostGraphile
// exposes by itself (nextTargets as a list only, named without a `List` suffix here), and volume is
// plain columns on workout_sets that @graphile/pg-aggregates groups. This plugin adds
// `WorkoutSet.personalRecord`, asked of app_hidden.personal_records once for all the sets of a
// request (one pass over the history, where a computed column would rescan it for every set);
// `Exercise.records` is server/graphql/schema/exercise-records.ts.
import { extendSchema, gql } from "postgraphile/utils";
import { loadOneWithPgClient, type PgClient, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";

const LIST_ONLY = /(^|\s)-typeField:resource:connection(\s|$)/;

function behaviorOf(resource: GraphileBuild.InflectionCustomFieldProcedureDetails["resource"]): string {
  const tag = resource.extensions?.tags?.behavior;
  return Array.isArray(tag) ? tag.join(" ") : typeof tag === "string" ? tag : "";
}

/** A computed column exposed as a list only has no connection twin to tell apart: no `List` suffix. */
const listOnlyNames: GraphileConfig.Plugin["inflection"] = {
  replace: {
    computedAttributeListField(previous, _options, details) {
      return LIST_ONLY.test(behaviorOf(details.resource)) ? this.computedAttributeField(details) : previous!(details);
    },
  },
};

/** personalRecord of many sets in one query; null for a set that is not the caller's. */
async function loadPersonalRecords(client: PgClient, setIds: readonly string[]): Promise<(boolean | null)[]> {
  const { rows } = await client.query<{ set_id: string; personal_record: boolean }>({
    text: "select set_id, personal_record from app_hidden.personal_records($1::uuid[])",
    values: [setIds],
  });
  const bySet = new Map(rows.map((row) => [row.set_id, row.personal_record]));
  return setIds.map((id) => bySet.get(id) ?? null);
}

const ProgressionSchemaPlugin = extendSchema((build) => {
  const workoutSets = build.input.pgRegistry.pgResources.workout_sets;
  if (!workoutSets) throw new Error("ProgressionPlugin: app_public.workout_sets is missing; run the migrations");
  return {
    typeDefs: gql`
      extend type WorkoutSet {
        """
        True when this set beat every earlier set of its exercise (by date, then start, then position) on heaviest weight or on estimated one-rep max (Epley, 1 to 12 reps); warm-ups, sets not done and sets without a weight or reps are never records. The first weighted set of an exercise is a record.
        """
        personalRecord: Boolean!
      }
    `,
    objects: {
      WorkoutSet: {
        plans: {
          personalRecord($set: PgSelectSingleStep) {
            return loadOneWithPgClient(workoutSets.executor, $set.get("id"), loadPersonalRecords);
          },
        },
      },
    },
  };
});

export const ProgressionPlugin: GraphileConfig.Plugin = { ...ProgressionSchemaPlugin, inflection: listOnlyNames };
