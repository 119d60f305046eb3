// Training volume through @graphile/pg-aggregates: per workout, per week and per exercise, in kg and
// lb, with work set counts; the denormalized columns follow their parents; RLS keeps every
// aggregate to the caller's own sets.
import {
  startTestServer,
  gql,
  signUp,
  logWorkout,
  type SignedUpUser,
  type TestServer,
  asRole,
  credentialHash,
} from "../support/harness.ts";

let s: TestServer;
let u: SignedUpUser;
let other: SignedUpUser;
let w1: string, w2: string, w3: string;
let benchId: string, squatId: string;

const log = (token: string, doc: Record<string, unknown>) => logWorkout(s.url, token, doc);

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Volume");
  other = await signUp(s.url, "Elsewhere");
  // Week of Monday 2026-01-05.
  // W1 (kg): bench 2 done work sets of 100x5 = 1000 kg (warm-up, set not done and drop excluded); squat 140x3 = 420 kg.
  w1 = await log(u.token, {
    date: "2026-01-05",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: ["w:40x5", "100x5", "100x5", { set: "100x5", done: false }, "d:80x8"] },
      { exercise: "Back Squat", sets: ["140x3"] },
    ],
  });
  // W2 (lb, Thursday): 225x5 = 1125 lb = 510.29 kg; an unloaded work set counts as a set with no volume.
  w2 = await log(u.token, {
    date: "2026-01-08",
    unit: "lb",
    exercises: [{ exercise: "Bench Press", sets: ["225x5", "x20"] }],
  });
  // Week of Monday 2026-01-12. W3 (kg): 3 x 102.5x5 = 1537.5 kg.
  w3 = await log(u.token, {
    date: "2026-01-12",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: ["102.5x5", "102.5x5", "102.5x5"] }],
  });
  // Someone else's heavy week must never show up in ours.
  await log(other.token, { date: "2026-01-06", exercises: [{ exercise: "Bench Press", sets: ["500x10"] }] });
  const { rows } = await s.ownerPool.query(
    "select id, name from app_public.exercises where user_id is null and name in ('Bench Press', 'Back Squat')",
  );
  benchId = rows.find((r) => r.name === "Bench Press").id;
  squatId = rows.find((r) => r.name === "Back Squat").id;
});
afterAll(async () => {
  await s.close();
});

