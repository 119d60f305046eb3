// Routine and workout documents in GraphQL: routineDocument / workoutDocument (show),
// applyRoutineDocument / applyWorkoutDocument (validate and save in one transaction). Everything
// that decides anything lives in SQL (the documents part of data/schema/); an invalid document
// raises SQLSTATE SVDOC there, which maskError turns into {code: INVALID_DOCUMENT, path, reason}.
import { extendSchema, gql } from "postgraphile/utils";
import { sql } from "postgraphile/pg-sql2";
import {
  TYPES,
  loadOneWithPgClient,
  pgSelect,
  type PgClient,
  type PgSelectSingleStep,
  type PgSelectStep,
} from "postgraphile/@dataplan/pg";
import {
  SafeError,
  access,
  constant,
  lambda,
  object,
  type FieldArgs,
  type ObjectStep,
  type Step,
} from "postgraphile/grafast";
import { firstBadJsonValue } from "@svc/sdk/documents";
import { sqlMutation } from "./sql-mutation.ts";

type ShowLookup = { ref: string; unit: string | null };
type ApplyWorkoutInput = { document: unknown; idempotencyKey?: string | null; clientMutationId?: string | null };

/** One query at a time: a pg client runs queries in sequence, and overlapping them is deprecated. */
async function mapInSequence<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

// Loaders are module-level so grafast can reuse (and batch through) them.
async function loadRoutineDocuments(client: PgClient, lookups: readonly ShowLookup[]) {
  return mapInSequence(lookups, async ({ ref, unit }) => {
    const { rows } = await client.query<{ document: string | null }>({
      text: "select app_public.routine_document($1::text, $2::text)::text as document",
      values: [ref, unit ?? null],
    });
    return rows[0].document === null ? null : JSON.parse(rows[0].document);
  });
}

async function loadWorkoutDocuments(client: PgClient, lookups: readonly ShowLookup[]) {
  return mapInSequence(lookups, async ({ ref, unit }) => {
    const { rows } = await client.query<{ document: string | null }>({
      text: "select app_public.workout_document($1::uuid, $2::text)::text as document",
      values: [ref, unit ?? null],
    });
    return rows[0].document === null ? null : JSON.parse(rows[0].document);
  });
}

/**
 * The document as JSON text for PostgreSQL, after the checks jsonb cannot make with a path
 * (nesting depth, U+0000, unpaired surrogates: the SDK's firstBadJsonValue, so the walk never
 * recurses into a deep document). `undefined` and `null` are sent as JSON null (the walk then says
 * `document: must be an object`). A number beyond a double (`1e400`, which JSON parsing turned
 * into Infinity) is sent as 1e400 rather than the null JSON.stringify would write, so the walk
 * refuses it at its path like any number out of range.
 */
export function documentText(document: unknown): string {
  const bad = firstBadJsonValue(document);
  if (bad)
    throw new SafeError(`${bad.path}: ${bad.reason}`, { code: "INVALID_DOCUMENT", path: bad.path, reason: bad.reason });
  // U+0000 cannot be in the document (checked above), so these markers cannot collide with its text.
  const text = JSON.stringify(document, (_key, value) =>
    value === Infinity ? "\u0000+inf" : value === -Infinity ? "\u0000-inf" : value,
  );
  if (text === undefined) return "null";
  return text.replaceAll('"\\u0000+inf"', "1e400").replaceAll('"\\u0000-inf"', "-1e400");
}

