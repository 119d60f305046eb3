// Workouts as FIT activity files over real HTTP (workoutFit, workoutsFit), decoded by Garmin's own
// decoder (@garmin/fitsdk) and by fit-file-parser: every set done is there with its FIT exercise
// category and name, reps, weight (kg, with the display unit) and duration, each followed by its
// rest; the session is strength training at the workout's start. The range export pages, its
// bounds are refused at their edges, and another lifter's workout is not there.
import { print } from "graphql";
import { Decoder, Stream, Profile } from "@garmin/fitsdk";
import FitParser from "fit-file-parser";
import * as exportOperations from "@svc/sdk/export";
import { setTimes, SECONDS_PER_REP } from "@svc/sdk/fit";
import { startTestServer, gql, gqlData, signUp, logWorkout, errorCode, type TestServer } from "../support/harness.ts";

const WORKOUT_FIT = print(exportOperations.WORKOUT_FIT);
const WORKOUTS_FIT = print(exportOperations.WORKOUTS_FIT);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const PUSH_DAY = {
  name: "Push Day",
  date: "2026-05-31",
  start: "2026-05-31T18:30:00+02:00",
  minutes: 45,
  unit: "kg",
  exercises: [
    { exercise: "Bench Press", sets: ["w:60x5", "100x5", "102.5x5@8", { set: "105x5", done: false }] },
    { exercise: "Pull-Up", sets: ["bw x 8", "bw+20x5"] },
    { exercise: "Plank", sets: ["60s"] },
    { exercise: "Romanian Deadlift", sets: ["120x8"] },
  ],
};

/** The sets done in PUSH_DAY, in order, as FIT must hold them. */
const EXPECTED = [
  { category: "benchPress", name: "barbellBenchPress", reps: 5, kg: 60 },
  { category: "benchPress", name: "barbellBenchPress", reps: 5, kg: 100 },
  { category: "benchPress", name: "barbellBenchPress", reps: 5, kg: 102.5 },
  { category: "pullUp", name: "pullUp", reps: 8, kg: null },
  { category: "pullUp", name: "weightedPullUp", reps: 5, kg: 20 },
  { category: "plank", name: "plank", reps: null, kg: null, seconds: 60 },
  { category: "deadlift", name: "romanianDeadlift", reps: 8, kg: 120 },
];

function decode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.isFIT()).toBe(true);
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages as Record<string, Record<string, any>[]>;
}

function exerciseName(category: string, subtype: number): string {
  return Profile.types[`${category}ExerciseName`][subtype];
}

async function fitOf(token: string, id: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const data = await gqlData(s.url, WORKOUT_FIT, { id }, { token });
  expect(data.workoutFit.workoutId).toBe(id);
  return { fileName: data.workoutFit.fileName, bytes: new Uint8Array(Buffer.from(data.workoutFit.data, "base64")) };
}

test("a workout's FIT file, read by Garmin's decoder: every set done with its exercise, reps, weight, duration and rest", async () => {
  const u = await signUp(s.url, "Fit Export");
  const id = await logWorkout(s.url, u.token, PUSH_DAY);
  const { fileName, bytes } = await fitOf(u.token, id);
  // Starts are kept in UTC (the document says 16:30Z), and so is the file.
  expect(fileName).toBe("2026-05-31-1630-push-day.fit");
  const m = decode(bytes);
  expect(m.fileIdMesgs[0]).toMatchObject({ type: "activity" });
  const [session] = m.sessionMesgs;
  expect(session).toMatchObject({ sport: "training", subSport: "strengthTraining" });
  expect((session.startTime as Date).toISOString()).toBe("2026-05-31T16:30:00.000Z");
  expect(session.totalElapsedTime).toBe(45 * 60);
  // The local time the file states is the document's own offset (Z: the same as UTC).
  const [activity] = m.activityMesgs;
  expect(activity.localTimestamp - Math.round((activity.timestamp as Date).getTime() / 1000 - 631065600)).toBe(0);
  expect(m.workoutMesgs[0].wktName).toBe("Push Day");

  const active = m.setMesgs.filter((x) => x.setType === "active");
  const rest = m.setMesgs.filter((x) => x.setType === "rest");
  expect(active).toHaveLength(EXPECTED.length);
  // A rest after every set but the last, in the order the watch writes them: active, rest, active...
  expect(rest).toHaveLength(EXPECTED.length - 1);
  expect(m.setMesgs.map((x) => x.setType)).toEqual(EXPECTED.flatMap((_, i) => (i ? ["rest", "active"] : ["active"])));
  active.forEach((set, i) => {
    const want = EXPECTED[i];
    expect([set.category[0], exerciseName(set.category[0], set.categorySubtype[0])]).toEqual([
      want.category,
      want.name,
    ]);
    expect(set.repetitions ?? null).toBe(want.reps);
    expect(set.weight ?? null).toBe(want.kg);
    expect(set.weightDisplayUnit).toBe("kilogram");
    expect(set.duration).toBe(want.seconds ?? want.reps! * SECONDS_PER_REP);
  });
  // The sets and rests fill the workout's 45 minutes (rest spread evenly, whole seconds).
  const worked = m.setMesgs.reduce((sum, x) => sum + x.duration, 0);
  expect(worked).toBeLessThanOrEqual(45 * 60);
  expect(45 * 60 - worked).toBeLessThan(EXPECTED.length);
  // Each set starts where the one before (and its rest) ended.
  for (let i = 1; i < m.setMesgs.length; i++) {
    const before = m.setMesgs[i - 1];
    expect((m.setMesgs[i].startTime as Date).getTime()).toBe(
      (before.startTime as Date).getTime() + before.duration * 1000,
    );
  }
  // Every exercise entry is named as the document names it.
  expect(m.exerciseTitleMesgs.map((t) => t.wktStepName)).toEqual([
    "Bench Press",
    "Pull-Up",
    "Plank",
    "Romanian Deadlift",
  ]);
});

