// Import (Strong, Hevy, FitNotes, svc exports) and export, from outside: files read by
// @svc/sdk/import, then importWorkouts over real HTTP into real PostgreSQL. Every set lands where it
// should, a broken file or document imports nothing, a second import adds nothing, the mapping
// choices and the unit question act, a read-only key is refused, and an export imported into a
// fresh account exports identically.
import { readFileSync } from "node:fs";
import { startTestServer, gql, signUp, logWorkout, type TestServer } from "../support/harness.ts";
import { historyCounts } from "../support/import-history.ts";
import { print } from "graphql";
import { parseImport, ImportParseError, IMPORT_LIMITS, lineOfPath, type ParseOptions } from "@svc/sdk/import";
import * as importOperations from "@svc/sdk/import";

// The SDK's typed documents as the text a raw HTTP client sends.
const IMPORT_WORKOUTS = print(importOperations.IMPORT_WORKOUTS);
const EXPORT_ACCOUNT = print(importOperations.EXPORT_ACCOUNT);
const EXPORT_WORKOUTS = print(importOperations.EXPORT_WORKOUTS);

let s: TestServer;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), "utf8");
const parse = (name: string, options: ParseOptions = {}) =>
  parseImport(fixture(name), { timeZone: "Europe/Berlin", ...options });

type Choice = { name: string; action: "MAP" | "CREATE" | "SKIP"; exercise?: string };
async function importFile(
  token: string,
  parsed: { workouts: unknown[]; extras?: unknown },
  dryRun: boolean,
  choices: Choice[] = [],
) {
  return gql(
    s.url,
    IMPORT_WORKOUTS,
    { workouts: parsed.workouts, extras: parsed.extras ?? null, choices, dryRun },
    { token },
  );
}
/** What the user's account holds (nothing is ever left staged by these single-request imports). */
async function counts(userId: string) {
  const { staged, ...history } = await historyCounts(s.ownerPool, userId);
  expect(staged).toBe(0);
  return history;
}
/** Every workout of a user as its document (ids left out), oldest first. */
async function documents(token: string): Promise<any[]> {
  const out: any[] = [];
  let after: string | null = null;
  for (;;) {
    const res = await gql(s.url, EXPORT_WORKOUTS, { after, first: 2 }, { token });
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.exportWorkouts;
    out.push(...page.documents.map(({ id: _id, ...rest }: any) => rest));
    if (!page.hasNextPage) return out;
    after = page.endCursor;
  }
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("Strong's comma format", () => {
  test("the dry run says what would be imported, maps names, lists the unmapped with suggestions, writes nothing", async () => {
    const u = await signUp(s.url, "Dry");
    const parsed = parse("strong-comma.csv");
    expect(parsed.format).toBe("strong");
    expect(parsed.unitStated).toBe(false);
    expect(parsed.rows).toBe(17);
    expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine]]))).toEqual({
      "rest-timer": [1, 7],
      "failure-as-rpe-10": [1, 9],
      // Running: 5 km in 30:00 and 2 km without a time are cardio sets (the file's unit is kg: km).
      // Pull Up's `0` weight: read as bodyweight, and said (a machine at 0 would be told the same).
      "zero-weight-as-bodyweight": [2, 8],
    });
    const res = await importFile(u.token, parsed, true);
    expect(res.body.errors).toBeUndefined();
    const summary = res.body.data.importWorkouts;
    expect(summary).toMatchObject({
      dryRun: true,
      workouts: 2,
      duplicates: 0,
      sets: 15,
      firstDate: "2026-04-06",
      lastDate: "2026-04-09",
      unmapped: 1,
    });
    const byName = Object.fromEntries(summary.names.map((n: any) => [n.name, n]));
    // Another app's name: an alias of the catalog or the table of the other apps' names.
    expect(byName["Bench Press (Barbell)"]).toMatchObject({ action: "map", exercise: "Bench Press", sets: 5 });
    expect(["name", "other-app"]).toContain(byName["Bench Press (Barbell)"].via);
    expect(byName["Squat (Barbell)"]).toMatchObject({ action: "map", exercise: "Back Squat" });
    expect(byName["Pull Up"]).toMatchObject({ action: "map", via: "name", exercise: "Pull-Up" });
    expect(byName["Lateral Raise (Dumbbell)"]).toMatchObject({ action: "map", exercise: "Lateral Raise" });
    expect(byName["Zercher Carry Thing"]).toMatchObject({ action: "unmapped", exercise: null, sets: 1 });
    expect(byName["Zercher Carry Thing"].suggestions.length).toBeGreaterThan(0);
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
  });

  test("an import with a name left unmapped is refused with the names, and imports nothing", async () => {
    const u = await signUp(s.url, "Unmapped");
    const res = await importFile(u.token, parse("strong-comma.csv"), false);
    expect(res.body.errors[0].extensions).toEqual({ code: "UNMAPPED_EXERCISES", names: ["Zercher Carry Thing"] });
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
  });

  test("every set lands as written (warm-ups, drops, failure, RPE, timed, bodyweight, notes, float noise); twice adds nothing", async () => {
    const u = await signUp(s.url, "Strong");
    const parsed = parse("strong-comma.csv");
    const choices: Choice[] = [{ name: "zercher carry thing", action: "CREATE" }];
    const res = await importFile(u.token, parsed, false, choices);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.importWorkouts).toMatchObject({
      dryRun: false,
      workouts: 2,
      duplicates: 0,
      sets: 15,
      customExercises: 1,
      unmapped: 0,
    });
    expect(await counts(u.user.id)).toEqual({ workouts: 2, sets: 15, custom: 1 });
    expect(await documents(u.token)).toEqual([
      {
        name: "Push Day",
        date: "2026-04-06",
        start: "2026-04-06T15:18:00Z",
        minutes: 65,
        unit: "kg",
        effort: "rpe",
        notes: "Felt strong",
        exercises: [
          { exercise: "Bench Press", note: "Paused reps", sets: ["w:60x5", "100x5@8", "100x5@8.5", "150x1", "d:80x8"] },
          { exercise: "Pull-Up", sets: ["bw x 10", "bw x 6@10"] },
          { exercise: "Plank", sets: ["1:00"] },
          { exercise: "Running", sets: ["5km 30:00", "2km"] },
          { exercise: "Lateral Raise", note: "Slow, controlled", sets: ["12.5x15"] },
        ],
      },
      {
        name: "Leg Day",
        date: "2026-04-09",
        start: "2026-04-09T05:05:30Z",
        minutes: 45,
        unit: "kg",
        effort: "rpe",
        exercises: [
          { exercise: "Back Squat", sets: ["w:60x5", "140x5@9", "140x5@9"] },
          { exercise: "Zercher Carry Thing", sets: ["80x30"] },
        ],
      },
    ]);
    const again = await importFile(u.token, parsed, false, choices);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.importWorkouts).toMatchObject({ workouts: 0, duplicates: 2, sets: 0, customExercises: 0 });
    expect(await counts(u.user.id)).toEqual({ workouts: 2, sets: 15, custom: 1 });
  });

  test("the unit question: a file without units is read in the unit asked", async () => {
    const u = await signUp(s.url, "Pounds");
    const parsed = parse("strong-comma.csv", { unit: "lb" });
    const res = await importFile(u.token, parsed, false, [
      { name: "Zercher Carry Thing", action: "MAP", exercise: "Zercher Squat" },
    ]);
    expect(res.body.errors).toBeUndefined();
    const docs = await documents(u.token);
    expect(docs.map((d) => d.unit)).toEqual(["lb", "lb"]);
    expect(docs[1].exercises[1]).toEqual({ exercise: "Zercher Squat", sets: ["80x30"] });
  });

  test("skip: a name's sets are left out and counted; a workout left empty is not created", async () => {
    const u = await signUp(s.url, "Skipper");
    const parsed = parse("strong-comma.csv");
    const res = await importFile(u.token, parsed, false, [
      { name: "Zercher Carry Thing", action: "SKIP" },
      { name: "Squat (Barbell)", action: "SKIP" },
    ]);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.importWorkouts).toMatchObject({ workouts: 1, emptied: 1, skippedSets: 4, sets: 11 });
    expect(await counts(u.user.id)).toEqual({ workouts: 1, sets: 11, custom: 0 });
  });

  test("a broken file names its line and column; a bad document names its workout and imports nothing", async () => {
    expect(() => parse("strong-broken.csv")).toThrow(ImportParseError);
    expect(() => parse("strong-broken.csv")).toThrow('line 3, column Weight: "abc" is not a number');
    const u = await signUp(s.url, "Broken");
    const parsed = parse("strong-comma.csv");
    // A document the model refuses in the second workout: the first is not kept either.
    parsed.workouts[1].exercises[0].sets[1] = "140x5@11";
    const res = await importFile(u.token, parsed, false, [{ name: "Zercher Carry Thing", action: "CREATE" }]);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "INVALID_DOCUMENT",
      path: "workouts[1].exercises[0].sets[1]",
    });
    expect(lineOfPath(parsed, res.body.errors[0].extensions.path)).toEqual({ line: 16, field: "exercises[0].sets[1]" });
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
  });
});

