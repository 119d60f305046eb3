// Between sessions over GraphQL: the weekly goal (its edges, this week's days, current and best
// streak), the history searched and filtered by exercise, name, routine and program, and a workout
// saved as a routine; another user's rows are never reachable through any of them.
import {
  startTestServer,
  gql,
  gqlData,
  signUp,
  signUpWithUnit,
  logWorkout,
  errorCode,
  type SignedUpUser,
  type TestServer,
} from "../support/harness.ts";

let s: TestServer;
let u: SignedUpUser;
let other: SignedUpUser;

const PROGRESS = `query($today: String) { viewer { weeklyGoal weeklyGoalProgress(today: $today) { goal week days met currentStreak bestStreak } } }`;
const SET_GOAL = `mutation($id: UUID!, $goal: Int) { updateUserById(input: { id: $id, userPatch: { weeklyGoal: $goal } }) { user { weeklyGoal } } }`;
const HISTORY = `query($search: String, $routineId: UUID, $program: String, $first: Int, $offset: Int) {
  viewer { workoutHistory(search: $search, routineId: $routineId, program: $program, first: $first, offset: $offset) {
    totalCount nodes { id date name } } } }`;
const SAVE = `mutation($workoutId: UUID!, $name: String!) { saveWorkoutAsRoutine(input: { workoutId: $workoutId, name: $name }) { routine { id name } } }`;
const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

const setGoal = (who: SignedUpUser, goal: number | null) =>
  gql(s.url, SET_GOAL, { id: who.user.id, goal }, { token: who.token });
const progress = async (who: SignedUpUser, today: string) =>
  (await gqlData(s.url, PROGRESS, { today }, { token: who.token })).viewer;
const history = async (who: SignedUpUser, vars: Record<string, unknown>) =>
  (await gqlData(s.url, HISTORY, vars, { token: who.token })).viewer.workoutHistory;

async function routine(who: SignedUpUser, doc: Record<string, unknown>): Promise<string> {
  return (await gqlData(s.url, APPLY_ROUTINE, { d: doc }, { token: who.token })).applyRoutineDocument.routine.id;
}

const day = (date: string, exercise = "Bench Press", extra: Record<string, unknown> = {}) =>
  logWorkout(s.url, u.token, { date, unit: "kg", exercises: [{ exercise, sets: ["60x5"] }], ...extra });

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Streaks");
  other = await signUp(s.url, "Elsewhere");
});
afterAll(async () => s?.close());

describe("weekly goal", () => {
  test("1 and 7 are kept, 0 and 8 refused naming weeklyGoal with nothing saved, null clears it", async () => {
    expect((await progress(u, "2026-03-18")).weeklyGoalProgress).toBeNull();
    for (const goal of [1, 7]) {
      const ok = await setGoal(u, goal);
      expect(ok.body.data.updateUserById.user.weeklyGoal).toBe(goal);
    }
    for (const goal of [0, 8]) {
      const refused = await setGoal(u, goal);
      expect(errorCode(refused)).toBe("INVALID_INPUT");
      expect(refused.body.errors[0].message).toBe("weeklyGoal: must be 1 to 7 days a week, or null for no goal");
      expect(refused.body.errors[0].extensions).toEqual({
        code: "INVALID_INPUT",
        field: "weeklyGoal",
        rule: "weeklyGoal",
        min: 1,
        max: 7,
      });
      expect((await progress(u, "2026-03-18")).weeklyGoal).toBe(7);
    }
    expect((await setGoal(u, null)).body.data.updateUserById.user.weeklyGoal).toBeNull();
  });

  test("this week's days against the goal, the current streak and the best one", async () => {
    // Goal 2. Weeks (Mondays): 02-16 met, 02-23 met, 03-02 one day, 03-09 met (three workouts, two
    // days), 03-16 (this week) one day so far; a planned workout in two weeks does not count.
    for (const date of ["2026-02-16", "2026-02-18", "2026-02-23", "2026-02-27", "2026-03-03"]) await day(date);
    for (const date of ["2026-03-09", "2026-03-09", "2026-03-12", "2026-03-16", "2026-03-30", "2026-04-01"])
      await day(date);
    await setGoal(u, 2);
    expect((await progress(u, "2026-03-18")).weeklyGoalProgress).toEqual({
      goal: 2,
      week: "2026-03-16",
      days: 1,
      met: false,
      currentStreak: 1,
      bestStreak: 2,
    });
    // Any day of the week reads that week; a second day this week meets it and extends the streak.
    await day("2026-03-18");
    expect((await progress(u, "2026-03-22")).weeklyGoalProgress).toEqual({
      goal: 2,
      week: "2026-03-16",
      days: 2,
      met: true,
      currentStreak: 2,
      bestStreak: 2,
    });
    // The planned week of 03-30 counts once it is past; two empty weeks after it end the streak.
    expect((await progress(u, "2026-04-06")).weeklyGoalProgress).toMatchObject({
      days: 0,
      currentStreak: 1,
      bestStreak: 2,
    });
    expect((await progress(u, "2026-04-13")).weeklyGoalProgress).toMatchObject({
      days: 0,
      currentStreak: 0,
      bestStreak: 2,
    });
    // The other user's goal counts only their own workouts.
    await setGoal(other, 1);
    expect((await progress(other, "2026-03-18")).weeklyGoalProgress).toMatchObject({
      days: 0,
      currentStreak: 0,
      bestStreak: 0,
    });
  });

  test("a day that is not a calendar date is refused", async () => {
    const res = await gql(s.url, PROGRESS, { today: "2026-02-30" }, { token: u.token });
    expect(errorCode(res)).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toBe("date: must be a real calendar date as YYYY-MM-DD");
  });
});

