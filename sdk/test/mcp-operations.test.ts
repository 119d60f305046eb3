// The MCP tools send only the SDK's own operations (sdk/src/operations.ts), word for word: each
// operation has one home, checked against schema.graphql with the others by sdk/test/client.test.ts.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { operations } from "@svc/sdk";
import { createTrainingLogServer, type GraphQLResult } from "@svc/sdk/mcp";
import { print } from "graphql";

const ID = "3f2a9c1e-0000-4000-8000-000000000001";
/** Answers that let a tool go on to its next operation; every other operation is refused. */
const ANSWERS: Record<string, GraphQLResult["data"]> = {
  ExerciseRecords: {
    resolveExercise: { match: "name", candidates: [], exercise: { id: ID, name: "Squat", records: {} } },
  },
  ResolveExercises: { resolveExercises: [{ match: "name", candidates: [], exercise: { id: ID, name: "Squat" } }] },
  VolumePerWeek: { weeklyVolume: [] },
  E1rmSeries: { e1rmSeries: [] },
};

test("every tool sends the SDK's operations as they are printed, and only those", async () => {
  const sent: string[] = [];
  const server = createTrainingLogServer(async (query) => {
    sent.push(query);
    const data = ANSWERS[/^(?:query|mutation) (\w+)/.exec(query)?.[1] ?? ""];
    return data ? { data } : { errors: [{ message: "refused by the test", extensions: { code: "FORBIDDEN" } }] };
  });
  const client = new Client({ name: "test", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const document = { name: "x" };
  const calls: Record<string, Record<string, unknown>> = {
    search_exercises: { words: "squat" },
    list_routines: {},
    get_routine: { routine: "Push" },
    save_routine: { document },
    list_workouts: {},
    get_workout: { date: "2026-11-02" },
    save_workout: { document },
    delete_workout: { id: ID },
    plan_next_workout: { routine: "Push" },
    get_exercise_history: { exercise: "squat" },
    get_progress_summary: { exercise: "squat" },
    list_programs: {},
    preview_program: { slug: "531-bbb", fromHistory: true },
    start_program: { slug: "gzclp", fromHistory: true },
    log_bodyweight: { date: "2026-11-02", weight: 80 },
    log_measurements: { date: "2026-11-02", waist: 80 },
    list_measurements: {},
    get_weekly_muscle_sets: {},
    list_changes: {},
    undo_change: { id: ID },
  };
  expect(Object.keys(calls).sort()).toEqual((await client.listTools()).tools.map((t) => t.name).sort());
  for (const [name, args] of Object.entries(calls)) await client.callTool({ name, arguments: args });
  await client.close();

  const byText = new Map(Object.entries(operations).map(([name, operation]) => [print(operation), name]));
  expect(sent.map((text) => byText.get(text) ?? text)).toEqual([
    "SEARCH_EXERCISES",
    "ROUTINES",
    "ROUTINE_DOCUMENT",
    "APPLY_ROUTINE_DOCUMENT",
    "WORKOUTS",
    "WORKOUTS_ON_DATE",
    "APPLY_WORKOUT_DOCUMENT",
    "DELETE_WORKOUT",
    "NEXT_WORKOUT",
    "EXERCISE_RECORDS",
    "E1RM_SERIES",
    "RESOLVE_EXERCISES",
    "VOLUME_PER_WEEK",
    "E1RM_SERIES",
    "PROGRAM_LIBRARY",
    "PROGRAM_START_PREVIEW",
    "START_PROGRAM",
    "LOG_BODYWEIGHT",
    "LOG_MEASUREMENTS",
    "MEASUREMENTS",
    "WEEKLY_MUSCLE_SETS",
    "HISTORY",
    "UNDO_CHANGE",
  ]);
});