describe("the other layouts", () => {
  test("Strong for Android: a Weight Unit column (mixed units in a session convert to its first) and decimal commas", async () => {
    const u = await signUp(s.url, "Android");
    const parsed = parse("strong-android-unit-column.csv");
    expect(parsed).toMatchObject({ format: "strong", unitStated: true });
    expect((await importFile(u.token, parsed, false)).body.errors).toBeUndefined();
    expect(await documents(u.token)).toEqual([
      {
        name: "Upper",
        date: "2025-01-10",
        start: "2025-01-10T17:00:00Z",
        minutes: 60,
        unit: "lb",
        effort: "rpe",
        exercises: [
          { exercise: "Bench Press", sets: ["w:45x10", "225x5@8", "225.97x5"] },
          { exercise: "Barbell Row", sets: ["185x8"] },
        ],
      },
    ]);
  });

  test("Strong for Android with the unit in the header, and a German header matched by position", async () => {
    const u = await signUp(s.url, "Header");
    const lbs = parse("strong-android-unit-header.csv");
    const de = parse("strong-localized-de.csv");
    expect([lbs.format, de.format]).toEqual(["strong", "strong"]);
    expect(de.skipped).toEqual([expect.objectContaining({ reason: "rest-timer", rows: 1, firstLine: 4 })]);
    expect((await importFile(u.token, lbs, false)).body.data.importWorkouts).toMatchObject({ workouts: 2, sets: 4 });
    expect((await importFile(u.token, de, false)).body.data.importWorkouts).toMatchObject({ workouts: 1, sets: 2 });
    const docs = await documents(u.token);
    expect(docs.map((d) => [d.date, d.unit, d.exercises.map((e: any) => [e.exercise, ...e.sets])])).toEqual([
      [
        "2025-02-01",
        "lb",
        [
          ["Deadlift", "w:135x5", "315x3@9"],
          ["Overhead Press", "115x6"],
        ],
      ],
      ["2025-02-03", "lb", [["Deadlift", "320x3"]]],
      ["2025-03-05", "kg", [["Bench Press", "w:40x10", "82.5x5@7.5"]]],
    ]);
  });

  test("Hevy: warm-up, failure, drop set, RPE, supersets, notes, bodyweight, timed and cardio sets", async () => {
    const u = await signUp(s.url, "Hevy");
    const parsed = parse("hevy-kg.csv");
    expect(parsed.format).toBe("hevy");
    expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, k.rows]))).toEqual({
      "failure-as-rpe-10": 1,
    });
    const res = await importFile(u.token, parsed, false);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.importWorkouts).toMatchObject({ workouts: 2, sets: 12 });
    expect(await documents(u.token)).toEqual([
      {
        name: "Morning Push",
        date: "2026-04-06",
        start: "2026-04-06T15:18:00Z",
        minutes: 62,
        unit: "kg",
        effort: "rpe",
        notes: "Good session",
        exercises: [
          { exercise: "Bench Press", note: "Elbows tucked", sets: ["w:60x8", "100x5@8", "100x4@10", "d:70x10"] },
          { exercise: "Lateral Raise", superset: "A", sets: ["10x15", "10x14"] },
          { exercise: "Rope Pushdown", superset: "A", sets: ["25x12@9.5", "25x10"] },
          { exercise: "Pull-Up", sets: ["bw x 8"] },
          { exercise: "Plank", sets: ["1:30"] },
          { exercise: "Treadmill", sets: ["3.2km 20:00"] },
        ],
      },
      {
        name: "Evening Legs",
        date: "2026-04-08",
        start: "2026-04-08T17:00:00Z",
        minutes: 60,
        unit: "kg",
        effort: "rpe",
        exercises: [{ exercise: "Back Squat", sets: ["140x5"] }],
      },
    ]);
  });

  test("Hevy in pounds with month names in Spanish, German and French", async () => {
    const parsed = parse("hevy-lbs-localized.csv");
    expect(parsed.workouts.map((w) => [w.date, w.start, w.unit, w.minutes])).toEqual([
      ["2026-04-06", "2026-04-06T17:18:00+02:00", "lb", 42],
      ["2026-03-03", "2026-03-03T07:00:00+01:00", "lb", 70],
      ["2025-12-12", "2025-12-12T18:30:00+01:00", "lb", 60],
    ]);
    const u = await signUp(s.url, "Hevy lb");
    expect((await importFile(u.token, parsed, false)).body.data.importWorkouts).toMatchObject({ workouts: 3, sets: 4 });
  });

  test("FitNotes: both headers, a Comment column, commas in a name, one workout a day identified by its date", async () => {
    const u = await signUp(s.url, "FitNotes");
    const newer = parse("fitnotes-new.csv");
    const older = parse("fitnotes-old.csv");
    expect([newer.format, older.format]).toEqual(["fitnotes", "fitnotes"]);
    expect(newer.workouts[0].exercises.map((e) => e.exercise)).toEqual([
      "Flat Barbell Bench Press",
      "Curl, Hammer, Dumbbell",
      "Plank",
      "Running (Outdoor)",
    ]);
    const choices: Choice[] = [
      { name: "Curl, Hammer, Dumbbell", action: "MAP", exercise: "Hammer Curl" },
      { name: "Running (Outdoor)", action: "MAP", exercise: "Running" },
    ];
    const first = await importFile(u.token, newer, false, choices);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.importWorkouts).toMatchObject({ workouts: 2, sets: 6 });
    expect((await importFile(u.token, older, false)).body.data.importWorkouts).toMatchObject({ workouts: 1, sets: 3 });
    const docs = await documents(u.token);
    expect(
      docs.map((d) => [d.date, d.start, d.unit, d.exercises.map((e: any) => [e.exercise, e.note ?? null, ...e.sets])]),
    ).toEqual([
      [
        "2019-06-01",
        "2019-06-01T12:00:00Z",
        "lb",
        [
          ["Deadlift", null, "405x3", "405x3"],
          ["Pull-Up", null, "bw x 10"],
        ],
      ],
      [
        "2026-01-05",
        "2026-01-05T12:00:00Z",
        "kg",
        [
          ["Bench Press", "Last rep slow", "100x5", "100x5"],
          ["Hammer Curl", null, "16x10"],
          ["Plank", null, "1:30"],
          ["Running", null, "5km 25:00"],
        ],
      ],
      ["2026-01-07", "2026-01-07T12:00:00Z", "kg", [["Back Squat", null, "140x5"]]],
    ]);
    const again = await importFile(u.token, newer, false, choices);
    expect(again.body.data.importWorkouts).toMatchObject({ workouts: 0, duplicates: 2 });
  });

  test("an unknown file is refused with what was expected", () => {
    expect(() => parseImport("a,b\n1,2\n")).toThrow(/not a Strong, Hevy, FitNotes or svc export/);
  });
});

