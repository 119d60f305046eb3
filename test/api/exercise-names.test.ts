// Exercise names over HTTP: the one resolver (resolveExercise / resolveExercises) against a list of
// real-world gym words and export names (test/fixtures/exercise-names.json), the same answer from
// search, lastPerformance and documents, its limits, and the rule that a custom exercise never
// takes a name that already means a catalog exercise.
import { readFileSync } from "node:fs";
import { startTestServer, gql, signUp, type SignedUpUser, type TestServer } from "../support/harness.ts";

type Case = { name: string; expect: string };
const CASES: Case[] = JSON.parse(readFileSync(new URL("../fixtures/exercise-names.json", import.meta.url), "utf8"));

let s: TestServer;
let u: SignedUpUser;
beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Names");
});
afterAll(async () => {
  await s.close();
});

const RESOLVE = `query($names: [String!]!) { resolveExercises(names: $names) {
  name match exerciseId exercise { id name } candidates { id name } } }`;

async function resolveAll(names: string[], token = u.token) {
  const out: any[] = [];
  for (let i = 0; i < names.length; i += 100) {
    const res = await gql(s.url, RESOLVE, { names: names.slice(i, i + 100) }, { token });
    expect(res.body.errors).toBeUndefined();
    out.push(...res.body.data.resolveExercises);
  }
  return out;
}

const chunks = <T>(list: T[], n: number) =>
  Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));

describe("the fixture of gym words", () => {
  let results: any[];
  beforeAll(async () => {
    results = await resolveAll(CASES.map((c) => c.name));
  });

  test("has at least 200 words, some ambiguous and some unknown", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(200);
    expect(CASES.filter((c) => c.expect === "ambiguous").length).toBeGreaterThanOrEqual(10);
    expect(CASES.filter((c) => c.expect === "none").length).toBeGreaterThanOrEqual(3);
  });

  test("every word resolves to its expected exercise, or is ambiguous with choices, or names none", () => {
    const wrong = CASES.map((c, i) => ({ ...c, got: results[i] }))
      .filter(({ expect: want, got }) => {
        if (want === "ambiguous")
          return !(got.match === "ambiguous" && got.exercise === null && got.candidates.length >= 2);
        if (want === "none") return !(got.match === "none" && got.exercise === null);
        return !(
          got.exercise?.name === want &&
          got.exerciseId === got.exercise.id &&
          ["name", "alias", "words", "typo"].includes(got.match) &&
          got.candidates.length === 1 &&
          got.candidates[0].id === got.exercise.id
        );
      })
      .map(
        ({ name, expect: want, got }) =>
          `${name} -> ${got.match} ${got.exercise?.name ?? got.candidates.map((c: any) => c.name).join(" | ")} (want ${want})`,
      );
    expect(wrong).toEqual([]);
  });

  test("each answer says how it matched", () => {
    const kind = (name: string) => results[CASES.findIndex((c) => c.name === name)].match;
    expect(kind("bench press")).toBe("name");
    expect(kind("bench")).toBe("alias");
    expect(kind("DB OHP")).toBe("words");
    expect(kind("Squat (Barbell)")).toBe("words");
    expect(kind("sqaut")).toBe("typo");
    expect(kind("press")).toBe("ambiguous");
    expect(kind("Underwater Basket Weaving")).toBe("none");
  });

  test("an ambiguous word never guesses: `press` offers the big presses first, `deadlfit` is Deadlift and not Deficit Deadlift", () => {
    const press = results[CASES.findIndex((c) => c.name === "press")];
    expect(press.candidates.slice(0, 2).map((c: any) => c.name)).toEqual(["Bench Press", "Overhead Press"]);
    expect(press.candidates.length).toBeLessThanOrEqual(10);
    expect(results[CASES.findIndex((c) => c.name === "deadlfit")].exercise.name).toBe("Deadlift");
  });

  test("choices share the words typed: `incline press` offers incline presses only (not Leg Press by its alias), `press` presses only", () => {
    const choices = (name: string) =>
      results[CASES.findIndex((c) => c.name === name)].candidates.map((c: any) => c.name as string);
    const incline = choices("incline press");
    expect(incline.length).toBeGreaterThanOrEqual(2);
    expect(incline).toContain("Incline Bench Press");
    expect(incline.filter((n: string) => !/incline/i.test(n))).toEqual([]);
    const press = choices("press");
    expect(press.length).toBeGreaterThanOrEqual(2);
    expect(press.filter((n: string) => !/press/i.test(n))).toEqual([]);
  });

  test("search puts the resolver's answer first (its choices, when ambiguous)", async () => {
    const found: any[] = [];
    // 25 root fields per request at most: one aliased searchExercises per word.
    for (const part of chunks(CASES, 25)) {
      const query = `query(${part.map((_, i) => `$w${i}: String!`).join(", ")}) { ${part.map((_, i) => `s${i}: searchExercises(words: $w${i}, limit: 3) { id name }`).join(" ")} }`;
      const res = await gql(s.url, query, Object.fromEntries(part.map((c, i) => [`w${i}`, c.name])), {
        token: u.token,
      });
      expect(res.body.errors).toBeUndefined();
      found.push(...part.map((_, i) => res.body.data[`s${i}`]));
    }
    const differ = CASES.map((c, i) => ({ c, r: results[i], first: found[i][0] }))
      .filter(({ r, first }) => r.match !== "none" && first?.id !== r.candidates[0].id)
      .map(({ c, r, first }) => `${c.name}: search ${first?.name}, resolver ${r.candidates[0].name}`);
    expect(differ).toEqual([]);
  });

  test("lastPerformance and documents resolve every word the same way (one resolver)", async () => {
    const ids: (string | null)[] = [];
    for (const part of chunks(CASES, 100)) {
      const res = await gql(
        s.url,
        `query($e: [String]) { lastPerformance(exercises: $e) { exercise exerciseId } }`,
        { e: part.map((c) => c.name) },
        { token: u.token },
      );
      expect(res.body.errors).toBeUndefined();
      ids.push(...res.body.data.lastPerformance.map((x: any) => x.exerciseId));
    }
    expect(ids).toEqual(results.map((r) => r.exerciseId));
    // A workout naming every word that resolves is valid, and is shown back by catalog names.
    const resolvable = CASES.filter((_, i) => results[i].exerciseId);
    for (const part of chunks(resolvable, 100)) {
      const doc = { date: "2026-03-02", exercises: part.map((c) => ({ exercise: c.name, sets: ["10x5"] })) };
      const res = await gql(
        s.url,
        `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`,
        { d: doc },
        { token: u.token },
      );
      expect(res.body.errors).toBeUndefined();
      const id = res.body.data.applyWorkoutDocument.workout.id;
      const shown = await gql(s.url, `query($id: UUID!) { workoutDocument(id: $id) }`, { id }, { token: u.token });
      expect(shown.body.errors).toBeUndefined();
      expect(shown.body.data.workoutDocument.exercises.map((e: any) => e.exercise)).toEqual(
        part.map((c) => results[CASES.indexOf(c)].exercise.name),
      );
      await s.ownerPool.query("delete from app_public.workouts where id = $1", [id]);
    }
  });
});

