// The real `svc` binary against the real server: `svc program list` (the built-in programs, signed
// in or not) and `svc program start` (given weights, --unit, --from-history, a second copy), with
// its refusals: a lift without a weight named, a malformed --set, an unknown slug; nothing saved.
import { cliServer, hasStackTrace, type Home } from "./support.ts";

const cli = cliServer();
const signedUp = () => cli.signUpHome("Lifter", cli.email("program"), "correct horse battery");
const x = (n: number, set: string) => Array.from({ length: n }, () => set);
const SS = ["Back Squat=100", "Overhead Press=40", "Deadlift=120", "Bench Press=60", "Power Clean=50"];
const sets = (weights: string[]) => weights.flatMap((w) => ["--set", w]);

async function json(h: Home, args: string[]): Promise<any> {
  const r = await h.run([...args, "--json"]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(r.stdout);
}
/** The work sets `svc routine next <routine>` plans, by exercise. */
async function planned(h: Home, routine: string) {
  const doc = await json(h, ["routine", "next", routine]);
  return doc.exercises.map((e: any) => [e.exercise, e.sets.map((s: any) => s.set)]);
}

test("svc program list: every built-in program with its days and inputs, signed out too; --json whole", async () => {
  const h = cli.home();
  const r = await h.run(["program", "list"]);
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines[0]).toMatch(/^SLUG\s+NAME\s+DAYS\s+INPUTS$/);
  expect(lines.slice(1).map((l) => l.split(/\s{2,}/)[0])).toEqual([
    "gzclp",
    "531-bbb",
    "531-fsl",
    "starting-strength",
    "stronglifts-5x5",
    "push-pull-legs",
  ]);
  expect(r.stdout).toContain("A1, B1, A2, B2");
  expect(r.stdout).toContain("training max: Overhead Press, Deadlift, Bench Press, Back Squat");
  const all = await json(h, ["program", "list"]);
  expect(all[3]).toMatchObject({
    slug: "starting-strength",
    name: "Starting Strength",
    inputKind: "weight",
    inputs: ["Back Squat", "Overhead Press", "Deadlift", "Bench Press", "Power Clean"],
    days: [{ name: "A" }, { name: "B" }],
  });
  expect(all[3].days[1].exercises[2]).toEqual({
    exercise: "Power Clean",
    sets: 5,
    reps: 3,
    rest: 180,
    increment: { kg: 2.5, lb: 5 },
    input: "Power Clean",
  });
});

test("svc program start: the days become routines planned at the weights given; --unit lb; again is a copy", async () => {
  const h = await signedUp();
  const r = await h.run(["program", "start", "starting-strength", ...sets(SS)]);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Started 2 routines; plan the first with `svc routine next "Starting Strength A"`.');
  expect(r.stdout).toMatch(/Starting Strength B\s+[0-9a-f-]{36}/);
  expect(await planned(h, "Starting Strength A")).toEqual([
    ["Back Squat", x(3, "100x5")],
    ["Overhead Press", x(3, "40x5")],
    ["Deadlift", ["120x5"]],
  ]);
  expect(await planned(h, "Starting Strength B")).toEqual([
    ["Back Squat", x(3, "100x5")],
    ["Bench Press", x(3, "60x5")],
    ["Power Clean", x(5, "50x3")],
  ]);

  const lb = ["Back Squat=225", "Overhead Press=95", "Deadlift=275", "Bench Press=135", "Power Clean=115"];
  const copy = await json(h, ["program", "start", "starting-strength", "--unit", "lb", ...sets(lb)]);
  expect(copy.map((c: any) => c.name)).toEqual(["Starting Strength (2) A", "Starting Strength (2) B"]);
  const b = await json(h, ["routine", "show", "Starting Strength (2) B"]);
  expect(b).toMatchObject({ name: "Starting Strength (2) B", program: "Starting Strength (2)", unit: "lb" });
  expect(b.exercises.map((e: any) => [e.exercise, e.weight, e.increment])).toEqual([
    ["Back Squat", 225, 5],
    ["Bench Press", 135, undefined],
    ["Power Clean", 115, 5],
  ]);
});

