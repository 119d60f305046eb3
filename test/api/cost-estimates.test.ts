// Estimates against spend, from outside: for each root query field (the SDK's own operations, and
// one operation for every field they do not use) and each MCP tool (the official MCP SDK client),
// over a large history (1,200 workouts, 18,000 sets, made in SQL), the cost the gate admitted the
// request on is compared with what it was charged afterwards (its database time and bytes,
// server/limits/client-cost-budget.ts). The budget's own calls are observed, not replaced.
// The rule (docs/security.md, "Estimates match spend"): a request spends at most
// ESTIMATE_FACTOR times its estimate (the least of three runs, so another process's load on the
// machine is not counted as the request's), so a caller can never get past its budget by more
// than that factor on what the gate let through.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useTestServer, gqlData, gql, signUp } from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";
import * as ops from "../../sdk/src/operations.ts";
import { operationText } from "../../sdk/src/graphql.ts";
import type { ClientCostBudget } from "../../server/limits/client-cost-budget.ts";

/** A request may spend at most this many times the estimate it was admitted on. */
export const ESTIMATE_FACTOR = 4;
const RUNS = 4;
const WORKOUTS = 1200;
const LIFTS = ["Bench Press", "Back Squat", "Deadlift", "Overhead Press", "Barbell Row"];

const s = useTestServer({ statementTimeoutMs: 60_000, requestTimeoutMs: 60_000 });

type Observed = { estimate: number; spent: number };
let current: Observed | null = null;
let charged: (() => void) | null = null;

/** The budget's gate and charge observed (they still do their work). */
function observe(budget: ClientCostBudget) {
  const admit = budget.admit.bind(budget);
  const charge = budget.charge.bind(budget);
  budget.admit = async (payer, estimate, claims) => {
    if (current) current.estimate += estimate;
    return admit(payer, estimate, claims);
  };
  budget.charge = async (payer, spent, claimed) => {
    if (current) current.spent += spent;
    await charge(payer, spent, claimed);
    charged?.();
  };
}

/** One request's estimate and charge: `send` makes exactly one request. */
async function measured(send: () => Promise<unknown>): Promise<Observed> {
  current = { estimate: 0, spent: 0 };
  const done = new Promise<void>((resolve) => (charged = resolve));
  await send();
  await done;
  const result = current;
  current = null;
  charged = null;
  return result;
}

/** The least spend over RUNS runs (its estimate does not change between runs). */
async function leastOf(send: () => Promise<unknown>): Promise<Observed> {
  let least: Observed | null = null;
  for (let i = 0; i < RUNS; i++) {
    const one = await measured(send);
    if (!least || one.spent < least.spent) least = one;
  }
  return least!;
}

let lifter: { token: string; user: { id: string } };
const ids: Record<string, string> = {};
const table: { what: string; estimate: number; spent: number; ratio: number }[] = [];

function record(what: string, { estimate, spent }: Observed) {
  const ratio = spent / Math.max(estimate, 1);
  table.push({ what, estimate, spent, ratio: Math.round(ratio * 100) / 100 });
  return ratio;
}

