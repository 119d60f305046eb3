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

const ok = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value, null, 2) }] });

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
    const { code, path, reason, lifts } = first.extensions ?? {};
    let message = first.message;
    if (writes && code === "FORBIDDEN" && options.access === "read_only") {
      message =
        "This connection is read only: nothing was saved. Reconnect the app with read and write access to save.";
    } else if (code === "INVALID_DOCUMENT") {
      message = `The document is invalid at ${String(path) || "(root)"}: ${String(reason)}. Nothing was saved; fix it and try again (see the resource ${RESOURCES.setText} and the JSON Schemas).`;
    }
    throw new ToolError(message, {
      code,
      ...(path !== undefined ? { path } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(lifts !== undefined ? { lifts } : {}),
    });
  }
  if (!result.data) throw new ToolError("The server answered no data", { code: "INTERNAL_ERROR" });
  return result.data as Result;
}

function tool(fn: () => Promise<unknown>): Promise<CallToolResult> {
  return fn().then(ok, failure);
}

const unit = z.enum(UNITS).optional().describe("Convert weights to this unit (kg or lb); default: as stored.");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const uuid = z.string().regex(new RegExp(UUID_PATTERN), "an id (uuid)");

/** The Monday (YYYY-MM-DD) that starts the `weeks` calendar weeks ending with this week (ISO weeks, local date). */
export function weeksStart(weeks: number, today = new Date()): string {
  const monday = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * (weeks - 1));
  return monday.toISOString().slice(0, 10);
}

/** Input schemas, built once (zod schemas are costly to build, and a server is made per request). */
const INPUT = {
  search_exercises: {
    words: z.string().min(1).max(200).describe("Words to look for, e.g. 'bench press' or 'rdl'."),
    limit: z.number().int().min(1).max(50).optional().describe("At most this many matches (default 10)."),
  },
  list_routines: {},
  get_routine: { routine: z.string().min(1).max(200).describe("The routine's id or name."), unit },
  save_routine: { document: z.record(z.string(), z.unknown()).describe("The routine document (JSON object).") },
  list_workouts: { limit: z.number().int().min(1).max(200).optional().describe("At most this many (default 20).") },
  get_workout: {
    id: uuid.optional().describe("The workout's id."),
    date: isoDate.optional().describe("Every workout on this day, YYYY-MM-DD."),
    unit,
  },
  save_workout: {
    document: z.record(z.string(), z.unknown()).describe("The workout document (JSON object)."),
    idempotencyKey: uuid
      .optional()
      .describe("A uuid of your choice: sending the same save again with it does not log the workout twice."),
  },
  delete_workout: { id: uuid.describe("The workout's id.") },
  plan_next_workout: {
    routine: z.string().min(1).max(200).describe("The routine's id or name."),
    date: isoDate.optional().describe("The day of the workout (default today)."),
  },
  get_exercise_history: {
    exercise: z.string().min(1).max(200).describe("The exercise's name or alias."),
    limit: z.number().int().min(1).max(200).optional().describe("At most this many sessions (default 20)."),
  },
  get_progress_summary: {
    weeks: z
      .number()
      .int()
      .min(1)
      .max(104)
      .optional()
      .describe("How many calendar weeks, ending with this week (default 12)."),
    exercise: z.string().min(1).max(200).optional().describe("One exercise's name or alias; overall without it."),
  },
  list_programs: {},
  start_program: {
    slug: z.string().min(1).max(40).describe("The program's slug, from list_programs (e.g. 'gzclp', '531-bbb')."),
    unit: z
      .enum(UNITS)
      .optional()
      .describe("The unit of the weights given and of the routines (kg or lb); default: the user's unit."),
    lifts: z
      .array(
        z.object({
          lift: z.string().min(1).max(100).describe("The lift's name, as list_programs names it (or an alias)."),
          weight: z
            .number()
            .positive()
            .max(10000)
            .describe("Its training max (5/3/1) or first work weight, in `unit`."),
        }),
      )
      .max(30)
      .optional()
      .describe("A weight for each lift the program needs (its inputs); lifts left out need fromHistory."),
    fromHistory: z
      .boolean()
      .optional()
      .describe("Start every lift not given at 90 % of its best estimated 1RM of the last 12 weeks, rounded down."),
  },
  log_bodyweight: {
    date: isoDate.describe("The day, YYYY-MM-DD (not in the future)."),
    weight: z.number().positive().max(MAX_BODYWEIGHT).describe("The weight, at most 2 decimals, in `unit`."),
    unit: z.enum(UNITS).optional().describe("The unit of the weight given (kg or lb); default: the user's unit."),
  },
};

