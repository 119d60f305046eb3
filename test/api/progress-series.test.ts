// Progress series from outside (real HTTP): lastPerformance, e1rmSeries and weeklyVolume on a
// hand-worked history in both units, with warm-ups, drops, sets not done, bodyweight, unloaded and
// timed sets; row-level security (another user's sets never appear; a read-only key reads).
import { startTestServer, gql, signUp, logWorkout, type SignedUpUser, type TestServer } from "../support/harness.ts";

let s: TestServer;
let u: SignedUpUser;
let other: SignedUpUser;
let w1: string, w2: string, w3: string, theirs: string;
let bench: string, pullUp: string, plank: string, squat: string;

const log = (token: string, doc: Record<string, unknown>) => logWorkout(s.url, token, doc);
async function q(query: string, variables: Record<string, unknown> = {}, c: { token?: string; key?: string } = {}) {
  const res = await gql(s.url, query, variables, c);
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}
async function setUnit(unit: "kg" | "lb") {
  await s.ownerPool.query("update app_public.users set unit = $2 where id = $1", [u.user.id, unit]);
}

const SERIES = `query($id: UUID!) { e1rmSeries(exerciseId: $id) {
  workoutId date unit e1rm e1rmSetId e1rmSetWeight e1rmSetReps bestSetId bestSetWeight bestSetReps } }`;
const VOLUME = `query($id: UUID) { weeklyVolume(exerciseId: $id) { week volume unit workSets workouts } }`;
const LAST = `query($ids: [String], $except: UUID) { lastPerformance(exercises: $ids, exceptWorkoutId: $except) {
  exercise exerciseId workoutId date unit sets { exerciseId workoutId date unit kind text done } } }`;

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Series");
  other = await signUp(s.url, "Elsewhere");
  // Week of Monday 2026-01-05.
  // W1 (kg): counted 100x5 (e1RM 116.67, the best), 105x3 (e1RM 115.5, the heaviest), d:80x8 (a
  // drop: counts for records, not volume); the warm-up and the set not done never count.
  // Volume 500 + 315 = 815 kg, 2 work sets.
  w1 = await log(u.token, {
    date: "2026-01-05",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: ["w:60x5", "100x5", "105x3", { set: "110x5", done: false }, "d:80x8"] },
    ],
  });
  // W2 (lb, Thursday): 225x5 = 102.06 kg (e1RM 119.07 kg, 262.5 lb), 245x1 = 111.13 kg (heaviest).
  // Volume 510.29 + 111.13 kg = 1125 + 245 lb.
  w2 = await log(u.token, {
    date: "2026-01-08",
    unit: "lb",
    exercises: [{ exercise: "Bench Press", sets: ["w:135x5", "225x5", "245x1"] }],
  });
  // Week of Monday 2026-01-12. W3 (kg): more than 12 reps has no e1RM (100x13 is still the best
  // set); volume 1300 + 1200 = 2500 kg. Pull-ups (bodyweight) and a plank (timed) are work sets
  // with no weight: no e1RM, no volume.
  w3 = await log(u.token, {
    date: "2026-01-12",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: ["100x13", "60x20"] },
      { exercise: "Pull-Up", sets: ["bw x 8", "bw x 6"] },
      { exercise: "Plank", sets: ["60s"] },
    ],
  });
  // W4: a plan with nothing done, later in the week: no session, no volume, not "last time".
  await log(u.token, {
    date: "2026-01-14",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: [{ set: "120x5", done: false }] }],
  });
  // Someone else's heavy bench must never show up in ours.
  theirs = await log(other.token, {
    date: "2026-01-06",
    exercises: [{ exercise: "Bench Press", sets: ["500x10", "400x1"] }],
  });
  const { rows } = await s.ownerPool.query(
    "select id, name from app_public.exercises where user_id is null and name in ('Bench Press', 'Pull-Up', 'Plank', 'Back Squat')",
  );
  const id = (name: string) => rows.find((r) => r.name === name).id as string;
  [bench, pullUp, plank, squat] = [id("Bench Press"), id("Pull-Up"), id("Plank"), id("Back Squat")];
});
afterAll(async () => {
  await s.close();
});
afterEach(async () => {
  await setUnit("kg");
});

async function setIds(workout: string): Promise<string[]> {
  const { rows } = await s.ownerPool.query(
    `select s.id from app_public.workout_sets s join app_public.workout_exercises we on we.id = s.workout_exercise_id
      where s.workout_id = $1 order by we.position, s.position`,
    [workout],
  );
  return rows.map((r) => r.id);
}