test("the same file read by fit-file-parser has every set", async () => {
  const u = await signUp(s.url, "Fit Parser");
  const id = await logWorkout(s.url, u.token, PUSH_DAY);
  const { bytes } = await fitOf(u.token, id);
  const parser = new FitParser({ force: false, mode: "list" });
  const data = await parser.parseAsync(Buffer.from(bytes));
  const sets = (data.sets ?? []) as Record<string, any>[];
  const active = sets.filter((x) => x.set_type === "active");
  expect(active).toHaveLength(EXPECTED.length);
  expect(active.map((x) => x.repetitions ?? null)).toEqual(EXPECTED.map((e) => e.reps));
  expect(active.map((x) => x.weight ?? null)).toEqual(EXPECTED.map((e) => e.kg));
  expect(active.map((x) => x.duration)).toEqual(EXPECTED.map((e) => e.seconds ?? e.reps! * SECONDS_PER_REP));
  expect(data.sessions?.[0]).toMatchObject({ sport: "training", sub_sport: "strength_training" });
});

test("a workout in pounds: weights in kg as FIT keeps them, shown in pounds", async () => {
  const u = await signUp(s.url, "Fit Pounds");
  const id = await logWorkout(s.url, u.token, {
    date: "2026-06-02",
    unit: "lb",
    exercises: [{ exercise: "Back Squat", sets: ["225x5", "227.5x3"] }],
  });
  const m = decode((await fitOf(u.token, id)).bytes);
  const active = m.setMesgs.filter((x) => x.setType === "active");
  expect(active.map((x) => x.weightDisplayUnit)).toEqual(["pound", "pound"]);
  // FIT keeps 1/16 kg: 225 lb is 102.058 kg, written as 102.0625.
  expect(active.map((x) => x.weight)).toEqual([
    Math.round(225 * 0.45359237 * 16) / 16,
    Math.round(227.5 * 0.45359237 * 16) / 16,
  ]);
  // Without minutes, 90 s of rest between sets.
  expect(m.setMesgs.find((x) => x.setType === "rest")?.duration).toBe(90);
  // A workout without a start begins at noon UTC on its day.
  expect((m.sessionMesgs[0].startTime as Date).toISOString()).toBe("2026-06-02T12:00:00.000Z");
});

test("a custom exercise has category unknown but keeps its name in the exercise title", async () => {
  const u = await signUp(s.url, "Fit Custom");
  await gqlData(
    s.url,
    `mutation { createCustomExercise(input: { name: "Zercher Carry Thing" }) { exercise { id } } }`,
    {},
    { token: u.token },
  );
  const id = await logWorkout(s.url, u.token, {
    date: "2026-06-03",
    exercises: [{ exercise: "Zercher Carry Thing", sets: ["80x20s"] }],
  });
  const m = decode((await fitOf(u.token, id)).bytes);
  const [set] = m.setMesgs;
  expect(set).toMatchObject({ setType: "active", category: ["unknown"], weight: 80, duration: 20 });
  expect(set.categorySubtype).toBeUndefined();
  expect(m.exerciseTitleMesgs[0].wktStepName).toBe("Zercher Carry Thing");
});

