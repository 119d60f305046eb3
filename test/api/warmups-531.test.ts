// Warm-ups over HTTP: a 5/3/1 lift plans Wendler's 40/50/60 % of the training max for 5/5/3 reps
// at loadable weights (checked against a table worked out by hand, in kg and in lb), only below
// the week's first set, the heaviest `warmups` of them, none with `warmups: 0`; the library's
// 5/3/1 days plan them on the main lift; Query.warmupSets gives the logger the same numbers and
// refuses bad arguments by name at their edges.
import { useTestServer, signUpWithUnit, gql, gqlData, errorCode, type SignedUpUser } from "../support/harness.ts";

const s = useTestServer();

const APPLY = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const NEXT = `query($id: UUID!) { routineById(id: $id) { nextWorkout } }`;
const WARMUPS = `query($w: String, $u: String, $step: BigFloat, $tm: BigFloat, $n: Int) {
  warmupSets(workSet: $w, unit: $u, step: $step, trainingMax: $tm, warmups: $n) }`;
const WEEK_1 = ["65%x5", "75%x5", "85%x5+"];
const DELOAD = ["40%x5", "50%x5", "60%x5"];

async function plannedSets(u: SignedUpUser, exercise: Record<string, unknown>, unit: string): Promise<string[]> {
  const id = (await gqlData(s.url, APPLY, { d: { name: `531 ${Math.random()}`, unit, exercises: [exercise] } }, u))
    .applyRoutineDocument.routine.id;
  const plan = (await gqlData(s.url, NEXT, { id }, u)).routineById.nextWorkout;
  return plan.exercises[0].sets.map((set: { set: string }) => set.set);
}

const main = (trainingMax: number, warmups: number, cycle = [WEEK_1]) => ({
  exercise: "Back Squat",
  sets: 3,
  trainingMax,
  warmups,
  cycle,
});

test("5/3/1 warm-ups are 40 %x5, 50 %x5, 60 %x3 of the training max, snapped to the step, in kg and in lb", async () => {
  const kg = await signUpWithUnit(s, "kg");
  const lb = await signUpWithUnit(s, "lb");
  // Worked out by hand: TM x 0.4 / 0.5 / 0.6, to the nearest 2.5 kg or 5 lb (halves up).
  const table: [SignedUpUser, string, number, string[]][] = [
    [kg, "kg", 100, ["w:40x5", "w:50x5", "w:60x3"]],
    // 49.2 -> 50, 61.5 -> 62.5, 73.8 -> 75
    [kg, "kg", 123, ["w:50x5", "w:62.5x5", "w:75x3"]],
    // 90, 112.5 -> 115, 135
    [lb, "lb", 225, ["w:90x5", "w:115x5", "w:135x3"]],
    // 126 -> 125, 157.5 -> 160, 189 -> 190
    [lb, "lb", 315, ["w:125x5", "w:160x5", "w:190x3"]],
  ];
  for (const [user, unit, tm, warmups] of table) {
    const sets = await plannedSets(user, main(tm, 3), unit);
    expect([unit, tm, sets.slice(0, 3)]).toEqual([unit, tm, warmups]);
    // The work sets follow, the last one AMRAP; no warm-up is.
    expect(sets.slice(3)).toHaveLength(3);
    expect(sets[5]).toMatch(/\+$/);
    expect(sets.slice(0, 3).every((t) => !t.endsWith("+"))).toBe(true);
  }
});

test("warmups 0 plans none, 1 the heaviest; the deload week (its sets are those weights) none", async () => {
  const kg = await signUpWithUnit(s, "kg");
  expect(await plannedSets(kg, main(100, 0), "kg")).toEqual(["65x5", "75x5", "85x5+"]);
  expect(await plannedSets(kg, main(100, 1), "kg")).toEqual(["w:60x3", "65x5", "75x5", "85x5+"]);
  expect(await plannedSets(kg, main(100, 3, [DELOAD]), "kg")).toEqual(["40x5", "50x5", "60x5"]);
});

test("the library's 5/3/1 days plan the warm-ups on the main lift only", async () => {
  const lb = await signUpWithUnit(s, "lb");
  const started = await gqlData(
    s.url,
    `mutation($lifts: [ProgramLiftInput]) { startProgram(input: { slug: "531-bbb", lifts: $lifts }) { routines { id name } } }`,
    {
      lifts: [
        { lift: "Overhead Press", weight: 100 },
        { lift: "Deadlift", weight: 400 },
        { lift: "Bench Press", weight: 200 },
        { lift: "Back Squat", weight: 300 },
      ],
    },
    lb,
  );
  const squat = started.startProgram.routines.find((r: { name: string }) => r.name.endsWith("Squat"));
  const plan = (await gqlData(s.url, NEXT, { id: squat.id }, lb)).routineById.nextWorkout;
  const sets = plan.exercises.map((e: { sets: { set: string }[] }) => e.sets.map((x) => x.set));
  // TM 300 lb: 120, 150, 180; then 195/225/255+ (65/75/85 %); the BBB sets have no warm-ups.
  expect(sets[0]).toEqual(["w:120x5", "w:150x5", "w:180x3", "195x5", "225x5", "255x5+"]);
  expect(sets[1].some((t: string) => t.startsWith("w:"))).toBe(false);
});

test("warmupSets: the logger's ramp by the same rules; bad arguments refused by name at their edges", async () => {
  const u = await signUpWithUnit(s, "kg");
  const ask = (vars: Record<string, unknown>) => gql(s.url, WARMUPS, { u: "kg", ...vars }, u);
  // 40/60/80 % of 100 kg, reps 5 x (1.2 - share).
  expect((await ask({ w: "100x5" })).body.data.warmupSets).toEqual(["w:40x4", "w:60x3", "w:80x2"]);
  expect((await ask({ w: "100x5", tm: "120" })).body.data.warmupSets).toEqual(["w:47.5x5", "w:60x5", "w:72.5x3"]);
  expect((await ask({ w: "x12" })).body.data.warmupSets).toEqual([]);
  expect((await ask({ w: "100x5", n: 5 })).body.data.warmupSets).toHaveLength(5);
  for (const [vars, message] of [
    [{ w: "100x5", n: 0 }, "warmups: must be between 1 and 5"],
    [{ w: "100x5", n: 6 }, "warmups: must be between 1 and 5"],
    [{ w: "100x5", u: "stone" }, "unit: must be one of kg, lb"],
    [{ w: "100x5", step: "0" }, "step: must be more than 0 and at most 100"],
    [{ w: "100x5", tm: "0" }, "trainingMax: must be more than 0 and at most 10000"],
    [{ w: "lots" }, "workSet: "],
  ] as const) {
    const answer = await ask(vars);
    expect([vars, errorCode(answer)]).toEqual([vars, "INVALID_INPUT"]);
    expect(answer.body.errors[0].message).toContain(message);
  }
  // The step's edge: 100 is taken, and no 100 kg step lies within 40-80 % of 100 kg.
  expect((await ask({ w: "100x5", step: "100" })).body.data.warmupSets).toEqual([]);
  expect(errorCode(await ask({ w: "100x5", step: "100.5" }))).toBe("INVALID_INPUT");
});