/** The document fields and the relations the documents read, as GraphQL sees them. */
const DOCUMENT_TYPES = gql`
  "A routine document to save (see the routine JSON Schema: \`svc routine schema\`)."
  input ApplyRoutineDocumentInput {
    "The routine document (an object). With \`id\`: replaces that routine whole (with \`version\` too: only if it is still at that version, else CONFLICT); without: creates one."
    document: JSON
    "Echoed back in the payload."
    clientMutationId: String
  }
  "The saved routine."
  type ApplyRoutineDocumentPayload {
    "The routine as saved."
    routine: Routine
    "The canonical document, exactly as routineDocument shows it."
    document: JSON
    "True when the routine was created, false when an existing one was replaced."
    created: Boolean!
    clientMutationId: String
  }
  "A workout document to save (see the workout JSON Schema: \`svc workout schema\`)."
  input ApplyWorkoutDocumentInput {
    "The workout document (an object). With \`id\`: replaces that workout whole (with \`version\` too: only if it is still at that version, else CONFLICT); without: logs a new one."
    document: JSON
    """
    A UUID the client makes once per workout (e.g. when it starts) and sends with every save of
    it, so a retry after a lost answer never logs the workout twice. Without \`id\` in the
    document: the first save with a key logs the workout; a later save with the same key and
    the same document (compared in canonical form) changes nothing and gets the same answer
    (\`replayed: true\`); the same key with another document is refused with \`CONFLICT\`
    (\`extensions.workoutId\` names the workout: replace it with \`id\`). With \`id\`: the
    replacement is idempotent by itself and goes ahead, unless the key logged another workout
    (\`CONFLICT\`). Keys are per user; a deleted workout frees its key.
    """
    idempotencyKey: UUID
    "Echoed back in the payload."
    clientMutationId: String
  }
  "The saved workout."
  type ApplyWorkoutDocumentPayload {
    "The workout as saved."
    workout: Workout
    "The canonical document, exactly as workoutDocument shows it."
    document: JSON
    "True when the workout was logged, false when an existing one was replaced."
    created: Boolean!
    "True when this save had already been made with the same idempotencyKey and document: nothing was written this time."
    replayed: Boolean!
    clientMutationId: String
  }
  extend type Query {
    """
    One of your routines as its canonical document, by id or by name (ignoring case); null when
    you have no such routine. Weights are in the routine's unit, or converted to \`unit\`
    (2 decimals). Applying the document back changes nothing.
    """
    routineDocument(ref: String!, unit: Unit): JSON
    """
    One of your workouts as its canonical document; null when you have no workout with this id.
    Weights are in the workout's unit, or converted to \`unit\` (2 decimals). Applying the
    document back changes nothing.
    """
    workoutDocument(id: UUID!, unit: Unit): JSON
  }
  extend type Mutation {
    """
    Saves a routine document in one transaction. Invalid: nothing is saved and the error has
    \`extensions: {code: "INVALID_DOCUMENT", path, reason}\` for the first problem (an \`id\`
    that is not one of your routines: path \`id\`, reason \`not found\`; a name another of your
    routines has: path \`name\`). Saved elsewhere since the document's \`version\`: nothing is
    saved and the error has \`extensions: {code: "CONFLICT", currentVersion, differences, current}\`.
    """
    applyRoutineDocument(input: ApplyRoutineDocumentInput!): ApplyRoutineDocumentPayload
    """
    Saves a workout document in one transaction. Invalid: nothing is saved and the error has
    \`extensions: {code: "INVALID_DOCUMENT", path, reason}\` for the first problem. Saved elsewhere
    since the document's \`version\`: nothing is saved and the error has
    \`extensions: {code: "CONFLICT", currentVersion, differences, current}\`.
    """
    applyWorkoutDocument(input: ApplyWorkoutDocumentInput!): ApplyWorkoutDocumentPayload
  }
  extend type User {
    "Your routines, by name (ignoring case)."
    routines: [Routine!]!
  }
  extend type Routine {
    "The routine's exercises, in order."
    exercises: [RoutineExercise!]!
  }
  extend type RoutineExercise {
    "The exercise."
    exercise: Exercise
  }
  extend type Workout {
    "The routine followed, if any."
    routine: Routine
    "The workout's exercises, in order."
    exercises: [WorkoutExercise!]!
  }
  extend type WorkoutExercise {
    "The exercise."
    exercise: Exercise
    "The sets, in order."
    sets: [WorkoutSet!]!
  }
`;

type Resource = GraphileBuild.Build["input"]["pgRegistry"]["pgResources"][string];
type DocumentResources = Record<
  "routines" | "routine_exercises" | "workouts" | "workout_exercises" | "workout_sets" | "exercises",
  Resource
>;

const byPosition = <TList extends PgSelectStep>($list: TList) => {
  $list.orderBy({ attribute: "position", direction: "ASC" });
  return $list;
};