describe("history search and filters", () => {
  let push: string;
  let gzclA: string;
  let gzclB: string;
  let named: string[];

  beforeAll(async () => {
    push = await routine(u, { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }] });
    gzclA = await routine(u, {
      name: "GZCLP A1",
      program: "GZCLP",
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: 5, reps: 3 }],
    });
    gzclB = await routine(u, {
      name: "GZCLP B1",
      program: "gzclp ",
      unit: "kg",
      exercises: [{ exercise: "Deadlift", sets: 5, reps: 3 }],
    });
    named = [
      await day("2025-01-06", "Bench Press", { name: "Heavy bench", routine: push }),
      await day("2025-01-08", "Back Squat", { name: "Leg day", routine: gzclA }),
      await day("2025-01-10", "Deadlift", { routine: gzclB }),
      await day("2025-01-13", "Overhead Press", { name: "Shoulders 100%_" }),
    ];
    await logWorkout(s.url, other.token, {
      date: "2025-01-07",
      name: "Heavy bench of someone else",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["200x1"] }],
    });
  });

  test("no filter: every workout of yours, newest first, paged", async () => {
    const all = await history(u, {});
    const mine = await gqlData(s.url, `{ viewer { workoutsByUserId { totalCount } } }`, {}, { token: u.token });
    expect(all.totalCount).toBe(mine.viewer.workoutsByUserId.totalCount);
    const dates = all.nodes.map((w: { date: string }) => w.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const page = await history(u, { first: 2, offset: 1 });
    expect(page.nodes.map((w: { id: string }) => w.id)).toEqual(all.nodes.slice(1, 3).map((w: { id: string }) => w.id));
  });

  test("search matches a workout's name or an exercise's, any case; LIKE characters are plain text", async () => {
    const ids = async (vars: Record<string, unknown>) =>
      (await history(u, vars)).nodes.map((w: { id: string }) => w.id);
    expect(await ids({ search: "LEG DAY" })).toEqual([named[1]]);
    expect(await ids({ search: "  deadlift " })).toEqual([named[2]]);
    expect(await ids({ search: "overhead" })).toEqual([named[3]]);
    expect(await ids({ search: "100%_" })).toEqual([named[3]]);
    expect(await ids({ search: "%" })).toEqual([named[3]]);
    // Bench: the named workout and every other bench day of this user, never the other user's.
    const bench = await history(u, { search: "bench" });
    expect(bench.nodes.map((w: { id: string }) => w.id)).toContain(named[0]);
    expect(bench.nodes.some((w: { name: string | null }) => w.name === "Heavy bench of someone else")).toBe(false);
  });

  test("filter by routine and by program (names compared as routine names are)", async () => {
    expect((await history(u, { routineId: push })).nodes.map((w: { id: string }) => w.id)).toEqual([named[0]]);
    const program = await history(u, { program: "  Gzclp" });
    expect(program.nodes.map((w: { id: string }) => w.id)).toEqual([named[2], named[1]]);
    expect(program.totalCount).toBe(2);
    expect((await history(u, { program: "GZCLP", search: "squat" })).nodes.map((w: { id: string }) => w.id)).toEqual([
      named[1],
    ]);
    // Another user's routine id filters to nothing: their workouts stay theirs.
    const theirs = await routine(other, {
      name: "Theirs",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: 1 }],
    });
    await logWorkout(s.url, other.token, {
      date: "2025-02-01",
      routine: theirs,
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["50x5"] }],
    });
    expect((await history(u, { routineId: theirs })).totalCount).toBe(0);
  });

  test("a search of 100 characters is read, 101 refused naming search", async () => {
    expect((await history(u, { search: "x".repeat(100) })).totalCount).toBe(0);
    const res = await gql(s.url, HISTORY, { search: "x".repeat(101) }, { token: u.token });
    expect(errorCode(res)).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toBe("search: must be at most 100 characters");
  });

  test("signed out: no viewer, so no history", async () => {
    const res = await gql(s.url, HISTORY, {});
    expect(res.body.data.viewer).toBeNull();
  });
});