beforeAll(async () => {
  observe(s.app.services.clientCostBudget);
  lifter = await signUp(s.url, "Long history");
  const userId = lifter.user.id;
  const { rows } = await s.ownerPool.query<{ id: string; name: string }>(
    "select id, name from app_public.exercises where user_id is null and name = any($1)",
    [LIFTS],
  );
  for (const row of rows) ids[row.name] = row.id;
  // One workout every other day, five lifts of three sets each, heavier over time.
  await s.ownerPool.query(
    `insert into app_public.workouts (user_id, date, start, unit, effort, name)
     select $1, d, d::timestamptz, 'kg', 'rpe', 'Session ' || n
       from generate_series(1, $2::int) n, lateral (select date '2026-11-30' - 2 * n as d) day`,
    [userId, WORKOUTS],
  );
  await s.ownerPool.query(
    `insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
     select w.id, w.user_id, p, (array[$2::uuid, $3::uuid, $4::uuid, $5::uuid, $6::uuid])[p]
       from app_public.workouts w, generate_series(1, 5) p where w.user_id = $1`,
    [userId, ...LIFTS.map((l) => ids[l])],
  );
  await s.ownerPool.query(
    `insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, exercise_id, date, unit, position, weight, reps)
     select x.id, x.workout_id, x.user_id, x.exercise_id, w.date, w.unit, n,
            40 + (w.date - date '2020-01-01') / 30 + 5 * n, 5 + n
       from app_public.workout_exercises x join app_public.workouts w on w.id = x.workout_id,
            generate_series(1, 3) n
      where x.user_id = $1`,
    [userId],
  );
  await s.ownerPool.query(
    `insert into app_public.bodyweights (user_id, date, weight, unit)
     select $1, date '2026-11-30' - 7 * n, 80 + (n % 10), 'kg' from generate_series(0, 199) n`,
    [userId],
  );
  await s.ownerPool.query(
    `insert into app_public.measurements (user_id, date, unit, waist)
     select $1, date '2026-11-30' - 14 * n, 'cm', 80 + (n % 10) from generate_series(0, 99) n`,
    [userId],
  );
  const routine = await gqlData(
    s.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    {
      d: {
        name: "Five lifts",
        unit: "kg",
        exercises: LIFTS.map((exercise) => ({ exercise, sets: 3, reps: 5, weight: 100 })),
      },
    },
    lifter,
  );
  ids.routine = routine.applyRoutineDocument.routine.id;
  const { rows: workouts } = await s.ownerPool.query<{ id: string; date: string }>(
    "select id, date::text from app_public.workouts where user_id = $1 order by date desc limit 1",
    [userId],
  );
  ids.workout = workouts[0].id;
  ids.date = workouts[0].date;
  const one = async (sql: string) => (await s.ownerPool.query(sql, [userId])).rows[0]?.id as string;
  ids.workoutExercise = await one(
    "select id from app_public.workout_exercises where user_id = $1 order by workout_id limit 1",
  );
  ids.set = await one("select id from app_public.workout_sets where user_id = $1 limit 1");
  ids.bodyweight = await one("select id from app_public.bodyweights where user_id = $1 limit 1");
  ids.measurement = await one("select id from app_public.measurements where user_id = $1 limit 1");
  ids.routineExercise = await one("select id from app_public.routine_exercises where user_id = $1 limit 1");
}, 300_000);

afterAll(() => {
  console.log(
    `Estimate against spend (least of ${RUNS} runs), ${WORKOUTS} workouts:\n` +
      table
        .map((r) => `${r.what.padEnd(40)} ${String(r.estimate).padStart(8)} ${String(r.spent).padStart(8)} ${r.ratio}`)
        .join("\n"),
  );
});

/** The SDK's query operations and the variables each is sent with here. */
function sdkQueries(): [string, string, () => Record<string, unknown>][] {
  const bench = () => ids["Bench Press"];
  const variables: Record<string, () => Record<string, unknown>> = {
    ADMIN_USERS: () => ({ search: null, after: null }),
    BODYWEIGHTS: () => ({ first: 100 }),
    CHANGES: () => ({ first: 100 }),
    CUSTOM_EXERCISES_PAGE: () => ({}),
    E1RM_SERIES: () => ({ exerciseId: bench() }),
    EXERCISES_PAGE: () => ({}),
    EXERCISE_DETAILS: () => ({ words: "bench press" }),
    EXERCISE_PROGRESS: () => ({ exerciseId: bench() }),
    EXERCISE_RECORDS: () => ({ words: "bench press" }),
    HISTORY: () => ({ first: 50 }),
    LAST_PERFORMANCE: () => ({ exercises: LIFTS }),
    MEASUREMENTS: () => ({ first: 100 }),
    NEXT_TARGETS: () => ({ id: ids.routine }),
    NEXT_WORKOUT: () => ({ routine: ids.routine }),
    PROGRAM_START_PREVIEW: () => ({ slug: "starting-strength", unit: "kg", fromHistory: true }),
    RESOLVE_EXERCISES: () => ({ names: LIFTS }),
    ROUTINE_DOCUMENT: () => ({ ref: ids.routine }),
    SEARCH_EXERCISES: () => ({ words: "bnech pres", limit: 10 }),
    SHARED_ROUTINE: () => ({ token: "no-such-share" }),
    VOLUME_PER_WEEK: () => ({}),
    WEEKLY_MUSCLE_SETS: () => ({ weeks: 12 }),
    WORKOUT: () => ({ id: ids.workout }),
    WORKOUTS: () => ({ limit: 20 }),
    WORKOUTS_ON_DATE: () => ({ date: ids.date }),
    WORKOUTS_WITH_SETS_PAGE: () => ({}),
    WORKOUT_DOCUMENT: () => ({ id: ids.workout }),
  };
  const queries: [string, string, () => Record<string, unknown>][] = [];
  for (const [name, op] of Object.entries(ops)) {
    let text: string;
    try {
      text = operationText(op as Parameters<typeof operationText>[0]);
    } catch {
      continue;
    }
    if (!/^\s*query\b/.test(text.replace(/^\s*fragment[\s\S]*?\n}\n/gm, ""))) continue;
    if (!text.includes("query ")) continue;
    queries.push([name, text, variables[name] ?? (() => ({}))]);
  }
  return queries.filter(([, text]) => /\bquery\s+\w+/.test(text));
}

