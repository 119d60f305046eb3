/**
 * `@svc/sdk/mcp`: the Training Log's MCP tools and resources, for any MCP server (the service's
 * own at /api/mcp, `svc mcp` over stdio). Every tool is one or two GraphQL operations sent through
 * `run`, with the caller's own rights: the server decides what they may read and save.
 */
import * as z from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MAX_BODYWEIGHT, routineSchema, UNITS, workoutSchema, UUID_PATTERN } from "../documents/index.ts";
import { enumUnit, operationText, rows, type TadaDocumentNode } from "../graphql.ts";
import * as ops from "../operations.ts";
import { SET_TEXT_RULES } from "./set-text-rules.ts";
import { recordsSaid, sessionsSaid, weeksSaid } from "./said.ts";
import { estimateText } from "../weights.ts";

export type GraphQLError = { message: string; extensions?: Record<string, unknown> };
export type GraphQLResult = { data?: Record<string, unknown> | null; errors?: readonly GraphQLError[] };
/** Runs one GraphQL operation (its text) as the connected user. */
export type RunGraphQL = (query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult>;

export type ToolOptions = {
  /** What the connection may do; a read-only connection is told why a save was refused. */
  access?: "read_only" | "read_write";
};

export const RESOURCES = {
  routineSchema: "training-log://schemas/routine.schema.json",
  workoutSchema: "training-log://schemas/workout.schema.json",
  setText: "training-log://rules/set-text.md",
} as const;

class ToolError extends Error {
  readonly details: Record<string, unknown>;
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.details = details;
  }
}

/**
 * The exercise a name means (the resolver of documents); a name that fits several exercises is an
 * error listing them, never a guess.
 */
function named<T>(asked: string, r: { match: string; candidates: { name: string }[]; exercise: T | null }): T {
  if (r.match === "ambiguous") {
    throw new ToolError(
      `${JSON.stringify(asked)} could be several exercises: ${r.candidates.map((c) => c.name).join(", ")}. Ask which one, then use its name.`,
      { code: "AMBIGUOUS_EXERCISE", candidates: r.candidates.map((c) => c.name) },
    );
  }
  if (!r.exercise)
    throw new ToolError(`No exercise matches ${JSON.stringify(asked)}; try search_exercises`, { code: "NOT_FOUND" });
  return r.exercise;
}

/** A tool's answer: the value as `structuredContent` (checked against its outputSchema) and as JSON text. */
const ok = (value: unknown): CallToolResult => ({
  structuredContent: value as Record<string, unknown>,
  content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
});

function failure(error: unknown): CallToolResult {
  const details = error instanceof ToolError ? error.details : {};
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error: message, ...details }, null, 2) }] };
}

/**
 * Runs one of the SDK's operations (sdk/src/operations.ts), its data typed from the schema; the
 * first GraphQL error becomes a tool error with its code (and a document's path and reason).
 */
