// Records beyond weight, against hand-computed values: the most reps at bodyweight, the longest
// timed set and the rep-max table (best 1, 3, 5, 8, 10 RM, actual and estimated), across units,
// warm-ups, sets not done, ties and users. The weighted records have their own file (records.test.ts).
import { useTestServer, gql, signUp, logWorkout, type SignedUpUser } from "../support/harness.ts";

const s = useTestServer();

type User = SignedUpUser;
const RECORD = "weight unit reps setWeight date workoutId";
const RECORDS = `query($name: String!) { resolveExercise(name: $name) { exercise { name records {
  bodyweightReps { reps date workoutId setId }
  longestHold { seconds weight unit date workoutId setId }
  repMaxes { reps unit estimated actual { ${RECORD} } } } } } }`;

const log = (u: User, doc: Record<string, unknown>) => logWorkout(s.url, u.token, doc);

async function records(u: User | null, name: string) {
  const res = await gql(s.url, RECORDS, { name }, u ? { token: u.token } : {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data.resolveExercise.exercise.records;
}

const setId = async (workoutId: string, exercise: string, position: number) =>
  (
    await s.ownerPool.query(
      `select s.id from app_public.workout_sets s join app_public.exercises e on e.id = s.exercise_id
    where s.workout_id = $1 and e.name = $2 and s.position = $3`,
      [workoutId, exercise, position],
    )
  ).rows[0].id;

describe("a history in kg and lb", () => {
  let u: User;
  let w1: string, w2: string;
  beforeAll(async () => {
    u = await signUp(s.url, "Rep Maxes");
    w1 = await log(u, {
      date: "2026-01-05",
      unit: "kg",
      exercises: [
        // A heavy warm-up and a heavier set not done never count.
        { exercise: "Bench Press", sets: ["w:100x8", "80x10", "90x5", "100x3", { set: "120x1", done: false }] },
        // Bodyweight and unloaded sets count alike; a warm-up and a set not done do not.
        { exercise: "Push-Up", sets: ["bw x 20", "x25", "w:bw x 40", { set: "bw x 50", done: false }] },
        { exercise: "Plank", sets: ["45s", "1:30", "w:3:00", { set: "5:00", done: false }] },
      ],
    });
    // 225 lb = 102.06 kg, 185 lb = 83.91 kg; 25 push-ups and a 1:30 plank again are ties (the earliest keeps them).
    w2 = await log(u, {
      date: "2026-01-07",
      unit: "lb",
      exercises: [
        { exercise: "Bench Press", sets: ["225x1", "185x8"] },
        { exercise: "Push-Up", sets: ["bw x 25"] },
        { exercise: "Plank", sets: ["90s"] },
      ],
    });
  });

  test("each weight record carries its set's weight as entered and the unit it was entered in", async () => {
    const res = await gql(
      s.url,
      `{ resolveExercise(name: "bench") { exercise { records {
        heaviest { setWeight enteredWeight enteredUnit }
        bestE1rm { setWeight enteredWeight enteredUnit }
        repsAtWeight { weight enteredWeight enteredUnit }
        repMaxes { reps actual { setWeight enteredWeight enteredUnit } } } } } }`,
      {},
      { token: u.token },
    );
    expect(res.body.errors).toBeUndefined();
    const r = res.body.data.resolveExercise.exercise.records;
    // 225 lb entered reads 102.06 kg; 100 x 3 was entered in kg.
    expect(r.heaviest).toEqual({ setWeight: 102.06, enteredWeight: 225, enteredUnit: "lb" });
    expect(r.bestE1rm).toEqual({ setWeight: 100, enteredWeight: 100, enteredUnit: "kg" });
    expect(r.repsAtWeight).toEqual([
      { weight: 80, enteredWeight: 80, enteredUnit: "kg" },
      { weight: 83.91, enteredWeight: 185, enteredUnit: "lb" },
      { weight: 90, enteredWeight: 90, enteredUnit: "kg" },
      { weight: 100, enteredWeight: 100, enteredUnit: "kg" },
      { weight: 102.06, enteredWeight: 225, enteredUnit: "lb" },
    ]);
    expect(r.repMaxes.map((x: any) => x.actual && [x.reps, x.actual.enteredWeight, x.actual.enteredUnit])).toEqual([
      [1, 225, "lb"],
      [3, 100, "kg"],
      [5, 90, "kg"],
      [8, 185, "lb"],
      [10, 80, "kg"],
    ]);
  });

  test("the rep-max table in kg, hand-computed", async () => {
    const r = await records(u, "bench");
    const at = (n: number) => r.repMaxes.find((x: any) => x.reps === n);
    expect(r.repMaxes.map((x: any) => x.reps)).toEqual([1, 3, 5, 8, 10]);
    expect(r.repMaxes.every((x: any) => x.unit === "kg")).toBe(true);
    // Actual: the heaviest set of at least n reps.
    expect(at(1).actual).toEqual({
      weight: 102.06,
      unit: "kg",
      reps: 1,
      setWeight: 102.06,
      date: "2026-01-07",
      workoutId: w2,
    });
    expect(at(3).actual).toEqual({
      weight: 100,
      unit: "kg",
      reps: 3,
      setWeight: 100,
      date: "2026-01-05",
      workoutId: w1,
    });
    expect(at(5).actual).toEqual({ weight: 90, unit: "kg", reps: 5, setWeight: 90, date: "2026-01-05", workoutId: w1 });
    expect(at(8).actual).toEqual({
      weight: 83.91,
      unit: "kg",
      reps: 8,
      setWeight: 83.91,
      date: "2026-01-07",
      workoutId: w2,
    });
    expect(at(10).actual).toEqual({
      weight: 80,
      unit: "kg",
      reps: 10,
      setWeight: 80,
      date: "2026-01-05",
      workoutId: w1,
    });
    // Estimated: the best e1RM is 100 x 3 = 110 (80x10 106.67, 83.91x8 106.29, 90x5 105, 102.06x1);
    // n reps at it: 110 / (1 + n/30).
    expect(r.repMaxes.map((x: any) => x.estimated)).toEqual([110, 100, 94.29, 86.84, 82.5]);
    expect(r.bodyweightReps).toBeNull();
    expect(r.longestHold).toBeNull();
  });

  test("bodyweight: the most reps in a set without a weight, the earliest on a tie", async () => {
    const r = await records(u, "push ups");
    expect(r.bodyweightReps).toEqual({
      reps: 25,
      date: "2026-01-05",
      workoutId: w1,
      setId: await setId(w1, "Push-Up", 1),
    });
    // No weighted set: five rows, nothing in them.
    expect(r.repMaxes).toEqual([1, 3, 5, 8, 10].map((reps) => ({ reps, unit: "kg", estimated: null, actual: null })));
    expect(r.longestHold).toBeNull();
  });

  test("timed: the longest hold, the earliest on a tie; warm-ups and sets not done never count", async () => {
    const r = await records(u, "plank");
    expect(r.longestHold).toEqual({
      seconds: 90,
      weight: null,
      unit: "kg",
      date: "2026-01-05",
      workoutId: w1,
      setId: await setId(w1, "Plank", 1),
    });
    expect(r.bodyweightReps).toBeNull();
  });

  test("shown in lb for a user in lb", async () => {
    await s.ownerPool.query("update app_public.users set unit = 'lb' where id = $1", [u.user.id]);
    try {
      const r = await records(u, "bench");
      const at = (n: number) => r.repMaxes.find((x: any) => x.reps === n);
      expect(r.repMaxes.every((x: any) => x.unit === "lb")).toBe(true);
      // Sets logged in lb keep their exact weight; 100 kg = 220.46 lb.
      expect(at(1).actual).toMatchObject({ weight: 225, unit: "lb", reps: 1, workoutId: w2 });
      expect(at(3).actual).toMatchObject({ weight: 220.46, unit: "lb", reps: 3, workoutId: w1 });
      // e1RM from the shown weight: 220.46 x 1.1 = 242.506; / (1 + n/30).
      expect(r.repMaxes.map((x: any) => x.estimated)).toEqual([242.51, 220.46, 207.86, 191.45, 181.88]);
      expect((await records(u, "plank")).longestHold).toMatchObject({ seconds: 90, unit: "lb" });
    } finally {
      await s.ownerPool.query("update app_public.users set unit = 'kg' where id = $1", [u.user.id]);
    }
  });

  test("records are personal: another user and a signed-out visitor see none", async () => {
    const other = await signUp(s.url, "Someone Else");
    for (const who of [other, null]) {
      const r = await records(who, "bench");
      expect(r.repMaxes.every((x: any) => x.actual === null && x.estimated === null)).toBe(true);
      expect((await records(who, "push-up")).bodyweightReps).toBeNull();
      expect((await records(who, "plank")).longestHold).toBeNull();
    }
  });
});

describe("edges of the rep-max table", () => {
  test("a set of 13 reps or more makes actual rows but no estimate; 12 reps estimates", async () => {
    const u = await signUp(s.url, "High Reps");
    const w = await log(u, { date: "2026-02-02", exercises: [{ exercise: "Leg Press", sets: ["100x15"] }] });
    let r = await records(u, "leg press");
    expect(r.repMaxes.map((x: any) => x.actual?.weight ?? null)).toEqual([100, 100, 100, 100, 100]);
    expect(r.repMaxes.every((x: any) => x.actual.reps === 15 && x.actual.workoutId === w)).toBe(true);
    expect(r.repMaxes.map((x: any) => x.estimated)).toEqual([null, null, null, null, null]);
    await log(u, { date: "2026-02-03", exercises: [{ exercise: "Leg Press", sets: ["60x12"] }] });
    r = await records(u, "leg press");
    // 60 x (1 + 12/30) = 84; the 100 x 15 stays the actual best at every row.
    expect(r.repMaxes.map((x: any) => x.estimated)).toEqual([84, 76.36, 72, 66.32, 63]);
    expect(r.repMaxes.map((x: any) => x.actual.weight)).toEqual([100, 100, 100, 100, 100]);
  });

  test("a weighted hold counts as a hold and shows its weight; it is never a weight record", async () => {
    const u = await signUp(s.url, "Weighted Plank");
    const w = await log(u, {
      date: "2026-02-04",
      unit: "kg",
      exercises: [{ exercise: "Plank", sets: ["1:00", "20x2:00", "w:20x3:00"] }],
    });
    const r = await records(u, "plank");
    expect(r.longestHold).toEqual({
      seconds: 120,
      weight: 20,
      unit: "kg",
      date: "2026-02-04",
      workoutId: w,
      setId: await setId(w, "Plank", 1),
    });
    expect(r.repMaxes.every((x: any) => x.actual === null)).toBe(true);
  });
});

describe("weighted bodyweight sets (bw+20x5)", () => {
  const BW_RECORD = "weight reps setWeight addedLoad bodyweight date";
  const Q = `query($name: String!) { resolveExercise(name: $name) { exercise { name records {
    heaviest { ${BW_RECORD} } bestE1rm { ${BW_RECORD} } repsAtWeight { weight reps addedLoad }
    repMaxes { reps estimated actual { ${BW_RECORD} } } bodyweightReps { reps } } } } }`;

  test("weight records state the added load, marked as such; estimates add the bodyweight logged on or before the day, or are not made", async () => {
    const u = await signUp(s.url, "Weighted Pull-Ups");
    const logBw = async (date: string, weight: number) => {
      const res = await gql(
        s.url,
        `mutation($i: BodyweightInput!) { logBodyweight(input: $i) { id } }`,
        { i: { date, weight, unit: "KG" } },
        { token: u.token },
      );
      expect(res.body.errors).toBeUndefined();
    };
    // No bodyweight known yet: +40 x 1 is the heaviest added load but estimates nothing.
    await log(u, { date: "2026-02-20", unit: "kg", exercises: [{ exercise: "weighted pull ups", sets: ["bw+40x1"] }] });
    await logBw("2026-03-01", 80);
    await log(u, {
      date: "2026-03-02",
      unit: "kg",
      exercises: [{ exercise: "Pull-Up", sets: ["bw+20x5", "bw x 10"] }],
    });
    await logBw("2026-03-05", 82);
    await log(u, {
      date: "2026-03-06",
      unit: "kg",
      exercises: [{ exercise: "Pull Up (Weighted)", sets: ["bw+25x3"] }],
    });
    const res = await gql(s.url, Q, { name: "weighted pull ups" }, { token: u.token });
    expect(res.body.errors).toBeUndefined();
    const r = res.body.data.resolveExercise.exercise.records;
    expect(res.body.data.resolveExercise.exercise.name).toBe("Pull-Up");
    expect(r.heaviest).toEqual({
      weight: 40,
      reps: 1,
      setWeight: 40,
      addedLoad: true,
      bodyweight: null,
      date: "2026-02-20",
    });
    // (80 + 20) x (1 + 5/30) = 116.67 on 03-02; (82 + 25) x (1 + 3/30) = 117.7 on 03-06 wins. Never Epley on 40 alone.
    expect(r.bestE1rm).toEqual({
      weight: 117.7,
      reps: 3,
      setWeight: 25,
      addedLoad: true,
      bodyweight: 82,
      date: "2026-03-06",
    });
    expect(r.repsAtWeight).toEqual([
      { weight: 20, reps: 5, addedLoad: true },
      { weight: 25, reps: 3, addedLoad: true },
      { weight: 40, reps: 1, addedLoad: true },
    ]);
    // 117.7 / (1 + n/30).
    expect(r.repMaxes.map((x: any) => x.estimated)).toEqual([117.7, 107, 100.89, 92.92, 88.28]);
    expect(r.repMaxes.find((x: any) => x.reps === 5).actual).toEqual({
      weight: 20,
      reps: 5,
      setWeight: 20,
      addedLoad: true,
      bodyweight: null,
      date: "2026-03-02",
    });
    expect(r.bodyweightReps).toEqual({ reps: 10 });
  });

  test("a barbell lift's records are not added load", async () => {
    const u = await signUp(s.url, "Plain Bench");
    await log(u, { date: "2026-03-02", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["100x5"] }] });
    const r = (await gql(s.url, Q, { name: "bench" }, { token: u.token })).body.data.resolveExercise.exercise.records;
    expect(r.heaviest).toMatchObject({ weight: 100, addedLoad: false, bodyweight: null });
    expect(r.bestE1rm).toMatchObject({ weight: 116.67, setWeight: 100, addedLoad: false, bodyweight: null });
  });
});