/** An operation for each root query field the SDK's operations do not use. */
const OTHER_FIELDS: [string, string, () => Record<string, unknown>][] = [
  ["allBodyweights", "{ allBodyweights(first: 1000) { nodes { id date weight } } }", () => ({})],
  ["allExerciseAliases", "{ allExerciseAliases(first: 1000) { nodes { id alias } } }", () => ({})],
  ["allMeasurements", "{ allMeasurements(first: 1000) { nodes { id date waist } } }", () => ({})],
  ["allRoutineExercises", "{ allRoutineExercises(first: 1000) { nodes { id position } } }", () => ({})],
  ["allRoutines", "{ allRoutines { nodes { id name } } }", () => ({})],
  ["allUsers", "{ allUsers { nodes { id name } } }", () => ({})],
  ["allWebhooks", "{ allWebhooks { nodes { id } } }", () => ({})],
  ["allWorkoutExercises", "{ allWorkoutExercises(first: 1000) { totalCount nodes { id position } } }", () => ({})],
  ["allWorkoutSets", "{ allWorkoutSets(first: 1000) { totalCount nodes { id reps weight } } }", () => ({})],
  ["allWorkouts", "{ allWorkouts(first: 1000) { totalCount nodes { id date name } } }", () => ({})],
  ["bodyweightById", "query($id: UUID!) { bodyweightById(id: $id) { id weight } }", () => ({ id: ids.bodyweight })],
  [
    "bodyweightByUserIdAndDate",
    'query($u: UUID!) { bodyweightByUserIdAndDate(userId: $u, date: "2026-11-30") { id } }',
    () => ({ u: lifter.user.id }),
  ],
  [
    "exerciseAliasByExerciseIdAndKey",
    'query($x: UUID!) { exerciseAliasByExerciseIdAndKey(exerciseId: $x, key: "bench") { id alias } }',
    () => ({ x: ids["Bench Press"] }),
  ],
  ["exerciseAliasById", 'query { exerciseAliasById(id: "00000000-0000-0000-0000-000000000000") { id } }', () => ({})],
  [
    "exerciseById",
    "query($x: UUID!) { exerciseById(id: $x) { id name records { heaviest { weight } } } }",
    () => ({
      x: ids["Bench Press"],
    }),
  ],
  ["exportAccount", "{ exportAccount }", () => ({})],
  ["exportWorkouts", "{ exportWorkouts(first: 200) { documents endCursor hasNextPage } }", () => ({})],
  ["importLimits", "{ importLimits { bytes workouts expirySeconds } }", () => ({})],
  ["measurementById", "query($id: UUID!) { measurementById(id: $id) { id waist } }", () => ({ id: ids.measurement })],
  [
    "measurementByUserIdAndDate",
    'query($u: UUID!) { measurementByUserIdAndDate(userId: $u, date: "2026-11-30") { id } }',
    () => ({ u: lifter.user.id }),
  ],
  ["muscleList", "{ muscleList { name muscleGroup } }", () => ({})],
  ["programLibrary", "{ programLibrary { slug name days inputs } }", () => ({})],
  ["query", "{ query { viewerReadOnly } }", () => ({})],
  [
    "routineById",
    "query($id: UUID!) { routineById(id: $id) { id name routineExercisesByRoutineId { nodes { id } } } }",
    () => ({ id: ids.routine }),
  ],
  [
    "routineExerciseById",
    "query($id: UUID!) { routineExerciseById(id: $id) { id } }",
    () => ({ id: ids.routineExercise }),
  ],
  [
    "routineExerciseByRoutineIdAndPosition",
    "query($id: UUID!) { routineExerciseByRoutineIdAndPosition(routineId: $id, position: 1) { id } }",
    () => ({ id: ids.routine }),
  ],
  ["userByEmail", 'query { userByEmail(email: "nobody@example.com") { id } }', () => ({})],
  ["userById", "query($u: UUID!) { userById(id: $u) { id name } }", () => ({ u: lifter.user.id })],
  [
    "viewer (records)",
    "{ viewer { id personalRecords { exerciseName record weight } distanceRecords { exerciseName record } } }",
    () => ({}),
  ],
  ["warmupSets", '{ warmupSets(workSet: "100x5", unit: "kg", warmups: 4) }', () => ({})],
  ["webhookEvents", "{ webhookEvents }", () => ({})],
  [
    "workoutExerciseById",
    "query($id: UUID!) { workoutExerciseById(id: $id) { id position } }",
    () => ({ id: ids.workoutExercise }),
  ],
  [
    "workoutExerciseByWorkoutIdAndPosition",
    "query($id: UUID!) { workoutExerciseByWorkoutIdAndPosition(workoutId: $id, position: 1) { id } }",
    () => ({ id: ids.workout }),
  ],
  ["workoutFit", "query($id: UUID!) { workoutFit(id: $id) { fileName data } }", () => ({ id: ids.workout })],
  [
    "workoutSetById",
    "query($id: UUID!) { workoutSetById(id: $id) { id reps personalRecord } }",
    () => ({ id: ids.set }),
  ],
  [
    "workoutSetByWorkoutExerciseIdAndPosition",
    "query($id: UUID!) { workoutSetByWorkoutExerciseIdAndPosition(workoutExerciseId: $id, position: 1) { id } }",
    () => ({ id: ids.workoutExercise }),
  ],
  [
    "workoutsFit",
    'query { workoutsFit(from: "2026-01-01", to: "2026-11-30", first: 20) { files { fileName } hasNextPage } }',
    () => ({}),
  ],
];