describe("who may import, and the size bound", () => {
  test("a read-only key cannot import (FORBIDDEN) and nothing is written; signed out neither", async () => {
    const u = await signUp(s.url, "Reader");
    const created = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "ro", access: READ_ONLY, expiresIn: DAYS_30}) { key } }`,
      {},
      { token: u.token },
    );
    const key = created.body.data.createApiKey.key;
    const parsed = parse("strong-android-unit-header.csv");
    for (const dryRun of [false, true]) {
      const res = await gql(s.url, IMPORT_WORKOUTS, { workouts: parsed.workouts, dryRun }, { key });
      expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    }
    const anonymous = await gql(s.url, IMPORT_WORKOUTS, { workouts: parsed.workouts, dryRun: true });
    expect(anonymous.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
    // A read-only key may export.
    const exported = await gql(s.url, EXPORT_ACCOUNT, {}, { key });
    expect(exported.body.errors).toBeUndefined();
    expect(exported.body.data.exportAccount.workouts).toBe(0);
  });

  test(`at most ${IMPORT_LIMITS.workouts} workouts per request`, async () => {
    const u = await signUp(s.url, "Bulk");
    const workouts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        date: "2020-01-01",
        start: new Date(Date.UTC(2020, 0, 1) + i * 10000).toISOString().replace(".000Z", "Z"),
        exercises: [],
      }));
    const ok = await importFile(u.token, { workouts: workouts(IMPORT_LIMITS.workouts) }, true);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.importWorkouts.workouts).toBe(IMPORT_LIMITS.workouts);
    const over = await importFile(u.token, { workouts: workouts(IMPORT_LIMITS.workouts + 1) }, true);
    expect(over.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(over.body.errors[0].message).toMatch(/^workouts: at most 5000 per request/);
  });
});

describe("export", () => {
  test("round trip: export, import into a fresh account, export again: identical documents; RLS keeps accounts apart", async () => {
    const a = await signUp(s.url, "Exporter");
    await gql(
      s.url,
      `mutation { updateUserById(input: {id: "${a.user.id}", userPatch: {unit: "lb", effort: "rir"}}) { user { id } } }`,
      {},
      { token: a.token },
    );
    await gql(
      s.url,
      `mutation { createCustomExercise(input: {name: "Zercher Carry", equipment: "barbell", region: "lower", muscles: ["quads"], secondaryMuscles: ["upper back", "biceps"]}) { exercise { id } } }`,
      {},
      { token: a.token },
    );
    await gql(
      s.url,
      `mutation { createCustomExercise(input: {name: "Unused Custom", secondaryMuscles: ["triceps"]}) { exercise { id } } }`,
      {},
      { token: a.token },
    );
    const routine = await gql(
      s.url,
      `mutation($d: JSON) { applyRoutineDocument(input: {document: $d}) { routine { id } } }`,
      {
        d: {
          name: "Push",
          unit: "lb",
          exercises: [{ exercise: "Bench Press", sets: 3, reps: "5-8", weight: 185, warmups: 2 }],
        },
      },
      { token: a.token },
    );
    const routineId = routine.body.data.applyRoutineDocument.routine.id;
    for (const [i, doc] of [
      {
        name: "Push",
        date: "2026-01-02",
        start: "2026-01-02T18:00:00-05:00",
        routine: routineId,
        minutes: 50,
        bodyweight: 180.5,
        notes: "line one\nline two",
        exercises: [
          {
            exercise: "Bench Press",
            note: "tucked",
            pinned: true,
            sets: ["w:95x5", "185x5@2", { set: "185x5", done: false }],
          },
          { exercise: "Zercher Carry", superset: "A", sets: ["60s"] },
        ],
      },
      {
        date: "2026-01-04",
        exercises: [{ exercise: "Pull-Up", skipProgression: true, sets: ["bw x 8", "rp:bw x 3"] }],
      },
      {
        name: "Legs",
        date: "2026-01-06",
        start: "2026-01-06T07:00:00Z",
        skipProgression: true,
        exercises: [{ exercise: "Back Squat", sets: ["225x5", "d:185x8"] }],
      },
    ].entries()) {
      const res = await gql(
        s.url,
        `mutation($d: JSON) { applyWorkoutDocument(input: {document: $d}) { workout { id } } }`,
        { d: doc },
        { token: a.token },
      );
      expect([i, res.body.errors]).toEqual([i, undefined]);
    }
    await gql(
      s.url,
      `mutation { logBodyweight(input: {date: "2026-01-02", weight: 180.5}) { id } }`,
      {},
      { token: a.token },
    );
    // Body measurements of two days, in both length units.
    for (const input of [
      { date: "2026-01-02", unit: "cm", bodyFat: 18.5, waist: 84.25, leftUpperArm: 36 },
      { date: "2026-01-09", unit: "in", chest: 41.5 },
    ]) {
      const logged = await gql(
        s.url,
        `mutation($input: LogMeasurementsInput!) { logMeasurements(input: $input) { measurement { id } } }`,
        { input },
        { token: a.token },
      );
      expect(logged.body.errors).toBeUndefined();
    }

    const exportOf = async (token: string) => {
      const account = (await gql(s.url, EXPORT_ACCOUNT, {}, { token })).body.data.exportAccount;
      const workouts: any[] = [];
      let after: string | null = null;
      for (;;) {
        const page: any = (await gql(s.url, EXPORT_WORKOUTS, { after, first: 1 }, { token })).body.data.exportWorkouts;
        workouts.push(...page.documents);
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      const { workouts: count, ...rest } = account;
      expect(count).toBe(workouts.length);
      return { format: "svc-export", version: 1, exportedAt: "2026-01-10T00:00:00Z", ...rest, workouts };
    };
    const first = await exportOf(a.token);
    expect(first.workouts).toHaveLength(3);
    expect(first.measurements).toEqual([
      { date: "2026-01-02", unit: "cm", bodyFat: 18.5, waist: 84.25, leftUpperArm: 36 },
      { date: "2026-01-09", unit: "in", chest: 41.5 },
    ]);
    expect(first.customExercises.map((e: any) => [e.name, e.muscles, e.secondaryMuscles])).toEqual([
      ["Unused Custom", [], ["triceps"]],
      ["Zercher Carry", ["quads"], ["upper back", "biceps"]],
    ]);
    // Ids differ between accounts: routines by name, a workout's routine by its routine's name.
    const normal = (e: any) => {
      const names = new Map(e.routines.map((r: any) => [r.id, r.name]));
      return {
        ...e,
        routines: e.routines.map(({ id: _id, ...r }: any) => r),
        workouts: e.workouts.map(({ id: _id, routine, ...w }: any) =>
          routine ? { ...w, routine: names.get(routine) } : w,
        ),
      };
    };

    const b = await signUp(s.url, "Importer");
    expect(await documents(b.token)).toEqual([]);
    const parsed = parseImport(JSON.stringify(first));
    expect(parsed.format).toBe("svc");
    const dry = await importFile(b.token, parsed, true);
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.importWorkouts).toMatchObject({
      workouts: 3,
      sets: 8,
      routines: 1,
      bodyweights: 1,
      measurements: 2,
      customExercises: 2,
      unmapped: 0,
    });
    expect(await counts(b.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
    const done = await importFile(b.token, parsed, false);
    expect(done.body.errors).toBeUndefined();
    expect(normal(await exportOf(b.token))).toEqual(normal(first));
    // Into the same account again: nothing new.
    const again = await importFile(a.token, parsed, false);
    expect(again.body.data.importWorkouts).toMatchObject({
      workouts: 0,
      duplicates: 3,
      routines: 0,
      duplicateRoutines: 1,
      bodyweights: 0,
      duplicateBodyweights: 1,
      measurements: 0,
      duplicateMeasurements: 2,
      customExercises: 0,
    });
    expect(normal(await exportOf(a.token))).toEqual(normal(first));
    // RLS: each account exports only its own.
    expect((await documents(b.token)).length).toBe(3);
    const c = await signUp(s.url, "Nobody");
    expect(await documents(c.token)).toEqual([]);
  });

  test("two unnamed workouts a day without a time stay two: an export read back gives them all, a re-import adds none", async () => {
    const exportOf = async (token: string) => {
      const account = (await gql(s.url, EXPORT_ACCOUNT, {}, { token })).body.data.exportAccount;
      const { workouts: _count, ...rest } = account;
      const page = (await gql(s.url, EXPORT_WORKOUTS, { first: 100 }, { token })).body.data.exportWorkouts;
      return {
        format: "svc-export",
        version: 1,
        exportedAt: "2026-01-10T00:00:00Z",
        ...rest,
        workouts: page.documents,
      };
    };
    const a = await signUp(s.url, "Twice a day");
    // The same day three times without a name or time (two alike), and once named.
    for (const sets of [["100x5"], ["100x5"], ["60x10"]]) {
      await logWorkout(s.url, a.token, { date: "2026-02-01", exercises: [{ exercise: "Bench Press", sets }] });
    }
    await logWorkout(s.url, a.token, {
      name: "Evening",
      date: "2026-02-01",
      exercises: [{ exercise: "Squat", sets: ["80x5"] }],
    });
    const exported = await exportOf(a.token);
    expect(exported.workouts).toHaveLength(4);

    const b = await signUp(s.url, "Reader");
    const parsed = parseImport(JSON.stringify(exported));
    const dry = await importFile(b.token, parsed, true);
    expect(dry.body.data.importWorkouts).toMatchObject({ workouts: 4, duplicates: 0 });
    expect((await importFile(b.token, parsed, false)).body.data.importWorkouts).toMatchObject({
      workouts: 4,
      duplicates: 0,
    });
    // The same documents (workouts sharing a start are in no particular order: by start, then id).
    const sorted = (docs: any[]) => docs.map((d) => JSON.stringify(d)).sort();
    expect(sorted(await documents(b.token))).toEqual(sorted(await documents(a.token)));
    // Read back again, into either account: every workout is already there.
    expect((await importFile(b.token, parsed, false)).body.data.importWorkouts).toMatchObject({
      workouts: 0,
      duplicates: 4,
    });
    expect((await importFile(a.token, parsed, false)).body.data.importWorkouts).toMatchObject({
      workouts: 0,
      duplicates: 4,
    });
    expect(await documents(b.token)).toHaveLength(4);

    // At the edge: a file with one more unnamed workout of that day than the account holds adds exactly one.
    const extra = { ...exported.workouts[0], id: "00000000-0000-0000-0000-000000000001" };
    const more = parseImport(JSON.stringify({ ...exported, workouts: [...exported.workouts, extra] }));
    expect((await importFile(b.token, more, false)).body.data.importWorkouts).toMatchObject({
      workouts: 1,
      duplicates: 4,
    });
    expect(await documents(b.token)).toHaveLength(5);
    // The same export id twice in one file is one workout.
    const c = await signUp(s.url, "Repeated id");
    const repeated = parseImport(
      JSON.stringify({ ...exported, workouts: [exported.workouts[0], exported.workouts[0]] }),
    );
    expect((await importFile(c.token, repeated, false)).body.data.importWorkouts).toMatchObject({
      workouts: 1,
      duplicates: 1,
    });
  });

  test("a cursor that is not one is refused; signed out is FORBIDDEN", async () => {
    const u = await signUp(s.url, "Cursor");
    const bad = await gql(s.url, EXPORT_WORKOUTS, { after: "nonsense" }, { token: u.token });
    expect(bad.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    const tooMany = await gql(s.url, EXPORT_WORKOUTS, { first: IMPORT_LIMITS.exportPageMax + 1 }, { token: u.token });
    expect(tooMany.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    const most = await gql(s.url, EXPORT_WORKOUTS, { first: IMPORT_LIMITS.exportPageMax }, { token: u.token });
    expect(most.body.errors).toBeUndefined();
    const anonymous = await gql(s.url, EXPORT_ACCOUNT);
    expect(anonymous.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});

describe("a file sent as text (the web app's way): read on the server with the same code", () => {
  const TEXT = `mutation($text: String!, $from: ImportFormat, $unit: Unit, $timeZone: String, $choices: [ImportChoice!], $dryRun: Boolean) {
    importWorkouts(input: { text: $text, from: $from, unit: $unit, timeZone: $timeZone, choices: $choices, dryRun: $dryRun }) {
      dryRun workouts duplicates sets unmapped names { name action exercise suggestions }
      file { format unit unitStated rows skipped { reason rows firstLine } } } }`;

  test("the dry run says what the file holds and asks about the unit; the import lands the same documents as the client's reading", async () => {
    const u = await signUp(s.url, "Text");
    const dry = await gql(
      s.url,
      TEXT,
      { text: fixture("strong-comma.csv"), timeZone: "Europe/Berlin" },
      { token: u.token },
    );
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.importWorkouts).toMatchObject({
      dryRun: true,
      workouts: 2,
      sets: 15,
      unmapped: 1,
      file: {
        format: "strong",
        unit: "kg",
        unitStated: false,
        rows: 17,
        skipped: expect.arrayContaining([{ reason: "rest-timer", rows: 1, firstLine: 7 }]),
      },
    });
    const done = await gql(
      s.url,
      TEXT,
      {
        text: fixture("strong-comma.csv"),
        timeZone: "Europe/Berlin",
        unit: "LB",
        dryRun: false,
        choices: [{ name: "Zercher Carry Thing", action: "SKIP" }],
      },
      { token: u.token },
    );
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data.importWorkouts).toMatchObject({ dryRun: false, workouts: 2, sets: 14, file: { unit: "lb" } });
    const docs = await documents(u.token);
    expect(docs[0]).toMatchObject({ start: "2026-04-06T15:18:00Z", unit: "lb" });
    expect(docs[0].exercises[0].sets).toEqual(["w:60x5", "100x5@8", "100x5@8.5", "150x1", "d:80x8"]);
  });

  test("a bad row is INVALID_INPUT with its line and column; a bad time zone or format too; nothing is written", async () => {
    const u = await signUp(s.url, "Bad text");
    const bad = await gql(s.url, TEXT, { text: fixture("strong-broken.csv"), dryRun: false }, { token: u.token });
    expect(bad.body.errors[0].extensions).toEqual({
      code: "INVALID_INPUT",
      line: 3,
      column: "Weight",
      reason: '"abc" is not a number',
    });
    const zone = await gql(s.url, TEXT, { text: fixture("hevy-kg.csv"), timeZone: "Mars/Olympus" }, { token: u.token });
    expect(zone.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(zone.body.errors[0].message).toMatch(/^timeZone: /);
    const wrong = await gql(s.url, TEXT, { text: fixture("fitnotes-new.csv"), from: "HEVY" }, { token: u.token });
    expect(wrong.body.errors[0].extensions).toMatchObject({ code: "INVALID_INPUT", line: 1 });
    const both = await gql(
      s.url,
      `mutation { importWorkouts(input: { text: "x", workouts: [] }) { workouts } }`,
      {},
      { token: u.token },
    );
    expect(both.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
  });

  test("a document SQL refuses is named by the file's line, the unmapped by their names; nothing is written", async () => {
    const u = await signUp(s.url, "Text refused");
    const lines = fixture("strong-comma.csv").split("\n");
    // The first workout's name (from its first row, line 2) holds a control character, which the reader keeps.
    lines[1] = lines[1].replace("Push Day", "Push\u0007Day");
    const choices = [{ name: "Zercher Carry Thing", action: "CREATE" }];
    const bad = await gql(s.url, TEXT, { text: lines.join("\n"), choices, dryRun: false }, { token: u.token });
    const reason = "must not contain control characters such as a newline or tab";
    expect(bad.body.errors[0].message).toBe(`line 2 (name): ${reason}`);
    expect(bad.body.errors[0].extensions).toEqual({
      code: "INVALID_DOCUMENT",
      path: "workouts[0].name",
      reason,
      line: 2,
    });
    const unmapped = await gql(s.url, TEXT, { text: fixture("strong-comma.csv"), dryRun: false }, { token: u.token });
    expect(unmapped.body.errors[0].extensions).toEqual({ code: "UNMAPPED_EXERCISES", names: ["Zercher Carry Thing"] });
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
  });
});

test("a refused set is named by its place in the file even when an earlier exercise of its workout was skipped", async () => {
  const u = await signUp(s.url, "Shifted");
  const parsed = parse("strong-comma.csv");
  // Push Day: Bench Press (skipped), Pull Up, Plank, Running, Lateral Raise; break Plank's set.
  parsed.workouts[0].exercises[2].sets[0] = "99:99:99";
  for (const dryRun of [true, false]) {
    const res = await importFile(u.token, parsed, dryRun, [
      { name: "Bench Press (Barbell)", action: "SKIP" },
      { name: "Zercher Carry Thing", action: "SKIP" },
    ]);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "INVALID_DOCUMENT",
      path: "workouts[0].exercises[2].sets[0]",
    });
    expect(lineOfPath(parsed, res.body.errors[0].extensions.path)).toEqual({ line: 10, field: "exercises[2].sets[0]" });
  }
  expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0 });
});

describe("a workout already there, whatever time zone each import read the file in", () => {
  const TEXT = `mutation($text: String!, $timeZone: String, $choices: [ImportChoice!], $dryRun: Boolean) {
    importWorkouts(input: { text: $text, timeZone: $timeZone, choices: $choices, dryRun: $dryRun }) { workouts duplicates } }`;
  const choices = [{ name: "Zercher Carry Thing", action: "CREATE" }];
  test.each([
    ["Europe/Berlin", "UTC"],
    ["UTC", "Europe/Berlin"],
    ["America/Los_Angeles", "Asia/Tokyo"],
  ])(
    "the same file read in %s, then in %s, adds nothing the second time (dry run and import)",
    async (first, second) => {
      const u = await signUp(s.url, `Zones ${first}`);
      const a = await gql(
        s.url,
        TEXT,
        { text: fixture("strong-comma.csv"), timeZone: first, choices, dryRun: false },
        { token: u.token },
      );
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data.importWorkouts).toEqual({ workouts: 2, duplicates: 0 });
      for (const dryRun of [true, false]) {
        const b = await gql(
          s.url,
          TEXT,
          { text: fixture("strong-comma.csv"), timeZone: second, choices, dryRun },
          { token: u.token },
        );
        expect(b.body.errors).toBeUndefined();
        expect(b.body.data.importWorkouts).toEqual({ workouts: 0, duplicates: 2 });
      }
      expect(await counts(u.user.id)).toEqual({ workouts: 2, sets: 15, custom: 1 });
    },
  );

  test("another wall-clock time or another name on the same day is another workout", async () => {
    const u = await signUp(s.url, "Zones other");
    const text = fixture("strong-comma.csv");
    expect(
      (await gql(s.url, TEXT, { text, timeZone: "UTC", choices, dryRun: false }, { token: u.token })).body.errors,
    ).toBeUndefined();
    // One hour later on the same day, read in a zone one hour behind: the same instant as before but not the same time as written.
    const later = text.replaceAll("2026-04-06 17:18:00", "2026-04-06 18:18:00").replaceAll("Leg Day", "Leg Day 2");
    const res = await gql(
      s.url,
      TEXT,
      { text: later, timeZone: "Europe/London", choices, dryRun: true },
      { token: u.token },
    );
    expect(res.body.errors).toBeUndefined();
    // Push Day at 18:18 London = 17:18 UTC: the same instant and name as the one there (the instant rule still holds).
    expect(res.body.data.importWorkouts).toEqual({ workouts: 1, duplicates: 1 });
    const shifted = text.replaceAll("2026-04-06 17:18:00", "2026-04-06 19:18:00");
    const res2 = await gql(
      s.url,
      TEXT,
      { text: shifted, timeZone: "Europe/Berlin", choices, dryRun: true },
      { token: u.token },
    );
    // 19:18 Berlin (summer) = 17:18 UTC, the same instant: a duplicate; Leg Day's wall time matches: a duplicate.
    expect(res2.body.data.importWorkouts).toEqual({ workouts: 0, duplicates: 2 });
    const moved = text.replaceAll("2026-04-06 17:18:00", "2026-04-06 20:18:00");
    const res3 = await gql(s.url, TEXT, { text: moved, timeZone: "UTC", choices, dryRun: true }, { token: u.token });
    expect(res3.body.data.importWorkouts).toEqual({ workouts: 1, duplicates: 1 });
  });
});

test("the same file imported twice at once into one account is imported once (imports of a user wait for each other)", async () => {
  const u = await signUp(s.url, "Twice at once");
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < 300; i++) {
    const day = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let k = 1; k <= 3; k++)
      rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),${k},${100 + (i % 20)},5,0,0,,,`);
  }
  const parsed = parseImport(rows.join("\n"), { timeZone: "UTC" });
  const [a, b] = await Promise.all([importFile(u.token, parsed, false), importFile(u.token, parsed, false)]);
  expect(a.body.errors).toBeUndefined();
  expect(b.body.errors).toBeUndefined();
  const results = [a.body.data.importWorkouts, b.body.data.importWorkouts]
    .map((r: any) => [r.workouts, r.duplicates])
    .sort();
  expect(results).toEqual([
    [0, 300],
    [300, 0],
  ]);
  expect(await counts(u.user.id)).toEqual({ workouts: 300, sets: 900, custom: 0 });
});