describe("documents", () => {
  const apply = (exercises: unknown[]) =>
    gql(
      s.url,
      `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`,
      { d: { date: "2026-03-03", exercises } },
      { token: u.token },
    );

  test("an ambiguous name is refused with its choices; nothing is saved", async () => {
    const before = (
      await s.ownerPool.query("select count(*)::int as n from app_public.workouts where user_id = $1", [u.user.id])
    ).rows[0].n;
    const res = await apply([
      { exercise: "Back Squat", sets: ["100x5"] },
      { exercise: "press", sets: ["50x5"] },
    ]);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "INVALID_DOCUMENT", path: "exercises[1].exercise" });
    expect(res.body.errors[0].extensions.reason).toBe(
      'ambiguous exercise "press": could be Bench Press, Overhead Press, Dumbbell Bench Press, Leg Press, Push Press; write one of them',
    );
    const after = (
      await s.ownerPool.query("select count(*)::int as n from app_public.workouts where user_id = $1", [u.user.id])
    ).rows[0].n;
    expect(after).toBe(before);
  });

  test("an unknown name still names the closest exercises", async () => {
    const res = await apply([{ exercise: "Underwater Basket Weaving", sets: ["1x1"] }]);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "INVALID_DOCUMENT",
      path: "exercises[0].exercise",
      reason: 'unknown exercise "Underwater Basket Weaving"',
    });
  });
});