async function call<Result, Variables>(
  run: RunGraphQL,
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  options: ToolOptions,
  writes = false,
): Promise<Result> {
  const result = await run(operationText(document), variables as Record<string, unknown>);
  const first = result.errors?.[0];
  if (first) {
    const { code, path, reason, lifts, currentVersion, differences, current } = first.extensions ?? {};
    let message = first.message;
    if (writes && code === "FORBIDDEN" && options.access === "read_only") {
      message =
        "This connection is read only: nothing was saved. Reconnect the app with read and write access to save.";
    } else if (code === "CONFLICT" && currentVersion !== undefined) {
      message = `It was saved elsewhere since the version you read (it is at version ${String(currentVersion)} now, and differs in ${(differences as string[] | undefined)?.join(", ") || "nothing you sent"}): nothing was saved. The current document is in "current": merge your change into it, keeping every set, and save it with its version.`;
    } else if (code === "INVALID_DOCUMENT") {
      message = `The document is invalid at ${String(path) || "(root)"}: ${String(reason)}. Nothing was saved; fix it and try again (see the resource ${RESOURCES.setText} and the JSON Schemas).`;
    }
    throw new ToolError(message, {
      code,
      ...(path !== undefined ? { path } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(lifts !== undefined ? { lifts } : {}),
      ...(currentVersion !== undefined ? { currentVersion, differences, current } : {}),
    });
  }
  if (!result.data) throw new ToolError("The server answered no data", { code: "INTERNAL_ERROR" });
  return result.data as Result;
}

function tool(fn: () => Promise<unknown>): Promise<CallToolResult> {
  return fn().then(ok, failure);
}

const unit = z.enum(UNITS).optional().describe("Convert weights to this unit (kg or lb); default: as stored.");
/** A calendar day as YYYY-MM-DD; an impossible one (2026-02-30) is refused naming its field. */
const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a date as YYYY-MM-DD`)
    .superRefine((text, check) => {
      const day = Date.parse(`${text}T00:00:00Z`);
      const real = Number.isFinite(day) && new Date(day).toISOString().startsWith(text);
      if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !real)
        check.addIssue({ code: "custom", message: `${field}: ${text} is not a day of the calendar` });
    });
const uuid = z.string().regex(new RegExp(UUID_PATTERN), "an id (uuid)");
const LENGTH_UNITS = ["cm", "in"] as const;
/** A body measurement's length; the server refuses more than 500 cm (200 in) naming the field. */
const length = z.number().positive().max(500).describe("A length in `unit`, at most 2 decimals.");
const measured = z.number().nullable();
/** A day's body measurements as logged: body fat in percent, each length in `unit`, null where not measured. */
const measurementOut = {
  id: z.string(),
  date: z.string(),
  unit: z.string(),
  bodyFat: measured,
  neck: measured,
  shoulders: measured,
  chest: measured,
  waist: measured,
  hips: measured,
  leftUpperArm: measured,
  rightUpperArm: measured,
  leftForearm: measured,
  rightForearm: measured,
  leftThigh: measured,
  rightThigh: measured,
  leftCalf: measured,
  rightCalf: measured,
};
const name = z.string().min(1).max(200);

/** The Monday (YYYY-MM-DD) that starts the `weeks` calendar weeks ending with this week (ISO weeks, local date). */
export function weeksStart(weeks: number, today = new Date()): string {
  const monday = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * (weeks - 1));
  return monday.toISOString().slice(0, 10);
}

/** Today's date (YYYY-MM-DD) in the time zone of the process running the tools. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Output schemas: each tool's structuredContent (objects keep fields not named here). */
const row = (shape: z.ZodRawShape = {}) => z.looseObject({ id: z.string(), ...shape });
const documentOut = z
  .looseObject({})
  .describe("A routine or workout document, as the JSON Schema resources describe it.");
const workoutRow = row({ date: z.string(), name: z.string().nullable() });
const changeRow = row({
  at: z.string(),
  kind: z.string(),
  entityId: z.string(),
  op: z.string(),
  client: z.string(),
  summary: z.string(),
  undone: z.boolean(),
});
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** A save that replaces what it names (not idempotent: without an id a second save is another). */
const REPLACES = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } as const;

type Context = { run: RunGraphQL; options: ToolOptions };
type Annotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };

/** One tool: what a model reads (title, description, schemas, hints) and what it does. */
type ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> = {
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: Annotations;
  handler: (args: z.infer<z.ZodObject<I>>, context: Context) => Promise<z.infer<z.ZodObject<O>>>;
};

/** Types a tool's handler from its schemas (the table below is one literal of many shapes). */
/** The weights a program start is given (start_program, preview_program). */
const programLifts = z
  .array(
    z.strictObject({
      lift: z.string().min(1).max(100).describe("The lift's name, as list_programs names it (or an alias)."),
      weight: z
        .number()
        .positive()
        .max(10000)
        .describe("Its training max (5/3/1), first work weight or assistance weight, in `unit`."),
    }),
  )
  .max(30)
  .optional()
  .describe(
    "A weight for lifts the program asks for (its inputs and assistance); main lifts left out need fromHistory.",
  );

const defineTool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(definition: ToolDefinition<I, O>) => definition;

function notFoundRoutine(routine: string): never {
  throw new ToolError(`No routine with the id or name ${JSON.stringify(routine)}; list_routines shows them`, {
    code: "NOT_FOUND",
  });
}

/**
 * Every tool, by name. To add one: an entry with its input and output shapes and a handler that
 * sends SDK operations through `call` (its result is checked against `output`).
 */
export const TOOLS = {
  search_exercises: defineTool({
    title: "Search exercises",
    description:
      "Find exercises in the catalog and the user's custom exercises by words (name or alias, typos forgiven). Use the returned name in documents.",
    input: {
      words: z.string().min(1).max(200).describe("Words to look for, e.g. 'bench press' or 'rdl'."),
      limit: z.number().int().min(1).max(50).optional().describe("At most this many matches (default 10)."),
    },
    output: { exercises: z.array(row({ name: z.string() })) },
    annotations: READ,
    handler: async ({ words, limit }, { run, options }) => ({
      exercises: (await call(run, ops.SEARCH_EXERCISES, { words, limit: limit ?? 10 }, options)).searchExercises,
    }),
  }),
  list_routines: defineTool({
    title: "List routines",
    description: "The user's routines (training plans): id and name of each.",
    input: {},
    output: { routines: z.array(row({ name: z.string() })) },
    annotations: READ,
    handler: async (_args, { run, options }) => ({
      routines: rows((await call(run, ops.ROUTINES, {}, options)).viewer?.routines),
    }),
  }),
  get_routine: defineTool({
    title: "Get a routine",
    description:
      "One routine as its JSON document (the format save_routine takes back), by id or by name (ignoring case).",
    input: { routine: name.describe("The routine's id or name."), unit },
    output: { document: documentOut },
    annotations: READ,
    handler: async ({ routine, unit: u }, { run, options }) => {
      const document = (await call(run, ops.ROUTINE_DOCUMENT, { ref: routine, unit: enumUnit(u) }, options))
        .routineDocument;
      return { document: (document as Record<string, unknown> | null) ?? notFoundRoutine(routine) };
    },
  }),
  save_routine: defineTool({
    title: "Save a routine",
    description: `Create a routine, or replace one: a document with an existing routine's "id" replaces it entirely (read it with get_routine first and keep its "version": if the routine was saved elsewhere since, nothing is saved and the error gives the current document to merge with). Without an "id" it creates a new routine, and a name another routine already has is refused. The document follows the JSON Schema in ${RESOURCES.routineSchema}. An invalid document saves nothing and the error names the path and the reason. Returns the saved document.`,
    input: { document: z.record(z.string(), z.unknown()).describe("The routine document (JSON object).") },
    output: { document: documentOut, created: z.boolean() },
    annotations: REPLACES,
    handler: async ({ document }, { run, options }) => {
      const saved = (await call(run, ops.APPLY_ROUTINE_DOCUMENT, { document }, options, true)).applyRoutineDocument;
      if (!saved) throw new ToolError("The server saved nothing", { code: "INTERNAL_ERROR" });
      return { document: saved.document as Record<string, unknown>, created: saved.created };
    },
  }),
  list_workouts: defineTool({
    title: "List workouts",
    description:
      "The user's workouts, newest first: id, date and name of each, optionally only those from `since` to `until` (days, both included). Use get_workout for the sets.",
    input: {
      limit: z.number().int().min(1).max(200).optional().describe("At most this many (default 20)."),
      since: isoDate("since").optional().describe("Only workouts on or after this day, YYYY-MM-DD."),
      until: isoDate("until").optional().describe("Only workouts on or before this day, YYYY-MM-DD."),
    },
    output: { workouts: z.array(workoutRow) },
    annotations: READ,
    handler: async ({ limit, since, until }, { run, options }) => {
      if (since && until && since > until)
        throw new ToolError(`since (${since}) is after until (${until})`, { code: "INVALID_INPUT" });
      const variables = { limit: limit ?? 20, since: since ?? null, until: until ?? null };
      return { workouts: rows((await call(run, ops.WORKOUTS, variables, options)).viewer?.workouts) };
    },
  }),
  get_workout: defineTool({
    title: "Get workouts",
    description:
      "Workouts as JSON documents (the format save_workout takes back), by id or by date. A date with several workouts returns all of them; a date with none returns an empty list.",
    input: {
      id: uuid.optional().describe("The workout's id."),
      date: isoDate("date").optional().describe("Every workout on this day, YYYY-MM-DD."),
      unit,
    },
    output: { workouts: z.array(documentOut) },
    annotations: READ,
    handler: async ({ id, date, unit: u }, { run, options }) => {
      if ((id === undefined) === (date === undefined))
        throw new ToolError("Give either id or date (one of them)", { code: "INVALID_INPUT" });
      const ids = id
        ? [id]
        : rows((await call(run, ops.WORKOUTS_ON_DATE, { date: date! }, options)).allWorkouts?.nodes).map((w) => w.id);
      const workouts: Record<string, unknown>[] = [];
      for (const one of ids) {
        const document = (await call(run, ops.WORKOUT_DOCUMENT, { id: one, unit: enumUnit(u) }, options))
          .workoutDocument;
        if (document) workouts.push(document as Record<string, unknown>);
      }
      if (id && !workouts.length) throw new ToolError(`No workout with the id ${id}`, { code: "NOT_FOUND" });
      return { workouts };
    },
  }),
  save_workout: defineTool({
    title: "Save a workout",
    description: `Log a workout, or replace one: a document with an existing workout's "id" replaces it entirely (read it with get_workout first and keep its "version": if the workout was saved elsewhere since, nothing is saved and the error gives the current document to merge with). The document follows the JSON Schema in ${RESOURCES.workoutSchema}; sets are text such as "100x5 @8" (rules in ${RESOURCES.setText}). An invalid document saves nothing and the error names the path and the reason. Returns the saved document.`,
    input: {
      document: z.record(z.string(), z.unknown()).describe("The workout document (JSON object)."),
      idempotencyKey: uuid
        .optional()
        .describe("A uuid of your choice: sending the same save again with it does not log the workout twice."),
    },
    output: { document: documentOut, created: z.boolean(), replayed: z.boolean() },
    annotations: REPLACES,
    handler: async ({ document, idempotencyKey }, { run, options }) => {
      const saved = (await call(run, ops.APPLY_WORKOUT_DOCUMENT, { document, idempotencyKey }, options, true))
        .applyWorkoutDocument;
      if (!saved) throw new ToolError("The server saved nothing", { code: "INTERNAL_ERROR" });
      return { document: saved.document as Record<string, unknown>, created: saved.created, replayed: saved.replayed };
    },
  }),
  delete_workout: defineTool({
    title: "Delete a workout",
    description: "Delete one workout and its sets for good, by id.",
    input: { id: uuid.describe("The workout's id.") },
    output: { deleted: workoutRow.nullable().describe("The workout deleted; null when there was none.") },
    annotations: { ...REPLACES, idempotentHint: true },
    handler: async ({ id }, { run, options }) => ({
      deleted: (await call(run, ops.DELETE_WORKOUT, { id }, options, true)).deleteWorkoutById?.workout ?? null,
    }),
  }),
  plan_next_workout: defineTool({
    title: "Plan the next workout",
    description:
      "The next workout of a routine as a workout document with targets from the user's history (progression, warm-ups), and for each exercise why its target is what it is. A set ending in `+` (`100x5+`) is AMRAP: as many reps as possible, at least that many (`amrap: true` on its exercise). Nothing is saved: log it with save_workout once done.",
    input: {
      routine: name.describe("The routine's id or name."),
      date: isoDate("date").optional().describe("The day of the workout, YYYY-MM-DD (default today)."),
    },
    output: {
      document: documentOut,
      exercises: z.array(
        z.looseObject({
          position: z.number().int(),
          exercise: z.string(),
          rule: z.string(),
          explanation: z.string(),
          amrap: z.boolean().describe("The last work set is as many reps as possible (its text ends in `+`)."),
        }),
      ),
    },
    annotations: READ,
    handler: async ({ routine, date }, { run, options }) => {
      const plan = (await call(run, ops.NEXT_WORKOUT, { routine, date }, options)).nextWorkout as Record<
        string,
        unknown
      > | null;
      if (!plan || typeof plan.routine !== "string") return notFoundRoutine(routine);
      const targets = (await call(run, ops.NEXT_TARGETS, { id: plan.routine, date }, options)).routineById;
      return { document: plan, exercises: rows(targets?.nextTargets) };
    },
  }),
  get_exercise_history: defineTool({
    title: "Exercise history and records",
    description:
      "For one exercise (a name as the user says it: abbreviations and typos are understood; a name that fits several exercises is answered with the choices): its personal records (heaviest, best estimated 1RM, most reps at each weight, 1/3/5/8/10 rep maxes actual and estimated, most reps at bodyweight, longest hold) and each recent session's best set and estimated 1RM, newest first; `said`: the same as sentences in the user's unit to quote (a weight logged in the other unit converted to one decimal with the logged value beside it: `231.5 lb (105 kg)`).",
    input: {
      exercise: name.describe("The exercise's name or alias."),
      limit: z.number().int().min(1).max(200).optional().describe("At most this many sessions (default 20)."),
    },
    output: {
      exercise: z.string(),
      records: z.looseObject({}),
      sessions: z.array(z.looseObject({})),
      said: z.array(z.string()),
    },
    annotations: READ,
    handler: async ({ exercise, limit }, { run, options }) => {
      const found = named(
        exercise,
        (await call(run, ops.EXERCISE_RECORDS, { words: exercise }, options)).resolveExercise,
      );
      const series = rows((await call(run, ops.E1RM_SERIES, { exerciseId: found.id }, options)).e1rmSeries);
      const sessions = series.slice(-(limit ?? 20)).reverse();
      return {
        exercise: found.name,
        records: found.records,
        sessions,
        said: [recordsSaid(found.records), ...sessionsSaid(sessions)],
      };
    },
  }),
  get_progress_summary: defineTool({
    title: "Progress summary",
    description:
      "Weekly training volume (weight x reps of work sets, per ISO week, Monday first) over the last calendar weeks ending with this one, overall or for one exercise; a week without training is left out (its volume is zero). With an exercise, also its estimated 1RM trend (first and latest in the range, and the change). `said`: the weeks as sentences to quote, volume as whole numbers (`Week of 2026-03-02: 4,712 lb`).",
    input: {
      weeks: z
        .number()
        .int()
        .min(1)
        .max(104)
        .optional()
        .describe("How many calendar weeks, ending with this week (default 12)."),
      exercise: name.optional().describe("One exercise's name or alias; overall without it."),
    },
    output: {
      exercise: z.string().optional(),
      since: z.string(),
      weeklyVolume: z.array(z.looseObject({ week: z.string() })),
      e1rm: z.looseObject({ change: z.number().nullable() }).nullable().optional(),
      said: z.array(z.string()),
    },
    annotations: READ,
    handler: progressSummary,
  }),
  list_programs: defineTool({
    title: "List the built-in programs",
    description:
      "The built-in training programs (GZCLP, 5/3/1 Boring But Big and First Set Last, Starting Strength, StrongLifts 5x5, push/pull/legs): slug, name, description, days (routine documents) and inputs, the lifts each needs a weight for (inputKind: trainingMax or weight, the first work weight). Start one with start_program.",
    input: {},
    output: { programs: z.array(z.looseObject({ slug: z.string(), name: z.string() })) },
    annotations: READ,
    handler: async (_args, { run, options }) => ({
      programs: rows((await call(run, ops.PROGRAM_LIBRARY, {}, options)).programLibrary),
    }),
  }),
  preview_program: defineTool({
    title: "Preview a program's start",
    description:
      "What start_program would make, nothing saved: every lift the program asks a weight for (its inputs, then loaded assistance lifts such as 5/3/1's Dumbbell Row) with the weight it would take (null: none; an assistance lift is then planned with its weight to choose) and where it came from (source given, history or none; basis names the set, its day and the 12 weeks used). Show the user these weights and ask before calling start_program with every weight in lifts.",
    input: {
      slug: z.string().min(1).max(40).describe("The program's slug, from list_programs (e.g. 'gzclp', '531-bbb')."),
      unit: z.enum(UNITS).optional().describe("The unit of the weights (kg or lb); default: the user's unit."),
      lifts: programLifts,
      fromHistory: z
        .boolean()
        .optional()
        .describe(
          "Take every lift not given from the user's history: 90 % of the best e1RM of its most recent 12 weeks.",
        ),
    },
    output: {
      lifts: z.array(
        z.looseObject({ lift: z.string(), weight: z.number().nullable(), source: z.string(), basis: z.string() }),
      ),
    },
    annotations: READ,
    handler: async ({ slug, unit: u, lifts, fromHistory }, { run, options }) => {
      const variables = { slug, unit: u ?? null, lifts: lifts ?? null, fromHistory: fromHistory ?? false };
      return { lifts: rows((await call(run, ops.PROGRAM_START_PREVIEW, variables, options)).programStartPreview) };
    },
  }),
  start_program: defineTool({
    title: "Start a program",
    description:
      "Start a built-in program (see list_programs) for the user: its days become the user's routines, all or nothing, and are returned in day order. Give each input lift's weight in lifts (ask the user, or show them preview_program's weights first), or fromHistory to take the lifts not given from the user's history (each lift's most recent 12 weeks). An assistance lift left without a weight is planned with its weight to choose; a main lift left without one is refused (code MISSING_INPUT, lifts names them) and nothing is saved. Starting a program again makes a second copy with its own name. Then plan_next_workout plans a day.",
    input: {
      slug: z.string().min(1).max(40).describe("The program's slug, from list_programs (e.g. 'gzclp', '531-bbb')."),
      unit: z
        .enum(UNITS)
        .optional()
        .describe("The unit of the weights given and of the routines (kg or lb); default: the user's unit."),
      lifts: programLifts,
      fromHistory: z
        .boolean()
        .optional()
        .describe(
          "Start every lift not given at 90 % of its best estimated 1RM of its most recent 12 weeks, rounded down.",
        ),
    },
    output: { routines: z.array(row({ name: z.string() })) },
    // Not idempotent: each start makes another copy of the program.
    annotations: { ...REPLACES, destructiveHint: false },
    handler: async ({ slug, unit: u, lifts, fromHistory }, { run, options }) => {
      const variables = { slug, unit: u ?? null, lifts: lifts ?? null, fromHistory: fromHistory ?? false };
      const started = (await call(run, ops.START_PROGRAM, variables, options, true)).startProgram;
      return { routines: rows(started?.routines ?? []) };
    },
  }),
  log_bodyweight: defineTool({
    title: "Log bodyweight",
    description:
      "Record the user's bodyweight for a day (replaces that day's entry if there is one). Without a date: today in the time zone of the machine running this MCP server (the service's own for the remote server, the user's computer for `svc mcp`), returned in `date`.",
    input: {
      date: isoDate("date").optional().describe("The day, YYYY-MM-DD (not in the future); default today."),
      weight: z.number().positive().max(MAX_BODYWEIGHT).describe("The weight, at most 2 decimals, in `unit`."),
      unit: z.enum(UNITS).optional().describe("The unit of the weight given (kg or lb); default: the user's unit."),
    },
    output: { id: z.string(), date: z.string(), weight: z.number(), unit: z.string() },
    annotations: { ...REPLACES, idempotentHint: true },
    handler: async ({ date, weight, unit: u }, { run, options }) => {
      const input = { date: date ?? localToday(), weight, unit: enumUnit(u) };
      const logged = (await call(run, ops.LOG_BODYWEIGHT, { input }, options, true)).logBodyweight;
      if (!logged) throw new ToolError("The server saved nothing", { code: "INTERNAL_ERROR" });
      return logged;
    },
  }),
  log_measurements: defineTool({
    title: "Log body measurements",
    description:
      "Record the user's body measurements for a day: body fat (percent) and lengths around the body (neck, shoulders, chest, waist, hips; left and right upper arm, forearm, thigh and calf). Logging a day again replaces that day's entry: measurements left out are then not measured that day, so send all of the day's. Without a date: today in the time zone of the machine running this MCP server; without a unit: the user's length unit (cm or in).",
    input: {
      date: isoDate("date").optional().describe("The day, YYYY-MM-DD (not in the future); default today."),
      unit: z.enum(LENGTH_UNITS).optional().describe("The unit of the lengths given (cm or in); default: the user's."),
      bodyFat: z
        .number()
        .positive()
        .max(80)
        .optional()
        .describe("Body fat, percent of bodyweight (at most 2 decimals)."),
      neck: length.optional(),
      shoulders: length.optional(),
      chest: length.optional(),
      waist: length.optional(),
      hips: length.optional(),
      leftUpperArm: length.optional(),
      rightUpperArm: length.optional(),
      leftForearm: length.optional(),
      rightForearm: length.optional(),
      leftThigh: length.optional(),
      rightThigh: length.optional(),
      leftCalf: length.optional(),
      rightCalf: length.optional(),
    },
    output: measurementOut,
    annotations: { ...REPLACES, idempotentHint: true },
    handler: async ({ date, ...values }, { run, options }) => {
      const input = { date: date ?? localToday(), ...values };
      const logged = (await call(run, ops.LOG_MEASUREMENTS, { input }, options, true)).logMeasurements?.measurement;
      if (!logged) throw new ToolError("The server saved nothing", { code: "INTERNAL_ERROR" });
      return logged;
    },
  }),
  list_measurements: defineTool({
    title: "List body measurements",
    description:
      "The user's body measurement entries, newest first, each as logged (body fat in percent, lengths in the entry's `unit`), with the user's length unit in `unit` (1 in = 2.54 cm).",
    input: { limit: z.number().int().min(1).max(1000).optional().describe("At most this many entries (default 30).") },
    output: { unit: z.string(), measurements: z.array(row({ date: z.string(), unit: z.string() })) },
    annotations: READ,
    handler: async ({ limit }, { run, options }) => {
      const viewer = (await call(run, ops.MEASUREMENTS, { first: limit ?? 30 }, options)).viewer;
      if (!viewer) throw new ToolError("Not signed in", { code: "FORBIDDEN" });
      return { unit: viewer.measurementUnit, measurements: rows(viewer.measurementsByUserId.nodes) };
    },
  }),
  get_weekly_muscle_sets: defineTool({
    title: "Weekly sets per muscle",
    description:
      "Work sets per muscle group per ISO week (Monday first) over the last calendar weeks ending with this one: a done work set counts 1 for each group its exercise works as a primary muscle and 0.5 for each group it works only as a secondary one (warm-ups, sets not done and cardio count nothing). A group without sets in a week is left out. The commonly cited range for muscle growth is 10 to 20 sets per muscle group per week.",
    input: {
      weeks: z
        .number()
        .int()
        .min(1)
        .max(26)
        .optional()
        .describe("How many calendar weeks, ending with this week (default 4)."),
    },
    output: {
      weeks: z.array(z.looseObject({ week: z.string(), muscleGroup: z.string(), sets: z.number() })),
    },
    annotations: READ,
    handler: async ({ weeks }, { run, options }) => ({
      weeks: rows(
        (await call(run, ops.WEEKLY_MUSCLE_SETS, { weeks: weeks ?? 4, until: localToday() }, options)).weeklyMuscleSets,
      ),
    }),
  }),
  list_changes: defineTool({
    title: "List recent changes",
    description:
      "What changed in the user's routines, workouts, bodyweights and body measurements in the last 90 days, newest first: when, from which client (the web app, svc on a host, an API key, a connected app such as this one) and a one-line summary. Use it to review edits (yours included) and undo_change to take one back.",
    input: {
      limit: z.number().int().min(1).max(100).optional().describe("At most this many (default 20)."),
      before: z.string().optional().describe("The `cursor` of the last change of the previous page, for older ones."),
    },
    output: { changes: z.array(changeRow) },
    annotations: READ,
    handler: async ({ limit, before }, { run, options }) => {
      const page = (await call(run, ops.HISTORY, { first: limit ?? 20, before: before ?? null }, options)).history;
      return { changes: (page?.changes ?? []).map(({ document: _document, ...change }) => change) };
    },
  }),
  undo_change: defineTool({
    title: "Undo a change",
    description:
      "Undo one change listed by list_changes (its id): the routine, workout, bodyweight or body measurement comes back as it was before it (a deleted one comes back; a created one is deleted). The Undo is itself a change, which can be undone in turn. Say what you undid.",
    input: {
      id: uuid.describe("The change's id (from list_changes)."),
    },
    output: { change: changeRow.describe("The new change that undid it.") },
    annotations: REPLACES,
    handler: async ({ id }, { run, options }) => {
      const change = (await call(run, ops.UNDO_CHANGE, { id }, options, true)).undoChange?.change;
      if (!change) throw new ToolError("The server undid nothing", { code: "INTERNAL_ERROR" });
      const { document: _document, ...rest } = change;
      return { change: rest };
    },
  }),
};

