// The muscles exercises work, over HTTP: one list of muscle names the catalog's primary and
// secondary muscles draw from (every one of its exercises), custom exercises setting both with
// their limits at the edges, and weeklyMuscleSets (a primary muscle counts a set, a secondary half)
// of the caller's own done work sets only, with its arguments' edges.
import { useTestServer, gql, gqlData, signUp, logWorkout } from "../support/harness.ts";

const s = useTestServer();

const EXERCISE = `query($words: String!) { resolveExercise(name: $words) { exercise { name muscles secondaryMuscles } } }`;
const CREATE = `mutation($input: CreateCustomExerciseInput!) { createCustomExercise(input: $input) { exercise { id muscles secondaryMuscles } } }`;
const UPDATE = `mutation($input: UpdateCustomExerciseInput!) { updateCustomExercise(input: $input) { exercise { muscles secondaryMuscles } } }`;
const WEEKS = `query($weeks: Int, $until: String) { weeklyMuscleSets(weeks: $weeks, until: $until) { week muscleGroup sets primarySets secondarySets } }`;

describe("the muscle list and the catalog", () => {
  test("muscleList: names in body order with their groups, signed out too", async () => {
    const data = await gqlData(s.url, "{ muscleList { name muscleGroup } }");
    const names = data.muscleList.map((m: { name: string }) => m.name);
    expect(names[0]).toBe("chest");
    expect(data.muscleList).toEqual(
      expect.arrayContaining([
        { name: "front delts", muscleGroup: "shoulders" },
        { name: "brachialis", muscleGroup: "biceps" },
        { name: "quads", muscleGroup: "quads" },
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  test("every catalog exercise's primary and secondary muscles are names of the list, never both", async () => {
    const { rows } = await s.ownerPool.query(`
      select count(*)::int as exercises,
             count(*) filter (where exists (select 1 from unnest(e.muscles || e.secondary_muscles) m
                                             where m not in (select name from app_public.muscles)))::int as outside,
             count(*) filter (where e.muscles && e.secondary_muscles)::int as both,
             count(*) filter (where cardinality(e.muscles) = 0)::int as no_primary,
             count(*) filter (where cardinality(e.secondary_muscles) > 0)::int as with_secondary
        from app_public.exercises e where e.user_id is null`);
    expect(rows[0]).toMatchObject({ exercises: 393, outside: 0, both: 0, no_primary: 0 });
    // Isolation lifts (curls of the wrist, calf raises, leg extensions) have none; most have some.
    expect(rows[0].with_secondary).toBeGreaterThan(350);
  });

  test.each([
    ["bench press", "Bench Press", ["chest", "triceps"], ["front delts"]],
    ["back squat", "Back Squat", ["quads", "glutes", "adductors"], ["hamstrings", "lower back", "abs"]],
    ["pull up", "Pull-Up", ["lats", "biceps", "upper back"], ["rear delts", "forearms", "brachialis"]],
    ["running", "Running", ["cardiovascular", "quads", "hamstrings", "calves"], ["glutes", "hip flexors", "abs"]],
  ])("%s: primary and secondary muscles", async (words, name, muscles, secondaryMuscles) => {
    const data = await gqlData(s.url, EXERCISE, { words });
    expect(data.resolveExercise.exercise).toEqual({ name, muscles, secondaryMuscles });
  });
});

describe("custom exercises' muscles", () => {
  test("both lists set and changed; tidied; 10 entries of 40 characters accepted, 11 or 41 refused by name", async () => {
    const u = await signUp(s.url, "Muscled");
    const made = await gql(
      s.url,
      CREATE,
      {
        input: { name: "Zercher Lunge", muscles: ["quads", " glutes "], secondaryMuscles: ["upper  back", "", "abs"] },
      },
      { token: u.token },
    );
    expect(made.body.data.createCustomExercise.exercise).toMatchObject({
      muscles: ["quads", "glutes"],
      secondaryMuscles: ["upper back", "abs"],
    });
    const id = made.body.data.createCustomExercise.exercise.id;
    const changed = await gql(s.url, UPDATE, { input: { id, secondaryMuscles: ["hamstrings"] } }, { token: u.token });
    expect(changed.body.data.updateCustomExercise.exercise).toEqual({
      muscles: ["quads", "glutes"],
      secondaryMuscles: ["hamstrings"],
    });
    const ten = Array.from({ length: 10 }, (_, i) => `${"s".repeat(39)}${i}`);
    const okTen = await gql(s.url, UPDATE, { input: { id, secondaryMuscles: ten } }, { token: u.token });
    expect(okTen.body.data.updateCustomExercise.exercise.secondaryMuscles).toEqual(ten);
    for (const [secondaryMuscles, message] of [
      [[...ten, "x"], "secondaryMuscles: at most 10 entries"],
      [["s".repeat(41)], "secondaryMuscles: each entry at most 40 characters"],
      [["Quads"], 'secondaryMuscles: "Quads" is already a primary muscle (in muscles)'],
    ] as const) {
      const refused = await gql(s.url, UPDATE, { input: { id, secondaryMuscles } }, { token: u.token });
      expect(refused.body.errors[0]).toMatchObject({ message, extensions: { code: "INVALID_INPUT" } });
    }
    const { rows } = await s.ownerPool.query("select secondary_muscles from app_public.exercises where id = $1", [id]);
    expect(rows[0].secondary_muscles).toEqual(ten);
  });
});

describe("weeklyMuscleSets", () => {
  test("primary 1, secondary ½ per done work set; warm-ups, sets not done and cardio count nothing; others' sets never", async () => {
    const u = await signUp(s.url, "Sets");
    const other = await signUp(s.url, "Not Mine");
    // Week of Monday 2026-01-05: bench 3 work sets (a warm-up and a set not done left out).
    await logWorkout(s.url, u.token, {
      date: "2026-01-06",
      exercises: [
        { exercise: "Bench Press", sets: ["w:40x5", "100x5", "100x5", "100x5", { set: "100x5", done: false }] },
        { exercise: "Running", sets: ["30:00"] },
      ],
    });
    // The next week: 2 sets of pull-ups, 2 of bench.
    await logWorkout(s.url, u.token, {
      date: "2026-01-12",
      exercises: [
        { exercise: "Pull-Up", sets: ["bw x 8", "bw x 8"] },
        { exercise: "Bench Press", sets: ["100x5", "100x5"] },
      ],
    });
    await logWorkout(s.url, other.token, {
      date: "2026-01-06",
      exercises: [{ exercise: "Bench Press", sets: ["60x5"] }],
    });
    const data = await gqlData(s.url, WEEKS, { weeks: 2, until: "2026-01-18" }, { token: u.token });
    const rows = data.weeklyMuscleSets as { week: string; muscleGroup: string; sets: number }[];
    const of = (week: string, group: string) => rows.find((r) => r.week === week && r.muscleGroup === group);
    expect(of("2026-01-05", "chest")).toEqual({
      week: "2026-01-05",
      muscleGroup: "chest",
      sets: 3,
      primarySets: 3,
      secondarySets: 0,
    });
    expect(of("2026-01-05", "triceps")).toMatchObject({ sets: 3 });
    // Front delts are secondary on the bench: half a set each, under the shoulders group.
    expect(of("2026-01-05", "shoulders")).toMatchObject({ sets: 1.5, primarySets: 0, secondarySets: 3 });
    expect(of("2026-01-05", "quads")).toBeUndefined();
    // Pull-ups: lats, biceps and upper back primary; rear delts (shoulders) secondary; brachialis counts as biceps, once.
    expect(of("2026-01-12", "lats")).toMatchObject({ sets: 2 });
    expect(of("2026-01-12", "biceps")).toMatchObject({ sets: 2, primarySets: 2, secondarySets: 0 });
    expect(of("2026-01-12", "shoulders")).toMatchObject({ sets: 2, secondarySets: 4 });
    expect(of("2026-01-12", "chest")).toMatchObject({ sets: 2 });
    // Oldest week first, then groups in body order (chest before lats).
    expect(rows[0]).toMatchObject({ week: "2026-01-05", muscleGroup: "chest" });
    const lastWeekOnly = await gqlData(s.url, WEEKS, { weeks: 1, until: "2026-01-12" }, { token: u.token });
    expect(new Set(lastWeekOnly.weeklyMuscleSets.map((r: { week: string }) => r.week))).toEqual(
      new Set(["2026-01-12"]),
    );
  });

  test("weeks 1 and 26 accepted, 0 and 27 refused; until must be a date; signed out FORBIDDEN", async () => {
    const u = await signUp(s.url, "Bounds");
    for (const weeks of [1, 26])
      expect((await gql(s.url, WEEKS, { weeks }, { token: u.token })).body.errors).toBeUndefined();
    for (const weeks of [0, 27]) {
      const refused = await gql(s.url, WEEKS, { weeks }, { token: u.token });
      expect(refused.body.errors[0]).toMatchObject({
        message: "weeks: must be a whole number from 1 to 26",
        extensions: { code: "INVALID_INPUT" },
      });
    }
    const badDate = await gql(s.url, WEEKS, { until: "2026-02-30" }, { token: u.token });
    expect(badDate.body.errors[0].message).toBe("until: must be a real calendar date as YYYY-MM-DD");
    const signedOut = await gql(s.url, WEEKS, {});
    expect(signedOut.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});