describe("cardio distances", () => {
  const svcExport = async (token: string) => {
    const { workouts: _count, ...rest } = (await gql(s.url, EXPORT_ACCOUNT, {}, { token })).body.data.exportAccount;
    const page = (await gql(s.url, EXPORT_WORKOUTS, { first: 100 }, { token })).body.data.exportWorkouts;
    return { format: "svc-export", version: 1, exportedAt: "2026-01-10T00:00:00Z", ...rest, workouts: page.documents };
  };

  test("Strong's distances land as cardio sets in the file's units, with pace, and round-trip through the JSON export", async () => {
    const u = await signUp(s.url, "Runner");
    // Android's layout with a Distance Unit column: a 5.0 km run, a 1500 m row, 10 mi on a bike without a time.
    const file = [
      "Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Weight Unit;Reps;Distance;Distance Unit;Seconds;Notes;Workout Notes;RPE",
      "2025-05-01 07:00:00;Cardio;3600;Running;1;;;;5.0;km;1500;;;",
      "2025-05-01 07:00:00;Cardio;3600;Rowing (Machine);1;;;;1500;m;360;;;",
      "2025-05-01 07:00:00;Cardio;3600;Cycling;1;;;;10;mi;;;;",
    ].join("\n");
    const parsed = parseImport(file, { timeZone: "UTC" });
    expect(parsed.skipped).toEqual([]);
    const res = await importFile(u.token, parsed, false);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.importWorkouts).toMatchObject({ workouts: 1, sets: 3 });
    const docs = await documents(u.token);
    expect(docs[0].exercises.map((e: any) => e.sets)).toEqual([["5km 25:00"], ["1500m 6:00"], ["10mi"]]);
    const { rows } = await s.ownerPool.query(
      `select distance, distance_unit, distance_m, pace_per_km, pace_per_mi from app_public.workout_sets
        where user_id = $1 order by distance_m`,
      [u.user.id],
    );
    expect(rows).toEqual([
      { distance: 1500, distance_unit: "m", distance_m: 1500, pace_per_km: 240, pace_per_mi: 386.2 },
      { distance: 5, distance_unit: "km", distance_m: 5000, pace_per_km: 300, pace_per_mi: 482.8 },
      { distance: 10, distance_unit: "mi", distance_m: 16093.44, pace_per_km: null, pace_per_mi: null },
    ]);
    // The JSON export, imported into a fresh account, gives the same documents.
    const other = await signUp(s.url, "Runner again");
    const again = await importFile(other.token, parseImport(JSON.stringify(await svcExport(u.token))), false);
    expect(again.body.errors).toBeUndefined();
    expect(await documents(other.token)).toEqual(docs);
  });

  test("a comma file's distances are in the unit asked for (mi with lb); meters without a time become km", async () => {
    const u = await signUp(s.url, "Miles");
    await s.ownerPool.query("update app_public.users set unit = 'lb' where id = $1", [u.user.id]);
    const file = [
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
      "2025-05-02 07:00:00,Run,30m,Running,1,0,0,3.1,1440,,,",
    ].join("\n");
    const parsed = parseImport(file, { timeZone: "UTC", unit: "lb" });
    await importFile(u.token, parsed, false);
    expect((await documents(u.token))[0].exercises[0].sets).toEqual(["3.1mi 24:00"]);
    const meters = parseImport(
      [
        "Workout #;Date;Workout Name;Duration (sec);Exercise Name;Set Order;Weight (kg);Reps;RPE;Distance (meters);Seconds;Notes;Workout Notes",
        "1;2025-05-03 09:30:00;Row;600;Rowing (Machine);1;;;;1500;;;",
        "1;2025-05-03 09:30:00;Row;600;Rowing (Machine);2;;;;2000;450;;",
      ].join("\n"),
      { timeZone: "UTC" },
    );
    expect(meters.workouts[0]).toMatchObject({ exercises: [{ sets: ["1.5km", "2000m 7:30"] }] });
  });
});