describe("limits", () => {
  test("resolveExercises: 100 names accepted, 101 refused; a name of 200 characters accepted, 201 refused", async () => {
    expect(await resolveAll(Array(100).fill("bench"))).toHaveLength(100);
    const over = await gql(s.url, RESOLVE, { names: Array(101).fill("bench") }, { token: u.token });
    expect(over.body.errors[0]).toMatchObject({
      message: "names: at most 100 names at a time",
      extensions: { code: "INVALID_INPUT" },
    });
    const [long] = await resolveAll(["x".repeat(200)]);
    expect(long).toMatchObject({ match: "none", exercise: null });
    const tooLong = await gql(s.url, RESOLVE, { names: ["x".repeat(201)] }, { token: u.token });
    expect(tooLong.body.errors[0]).toMatchObject({
      message: "names: each name must be at most 200 characters",
      extensions: { code: "INVALID_INPUT" },
    });
    const one = await gql(
      s.url,
      `query($n: String!) { resolveExercise(name: $n) { match } }`,
      { n: "y".repeat(201) },
      { token: u.token },
    );
    expect(one.body.errors[0]).toMatchObject({
      message: "name: must be at most 200 characters",
      extensions: { code: "INVALID_INPUT" },
    });
  });

  test("blank names and ids: none, or the exercise by id; someone else's custom id is none", async () => {
    const {
      rows: [dl],
    } = await s.ownerPool.query("select id from app_public.exercises where user_id is null and name = 'Deadlift'");
    const other = await signUp(s.url, "Other");
    const mine = await gql(
      s.url,
      `mutation { createCustomExercise(input: { name: "Other's Sled Walk" }) { exercise { id } } }`,
      {},
      { token: other.token },
    );
    const secret = mine.body.data.createCustomExercise.exercise.id;
    const [blank, spaces, byId, theirs] = await resolveAll(["", "   ", dl.id.toUpperCase(), secret]);
    expect(blank).toMatchObject({ name: "", match: "none", exercise: null, candidates: [] });
    expect(spaces).toMatchObject({ match: "none", exercise: null, candidates: [] });
    expect(byId).toMatchObject({ match: "id", exercise: { name: "Deadlift" } });
    expect(theirs).toMatchObject({ match: "none", exercise: null });
    const [own] = await resolveAll([secret], other.token);
    expect(own).toMatchObject({ match: "id", exercise: { id: secret } });
  });

  test("signed out, the catalog resolves", async () => {
    const res = await gql(s.url, `query { resolveExercise(name: "DB OHP") { match exercise { name } } }`);
    expect(res.body.data.resolveExercise).toEqual({ match: "words", exercise: { name: "Dumbbell Shoulder Press" } });
  });
});

describe("the resolver's labels follow the catalog", () => {
  test("an alias added is a name at once; an alias removed no longer is", async () => {
    const c = await s.ownerPool.connect();
    try {
      await c.query("begin");
      const match = async (name: string) =>
        (await c.query("select (app_hidden.match_exercise($1, false)).*", [name])).rows[0];
      await c.query("delete from app_public.exercise_aliases where alias = 'bench'");
      expect((await match("bench")).match).toBe("ambiguous");
      await c.query(`insert into app_public.exercise_aliases (exercise_id, alias)
                     select id, 'bench thing' from app_public.exercises where user_id is null and name = 'Bench Press'`);
      expect(await match("bench things")).toMatchObject({ match: "words" });
      await c.query("rollback");
    } finally {
      c.release();
    }
    const [bench] = await resolveAll(["bench"]);
    expect(bench).toMatchObject({ match: "alias", exercise: { name: "Bench Press" } });
  });
});