/** get_progress_summary: the weeks' volume, and with an exercise its estimated 1RM trend. */
async function progressSummary({ weeks, exercise }: { weeks?: number; exercise?: string }, { run, options }: Context) {
  let found: { id: string; name: string } | undefined;
  if (exercise) {
    const [resolution] = (await call(run, ops.RESOLVE_EXERCISES, { names: [exercise] }, options)).resolveExercises;
    found = named(exercise, resolution);
  }
  const since = weeksStart(weeks ?? 12);
  const weeklyVolume = rows(
    (await call(run, ops.VOLUME_PER_WEEK, { exerciseId: found?.id }, options)).weeklyVolume,
  ).filter((w) => w.week >= since);
  if (!found) return { since, weeklyVolume, said: weeksSaid(weeklyVolume) };
  const series = rows((await call(run, ops.E1RM_SERIES, { exerciseId: found.id }, options)).e1rmSeries).filter(
    (s) => s.date >= since,
  );
  const first = series[0];
  const latest = series[series.length - 1];
  const e1rm = first
    ? {
        first: { date: first.date, e1rm: first.e1rm },
        latest: { date: latest.date, e1rm: latest.e1rm },
        // A session with no set of 1 to 12 reps has no estimate to compare.
        change: first.e1rm === null || latest.e1rm === null ? null : Math.round((latest.e1rm - first.e1rm) * 100) / 100,
        unit: latest.unit,
        sessions: series.length,
      }
    : null;
  const trend =
    e1rm && e1rm.change !== null
      ? [
          `Estimated 1RM from ${estimateText(first.e1rm!, e1rm.unit)} (${first.date}) to ${estimateText(latest.e1rm!, e1rm.unit)} (${latest.date}).`,
        ]
      : [];
  return { exercise: found.name, since, weeklyVolume, e1rm, said: [...weeksSaid(weeklyVolume), ...trend] };
}