async function q(query: string, token?: string, variables: Record<string, unknown> = {}) {
  const res = await gql(s.url, query, variables, token ? { token } : {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}
const round2 = (n: number) => Math.round(n * 100) / 100;

test("per week: volume in kg and lb and work sets", async () => {
  const data = await q(
    `{ allWorkoutSets { groupedAggregates(groupBy: [WEEK]) { keys sum { volumeKg volumeLb workSets } distinctCount { workoutId } } } }`,
    u.token,
  );
  const weeks = data.allWorkoutSets.groupedAggregates
    .map((g: any) => [
      g.keys[0],
      round2(g.sum.volumeKg),
      round2(g.sum.volumeLb),
      Number(g.sum.workSets),
      Number(g.distinctCount.workoutId),
    ])
    .sort();
  expect(weeks).toEqual([
    // 1000 + 420 + 510.29 kg; lb: 2 x 1102.31 + 925.94 + 1125; work sets 2 + 1 + 2; workouts W1, W2.
    ["2026-01-05", 1930.29, 4255.56, 5, 2],
    // 3 x 512.5 kg; lb: 3 x 1129.87.
    ["2026-01-12", 1537.5, 3389.61, 3, 1],
  ]);
});

test("per exercise, and per exercise per week", async () => {
  const data = await q(
    `{ allWorkoutSets {
    byExercise: groupedAggregates(groupBy: [EXERCISE_ID]) { keys sum { volumeKg workSets } }
    byExerciseWeek: groupedAggregates(groupBy: [EXERCISE_ID, WEEK]) { keys sum { volumeKg } } } }`,
    u.token,
  );
  const byExercise = Object.fromEntries(
    data.allWorkoutSets.byExercise.map((g: any) => [g.keys[0], [round2(g.sum.volumeKg), Number(g.sum.workSets)]]),
  );
  expect(byExercise).toEqual({ [benchId]: [3047.79, 7], [squatId]: [420, 1] });
  const byExerciseWeek = data.allWorkoutSets.byExerciseWeek.map((g: any) => [...g.keys, round2(g.sum.volumeKg)]).sort();
  expect(byExerciseWeek).toEqual(
    [
      [squatId, "2026-01-05", 420],
      [benchId, "2026-01-05", 1510.29],
      [benchId, "2026-01-12", 1537.5],
    ].sort(),
  );
  // One exercise's weekly volume, from the exercise itself.
  const viaExercise = await q(
    `query($id: UUID!) { exerciseById(id: $id) { workoutSetsByExerciseId {
    groupedAggregates(groupBy: [WEEK]) { keys sum { volumeKg } } } } }`,
    u.token,
    { id: benchId },
  );
  expect(
    viaExercise.exerciseById.workoutSetsByExerciseId.groupedAggregates
      .map((g: any) => [g.keys[0], round2(g.sum.volumeKg)])
      .sort(),
  ).toEqual([
    ["2026-01-05", 1510.29],
    ["2026-01-12", 1537.5],
  ]);
});

test("condition since: only the sets of that day and later (the progress page's year of weeks)", async () => {
  const data = await q(
    `{ allWorkoutSets(condition: { since: "2026-01-08" }) { groupedAggregates(groupBy: [WEEK]) { keys sum { volumeKg } } } }`,
    u.token,
  );
  const weeks = data.allWorkoutSets.groupedAggregates.map((g: any) => [g.keys[0], round2(g.sum.volumeKg)]).sort();
  // W1 (2026-01-05) is left out; W2 (Thursday 2026-01-08) counts in its week of Monday 2026-01-05.
  expect(weeks).toEqual([
    ["2026-01-05", 510.29],
    ["2026-01-12", 1537.5],
  ]);
});

test("per workout", async () => {
  const perWorkout = async (id: string) =>
    (
      await q(
        `query($id: UUID!) { workoutById(id: $id) { workoutSetsByWorkoutId {
    totalCount aggregates { sum { volumeKg volumeLb workSets } } } } }`,
        u.token,
        { id },
      )
    ).workoutById.workoutSetsByWorkoutId;
  expect(await perWorkout(w1)).toEqual({
    totalCount: 6,
    aggregates: { sum: { volumeKg: 1420, volumeLb: 3130.56, workSets: "3" } },
  });
  expect(await perWorkout(w2)).toEqual({
    totalCount: 2,
    aggregates: { sum: { volumeKg: 510.29, volumeLb: 1125, workSets: "2" } },
  });
  expect(await perWorkout(w3)).toMatchObject({ aggregates: { sum: { volumeKg: 1537.5, workSets: "3" } } });
  // Grouped by workout over the whole history.
  const data = await q(
    `{ allWorkoutSets { groupedAggregates(groupBy: [WORKOUT_ID]) { keys sum { volumeKg } } } }`,
    u.token,
  );
  expect(
    Object.fromEntries(data.allWorkoutSets.groupedAggregates.map((g: any) => [g.keys[0], round2(g.sum.volumeKg)])),
  ).toEqual({ [w1]: 1420, [w2]: 510.29, [w3]: 1537.5 });
});

test("the set columns: date, unit, week (Monday), exercise; volume 0 where nothing counts", async () => {
  const data = await q(
    `query($id: UUID!) { workoutById(id: $id) { workoutSetsByWorkoutId(orderBy: [POSITION_ASC]) { nodes {
    kind done weight reps exerciseId date unit week volumeKg volumeLb workSets } } } }`,
    u.token,
    { id: w2 },
  );
  expect(data.workoutById.workoutSetsByWorkoutId.nodes).toEqual([
    {
      kind: "work",
      done: true,
      weight: 225,
      reps: 5,
      exerciseId: benchId,
      date: "2026-01-08",
      unit: "lb",
      week: "2026-01-05",
      volumeKg: 510.29,
      volumeLb: 1125,
      workSets: 1,
    },
    {
      kind: "work",
      done: true,
      weight: null,
      reps: 20,
      exerciseId: benchId,
      date: "2026-01-08",
      unit: "lb",
      week: "2026-01-05",
      volumeKg: 0,
      volumeLb: 0,
      workSets: 1,
    },
  ]);
});

describe("the copies follow their parents", () => {
  test("a workout's new date and unit, and a workout exercise's new exercise, reach its sets", async () => {
    const id = await log(u.token, {
      date: "2026-06-07",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["50x10"] }],
    });
    const read = async () =>
      (
        await s.ownerPool.query(
          "select exercise_id, to_char(date, 'YYYY-MM-DD') as date, unit, to_char(week, 'YYYY-MM-DD') as week, volume_kg, volume_lb from app_public.workout_sets where workout_id = $1",
          [id],
        )
      ).rows[0];
    // Sunday 2026-06-07 belongs to the week of Monday 2026-06-01.
    expect(await read()).toEqual({
      exercise_id: benchId,
      date: "2026-06-07",
      unit: "kg",
      week: "2026-06-01",
      volume_kg: 500,
      volume_lb: 1102.31,
    });
    await s.ownerPool.query("update app_public.workouts set date = '2026-06-08', unit = 'lb' where id = $1", [id]);
    expect(await read()).toEqual({
      exercise_id: benchId,
      date: "2026-06-08",
      unit: "lb",
      week: "2026-06-08",
      volume_kg: 226.8,
      volume_lb: 500,
    });
    await s.ownerPool.query("update app_public.workout_exercises set exercise_id = $2 where workout_id = $1", [
      id,
      squatId,
    ]);
    expect((await read()).exercise_id).toBe(squatId);
    await s.ownerPool.query("delete from app_public.workouts where id = $1", [id]);
  });

  test("replacing a workout document moves its volume to the new week", async () => {
    const id = await log(u.token, { date: "2026-07-01", exercises: [{ exercise: "Bench Press", sets: ["60x10"] }] });
    await log(u.token, { id, date: "2026-07-08", exercises: [{ exercise: "Bench Press", sets: ["60x10", "60x10"] }] });
    const data = await q(
      `{ allWorkoutSets(condition: { week: "2026-07-06" }) { aggregates { sum { volumeKg } } } }`,
      u.token,
    );
    expect(data.allWorkoutSets.aggregates.sum.volumeKg).toBe(1200);
    const old = await q(
      `{ allWorkoutSets(condition: { week: "2026-06-29" }) { aggregates { sum { volumeKg } } } }`,
      u.token,
    );
    expect(old.allWorkoutSets.aggregates.sum.volumeKg).toBe(0);
    await s.ownerPool.query("delete from app_public.workouts where id = $1", [id]);
  });

  test("a caller cannot write the copies themselves", async () => {
    const {
      rows: [set],
    } = await s.ownerPool.query(
      "select id, workout_exercise_id, workout_id from app_public.workout_sets where workout_id = $1 limit 1",
      [w3],
    );
    const asLifter = { "svc.session_hash": credentialHash(u.token) };
    await asRole(s.authPool, "svc_visitor", asLifter, async (client) => {
      await expect(
        client.query("update app_public.workout_sets set exercise_id = $2 where id = $1", [set.id, squatId]),
      ).rejects.toMatchObject({ code: "42501" });
    });
    await asRole(s.authPool, "svc_visitor", asLifter, async (client) => {
      // Written without them (the way the apply functions do), they are filled from the parents.
      const {
        rows: [added],
      } = await client.query(
        "insert into app_public.workout_sets (workout_exercise_id, workout_id, position, weight, reps) values ($1, $2, 99, 10, 10) returning exercise_id, unit, to_char(date, 'YYYY-MM-DD') as date, volume_kg",
        [set.workout_exercise_id, set.workout_id],
      );
      expect(added).toEqual({ exercise_id: benchId, unit: "kg", date: "2026-01-12", volume_kg: 100 });
    });
  });
});