test("setTimes: rest spread over the minutes when they hold the sets, else 90 s", () => {
  const set = (reps: number) => ({
    entry: 0,
    exercise: { category: "squat", name: null },
    parsed: {
      kind: "work" as const,
      weight: 100,
      bodyweight: false,
      reps,
      seconds: null,
      effort: null,
      amrap: false,
      distance: null,
      distanceUnit: null,
    },
  });
  // 3 sets of 5 reps (15 s each) in 10 minutes: (600 - 45) / 2 = 277 s between them.
  expect(setTimes([set(5), set(5), set(5)], 10).map((t) => [t.start, t.active, t.rest])).toEqual([
    [0, 15, 277],
    [292, 15, 277],
    [584, 15, 0],
  ]);
  // Minutes too short for the sets themselves: the default rest.
  expect(setTimes([set(5), set(5)], 0).map((t) => t.rest)).toEqual([90, 0]);
  expect(setTimes([], 10)).toEqual([]);
});

describe("workoutsFit: a range of days, a page at a time", () => {
  test("the workouts of the range, oldest first, in pages; another lifter's workout is not there", async () => {
    const u = await signUp(s.url, "Fit Range");
    const other = await signUp(s.url, "Fit Other");
    const ids = [];
    for (const date of ["2026-04-01", "2026-04-15", "2026-04-30", "2026-05-01"])
      ids.push(await logWorkout(s.url, u.token, { date, exercises: [{ exercise: "Deadlift", sets: ["180x3"] }] }));
    await logWorkout(s.url, other.token, {
      date: "2026-04-10",
      exercises: [{ exercise: "Deadlift", sets: ["100x3"] }],
    });
    const first = await gqlData(
      s.url,
      WORKOUTS_FIT,
      { from: "2026-04-01", to: "2026-04-30", first: 2 },
      { token: u.token },
    );
    expect(first.workoutsFit.files.map((f: { workoutId: string }) => f.workoutId)).toEqual(ids.slice(0, 2));
    expect(first.workoutsFit.hasNextPage).toBe(true);
    const next = await gqlData(
      s.url,
      WORKOUTS_FIT,
      { from: "2026-04-01", to: "2026-04-30", first: 2, after: first.workoutsFit.endCursor },
      { token: u.token },
    );
    expect(next.workoutsFit.files.map((f: { workoutId: string }) => f.workoutId)).toEqual([ids[2]]);
    expect(next.workoutsFit.hasNextPage).toBe(false);
    for (const f of [...first.workoutsFit.files, ...next.workoutsFit.files]) {
      const m = decode(new Uint8Array(Buffer.from(f.data, "base64")));
      expect(m.setMesgs.filter((x) => x.setType === "active").map((x) => [x.repetitions, x.weight])).toEqual([
        [3, 180],
      ]);
    }
    // Another lifter's workout id: null, nothing of it.
    const theirs = await gql(s.url, WORKOUT_FIT, { id: ids[0] }, { token: other.token });
    expect(theirs.body.data.workoutFit).toBeNull();
  });

  test("bounds: first from 1 to 100, to not before from, a cursor of its own; signed out refused", async () => {
    const u = await signUp(s.url, "Fit Bounds");
    const ask = (variables: Record<string, unknown>) =>
      gql(s.url, WORKOUTS_FIT, { from: "2026-01-01", to: "2026-12-31", ...variables }, { token: u.token });
    for (const first of [1, 100]) expect((await ask({ first })).body.errors).toBeUndefined();
    for (const first of [0, 101]) {
      const res = await ask({ first });
      expect(errorCode(res)).toBe("INVALID_INPUT");
      expect(res.body.errors[0].message).toBe("first: from 1 to 100");
    }
    expect((await ask({ from: "2026-12-31", to: "2026-12-31" })).body.errors).toBeUndefined();
    const backwards = await ask({ from: "2027-01-01", to: "2026-12-31" });
    expect(errorCode(backwards)).toBe("INVALID_INPUT");
    expect(backwards.body.errors[0].message).toBe("to: must be on or after from (2027-01-01)");
    const badCursor = await ask({ after: "bm90IGEgY3Vyc29y" });
    expect(errorCode(badCursor)).toBe("INVALID_INPUT");
    const signedOut = await gql(s.url, WORKOUTS_FIT, { from: "2026-01-01", to: "2026-12-31" });
    expect(errorCode(signedOut)).toBe("FORBIDDEN");
  });
});