const READ = { readOnlyHint: true, openWorldHint: false } as const;

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

/** Registers every tool and resource on `server`; each tool runs its GraphQL through `run`. */
export function registerTrainingLogTools(server: McpServer, run: RunGraphQL, options: ToolOptions = {}) {
  server.registerTool(
    "search_exercises",
    {
      title: "Search exercises",
      description:
        "Find exercises in the catalog and the user's custom exercises by words (name or alias, typos forgiven). Use the returned name in documents.",
      inputSchema: INPUT.search_exercises,
      annotations: { title: "Search exercises", ...READ },
    },
    ({ words, limit }) =>
      tool(async () => (await call(run, ops.SEARCH_EXERCISES, { words, limit: limit ?? 10 }, options)).searchExercises),
  );

  server.registerTool(
    "list_routines",
    {
      title: "List routines",
      description: "The user's routines (training plans): id and name of each.",
      inputSchema: INPUT.list_routines,
      annotations: { title: "List routines", ...READ },
    },
    () => tool(async () => rows((await call(run, ops.ROUTINES, {}, options)).viewer?.routines)),
  );

  server.registerTool(
    "get_routine",
    {
      title: "Get a routine",
      description:
        "One routine as its JSON document (the format save_routine takes back), by id or by name (ignoring case).",
      inputSchema: INPUT.get_routine,
      annotations: { title: "Get a routine", ...READ },
    },
    ({ routine, unit: u }) =>
      tool(async () => {
        const document = (await call(run, ops.ROUTINE_DOCUMENT, { ref: routine, unit: enumUnit(u) }, options))
          .routineDocument;
        if (!document)
          throw new ToolError(`No routine with the id or name ${JSON.stringify(routine)}; list_routines shows them`, {
            code: "NOT_FOUND",
          });
        return document;
      }),
  );

  server.registerTool(
    "save_routine",
    {
      title: "Save a routine",
      description: `Create a routine, or replace one: a document with an existing routine's "id" replaces it entirely (read it with get_routine first). Without an "id" it creates a new routine, and a name another routine already has is refused. The document follows the JSON Schema in ${RESOURCES.routineSchema}. An invalid document saves nothing and the error names the path and the reason. Returns the saved document.`,
      inputSchema: INPUT.save_routine,
      // Not idempotent: without an id, a second identical save is refused (the name is taken).
      annotations: {
        title: "Save a routine",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ document }) =>
      tool(async () => {
        const saved = (await call(run, ops.APPLY_ROUTINE_DOCUMENT, { document }, options, true)).applyRoutineDocument;
        return saved && { document: saved.document, created: saved.created };
      }),
  );

  server.registerTool(
    "list_workouts",
    {
      title: "List workouts",
      description: "The user's workouts, newest first: id, date and name of each. Use get_workout for the sets.",
      inputSchema: INPUT.list_workouts,
      annotations: { title: "List workouts", ...READ },
    },
    ({ limit }) =>
      tool(async () => rows((await call(run, ops.WORKOUTS, { limit: limit ?? 20 }, options)).viewer?.workouts)),
  );

  server.registerTool(
    "get_workout",
    {
      title: "Get workouts",
      description:
        "Workouts as JSON documents (the format save_workout takes back), by id or by date. A date with several workouts returns all of them; a date with none returns an empty list.",
      inputSchema: INPUT.get_workout,
      annotations: { title: "Get workouts", ...READ },
    },
    ({ id, date, unit: u }) =>
      tool(async () => {
        if ((id === undefined) === (date === undefined))
          throw new ToolError("Give either id or date (one of them)", { code: "INVALID_INPUT" });
        const ids = id
          ? [id]
          : rows((await call(run, ops.WORKOUTS_ON_DATE, { date: date! }, options)).allWorkouts?.nodes).map(
              (workout) => workout.id,
            );
        const documents = [];
        for (const one of ids) {
          const document = (await call(run, ops.WORKOUT_DOCUMENT, { id: one, unit: enumUnit(u) }, options))
            .workoutDocument;
          if (document) documents.push(document);
        }
        if (id && !documents.length) throw new ToolError(`No workout with the id ${id}`, { code: "NOT_FOUND" });
        return { workouts: documents };
      }),
  );

  server.registerTool(
    "save_workout",
    {
      title: "Save a workout",
      description: `Log a workout, or replace one: a document with an existing workout's "id" replaces it entirely (read it with get_workout first). The document follows the JSON Schema in ${RESOURCES.workoutSchema}; sets are text such as "100x5 @8" (rules in ${RESOURCES.setText}). An invalid document saves nothing and the error names the path and the reason. Returns the saved document.`,
      inputSchema: INPUT.save_workout,
      annotations: {
        title: "Save a workout",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ document, idempotencyKey }) =>
      tool(async () => {
        const saved = (await call(run, ops.APPLY_WORKOUT_DOCUMENT, { document, idempotencyKey }, options, true))
          .applyWorkoutDocument;
        return saved && { document: saved.document, created: saved.created, replayed: saved.replayed };
      }),
  );

  server.registerTool(
    "delete_workout",
    {
      title: "Delete a workout",
      description: "Delete one workout and its sets for good, by id.",
      inputSchema: INPUT.delete_workout,
      annotations: {
        title: "Delete a workout",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ id }) =>
      tool(async () => ({
        deleted: (await call(run, ops.DELETE_WORKOUT, { id }, options, true)).deleteWorkoutById?.workout,
      })),
  );

  server.registerTool(
    "plan_next_workout",
    {
      title: "Plan the next workout",
      description:
        "The next workout of a routine as a workout document with targets from the user's history (progression, warm-ups). Nothing is saved: log it with save_workout once done.",
      inputSchema: INPUT.plan_next_workout,
      annotations: { title: "Plan the next workout", ...READ },
    },
    ({ routine, date }) =>
      tool(async () => {
        const plan = (await call(run, ops.NEXT_WORKOUT, { routine, date }, options)).nextWorkout;
        if (!plan)
          throw new ToolError(`No routine with the id or name ${JSON.stringify(routine)}; list_routines shows them`, {
            code: "NOT_FOUND",
          });
        return plan;
      }),
  );

  server.registerTool(
    "get_exercise_history",
    {
      title: "Exercise history and records",
      description:
        "For one exercise (a name as the user says it: abbreviations and typos are understood; a name that fits several exercises is answered with the choices): its personal records (heaviest, best estimated 1RM, most reps at each weight, 1/3/5/8/10 rep maxes actual and estimated, most reps at bodyweight, longest hold) and each recent session's best set and estimated 1RM, newest first.",
      inputSchema: INPUT.get_exercise_history,
      annotations: { title: "Exercise history and records", ...READ },
    },
    ({ exercise, limit }) =>
      tool(async () => {
        const found = named(
          exercise,
          (await call(run, ops.EXERCISE_RECORDS, { words: exercise }, options)).resolveExercise,
        );
        const series = rows((await call(run, ops.E1RM_SERIES, { exerciseId: found.id }, options)).e1rmSeries);
        return { exercise: found.name, records: found.records, sessions: series.slice(-(limit ?? 20)).reverse() };
      }),
  );

  server.registerTool(
    "get_progress_summary",
    {
      title: "Progress summary",
      description:
        "Weekly training volume (weight x reps of work sets, per ISO week, Monday first) over the last calendar weeks ending with this one, overall or for one exercise; a week without training is left out (its volume is zero). With an exercise, also its estimated 1RM trend (first and latest in the range, and the change).",
      inputSchema: INPUT.get_progress_summary,
      annotations: { title: "Progress summary", ...READ },
    },
    ({ weeks, exercise }) =>
      tool(async () => {
        const span = weeks ?? 12;
        let exerciseId: string | undefined;
        let name: string | undefined;
        if (exercise) {
          const [resolution] = (await call(run, ops.RESOLVE_EXERCISES, { names: [exercise] }, options))
            .resolveExercises;
          const found = named(exercise, resolution);
          exerciseId = found.id;
          name = found.name;
        }
        const since = weeksStart(span);
        const volume = rows((await call(run, ops.VOLUME_PER_WEEK, { exerciseId }, options)).weeklyVolume).filter(
          (w) => w.week >= since,
        );
        if (!exerciseId) return { since, weeklyVolume: volume };
        const series = rows((await call(run, ops.E1RM_SERIES, { exerciseId }, options)).e1rmSeries).filter(
          (s) => s.date >= since,
        );
        const first = series[0];
        const latest = series[series.length - 1];
        return {
          exercise: name,
          since,
          weeklyVolume: volume,
          e1rm: first
            ? {
                first: { date: first.date, e1rm: first.e1rm },
                latest: { date: latest.date, e1rm: latest.e1rm },
                // A session with no set of 1 to 12 reps has no estimate to compare.
                change:
                  first.e1rm === null || latest.e1rm === null
                    ? null
                    : Math.round((latest.e1rm - first.e1rm) * 100) / 100,
                unit: latest.unit,
                sessions: series.length,
              }
            : null,
        };
      }),
  );

  server.registerTool(
    "list_programs",
    {
      title: "List the built-in programs",
      description:
        "The built-in training programs (GZCLP, 5/3/1 Boring But Big and First Set Last, Starting Strength, StrongLifts 5x5, push/pull/legs): slug, name, description, days (routine documents) and inputs, the lifts each needs a weight for (inputKind: trainingMax or weight, the first work weight). Start one with start_program.",
      inputSchema: INPUT.list_programs,
      annotations: { title: "List the built-in programs", ...READ },
    },
    () => tool(async () => rows((await call(run, ops.PROGRAM_LIBRARY, {}, options)).programLibrary)),
  );

  server.registerTool(
    "start_program",
    {
      title: "Start a program",
      description:
        "Start a built-in program (see list_programs) for the user: its days become the user's routines, all or nothing, and are returned in day order. Give each input lift's weight in lifts (ask the user), or fromHistory to take the lifts not given from the user's last 12 weeks. A lift left without a weight is refused (code MISSING_INPUT, lifts names them) and nothing is saved. Starting a program again makes a second copy with its own name. Then plan_next_workout plans a day.",
      inputSchema: INPUT.start_program,
      // Not idempotent: each start makes another copy of the program.
      annotations: {
        title: "Start a program",
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ slug, unit: u, lifts, fromHistory }) =>
      tool(async () => {
        const started = (
          await call(
            run,
            ops.START_PROGRAM,
            { slug, unit: u ?? null, lifts: lifts ?? null, fromHistory: fromHistory ?? false },
            options,
            true,
          )
        ).startProgram;
        return { routines: rows(started?.routines ?? []) };
      }),
  );

  server.registerTool(
    "log_bodyweight",
    {
      title: "Log bodyweight",
      description: "Record the user's bodyweight for a day (replaces that day's entry if there is one).",
      inputSchema: INPUT.log_bodyweight,
      annotations: {
        title: "Log bodyweight",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ date, weight, unit: u }) =>
      tool(
        async () =>
          (await call(run, ops.LOG_BODYWEIGHT, { input: { date, weight, unit: enumUnit(u) } }, options, true))
            .logBodyweight,
      ),
  );

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