/** routineDocument, workoutDocument, the two apply mutations and their payloads. */
function showAndApplyPlans({ routines, workouts }: DocumentResources) {
  // A document as routineDocument / workoutDocument show it (in the caller's unit without `unit`).
  const documentOf =
    (executor: typeof routines.executor, load: typeof loadRoutineDocuments) => ($ref: Step, $unit?: Step) =>
      loadOneWithPgClient(executor, object({ ref: $ref, unit: $unit ?? constant(null) }) as Step<ShowLookup>, load);
  const routineDocument = documentOf(routines.executor, loadRoutineDocuments);
  const workoutDocument = documentOf(workouts.executor, loadWorkoutDocuments);
  return {
    Query: {
      plans: {
        routineDocument(_: unknown, fieldArgs: FieldArgs) {
          return routineDocument(fieldArgs.getRaw("ref"), fieldArgs.getRaw("unit"));
        },
        workoutDocument(_: unknown, fieldArgs: FieldArgs) {
          return workoutDocument(fieldArgs.getRaw("id"), fieldArgs.getRaw("unit"));
        },
      },
    },
    Mutation: {
      plans: {
        applyRoutineDocument(_: unknown, fieldArgs: FieldArgs) {
          return sqlMutation(routines.executor, fieldArgs, async (client, input: { document: unknown }) => {
            const { rows } = await client.query<{ routine_id: string; created: boolean }>({
              text: "select routine_id, created from app_public.apply_routine_document($1::jsonb)",
              values: [documentText(input.document)],
            });
            const { routine_id: id, created } = rows[0];
            return { id, created };
          });
        },
        // One statement in the request's transaction saves the workout and answers the payload:
        // the payload's `workout` selects its columns from the row the save returns
        // (app_hidden.apply_workout_document_row) instead of reading it again after the commit.
        applyWorkoutDocument(_: unknown, fieldArgs: FieldArgs) {
          const $input = fieldArgs.getRaw("input") as Step<ApplyWorkoutInput>;
          const $document = lambda($input, (input) => documentText(input.document));
          const $key = lambda($input, (input) => input.idempotencyKey ?? null, true);
          const $saved = pgSelect({
            resource: workouts,
            identifiers: [],
            name: "apply_workout_document",
            mode: "mutation",
            from: {
              callback: ($select) =>
                sql`(select (a.workout).*, a.created as apply_created, a.replayed as apply_replayed from app_hidden.apply_workout_document_row(${$select.placeholder($document, TYPES.text)}::jsonb, ${$select.placeholder($key, TYPES.uuid)}) a)`,
            },
          }).single();
          return object({
            workout: $saved,
            id: $saved.get("id"),
            created: $saved.select(sql`${$saved.getClassStep().alias}.apply_created`, TYPES.boolean),
            replayed: $saved.select(sql`${$saved.getClassStep().alias}.apply_replayed`, TYPES.boolean),
            clientMutationId: access($input, "clientMutationId"),
          });
        },
      },
    },
    // created, replayed and clientMutationId are read from the payload object by grafast's default plan.
    // The document is built only when asked for (building it costs about half as much as the save),
    // after the save's transaction has committed, as workoutDocument / routineDocument show it.
    ApplyRoutineDocumentPayload: {
      plans: {
        routine($payload: Step<{ id: string }>) {
          return routines.get({ id: access($payload, "id") });
        },
        document($payload: Step<{ id: string }>) {
          return routineDocument(access($payload, "id"));
        },
      },
    },
    ApplyWorkoutDocumentPayload: {
      plans: {
        workout($payload: ObjectStep<{ workout: PgSelectSingleStep }>) {
          return $payload.get("workout");
        },
        document($payload: ObjectStep<{ id: Step<string> }>) {
          return workoutDocument($payload.get("id"));
        },
      },
    },
  };
}

/** The relations a document is made of: a user's routines, their exercises, a workout's exercises and sets. */
function relationPlans({ routines, routine_exercises, workout_exercises, workout_sets, exercises }: DocumentResources) {
  return {
    User: {
      plans: {
        routines($user: PgSelectSingleStep) {
          const $list = routines.find({ user_id: $user.get("id") });
          $list.orderBy({ attribute: "name_key", direction: "ASC" });
          $list.orderBy({ attribute: "id", direction: "ASC" });
          return $list;
        },
      },
    },
    Routine: {
      plans: {
        exercises($routine: PgSelectSingleStep) {
          return byPosition(routine_exercises.find({ routine_id: $routine.get("id") }));
        },
      },
    },
    RoutineExercise: {
      plans: {
        exercise($entry: PgSelectSingleStep) {
          return exercises.get({ id: $entry.get("exercise_id") });
        },
      },
    },
    Workout: {
      plans: {
        routine($workout: PgSelectSingleStep) {
          return routines.get({ id: $workout.get("routine_id") });
        },
        exercises($workout: PgSelectSingleStep) {
          return byPosition(workout_exercises.find({ workout_id: $workout.get("id") }));
        },
      },
    },
    WorkoutExercise: {
      plans: {
        exercise($entry: PgSelectSingleStep) {
          return exercises.get({ id: $entry.get("exercise_id") });
        },
        sets($entry: PgSelectSingleStep) {
          return byPosition(workout_sets.find({ workout_exercise_id: $entry.get("id") }));
        },
      },
    },
  };
}

export const DocumentsPlugin = extendSchema((build) => {
  const { routines, routine_exercises, workouts, workout_exercises, workout_sets, exercises } =
    build.input.pgRegistry.pgResources;
  const resources = { routines, routine_exercises, workouts, workout_exercises, workout_sets, exercises };
  for (const [name, resource] of Object.entries(resources)) {
    if (!resource) throw new Error(`DocumentsPlugin: ${name} not introspected; run the migrations`);
  }
  return {
    typeDefs: DOCUMENT_TYPES,
    objects: { ...showAndApplyPlans(resources), ...relationPlans(resources) },
  };
}, "DocumentsPlugin");