export const SERVER_INFO = { name: "training-log", version: "1.0.0" };

const INSTRUCTIONS =
  "Training Log: the user's routines, workouts, bodyweight and progress. Routines and workouts are JSON documents: " +
  "read one (get_routine, get_workout), change it and save it back whole (save_routine, save_workout). " +
  "Read the resources for the document schemas and the set text rules before writing one.";

// One validator for every server (each would build its own Ajv otherwise).
let validator: AjvJsonSchemaValidator | undefined;

/** An MCP server with every tool and resource, its GraphQL sent through `run`. Cheap to make: one per request. */
export function createTrainingLogServer(run: RunGraphQL, options: ToolOptions = {}): McpServer {
  validator ??= new AjvJsonSchemaValidator();
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
  registerTrainingLogTools(server, run, options);
  // The tools and resources never change while connected, and a stateless server could not say so
  // anyway: registering them made McpServer advertise listChanged.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  return server;
}

/** Registers every tool of TOOLS (unknown arguments refused) and the resources on `server`; GraphQL goes through `run`. */
export function registerTrainingLogTools(server: McpServer, run: RunGraphQL, options: ToolOptions = {}) {
  const context: Context = { run, options };
  for (const [toolName, definition] of Object.entries(TOOLS) as [
    string,
    ToolDefinition<z.ZodRawShape, z.ZodRawShape>,
  ][]) {
    server.registerTool(
      toolName,
      {
        title: definition.title,
        description: definition.description,
        inputSchema: z.strictObject(definition.input),
        outputSchema: definition.output,
        annotations: { title: definition.title, ...definition.annotations },
      },
      (args: Record<string, unknown>) => tool(() => definition.handler(args, context)),
    );
  }
  registerResources(server);
}

