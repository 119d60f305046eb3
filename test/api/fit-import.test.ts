// A watch's FIT strength session imported over real HTTP into real PostgreSQL, the way the CSV
// imports go: read by @svc/sdk/fit (or by the server from `fit`, base64), a dry run naming what maps
// to what and writing nothing, a choice for the name that maps to nothing, the import, the same
// file again adding nothing. A broken file imports nothing and says why. A workout exported as FIT
// and imported into another account comes back set for set.
import { print } from "graphql";
import { parseFit } from "@svc/sdk/fit";
import * as importOperations from "@svc/sdk/import";
import { stageImport, importStaged, type ImportRequester } from "@svc/sdk/import";
import * as exportOperations from "@svc/sdk/export";
import { startTestServer, gql, gqlData, signUp, logWorkout, errorCode, type TestServer } from "../support/harness.ts";
import { historyCounts } from "../support/import-history.ts";
import { watchFit, WATCH_SESSION } from "../support/watch-fit.ts";

const EXPORT_WORKOUTS = print(importOperations.EXPORT_WORKOUTS);
const WORKOUT_FIT = print(exportOperations.WORKOUT_FIT);
const IMPORT_FIT = `mutation($fit: String, $text: String, $timeZone: String, $choices: [ImportChoice!], $dryRun: Boolean) {
  importWorkouts(input: { fit: $fit, text: $text, timeZone: $timeZone, choices: $choices, dryRun: $dryRun }) {
    dryRun workouts duplicates sets unmapped
    names { name action exercise sets }
    file { format unit unitStated rows skipped { reason rows firstLine } }
  }
}`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** The watch's session: 2026-07-04 at 10:00 in New York (14:00 UTC, the watch 4 hours behind). */
const START = new Date("2026-07-04T14:00:00Z");
const WATCH = watchFit(START, -4, WATCH_SESSION);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** An SDK client over the test server's HTTP, for stageImport / importStaged. */
function requester(token: string): ImportRequester {
  return {
    async request(document, variables) {
      const res = await gql(s.url, print(document), variables as Record<string, unknown>, { token });
      if (res.body.errors) throw new Error(res.body.errors[0].message);
      return res.body.data;
    },
  };
}

async function documents(token: string): Promise<Record<string, unknown>[]> {
  const data = await gqlData(s.url, EXPORT_WORKOUTS, { first: 100 }, { token });
  return data.exportWorkouts.documents.map(({ id: _id, ...rest }: Record<string, unknown>) => rest);
}

test("parseFit reads a watch's session: one workout, every active set, rests counted, weights where recorded", () => {
  const parsed = parseFit(WATCH, { timeZone: "UTC" });
  expect(parsed).toMatchObject({ format: "fit", unitStated: true, unit: "kg", rows: 17 });
  const seconds = WATCH_SESSION.reduce((n, x) => n + x.seconds + (x.rest ?? 0), 0);
  expect(parsed.workouts).toEqual([
    {
      name: "Strength",
      // The watch's own offset (its activity's local time), not the zone asked for.
      date: "2026-07-04",
      start: "2026-07-04T10:00:00-04:00",
      minutes: Math.round(seconds / 60),
      unit: "kg",
      effort: "rpe",
      exercises: [
        { exercise: "Back Squat", sets: ["100x5", "100x5", "102.5x4"] },
        // The watch's weighted pull-up is a load added to the body.
        { exercise: "Pull-Up", sets: ["bw x 10", "bw+20x6"] },
        // Shown in pounds on the watch (30 lb), converted to the workout's kg.
        { exercise: "Dumbbell Curl", sets: ["13.61x12"] },
        // A category without an exercise name: the category's name.
        { exercise: "Lunge", sets: ["40x10"] },
        { exercise: "Plank", sets: ["60s"] },
        { exercise: "Unknown exercise", sets: ["bw x 15"] },
      ],
    },
  ]);
  expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine]]))).toEqual({
    "reps-duration-dropped": [8, 1],
    "rest-timer": [8, 2],
    "unit-converted": [1, 11],
  });
});