test("every root query field spends at most 4 times its estimate over 1,200 workouts", async () => {
  const cases = [...sdkQueries(), ...OTHER_FIELDS];
  const over: string[] = [];
  for (const [what, query, variables] of cases) {
    const answer = await gql(s.url, query, variables(), lifter);
    expect([what, answer.status, answer.body.errors]).toEqual([what, 200, undefined]);
    const ratio = record(what, await leastOf(() => gql(s.url, query, variables(), lifter)));
    if (ratio > ESTIMATE_FACTOR) over.push(what);
  }
  expect(over).toEqual([]);
}, 600_000);

test("every MCP tool spends at most 4 times its estimate over 1,200 workouts (official MCP SDK client)", async () => {
  const { access_token } = await connectRaw(s.url, lifter.token);
  const client = new Client({ name: "estimates", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
  let n = 0;
  const lifts = [{ lift: "Back Squat", weight: 100 }];
  const tools: Record<string, () => Record<string, unknown>> = {
    search_exercises: () => ({ words: "bnech pres" }),
    list_routines: () => ({}),
    get_routine: () => ({ routine: "Five lifts" }),
    save_routine: () => ({
      document: {
        name: `From MCP ${++n}`,
        unit: "kg",
        exercises: [{ exercise: "Deadlift", sets: 1, reps: 5, weight: 100 }],
      },
    }),
    list_workouts: () => ({ limit: 20 }),
    get_workout: () => ({ date: ids.date }),
    save_workout: () => ({
      document: { date: "2026-12-01", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["60x5", "80x5@8"] }] },
    }),
    delete_workout: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    plan_next_workout: () => ({ routine: "Five lifts" }),
    get_exercise_history: () => ({ exercise: "bnech pres" }),
    get_progress_summary: () => ({ exercise: "Back Squat", weeks: 52 }),
    list_programs: () => ({}),
    preview_program: () => ({ slug: "starting-strength", unit: "kg", lifts }),
    start_program: () => ({ slug: "starting-strength", unit: "kg", lifts, fromHistory: true }),
    log_bodyweight: () => ({ date: "2026-12-01", weight: 81, unit: "kg" }),
    log_measurements: () => ({ date: "2026-12-01", unit: "cm", waist: 82 }),
    list_measurements: () => ({}),
    get_weekly_muscle_sets: () => ({}),
    list_changes: () => ({}),
    undo_change: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
  };
  try {
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(listed).toEqual(Object.keys(tools).sort());
    const over: string[] = [];
    const refused: string[] = [];
    for (const [name, args] of Object.entries(tools)) {
      // The client checks each answer against the tool's outputSchema: a mismatch is a refusal here.
      const call = () =>
        client.callTool({ name, arguments: args() }).catch((error: Error) => {
          refused.push(`${name}: ${error.message.slice(0, 200)}`);
        });
      const ratio = record(`mcp ${name}`, await leastOf(call));
      if (ratio > ESTIMATE_FACTOR) over.push(name);
    }
    expect(over).toEqual([]);
    expect(refused).toEqual([]);
  } finally {
    await client.close();
  }
}, 600_000);
