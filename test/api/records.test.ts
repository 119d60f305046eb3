// Personal records against hand-computed values: Exercise.records (heaviest, best estimated 1RM,
// most reps at each weight) and WorkoutSet.personalRecord, across units, warm-ups, sets not done,
// ties and users.
import { useTestServer, gql, signUp, logWorkout, type SignedUpUser } from "../support/harness.ts";

const s = useTestServer();

type User = SignedUpUser;
const RECORD = "weight unit reps setWeight date workoutId setId";
// What `svc exercises records <name>` asks: the exercise a name means, with its records.
const RECORDS = `query($words: String!) { searchExercises(words: $words, limit: 1) {
  id name records { heaviest { ${RECORD} } bestE1rm { ${RECORD} } repsAtWeight { weight unit reps date workoutId setId } } } }`;
const SET_FLAGS = `query($id: UUID!) { workoutById(id: $id) { workoutSetsByWorkoutId { nodes {
  position kind personalRecord workoutExerciseByWorkoutExerciseId { position } } } } }`;

const log = (u: User, doc: Record<string, unknown>) => logWorkout(s.url, u.token, doc);

async function records(u: User | null, words = "Bench Press") {
  const res = await gql(s.url, RECORDS, { words }, u ? { token: u.token } : {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data.searchExercises[0];
}

/** personalRecord of each set of a workout, in order (exercise position, then set position). */
async function flags(u: User, id: string): Promise<boolean[]> {
  const res = await gql(s.url, SET_FLAGS, { id }, { token: u.token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.workoutById.workoutSetsByWorkoutId.nodes
    .sort(
      (a: any, b: any) =>
        a.workoutExerciseByWorkoutExerciseId.position - b.workoutExerciseByWorkoutExerciseId.position ||
        a.position - b.position,
    )
    .map((n: any) => n.personalRecord);
}

const bench = (sets: unknown[]) => [{ exercise: "Bench Press", sets }];

describe("a history in kg and lb", () => {
  let u: User;
  let w1: string, w2: string, w3: string, w4: string;
  beforeAll(async () => {
    u = await signUp(s.url, "Records");
    // W1 (kg): a heavy warm-up and a heavy set not done never count.
    w1 = await log(u, {
      date: "2026-01-05",
      unit: "kg",
      exercises: bench(["w:120x1", "80x10", "90x5", { set: "130x1", done: false }]),
    });
    // W2 (lb): 225 lb = 102.06 kg, 185 lb = 83.91 kg (15 reps: no e1RM), a drop at 150 lb = 68.04 kg (counts).
    w2 = await log(u, { date: "2026-01-07", unit: "lb", exercises: bench(["225x3", "185x15", "d:150x8"]) });
    // W3 (kg): a single under the e1RM, a heavier single, an e1RM record at 12 reps, more reps at 80 kg.
    w3 = await log(u, { date: "2026-01-09", unit: "kg", exercises: bench(["100x1", "102.5x1", "85x12", "80x12"]) });
    // W4 (kg): the same heaviest again is no record (ties go to the earliest); unloaded, timed and 0-rep sets never count.
    w4 = await log(u, {
      date: "2026-01-11",
      unit: "kg",
      exercises: bench(["102.5x1", "x20", "bw x 30", "45s", "200x0"]),
    });
  });

  test("Exercise.records, in kg, hand-computed", async () => {
    const r = await records(u);
    expect(r.name).toBe("Bench Press");
    const setIds = async (w: string) =>
      (
        await s.ownerPool.query("select id from app_public.workout_sets where workout_id = $1 order by position", [w])
      ).rows.map((x) => x.id);
    const [s3] = [await setIds(w3)];
    expect(r.records.heaviest).toEqual({
      weight: 102.5,
      unit: "kg",
      reps: 1,
      setWeight: 102.5,
      date: "2026-01-09",
      workoutId: w3,
      setId: s3[1],
    });
    // Epley: 85 * (1 + 12/30) = 119; beats 225 lb x 3 (102.06 * 1.1 = 112.27) and 80 x 10 (106.67).
    expect(r.records.bestE1rm).toEqual({
      weight: 119,
      unit: "kg",
      reps: 12,
      setWeight: 85,
      date: "2026-01-09",
      workoutId: w3,
      setId: s3[2],
    });
    expect(r.records.repsAtWeight.map((x: any) => [x.weight, x.reps, x.date, x.workoutId])).toEqual([
      [68.04, 8, "2026-01-07", w2],
      [80, 12, "2026-01-09", w3],
      [83.91, 15, "2026-01-07", w2],
      [85, 12, "2026-01-09", w3],
      [90, 5, "2026-01-05", w1],
      [100, 1, "2026-01-09", w3],
      [102.06, 3, "2026-01-07", w2],
      [102.5, 1, "2026-01-09", w3],
    ]);
    expect(r.records.repsAtWeight.every((x: any) => x.unit === "kg")).toBe(true);
  });

  test("WorkoutSet.personalRecord, set by set", async () => {
    // 120 warm-up: no; 80x10: the first weighted set, a record; 90x5: heavier; 130x1 not done: no.
    expect(await flags(u, w1)).toEqual([false, true, true, false]);
    // 225 lb (102.06 kg): heavier and e1RM 112.26 > 106.67; 185x15: neither; the drop: neither.
    expect(await flags(u, w2)).toEqual([true, false, false]);
    // 100x1: 100 < 102.06 and e1RM 100 < 112.26; 102.5x1: heavier; 85x12: e1RM 119; 80x12: neither.
    expect(await flags(u, w3)).toEqual([false, true, true, false]);
    // 102.5 again: not more than 102.5; unloaded, timed and 0-rep sets: never.
    expect(await flags(u, w4)).toEqual([false, false, false, false, false]);
  });

  test("shown in lb for a user in lb; compared the same way", async () => {
    await s.ownerPool.query("update app_public.users set unit = 'lb' where id = $1", [u.user.id]);
    try {
      const r = await records(u);
      // 102.5 kg = 225.97 lb; e1RM on the converted weight: 187.39 lb * 1.4 = 262.346 -> 262.35.
      expect(r.records.heaviest).toMatchObject({
        weight: 225.97,
        unit: "lb",
        reps: 1,
        setWeight: 225.97,
        workoutId: w3,
      });
      expect(r.records.bestE1rm).toMatchObject({
        weight: 262.35,
        unit: "lb",
        reps: 12,
        setWeight: 187.39,
        workoutId: w3,
      });
      // Sets logged in lb keep their exact weight.
      expect(r.records.repsAtWeight.find((x: any) => x.weight === 225)).toMatchObject({
        reps: 3,
        unit: "lb",
        workoutId: w2,
      });
      expect(await flags(u, w2)).toEqual([true, false, false]);
    } finally {
      await s.ownerPool.query("update app_public.users set unit = 'kg' where id = $1", [u.user.id]);
    }
  });

  test("a workout inserted earlier in time moves the records it now precedes", async () => {
    const u2 = await signUp(s.url, "Backdated");
    const later = await log(u2, { date: "2026-02-10", exercises: bench(["100x5"]) });
    expect(await flags(u2, later)).toEqual([true]);
    const earlier = await log(u2, { date: "2026-02-01", exercises: bench(["110x5"]) });
    expect(await flags(u2, earlier)).toEqual([true]);
    expect(await flags(u2, later)).toEqual([false]);
  });

  test("the same day: by start time, then exercise position, then set position", async () => {
    const u3 = await signUp(s.url, "Sameday");
    const evening = await log(u3, { date: "2026-03-01", start: "2026-03-01T18:00:00Z", exercises: bench(["100x5"]) });
    const morning = await log(u3, { date: "2026-03-01", start: "2026-03-01T08:00:00Z", exercises: bench(["100x5"]) });
    expect(await flags(u3, morning)).toEqual([true]);
    expect(await flags(u3, evening)).toEqual([false]);
    const twice = await log(u3, { date: "2026-03-02", exercises: [...bench(["105x1"]), ...bench(["105x1", "106x1"])] });
    expect(await flags(u3, twice)).toEqual([true, false, true]);
  });

  test("e1RM uses 1 to 12 reps only: 12 counts, 13 does not", async () => {
    const u4 = await signUp(s.url, "Edges");
    const w = await log(u4, { date: "2026-04-01", exercises: bench(["50x13", "40x12", "40x13"]) });
    // 50x13: first set, a record on weight. 40x12: lighter, but the first e1RM (56): a record. 40x13: neither.
    expect(await flags(u4, w)).toEqual([true, true, false]);
    const r = await records(u4);
    expect(r.records.bestE1rm).toMatchObject({ weight: 56, reps: 12, setWeight: 40 });
    expect(r.records.heaviest).toMatchObject({ weight: 50, reps: 13 });
  });
});

describe("who sees records", () => {
  test("no sets: no records", async () => {
    const u = await signUp(s.url, "Empty");
    expect((await records(u)).records).toEqual({ heaviest: null, bestE1rm: null, repsAtWeight: [] });
  });

  test("each user sees only their own records; signed out sees none", async () => {
    const a = await signUp(s.url, "Strong");
    const b = await signUp(s.url, "Other");
    await log(a, { date: "2026-05-01", exercises: bench(["150x1"]) });
    await log(b, { date: "2026-05-01", exercises: bench(["60x5"]) });
    expect((await records(a)).records.heaviest).toMatchObject({ weight: 150 });
    expect((await records(b)).records.heaviest).toMatchObject({ weight: 60 });
    expect((await records(null)).records).toEqual({ heaviest: null, bestE1rm: null, repsAtWeight: [] });
  });
});