test("the dry run maps the names and writes nothing; the import needs a choice for the unknown name; the same file again adds nothing", async () => {
  const u = await signUp(s.url, "Watch");
  const dry = await gql(s.url, IMPORT_FIT, { fit: base64(WATCH), timeZone: "UTC" }, { token: u.token });
  expect(dry.body.errors).toBeUndefined();
  const summary = dry.body.data.importWorkouts;
  expect(summary).toMatchObject({ dryRun: true, workouts: 1, duplicates: 0, sets: 9, unmapped: 1 });
  expect(summary.file).toMatchObject({ format: "fit", unit: "kg", unitStated: true, rows: 17 });
  expect(
    Object.fromEntries(
      summary.names.map((n: { name: string; action: string; exercise: string | null }) => [
        n.name,
        [n.action, n.exercise],
      ]),
    ),
  ).toEqual({
    "Back Squat": ["map", "Back Squat"],
    "Pull-Up": ["map", "Pull-Up"],
    "Dumbbell Curl": ["map", "Dumbbell Curl"],
    Lunge: ["map", "Lunge"],
    Plank: ["map", "Plank"],
    "Unknown exercise": ["unmapped", null],
  });
  expect(await historyCounts(s.ownerPool, u.user.id)).toMatchObject({ workouts: 0 });
  // Importing with the name unchosen is refused, and writes nothing.
  const refused = await gql(s.url, IMPORT_FIT, { fit: base64(WATCH), dryRun: false }, { token: u.token });
  expect(errorCode(refused)).toBe("UNMAPPED_EXERCISES");
  expect(await historyCounts(s.ownerPool, u.user.id)).toMatchObject({ workouts: 0 });

  // The way the web app and svc go: read by the SDK, staged, checked, imported.
  const client = requester(u.token);
  const parsed = parseFit(WATCH, { timeZone: "UTC" });
  const choices = [{ name: "Unknown exercise", action: "MAP" as const, exercise: "Burpee" }];
  const importId = await stageImport(client, parsed);
  expect(await importStaged(client, importId, { choices, dryRun: true })).toMatchObject({
    workouts: 1,
    sets: 9,
    unmapped: 0,
  });
  expect(await importStaged(client, importId, { choices, dryRun: false })).toMatchObject({
    dryRun: false,
    workouts: 1,
    sets: 9,
  });
  const [saved] = await documents(u.token);
  // Saved as the instant it was (the service keeps starts in UTC); the day is the watch's.
  expect(saved).toMatchObject({ name: "Strength", date: "2026-07-04", start: "2026-07-04T14:00:00Z" });
  expect((saved.exercises as { exercise: string; sets: string[] }[]).map((e) => [e.exercise, e.sets])).toEqual([
    ["Back Squat", ["100x5", "100x5", "102.5x4"]],
    ["Pull-Up", ["bw x 10", "bw+20x6"]],
    ["Dumbbell Curl", ["13.61x12"]],
    ["Lunge", ["40x10"]],
    // 60 s in the canonical form of a duration.
    ["Plank", ["1:00"]],
    ["Burpee", ["bw x 15"]],
  ]);

  // The same file again, in another zone: already there (same name and start), nothing added.
  const again = await gql(
    s.url,
    IMPORT_FIT,
    { fit: base64(WATCH), timeZone: "Asia/Tokyo", choices, dryRun: false },
    { token: u.token },
  );
  expect(again.body.data.importWorkouts).toMatchObject({ workouts: 0, duplicates: 1, sets: 0 });
  expect(await historyCounts(s.ownerPool, u.user.id)).toMatchObject({ workouts: 1 });
});

test("a file that is not FIT, a damaged one, one without sets, and fit beside text: refused, nothing written", async () => {
  const u = await signUp(s.url, "Broken Watch");
  const ask = (variables: Record<string, unknown>) =>
    gql(s.url, IMPORT_FIT, { dryRun: false, ...variables }, { token: u.token });
  const notFit = await ask({ fit: base64(new TextEncoder().encode("Date,Workout Name\n2026-01-01,Legs\n")) });
  expect(errorCode(notFit)).toBe("INVALID_INPUT");
  expect(notFit.body.errors[0].message).toBe("line 1: not a FIT file (its header does not say .FIT)");
  const damaged = new Uint8Array(WATCH);
  damaged[40] ^= 0xff;
  const broken = await ask({ fit: base64(damaged) });
  expect(errorCode(broken)).toBe("INVALID_INPUT");
  expect(broken.body.errors[0].message).toBe("line 1: the FIT file is damaged (its size or CRC does not match)");
  const noSets = await ask({ fit: base64(watchFit(START, 0, [])) });
  expect(errorCode(noSets)).toBe("INVALID_INPUT");
  expect(noSets.body.errors[0].message).toBe("line 1: the FIT file holds no strength sets (no set messages)");
  const notBase64 = await ask({ fit: "not base64!" });
  expect(notBase64.body.errors[0].message).toBe("fit: must be the FIT file in base64");
  const both = await ask({ fit: base64(WATCH), text: "x" });
  expect(both.body.errors[0].message).toBe("input: give the history as one of text, fit, workouts or importId");
  const asText = await ask({ text: "anything", from: undefined });
  expect(errorCode(asText)).toBe("INVALID_INPUT");
  expect(await historyCounts(s.ownerPool, u.user.id)).toMatchObject({ workouts: 0 });
});

