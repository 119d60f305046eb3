// Progression, records and volume in GraphQL. Most of it is SQL (judge_session, next_target, progression_targets in data/schema.sql):
// `Routine.nextWorkout(date)` and `Routine.nextTargets(date)` are computed columns PostGraphile
// exposes by itself (nextTargets as a list only, named without a `List` suffix here), and volume is
// plain columns on workout_sets that @graphile/pg-aggregates groups. This plugin adds the typed
// `Exercise.records` over app_public.exercises_records (JSON in SQL), so the field names are exactly
// `heaviest`, `bestE1rm` and `repsAtWeight`, and `WorkoutSet.personalRecord`, asked of
// app_hidden.personal_records once for all the sets of a request (one pass over the history, where a
// computed column would rescan it for every set).
import { extendSchema, gql } from "postgraphile/utils";
import { lambda } from "postgraphile/grafast";
import { TYPES, loadOneWithPgClient, type PgClient, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";

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
  const { sql } = build;
  const workoutSets = build.input.pgRegistry.pgResources.workout_sets;
  if (!workoutSets) throw new Error("ProgressionPlugin: app_public.workout_sets is missing; run the migrations");
  return {
    typeDefs: gql`
      "One record set: the set that holds a record, in your unit."
      type ExerciseRecord {
        "The record's value in \`unit\`: the set's weight (heaviest) or the estimated one-rep max (bestE1rm), 2 decimals."
        weight: Float!
        "Your unit: kg or lb."
        unit: String!
        "Reps of the set."
        reps: Int!
        "Weight of the set, in \`unit\`."
        setWeight: Float!
        "Date of the workout, YYYY-MM-DD."
        date: String!
        "The workout."
        workoutId: UUID!
        "The set."
        setId: UUID!
      }
      "The most reps done at one weight."
      type ExerciseRepsRecord {
        "The weight, in \`unit\`."
        weight: Float!
        "Your unit: kg or lb."
        unit: String!
        "The most reps done at this weight."
        reps: Int!
        "Date of the first workout with that many reps at this weight, YYYY-MM-DD."
        date: String!
        "That workout."
        workoutId: UUID!
        "That set."
        setId: UUID!
      }
      """
      Your personal records on an exercise, over sets done (warm-ups excluded: work, drop and burst
      sets count) with a weight and at least one rep. Sets logged in different units compare in kg;
      values are shown in your unit. Ties go to the earliest set.
      """
      type ExerciseRecords {
        "The heaviest weight done; null with no weighted set."
        heaviest: ExerciseRecord
        "The best estimated one-rep max (Epley: w * (1 + r/30), sets of 1 to 12 reps; 1 rep is the weight itself); null with none."
        bestE1rm: ExerciseRecord
        "The most reps done at each weight, lightest first."
        repsAtWeight: [ExerciseRepsRecord!]!
      }
      extend type Exercise {
        "Your personal records on this exercise (yours only, also on catalog exercises)."
        records: ExerciseRecords!
      }
      extend type WorkoutSet {
        """
        True when this set beat every earlier set of its exercise (by date, then start, then position) on heaviest weight or on estimated one-rep max (Epley, 1 to 12 reps); warm-ups, sets not done and sets without a weight or reps are never records. The first weighted set of an exercise is a record.
        """
        personalRecord: Boolean!
      }
    `,
    objects: {
      Exercise: {
        plans: {
          records($exercise: PgSelectSingleStep) {
            const $json = $exercise.select(
              sql`app_public.exercises_records(${$exercise.getClassStep().alias})`,
              TYPES.json,
            );
            // A plain object step, so the nested fields read their keys with the default plans.
            return lambda($json, (value: unknown) => value, true);
          },
        },
      },
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