describe("custom exercises never shadow the catalog", () => {
  const CREATE = `mutation($name: String!) { createCustomExercise(input: { name: $name }) { exercise { id name } } }`;
  const RENAME = `mutation($id: UUID!, $name: String!) { updateCustomExercise(input: { id: $id, name: $name }) { exercise { id name } } }`;

  test.each([
    ["Bench Press", "Bench Press"],
    ["bench-press", "Bench Press"],
    ["OHP", "Overhead Press"],
    ["Tricep Pushdowns", "Triceps Pushdown"],
    ["DB OHP", "Dumbbell Shoulder Press"],
    ["Squat (Barbell)", "Back Squat"],
    ["pull ups", "Pull-Up"],
    // What the resolver reads as a catalog exercise after a typo, or by words only it has, is refused too.
    ["Sqaut", "Back Squat"],
    ["deadlfit", "Deadlift"],
    ["Plnak", "Plank"],
    ["zercher", "Zercher Squat"],
  ])("%j is refused as the catalog's %s", async (name, catalog) => {
    const res = await gql(s.url, CREATE, { name }, { token: u.token });
    expect(res.body.errors[0]).toMatchObject({
      message: `name: "${name}" already means the catalog exercise "${catalog}"; use it, or choose another name`,
      extensions: { code: "CONFLICT" },
    });
  });

  test("renaming to a catalog name is refused too; a name of one's own is fine and resolves to it", async () => {
    const made = await gql(s.url, CREATE, { name: "Sandbag Bear Hug Squat" }, { token: u.token });
    const { id } = made.body.data.createCustomExercise.exercise;
    const res = await gql(s.url, RENAME, { id, name: "Zercher Squat" }, { token: u.token });
    expect(res.body.errors[0]).toMatchObject({ extensions: { code: "CONFLICT" } });
    expect(res.body.errors[0].message).toContain('already means the catalog exercise "Zercher Squat"');
    const typo = await gql(s.url, RENAME, { id, name: "Bnech Press" }, { token: u.token });
    expect(typo.body.errors[0]).toMatchObject({
      message: 'name: "Bnech Press" already means the catalog exercise "Bench Press"; use it, or choose another name',
      extensions: { code: "CONFLICT" },
    });
    // So a typo still finds the catalog exercise in search, first.
    const found = await gql(
      s.url,
      `query { searchExercises(words: "sqaut", limit: 3) { name } }`,
      {},
      { token: u.token },
    );
    expect(found.body.data.searchExercises[0].name).toBe("Back Squat");
    const [mine] = await resolveAll(["sandbag bear hug squat"]);
    expect(mine).toMatchObject({ match: "name", exercise: { id, name: "Sandbag Bear Hug Squat" } });
    // Case and spacing of its own name may change.
    expect(
      (await gql(s.url, RENAME, { id, name: "sandbag  bear hug SQUAT" }, { token: u.token })).body.data
        .updateCustomExercise.exercise.name,
    ).toBe("sandbag bear hug SQUAT");
  });

  test("every catalog exercise is shown by its own name in documents", async () => {
    const { rows } = await s.ownerPool.query(`
      select count(*)::int as n from app_public.exercises e
       where e.user_id is null and app_hidden.exercise_reference(e.id) <> e.name`);
    expect(rows[0].n).toBe(0);
  });
});

describe("weighted bodyweight exercises have one home: the bodyweight exercise, with bw+ sets", () => {
  const apply = (token: string, exercises: unknown[]) =>
    gql(
      s.url,
      `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`,
      { d: { date: "2026-05-04", unit: "kg", exercises } },
      { token },
    );

  test("the weighted names and the exports' `(Weighted)` names log, and find records, on the bodyweight exercise", async () => {
    const lifter = await signUp(s.url, "Weighted Pulls");
    const res = await apply(lifter.token, [
      { exercise: "weighted pull ups", sets: ["bw+20x5"] },
      { exercise: "Chest Dip (Weighted)", sets: ["bw+10x8"] },
      { exercise: "Triceps Dip (Weighted)", sets: ["bw+15x6"] },
    ]);
    expect(res.body.errors).toBeUndefined();
    const shown = await gql(
      s.url,
      `query($id: UUID!) { workoutDocument(id: $id) }`,
      { id: res.body.data.applyWorkoutDocument.workout.id },
      { token: lifter.token },
    );
    expect(shown.body.data.workoutDocument.exercises.map((e: any) => [e.exercise, e.sets])).toEqual([
      ["Pull-Up", ["bw+20x5"]],
      ["Dip", ["bw+10x8"]],
      ["Dip", ["bw+15x6"]],
    ]);
    for (const name of ["weighted pull ups", "Pull Up (Weighted)", "Weighted Pull-Up", "pull-up"]) {
      const rec = await gql(
        s.url,
        `query($n: String!) { resolveExercise(name: $n) { exercise { name records { heaviest { weight reps } } } } }`,
        { n: name },
        { token: lifter.token },
      );
      expect(rec.body.data.resolveExercise.exercise).toEqual({
        name: "Pull-Up",
        records: { heaviest: { weight: 20, reps: 5 } },
      });
    }
    const { rows } = await s.ownerPool.query(
      `select name from app_public.exercises where user_id is null and name like 'Weighted %' order by name`,
    );
    expect(rows.map((r) => r.name)).not.toEqual(expect.arrayContaining(["Weighted Pull-Up"]));
    expect(rows.map((r) => r.name)).toEqual(
      expect.not.arrayContaining(["Weighted Chin-Up", "Weighted Dip", "Weighted Push-Up", "Weighted Plank"]),
    );
    // Each weighted name is an alias of the bodyweight exercise.
    const weighted = await resolveAll(
      ["Weighted Dip", "Weighted Chin-Up", "Weighted Push-Up", "Weighted Plank"],
      lifter.token,
    );
    expect(weighted.map((r) => [r.match, r.exercise.name])).toEqual([
      ["alias", "Dip"],
      ["alias", "Chin-Up"],
      ["alias", "Push-Up"],
      ["alias", "Plank"],
    ]);
  });
});