/** The document schemas and the set text rules, for a model to read before writing a document. */
function registerResources(server: McpServer) {
  const json = (uri: string, value: unknown) => ({
    contents: [{ uri, mimeType: "application/schema+json", text: JSON.stringify(value, null, 2) }],
  });
  server.registerResource(
    "routine-schema",
    RESOURCES.routineSchema,
    {
      title: "Routine document JSON Schema",
      description:
        "The JSON Schema (draft 2020-12) of the routine documents get_routine returns and save_routine takes.",
      mimeType: "application/schema+json",
    },
    () => json(RESOURCES.routineSchema, routineSchema),
  );
  server.registerResource(
    "workout-schema",
    RESOURCES.workoutSchema,
    {
      title: "Workout document JSON Schema",
      description:
        "The JSON Schema (draft 2020-12) of the workout documents get_workout returns and save_workout takes.",
      mimeType: "application/schema+json",
    },
    () => json(RESOURCES.workoutSchema, workoutSchema),
  );
  server.registerResource(
    "set-text-rules",
    RESOURCES.setText,
    {
      title: "Set text rules",
      description: "How to write a set in a workout document (weight x reps, effort, warm-ups, drops, times).",
      mimeType: "text/markdown",
    },
    () => ({ contents: [{ uri: RESOURCES.setText, mimeType: "text/markdown", text: SET_TEXT_RULES }] }),
  );
}
