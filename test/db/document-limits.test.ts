// The numbers of the document rules have one home, app_hidden.document_limits(): the SDK's offline
// validator states the same numbers, and the SQL walks refuse at them (the first bad value) with
// messages that name them, so a limit changed there moves every rule and message with it.
import pg from "pg";
import {
  DOCUMENT_LIMITS,
  MAX_BODYWEIGHT,
  MAX_DISTANCE,
  MAX_DISTANCE_METERS,
  MAX_DURATION_SECONDS,
  MAX_REPS,
  MAX_REST_SECONDS,
  MAX_WEIGHT,
} from "@svc/sdk/documents";
import { freshDatabase } from "../support/harness.ts";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  db = await freshDatabase();
  client = new pg.Client({ connectionString: db.ownerUrl });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

test("SQL's document limits are the SDK's", async () => {
  const { rows } = await client.query("select * from app_hidden.document_limits()");
  const sql = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  expect(sql).toEqual({
    name: DOCUMENT_LIMITS.name,
    icon: DOCUMENT_LIMITS.icon,
    exercise: DOCUMENT_LIMITS.exercise,
    superset: DOCUMENT_LIMITS.superset,
    notes: DOCUMENT_LIMITS.notes,
    note: DOCUMENT_LIMITS.note,
    routine_exercises: DOCUMENT_LIMITS.routineExercises,
    workout_exercises: DOCUMENT_LIMITS.workoutExercises,
    sets_per_exercise: DOCUMENT_LIMITS.setsPerExercise,
    sets_per_workout: DOCUMENT_LIMITS.setsPerWorkout,
    reps: MAX_REPS,
    rest_seconds: MAX_REST_SECONDS,
    duration_seconds: MAX_DURATION_SECONDS,
    weight: MAX_WEIGHT,
    bodyweight: MAX_BODYWEIGHT,
    distance: MAX_DISTANCE,
    distance_meters: MAX_DISTANCE_METERS,
  });
});

// The set grammar at each limit read from document_limits(): the last good value and the first bad one.
test.each([
  [`${MAX_REPS}x${MAX_REPS}`, null],
  [`x${MAX_REPS + 1}`, `reps must be at most ${MAX_REPS}`],
  [`${MAX_WEIGHT}x5`, null],
  [`${MAX_WEIGHT + 0.01}x5`, `weight must be from 0 to ${MAX_WEIGHT} with at most 2 decimals`],
  [`${MAX_DURATION_SECONDS}s`, null],
  [`${MAX_DURATION_SECONDS + 1}s`, `duration must be at most ${MAX_DURATION_SECONDS} seconds`],
  [`${MAX_DISTANCE}km 10:00`, null],
  [
    `${MAX_DISTANCE_METERS + 1}m 10:00`,
    "distance must be above 0 and at most 1000 km, 1000 mi or 1000000 m, with at most 3 decimals",
  ],
])("the set %s: %s", async (text, reason) => {
  const { rows } = await client.query("select reason from app_hidden.doc_parse_set($1, 'rpe')", [text]);
  expect(rows[0].reason).toBe(reason);
});