describe("e1rmSeries", () => {
  test("one entry per session, oldest first, in kg", async () => {
    const [, w1Set100, w1Set105] = await setIds(w1);
    const [, w2Set225, w2Set245] = await setIds(w2);
    const [w3Set100] = await setIds(w3);
    const { e1rmSeries } = await q(SERIES, { id: bench }, { token: u.token });
    expect(e1rmSeries).toEqual([
      {
        workoutId: w1,
        date: "2026-01-05",
        unit: "kg",
        e1rm: 116.67,
        e1rmSetId: w1Set100,
        e1rmSetWeight: 100,
        e1rmSetReps: 5,
        bestSetId: w1Set105,
        bestSetWeight: 105,
        bestSetReps: 3,
      },
      {
        workoutId: w2,
        date: "2026-01-08",
        unit: "kg",
        e1rm: 119.07,
        e1rmSetId: w2Set225,
        e1rmSetWeight: 102.06,
        e1rmSetReps: 5,
        bestSetId: w2Set245,
        bestSetWeight: 111.13,
        bestSetReps: 1,
      },
      {
        workoutId: w3,
        date: "2026-01-12",
        unit: "kg",
        e1rm: null,
        e1rmSetId: null,
        e1rmSetWeight: null,
        e1rmSetReps: null,
        bestSetId: w3Set100,
        bestSetWeight: 100,
        bestSetReps: 13,
      },
    ]);
  });

  test("in lb: converted weights, the estimate from the shown weight (as records show it)", async () => {
    await setUnit("lb");
    const { e1rmSeries } = await q(SERIES, { id: bench }, { token: u.token });
    expect(e1rmSeries.map((p: any) => [p.unit, p.e1rm, p.e1rmSetWeight, p.bestSetWeight])).toEqual([
      ["lb", 257.2, 220.46, 231.49],
      ["lb", 262.5, 225, 245],
      ["lb", null, null, 220.46],
    ]);
    // The same numbers as the records of the exercise: the best of the series is records' bestE1rm.
    const records = await q(
      `query($id: UUID!) { exerciseById(id: $id) { records { bestE1rm { weight setWeight date } heaviest { weight date } } } }`,
      { id: bench },
      { token: u.token },
    );
    expect(records.exerciseById.records).toEqual({
      bestE1rm: { weight: 262.5, setWeight: 225, date: "2026-01-08" },
      heaviest: { weight: 245, date: "2026-01-08" },
    });
  });

  test("bodyweight, timed and never-done exercises have no series", async () => {
    for (const id of [pullUp, plank, squat]) {
      expect((await q(SERIES, { id }, { token: u.token })).e1rmSeries).toEqual([]);
    }
  });
});

describe("weeklyVolume", () => {
  test("of one exercise, in kg and in lb", async () => {
    expect((await q(VOLUME, { id: bench }, { token: u.token })).weeklyVolume).toEqual([
      { week: "2026-01-05", volume: 1436.42, unit: "kg", workSets: 4, workouts: 2 },
      { week: "2026-01-12", volume: 2500, unit: "kg", workSets: 2, workouts: 1 },
    ]);
    await setUnit("lb");
    expect((await q(VOLUME, { id: bench }, { token: u.token })).weeklyVolume).toEqual([
      { week: "2026-01-05", volume: 3166.77, unit: "lb", workSets: 4, workouts: 2 },
      { week: "2026-01-12", volume: 5511.56, unit: "lb", workSets: 2, workouts: 1 },
    ]);
  });

  test("overall: every exercise; unloaded and timed work sets count as sets with no volume", async () => {
    expect((await q(VOLUME, {}, { token: u.token })).weeklyVolume).toEqual([
      { week: "2026-01-05", volume: 1436.42, unit: "kg", workSets: 4, workouts: 2 },
      { week: "2026-01-12", volume: 2500, unit: "kg", workSets: 5, workouts: 1 },
    ]);
    // Only unloaded sets: weeks with sets and no volume.
    expect((await q(VOLUME, { id: pullUp }, { token: u.token })).weeklyVolume).toEqual([
      { week: "2026-01-12", volume: 0, unit: "kg", workSets: 2, workouts: 1 },
    ]);
  });

  test("the same totals as the volume aggregates (one rule)", async () => {
    const data = await q(
      `{ allWorkoutSets { groupedAggregates(groupBy: [WEEK]) { keys sum { volumeKg volumeLb } } } }`,
      {},
      { token: u.token },
    );
    const byWeek = Object.fromEntries(
      data.allWorkoutSets.groupedAggregates.map((g: any) => [g.keys[0], Math.round(g.sum.volumeKg * 100) / 100]),
    );
    const series = (await q(VOLUME, {}, { token: u.token })).weeklyVolume;
    for (const week of series) expect(byWeek[week.week]).toBe(week.volume);
  });
});