describe("save a workout as a routine", () => {
  test("its exercises with their work sets, reps and heaviest weight; warm-ups and sets not done left out", async () => {
    const id = await logWorkout(s.url, u.token, {
      date: "2025-05-05",
      unit: "lb",
      exercises: [
        { exercise: "Bench Press", sets: ["w:95x5", "185x5", "195x5", "205x3", { set: "205x3", done: false }] },
        { exercise: "Plank", sets: ["45s", "60s"], superset: "A" },
        {
          exercise: "Pull-Up",
          sets: [
            { set: "bw x 8", done: false },
            { set: "bw x 6", done: false },
          ],
        },
      ],
    });
    const saved = await gqlData(s.url, SAVE, { workoutId: id, name: "Bench day" }, { token: u.token });
    expect(saved.saveWorkoutAsRoutine.routine.name).toBe("Bench day");
    const doc = await gqlData(
      s.url,
      `query($r: String!) { routineDocument(ref: $r) }`,
      { r: "Bench day" },
      { token: u.token },
    );
    expect(doc.routineDocument).toMatchObject({
      name: "Bench day",
      unit: "lb",
      exercises: [
        { exercise: "Bench Press", sets: 3, reps: "3-5", weight: 205 },
        { exercise: "Plank", sets: 2, time: 60, superset: "A" },
        // None done: every planned work set counts.
        { exercise: "Pull-Up", sets: 2, reps: "6-8" },
      ],
    });
    expect(doc.routineDocument.exercises[2].weight).toBeUndefined();
  });

  test("a name taken or blank is refused at name, nothing saved; a workout not yours is NOT_FOUND", async () => {
    const id = await day("2025-06-02");
    const before = await gqlData(s.url, `{ viewer { routines { id } } }`, {}, { token: u.token });
    const taken = await gql(s.url, SAVE, { workoutId: id, name: "push" }, { token: u.token });
    expect(errorCode(taken)).toBe("INVALID_DOCUMENT");
    expect(taken.body.errors[0].extensions.path).toBe("name");
    const blank = await gql(s.url, SAVE, { workoutId: id, name: "" }, { token: u.token });
    expect(errorCode(blank)).toBe("INVALID_DOCUMENT");
    const long = await gql(s.url, SAVE, { workoutId: id, name: "n".repeat(81) }, { token: u.token });
    expect(errorCode(long)).toBe("INVALID_DOCUMENT");
    const after = await gqlData(s.url, `{ viewer { routines { id } } }`, {}, { token: u.token });
    expect(after.viewer.routines.length).toBe(before.viewer.routines.length);
    expect(
      errorCode(await gql(s.url, SAVE, { workoutId: id, name: "n".repeat(80) }, { token: u.token })),
    ).toBeUndefined();

    const notMine = await gql(s.url, SAVE, { workoutId: id, name: "Stolen" }, { token: other.token });
    expect(errorCode(notMine)).toBe("NOT_FOUND");
    const theirs = await gqlData(s.url, `{ viewer { routines { name } } }`, {}, { token: other.token });
    expect(theirs.viewer.routines.map((r: { name: string }) => r.name)).not.toContain("Stolen");
    expect(errorCode(await gql(s.url, SAVE, { workoutId: id, name: "Signed out" }))).toBe("FORBIDDEN");
  });
});