test("svc program start --from-history: 90 % of the best e1RM of 12 weeks, rounded down; a lift with none refused by name", async () => {
  const h = await signedUp();
  const today = new Date().toISOString().slice(0, 10);
  const workout = {
    date: today,
    exercises: [
      { exercise: "Back Squat", sets: ["100x5"] }, // 116.67 e1RM: 105
      { exercise: "Bench Press", sets: ["70x8"] }, // 88.67: 79.8 -> 77.5
      { exercise: "Barbell Row", sets: ["60x10"] }, // 80: 72 -> 70
    ],
  };
  const applied = await h.run(["workout", "apply", "-"], { input: JSON.stringify(workout) });
  expect(applied.code).toBe(0);

  const refused = await h.run(["program", "start", "stronglifts-5x5", "--from-history", "--set", "Overhead Press=40"]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    "Error: Deadlift: no first work weight given and no set of it in your history to start from.\n",
  );
  expect(hasStackTrace(refused.stderr)).toBe(false);
  expect(await json(h, ["routine", "list"])).toEqual([]);

  await json(h, [
    "program",
    "start",
    "stronglifts-5x5",
    "--from-history",
    "--set",
    "Overhead Press=40",
    "--set",
    "deadlift=100",
  ]);
  expect(await planned(h, "StrongLifts 5x5 A")).toEqual([
    ["Back Squat", x(5, "105x5")],
    ["Bench Press", x(5, "77.5x5")],
    ["Barbell Row", x(5, "70x5")],
  ]);
  expect(await planned(h, "StrongLifts 5x5 B")).toEqual([
    ["Back Squat", x(5, "105x5")],
    ["Overhead Press", x(5, "40x5")],
    ["Deadlift", ["100x5"]],
  ]);
});

test("svc program start --from-history prints the weights and the sets they came from; --preview starts nothing", async () => {
  const h = await signedUp();
  // Last squatted 300 days ago: 100x5 = 116.67 e1RM; 90 % = 105. A dumbbell row 20 days ago.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const workouts = [
    { date: day(300), exercises: [{ exercise: "Back Squat", sets: ["100x5"] }] },
    { date: day(20), exercises: [{ exercise: "Dumbbell Row", sets: ["27.5x10"] }] },
  ];
  for (const w of workouts) expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(w) })).code).toBe(0);
  const given = sets(["Overhead Press=40", "Deadlift=140", "Bench Press=80"]);

  const shown = await h.run(["program", "start", "531-bbb", "--from-history", "--preview", ...given]);
  expect({ code: shown.code, stderr: shown.stderr }).toEqual({ code: 0, stderr: "" });
  const rows = shown.stdout.trim().split("\n");
  expect(rows.map((l) => l.split(/\s{2,}/).slice(0, 3))).toEqual([
    ["LIFT", "AS", "WEIGHT"],
    ["Overhead Press", "training max", "40 kg"],
    ["Deadlift", "training max", "140 kg"],
    ["Bench Press", "training max", "80 kg"],
    ["Back Squat", "training max", "105 kg"],
    ["Dumbbell Row", "assistance", "27.5 kg"],
    ["Lying Leg Curl", "assistance", "to choose"],
  ]);
  expect(rows[4]).toContain(`the estimated 1RM of 100x5 kg on ${day(300)}`);
  expect(await json(h, ["routine", "list"])).toEqual([]);
  const previewJson = await json(h, ["program", "start", "531-bbb", "--from-history", "--preview", ...given]);
  expect(previewJson[3]).toMatchObject({ lift: "Back Squat", weight: 105, source: "history", bestSet: "100x5 kg" });

  // Not on a terminal, the start prints the same weights, then makes the routines.
  const started = await h.run(["program", "start", "531-bbb", "--from-history", ...given]);
  expect({ code: started.code, stderr: started.stderr }).toEqual({ code: 0, stderr: "" });
  expect(started.stdout).toMatch(/^Back Squat +training max +105 kg +90 % of 116\.7 kg/m);
  expect(started.stdout).toContain("Started 4 routines");
  expect(await planned(h, "5/3/1 Boring But Big Bench")).toEqual([
    ["Bench Press", ["w:32.5x5", "w:40x5", "w:47.5x3", "52.5x5", "60x5", "67.5x5+"]],
    ["Bench Press", x(5, "40x10")],
    ["Dumbbell Row", x(5, "27.5x10")],
  ]);
});

test("svc program start refuses a malformed --set and an unknown program before saving anything", async () => {
  const h = await signedUp();
  for (const bad of ["Back Squat", "Back Squat=", "=100", "Back Squat=heavy", "Back Squat=-5"]) {
    const r = await h.run(["program", "start", "starting-strength", "--set", bad]);
    expect({ bad, code: r.code, stderr: r.stderr }).toEqual({
      bad,
      code: 2,
      stderr: `Error: --set ${JSON.stringify(bad)}: write it as "Lift=weight", e.g. "Back Squat=200".\n`,
    });
  }
  const unknown = await h.run(["program", "start", "nope", ...sets(SS)]);
  expect({ code: unknown.code, stderr: unknown.stderr }).toEqual({
    code: 1,
    stderr: "Error: slug: no program template nope.\n",
  });
  const notALift = await h.run(["program", "start", "starting-strength", ...sets([...SS, "Front Squat=80"])]);
  expect({ code: notALift.code, stderr: notALift.stderr }).toEqual({
    code: 2,
    stderr:
      "Error: lifts: Front Squat is not a lift of Starting Strength (its lifts: Back Squat, Overhead Press, Deadlift, Bench Press, Power Clean).\n",
  });
  const badUnit = await h.run(["program", "start", "starting-strength", "--unit", "st", ...sets(SS)]);
  expect(badUnit.code).toBe(2);
  expect(await json(h, ["routine", "list"])).toEqual([]);
});