describe("row-level security", () => {
  test("aggregates only ever cover the caller's own sets", async () => {
    const mine = await q(
      `{ allWorkoutSets { aggregates { sum { volumeKg } } groupedAggregates(groupBy: [WEEK]) { keys } } }`,
      u.token,
    );
    expect(round2(mine.allWorkoutSets.aggregates.sum.volumeKg)).toBe(round2(1420 + 510.29 + 1537.5));
    expect(mine.allWorkoutSets.groupedAggregates.map((g: any) => g.keys[0]).sort()).toEqual([
      "2026-01-05",
      "2026-01-12",
    ]);
    const theirs = await q(
      `{ allWorkoutSets { aggregates { sum { volumeKg } } groupedAggregates(groupBy: [WEEK]) { keys sum { volumeKg } } } }`,
      other.token,
    );
    expect(theirs.allWorkoutSets.aggregates.sum.volumeKg).toBe(5000);
    expect(theirs.allWorkoutSets.groupedAggregates).toEqual([{ keys: ["2026-01-05"], sum: { volumeKg: 5000 } }]);
    // Through the shared catalog exercise too: only the caller's sets.
    const viaExercise = await q(
      `query($id: UUID!) { exerciseById(id: $id) { workoutSetsByExerciseId { aggregates { sum { volumeKg } } } } }`,
      other.token,
      { id: benchId },
    );
    expect(viaExercise.exerciseById.workoutSetsByExerciseId.aggregates.sum.volumeKg).toBe(5000);
    // Another user's workout id as a condition finds nothing.
    const foreign = await q(
      `query($id: UUID!) { allWorkoutSets(condition: { workoutId: $id }) { totalCount aggregates { sum { volumeKg } } } }`,
      other.token,
      { id: w1 },
    );
    expect(foreign.allWorkoutSets).toEqual({ totalCount: 0, aggregates: { sum: { volumeKg: 0 } } });
  });

  test("signed out: nothing to aggregate", async () => {
    const anonymous = await q(
      `{ allWorkoutSets { totalCount aggregates { sum { volumeKg } } groupedAggregates(groupBy: [WEEK]) { keys } } }`,
    );
    expect(anonymous.allWorkoutSets).toEqual({
      totalCount: 0,
      aggregates: { sum: { volumeKg: 0 } },
      groupedAggregates: [],
    });
  });
});