describe("every record on one page", () => {
  const RECORDS = `query($exerciseId: UUID) { viewer { personalRecords(exerciseId: $exerciseId) {
    exerciseName record reps weight unit setWeight setReps seconds date workoutId } } }`;

  test("each exercise's records, one row each, newest first, with their workout; filtered by exercise", async () => {
    const lifter = await signUp(s.url, "Records");
    const first = await logWorkout(s.url, lifter.token, {
      date: "2025-01-06",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["w:60x5", "100x5"] },
        { exercise: "Plank", sets: ["60s"] },
      ],
    });
    const second = await logWorkout(s.url, lifter.token, {
      date: "2025-02-03",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["110x3", { set: "150x1", done: false }] }],
    });
    const rows = (await gqlData(s.url, RECORDS, {}, { token: lifter.token })).viewer.personalRecords;
    const brief = rows.map((r: Record<string, unknown>) => [
      r.date,
      r.exerciseName,
      r.record,
      r.reps,
      Number(r.weight ?? NaN),
      r.setReps,
    ]);
    expect(brief).toEqual([
      ["2025-02-03", "Bench Press", "heaviest", 3, 110, 3],
      // e1RM of 110x3 (Epley: 121) beats 100x5's 116.67.
      ["2025-02-03", "Bench Press", "e1rm", 3, 121, 3],
      ["2025-02-03", "Bench Press", "rep max", 1, 110, 3],
      ["2025-02-03", "Bench Press", "rep max", 3, 110, 3],
      ["2025-02-03", "Bench Press", "reps at weight", 3, 110, 3],
      ["2025-01-06", "Bench Press", "rep max", 5, 100, 5],
      ["2025-01-06", "Bench Press", "reps at weight", 5, 100, 5],
      ["2025-01-06", "Plank", "longest hold", null, NaN, null],
    ]);
    expect(rows[0].workoutId).toBe(second);
    expect(rows[7]).toMatchObject({ seconds: 60, workoutId: first, unit: "kg" });

    const exercises = await gqlData(s.url, `{ resolveExercise(name: "Plank") { exercise { id } } }`);
    const plank = exercises.resolveExercise.exercise.id;
    const only = (await gqlData(s.url, RECORDS, { exerciseId: plank }, { token: lifter.token })).viewer.personalRecords;
    expect(only.map((r: { record: string }) => r.record)).toEqual(["longest hold"]);
    // Nobody else's: the other user has none of these.
    expect(
      (await gqlData(s.url, RECORDS, { exerciseId: plank }, { token: other.token })).viewer.personalRecords,
    ).toEqual([]);
  });

  test("a record's set logged in the other unit carries its weight as entered, beside the lifter's unit", async () => {
    const lifter = await signUpWithUnit(s, "lb", "Entered");
    await logWorkout(s.url, lifter.token, {
      date: "2025-03-03",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["105x3"] },
        { exercise: "Plank", sets: ["60s"] },
      ],
    });
    const ENTERED = `{ viewer { personalRecords { record unit setWeight enteredWeight enteredUnit } } }`;
    const rows = (await gqlData(s.url, ENTERED, {}, { token: lifter.token })).viewer.personalRecords;
    const brief = rows.map((r: Record<string, string | null>) => [
      r.record,
      r.unit,
      r.setWeight === null ? null : Number(r.setWeight),
      r.enteredWeight === null ? null : Number(r.enteredWeight),
      r.enteredUnit,
    ]);
    // 105 kg = 231.4853 lb: the API's two decimals; the page writes 231.5 lb (105 kg).
    expect(brief).toEqual([
      ["heaviest", "lb", 231.49, 105, "kg"],
      ["e1rm", "lb", 231.49, 105, "kg"],
      ["rep max", "lb", 231.49, 105, "kg"],
      ["rep max", "lb", 231.49, 105, "kg"],
      ["reps at weight", "lb", 231.49, 105, "kg"],
      ["longest hold", "lb", null, null, null],
    ]);
  });
});