describe("Hevy's measurement export", () => {
  const TEXT = `mutation($text: String!, $dryRun: Boolean) {
    importWorkouts(input: { text: $text, timeZone: "UTC", dryRun: $dryRun }) {
      workouts sets bodyweights duplicateBodyweights measurements duplicateMeasurements
      file { format unit rows skipped { reason rows firstLine } } } }`;
  /** The user's bodyweights and measurements as the database holds them, oldest first. */
  async function body(userId: string) {
    const bodyweights = await s.ownerPool.query(
      `select date::text, weight::float8, unit from app_public.bodyweights where user_id = $1 order by date`,
      [userId],
    );
    const measurements = await s.ownerPool.query(
      `select date::text, unit, body_fat::float8, waist::float8, left_upper_arm::float8, right_calf::float8
         from app_public.measurements where user_id = $1 order by date`,
      [userId],
    );
    return { bodyweights: bodyweights.rows, measurements: measurements.rows };
  }

  test("the fixture over HTTP: weights as bodyweights, the rest as measurements in cm; again, all duplicates", async () => {
    const u = await signUp(s.url, "Hevy Body");
    const dry = await gql(s.url, TEXT, { text: fixture("hevy-measurements.csv") }, { token: u.token });
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.importWorkouts).toMatchObject({
      workouts: 0,
      sets: 0,
      bodyweights: 4,
      measurements: 4,
      file: {
        format: "hevy",
        unit: "kg",
        rows: 5,
        skipped: [{ reason: "measurement-column-left-out", rows: 3, firstLine: 2 }],
      },
    });
    expect(await body(u.user.id)).toEqual({ bodyweights: [], measurements: [] });
    const done = await gql(s.url, TEXT, { text: fixture("hevy-measurements.csv"), dryRun: false }, { token: u.token });
    expect(done.body.errors).toBeUndefined();
    const held = await body(u.user.id);
    expect(held.bodyweights).toEqual([
      { date: "2026-03-02", weight: 82.4, unit: "kg" },
      { date: "2026-03-09", weight: 82.1, unit: "kg" },
      { date: "2026-03-16", weight: 81.7, unit: "kg" },
      { date: "2026-03-30", weight: 81.2, unit: "kg" },
    ]);
    expect(held.measurements).toEqual([
      { date: "2026-03-02", unit: "cm", body_fat: 18.5, waist: 84.5, left_upper_arm: 36.5, right_calf: 38.5 },
      { date: "2026-03-16", unit: "cm", body_fat: 18.1, waist: 83.75, left_upper_arm: null, right_calf: null },
      { date: "2026-03-23", unit: "cm", body_fat: null, waist: null, left_upper_arm: 37, right_calf: null },
      { date: "2026-03-30", unit: "cm", body_fat: 17.8, waist: 83, left_upper_arm: 37, right_calf: 38.5 },
    ]);
    const again = await gql(s.url, TEXT, { text: fixture("hevy-measurements.csv"), dryRun: false }, { token: u.token });
    expect(again.body.data.importWorkouts).toMatchObject({
      bodyweights: 0,
      duplicateBodyweights: 4,
      measurements: 0,
      duplicateMeasurements: 4,
    });
  });

  test("a day logged again in the file replaces the app's entry for it; in inches they stay in inches", async () => {
    const u = await signUp(s.url, "Hevy Inches");
    const logged = await gql(
      s.url,
      `mutation { logMeasurements(input: { date: "2025-09-15", unit: "cm", waist: 90, chest: 100 }) { measurement { id } } }`,
      {},
      { token: u.token },
    );
    expect(logged.body.errors).toBeUndefined();
    const text = 'date,weight_lbs,fat_percent,waist_in\n"15 Sep 2025, 00:00",181.5,16,33.5';
    const done = await gql(s.url, TEXT, { text, dryRun: false }, { token: u.token });
    expect(done.body.data.importWorkouts).toMatchObject({ bodyweights: 1, measurements: 1, file: { unit: "lb" } });
    expect(await body(u.user.id)).toEqual({
      bodyweights: [{ date: "2025-09-15", weight: 181.5, unit: "lb" }],
      measurements: [
        { date: "2025-09-15", unit: "in", body_fat: 16, waist: 33.5, left_upper_arm: null, right_calf: null },
      ],
    });
  });

  test("a bad number names its line and column; a length out of bounds is refused by name; nothing is saved", async () => {
    const u = await signUp(s.url, "Hevy Bad");
    const lines = fixture("hevy-measurements.csv").trimEnd().split("\n");
    const badNumber = [...lines.slice(0, 3), lines[3].replace("83.75", "83.7.5")].join("\n");
    const bad = await gql(s.url, TEXT, { text: badNumber, dryRun: false }, { token: u.token });
    expect(bad.body.errors[0].extensions).toEqual({
      code: "INVALID_INPUT",
      line: 4,
      column: "waist_cm",
      reason: '"83.7.5" is not a number',
    });
    // A waist of 0 on the last day: the earlier days' weights and measurements are not saved either.
    const zero = [...lines.slice(0, 5), lines[5].replace(",83,", ",0,")].join("\n");
    const refused = await gql(s.url, TEXT, { text: zero, dryRun: false }, { token: u.token });
    expect(refused.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(refused.body.errors[0].message).toMatch(/^waist: must be a length above 0/);
    const tooLong = [lines[0], lines[1].replace(",99,", ",500.01,"), ...lines.slice(2)].join("\n");
    const refusedLong = await gql(s.url, TEXT, { text: tooLong, dryRun: false }, { token: u.token });
    expect(refusedLong.body.errors[0].message).toMatch(/^hips: must be a length above 0 and at most 500 cm/);
    expect(await body(u.user.id)).toEqual({ bodyweights: [], measurements: [] });
  });
});