describe("lastPerformance", () => {
  test("one entry per exercise asked, in order: the sets of the latest workout where one was done", async () => {
    const { lastPerformance } = await q(LAST, { ids: ["pull-ups", squat, "Bench Press"] }, { token: u.token });
    const set = (exerciseId: string, text: string) => ({
      exerciseId,
      workoutId: w3,
      date: "2026-01-12",
      unit: "kg",
      kind: "work",
      text,
      done: true,
    });
    expect(lastPerformance).toEqual([
      // An alias names the catalog exercise, as in documents.
      {
        exercise: "pull-ups",
        exerciseId: pullUp,
        workoutId: w3,
        date: "2026-01-12",
        unit: "kg",
        sets: [set(pullUp, "bw x 8"), set(pullUp, "bw x 6")],
      },
      // Never done: no workout, no sets.
      { exercise: squat, exerciseId: squat, workoutId: null, date: null, unit: null, sets: [] },
      // Bench: W4 (later) has nothing done, so W3.
      {
        exercise: "Bench Press",
        exerciseId: bench,
        workoutId: w3,
        date: "2026-01-12",
        unit: "kg",
        sets: [set(bench, "100x13"), set(bench, "60x20")],
      },
    ]);
  });

  test("leaving one workout out finds the one before, as logged (unit, warm-ups)", async () => {
    const { lastPerformance } = await q(LAST, { ids: [bench, pullUp], except: w3 }, { token: u.token });
    expect(
      lastPerformance.map((p: any) => [p.exerciseId, p.workoutId, p.unit, p.sets.map((x: any) => [x.kind, x.text])]),
    ).toEqual([
      [
        bench,
        w2,
        "lb",
        [
          ["warmup", "w:135x5"],
          ["work", "225x5"],
          ["work", "245x1"],
        ],
      ],
      [pullUp, null, null, []],
    ]);
  });

  test("a reference that names no exercise has no exercise id and no sets", async () => {
    const { lastPerformance } = await q(LAST, { ids: ["Underwater Basket Weaving"] }, { token: u.token });
    expect(lastPerformance).toEqual([
      { exercise: "Underwater Basket Weaving", exerciseId: null, workoutId: null, date: null, unit: null, sets: [] },
    ]);
  });

  test("more than 100 exercises at once is refused with INVALID_INPUT; 100 is fine", async () => {
    const ids = Array.from({ length: 100 }, () => bench);
    const LIST = `query($ids: [String]) { lastPerformance(exercises: $ids) { exerciseId sets { id } } }`;
    const hundred = (await q(LIST, { ids }, { token: u.token })).lastPerformance;
    expect(hundred).toHaveLength(100);
    expect(hundred.every((p: any) => p.sets.length === 2)).toBe(true);
    const res = await gql(s.url, LIST, { ids: [...ids, bench] }, { token: u.token });
    expect(res.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toMatch(/exercises: at most 100/);
  });
});

describe("row-level security", () => {
  const other_ = () => ({ token: other.token });
  test("another user sees only their own sets in every series", async () => {
    const o = other_();
    const series = (await q(SERIES, { id: bench }, o)).e1rmSeries;
    expect(series.map((p: any) => [p.workoutId, p.e1rm, p.bestSetWeight])).toEqual([[theirs, 666.67, 500]]);
    expect((await q(VOLUME, {}, o)).weeklyVolume).toEqual([
      { week: "2026-01-05", volume: 5400, unit: "kg", workSets: 2, workouts: 1 },
    ]);
    expect(
      (await q(LAST, { ids: [bench] }, o)).lastPerformance.map((p: any) => [
        p.workoutId,
        p.sets.map((x: any) => x.workoutId),
      ]),
    ).toEqual([[theirs, [theirs, theirs]]]);
    // Our workout as the one to leave out changes nothing for them.
    expect((await q(LAST, { ids: [bench], except: w3 }, o)).lastPerformance.map((p: any) => p.workoutId)).toEqual([
      theirs,
    ]);
    // And ours never contain theirs.
    const mine = (await q(SERIES, { id: bench }, { token: u.token })).e1rmSeries.map((p: any) => p.workoutId);
    expect(mine).not.toContain(theirs);
  });

  test("another user's custom exercise, by name or id, names nothing and shows nothing", async () => {
    const created = await gql(
      s.url,
      `mutation { createCustomExercise(input: {name: "Secret Carry", equipment: "other"}) { exercise { id } } }`,
      {},
      { token: other.token },
    );
    expect(created.body.errors).toBeUndefined();
    const secret = created.body.data.createCustomExercise.exercise.id;
    await log(other.token, { date: "2026-01-07", exercises: [{ exercise: "Secret Carry", sets: ["80x20"] }] });
    expect((await q(LAST, { ids: [secret] }, other_())).lastPerformance[0].sets).toHaveLength(1);
    const mine = (await q(LAST, { ids: [secret, "Secret Carry"] }, { token: u.token })).lastPerformance;
    expect(mine.map((p: any) => [p.exerciseId, p.workoutId, p.sets])).toEqual([
      [null, null, []],
      [null, null, []],
    ]);
    expect((await q(SERIES, { id: secret }, { token: u.token })).e1rmSeries).toEqual([]);
    expect((await q(VOLUME, { id: secret }, { token: u.token })).weeklyVolume).toEqual([]);
  });

  test("a read-only key reads the series", async () => {
    const created = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "ro", access: READ_ONLY, expiresIn: NEVER}) { key } }`,
      {},
      { token: u.token },
    );
    const key = created.body.data.createApiKey.key;
    expect((await q(SERIES, { id: bench }, { key })).e1rmSeries).toHaveLength(3);
    expect((await q(VOLUME, { id: bench }, { key })).weeklyVolume).toHaveLength(2);
    expect((await q(LAST, { ids: [bench] }, { key })).lastPerformance[0].sets).toHaveLength(2);
  });

  test("signed out: FORBIDDEN, never someone's series", async () => {
    for (const [field, query, variables] of [
      ["e1rmSeries", SERIES, { id: bench }],
      ["weeklyVolume", VOLUME, {}],
      ["lastPerformance", LAST, { ids: [bench] }],
    ] as const) {
      const res = await gql(s.url, query, variables);
      expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
      expect(res.body.data).toEqual({ [field]: null });
    }
  });
});

describe("the SDK's typed functions", () => {
  test("lastPerformance grouped per exercise, e1rmSeries, volumePerWeek, exerciseProgress in one request", async () => {
    const { createClient } = await import("@svc/sdk");
    const client = createClient({ url: s.url, token: u.token });
    const last = await client.lastPerformance(["bench", squat, pullUp]);
    expect(last.map((l) => [l.exercise, l.exerciseId, l.workoutId, l.date, l.unit, l.sets.map((x) => x.text)])).toEqual(
      [
        ["bench", bench, w3, "2026-01-12", "kg", ["100x13", "60x20"]],
        [squat, squat, null, null, null, []],
        [pullUp, pullUp, w3, "2026-01-12", "kg", ["bw x 8", "bw x 6"]],
      ],
    );
    expect(
      (await client.lastPerformance([bench], { exceptWorkoutId: w3 }))[0].sets.map((x) => [
        x.kind,
        x.weight,
        x.reps,
        x.done,
      ]),
    ).toEqual([
      ["warmup", 135, 5, true],
      ["work", 225, 5, true],
      ["work", 245, 1, true],
    ]);
    const series = await client.e1rmSeries(bench);
    expect(series.map((p) => [p.date, p.e1rm])).toEqual([
      ["2026-01-05", 116.67],
      ["2026-01-08", 119.07],
      ["2026-01-12", null],
    ]);
    expect((await client.volumePerWeek()).map((w) => [w.week, w.volume, w.workSets])).toEqual([
      ["2026-01-05", 1436.42, 4],
      ["2026-01-12", 2500, 5],
    ]);
    expect((await client.volumePerWeek({ exerciseId: bench })).map((w) => w.volume)).toEqual([1436.42, 2500]);
    const progress = await client.exerciseProgress(bench);
    expect(progress).toEqual({ e1rmSeries: series, weeklyVolume: await client.volumePerWeek({ exerciseId: bench }) });
    // Signed out: the functions say so instead of answering with empty series.
    const anonymous = createClient({ url: s.url });
    await expect(anonymous.e1rmSeries(bench)).rejects.toMatchObject({ name: "ForbiddenError" });
    await expect(anonymous.lastPerformance([bench])).rejects.toMatchObject({ name: "ForbiddenError" });
  });

  test("applyWorkoutDocument with an idempotency key: a retry gets the same workout", async () => {
    const { createClient } = await import("@svc/sdk");
    const client = createClient({ url: s.url, token: other.token });
    const key = crypto.randomUUID();
    const doc = { date: "2026-02-02", exercises: [{ exercise: "Back Squat", sets: ["100x5"] }] };
    const first = await client.applyWorkoutDocument(doc, { idempotencyKey: key });
    const again = await client.applyWorkoutDocument(doc, { idempotencyKey: key });
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect(again.workout.id).toBe(first.workout.id);
    await expect(
      client.applyWorkoutDocument({ ...doc, name: "Changed" }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await client.deleteWorkout(first.workout.id);
  });
});