test("a workout exported as FIT imports into another account set for set (what FIT cannot hold aside), and into its own as already there", async () => {
  const a = await signUp(s.url, "Exporter");
  const b = await signUp(s.url, "Importer");
  const id = await logWorkout(s.url, a.token, {
    name: "Push Day",
    date: "2026-05-31",
    start: "2026-05-31T18:30:00+02:00",
    minutes: 45,
    exercises: [
      { exercise: "Pause Bench Press", sets: ["w:60x5", "100x5", "102.5x5@8", { set: "105x5", done: false }] },
      { exercise: "Pull-Up", sets: ["bw x 8", "bw+20x5"] },
      { exercise: "Plank", sets: ["60s", "20x45s"] },
    ],
  });
  const fit = (await gqlData(s.url, WORKOUT_FIT, { id }, { token: a.token })).workoutFit.data;
  const imported = await gql(s.url, IMPORT_FIT, { fit, dryRun: false }, { token: b.token });
  expect(imported.body.data.importWorkouts).toMatchObject({ workouts: 1, sets: 7, unmapped: 0 });
  const [doc] = await documents(b.token);
  expect(doc).toMatchObject({
    name: "Push Day",
    date: "2026-05-31",
    start: "2026-05-31T16:30:00Z",
    minutes: 45,
    unit: "kg",
  });
  // Kept by name (the file's exercise titles), not as FIT's nearest (Bench Press). The warm-up mark,
  // the RPE and the planned set not done are what FIT cannot hold.
  expect((doc.exercises as { exercise: string; sets: string[] }[]).map((e) => [e.exercise, e.sets])).toEqual([
    ["Pause Bench Press", ["60x5", "100x5", "102.5x5"]],
    ["Pull-Up", ["bw x 8", "bw+20x5"]],
    ["Plank", ["1:00", "20x45s"]],
  ]);
  const back = await gql(s.url, IMPORT_FIT, { fit, dryRun: false }, { token: a.token });
  expect(back.body.data.importWorkouts).toMatchObject({ workouts: 0, duplicates: 1 });
});

test("cardio sets survive the round trip: a run, a row and miles exported as FIT laps come back as written, pace and all", async () => {
  const a = await signUp(s.url, "Cardio Exporter");
  const b = await signUp(s.url, "Cardio Importer");
  const id = await logWorkout(s.url, a.token, {
    name: "Run and Row",
    date: "2026-06-02",
    start: "2026-06-02T07:00:00Z",
    minutes: 50,
    exercises: [
      { exercise: "Running", sets: ["5km 25:00", "3mi 24:00"] },
      { exercise: "Goblet Squat", sets: ["24x10"] },
      { exercise: "Rowing Machine", sets: ["2000m 7:30"] },
    ],
  });
  const fit = (await gqlData(s.url, WORKOUT_FIT, { id }, { token: a.token })).workoutFit.data;
  const imported = await gql(s.url, IMPORT_FIT, { fit, dryRun: false }, { token: b.token });
  expect(imported.body.errors).toBeUndefined();
  expect(imported.body.data.importWorkouts).toMatchObject({ workouts: 1, sets: 4, unmapped: 0 });
  const [doc] = await documents(b.token);
  expect((doc.exercises as { exercise: string; sets: string[] }[]).map((e) => [e.exercise, e.sets])).toEqual([
    ["Running", ["5km 25:00", "3mi 24:00"]],
    ["Goblet Squat", ["24x10"]],
    ["Rowing Machine", ["2000m 7:30"]],
  ]);
  // The distances are the database's too: 5000 m at 5:00 a km.
  const { rows } = await s.ownerPool.query(
    `select distance_m::float8 as m, pace_per_km::float8 as pace from app_public.workout_sets
      where user_id = $1 and distance_m is not null order by distance_m`,
    [b.user.id],
  );
  expect(rows).toEqual([
    { m: 2000, pace: 225 },
    { m: 4828.03, pace: 298.3 },
    { m: 5000, pace: 300 },
  ]);
});
