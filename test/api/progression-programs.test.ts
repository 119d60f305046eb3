// Programs as lifters run them, session by session over HTTP: before each session the plan's work
// sets and every explanation are checked against hand-worked expectations, then the session is
// logged as done (hits, misses, lighter sets). Routines of one program share each lift's progression.
import { validateWorkoutDocument } from "@svc/sdk/documents";
import { useTestServer, signUp, signUpWithUnit, gqlData, type SignedUpUser } from "../support/harness.ts";
import { expectPartsSayExplanations } from "../support/explanation-english.ts";

const s = useTestServer();

type User = SignedUpUser;
const APPLY_ROUTINE = `mutation($doc: JSON!) { applyRoutineDocument(input: { document: $doc }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($doc: JSON!) { applyWorkoutDocument(input: { document: $doc }) { workout { id } } }`;
const NEXT = `query($id: UUID!, $date: String) { routineById(id: $id) { nextWorkout(date: $date) nextTargets(date: $date) { explanation explanationParts } } }`;

// Every target's parts say its explanation (test/support/explanation-english.ts).
const call = async (u: User, query: string, variables: Record<string, unknown>) => {
  const data = await gqlData(s.url, query, variables, { token: u.token });
  expectPartsSayExplanations(data);
  return data;
};
const applyRoutine = async (u: User, doc: Record<string, unknown>): Promise<string> =>
  (await call(u, APPLY_ROUTINE, { doc })).applyRoutineDocument.routine.id;
const day = (n: number) => new Date(Date.UTC(2026, 0, 4 + 2 * n)).toISOString().slice(0, 10);
const times = (n: number, set: string) => Array.from({ length: n }, () => set);
/** n sets of `set`, the last one as many reps as possible (`100x3+`). */
const amrapLast = (n: number, set: string) => [...times(n - 1, set), `${set}+`];

type Expected = { work: string[]; why: string };
/**
 * One session of a routine: the plan for `date` must show `expected` (work sets and explanation per
 * exercise, in order); then `done` (set texts per exercise, in order) is logged as that session.
 */
async function session(u: User, routine: string, date: string, expected: Expected[], done: string[][]) {
  const r = (await call(u, NEXT, { id: routine, date })).routineById;
  expect(validateWorkoutDocument(r.nextWorkout, { unit: "kg", effort: "rpe" })).toEqual({
    valid: true,
    document: r.nextWorkout,
  });
  const shown = r.nextWorkout.exercises.map((e: any, i: number) => ({
    work: e.sets.map((x: any) => x.set).filter((t: string) => !/^(w|d|rp):/.test(t)),
    why: r.nextTargets[i].explanation,
  }));
  expect([date, shown]).toEqual([date, expected]);
  await call(u, APPLY_WORKOUT, {
    doc: {
      date,
      routine,
      exercises: r.nextWorkout.exercises.map((e: any, i: number) => ({ exercise: e.exercise, sets: done[i] })),
    },
  });
}

test("Starting Strength A/B: squat and deadlift continue across days A and B; press and bench each on their own day", async () => {
  const u = await signUp(s.url, "SS");
  const a = await applyRoutine(u, {
    name: "SS A",
    program: "Starting Strength",
    exercises: [
      { exercise: "Back Squat", sets: 3, reps: 5, weight: 100 },
      { exercise: "Overhead Press", sets: 3, reps: 5, weight: 40 },
      { exercise: "Deadlift", sets: 1, reps: 5, weight: 120 },
    ],
  });
  const b = await applyRoutine(u, {
    name: "SS B",
    program: "starting strength ",
    exercises: [
      { exercise: "Back Squat", sets: 3, reps: 5, weight: 100 },
      { exercise: "Bench Press", sets: 3, reps: 5, weight: 60 },
      { exercise: "Deadlift", sets: 1, reps: 5, weight: 120 },
    ],
  });
  const alone = await applyRoutine(u, {
    name: "Squat alone",
    exercises: [{ exercise: "Back Squat", sets: 3, reps: 5, weight: 100 }],
  });

  await session(
    u,
    a,
    day(1),
    [
      { work: times(3, "100x5"), why: "No history yet: 3x5 at 100 kg as written (linear)." },
      { work: times(3, "40x5"), why: "No history yet: 3x5 at 40 kg as written (linear)." },
      { work: ["120x5"], why: "No history yet: 1x5 at 120 kg as written (linear)." },
    ],
    [times(3, "100x5"), times(3, "40x5"), ["120x5"]],
  );
  // Day B continues the squat and deadlift of day A (the program's name matched ignoring case and spaces).
  await session(
    u,
    b,
    day(2),
    [
      { work: times(3, "105x5"), why: "Last session (2026-01-06) hit 3x5 at 100 kg: +5 kg to 105 kg." },
      { work: times(3, "60x5"), why: "No history yet: 3x5 at 60 kg as written (linear)." },
      { work: ["125x5"], why: "Last session (2026-01-06) hit 1x5 at 120 kg: +5 kg to 125 kg." },
    ],
    [times(3, "105x5"), times(3, "60x5"), ["125x3"]],
  );
  await session(
    u,
    a,
    day(3),
    [
      { work: times(3, "110x5"), why: "Last session (2026-01-08) hit 3x5 at 105 kg: +5 kg to 110 kg." },
      { work: times(3, "42.5x5"), why: "Last session (2026-01-06) hit 3x5 at 40 kg: +2.5 kg to 42.5 kg." },
      { work: ["125x5"], why: "Last session (2026-01-08) missed 1x5 at 125 kg (miss 1 of 3): same targets." },
    ],
    [["110x5", "110x5", "110x3"], times(3, "42.5x5"), ["125x5"]],
  );
  await session(
    u,
    b,
    day(4),
    [
      { work: times(3, "110x5"), why: "Last session (2026-01-10) missed 3x5 at 110 kg (miss 1 of 3): same targets." },
      { work: times(3, "62.5x5"), why: "Last session (2026-01-08) hit 3x5 at 60 kg: +2.5 kg to 62.5 kg." },
      { work: ["130x5"], why: "Last session (2026-01-10) hit 1x5 at 125 kg: +5 kg to 130 kg." },
    ],
    [times(3, "110x5"), times(3, "62.5x5"), ["130x5"]],
  );
  await session(
    u,
    a,
    day(5),
    [
      { work: times(3, "115x5"), why: "Last session (2026-01-12) hit 3x5 at 110 kg: +5 kg to 115 kg." },
      { work: times(3, "45x5"), why: "Last session (2026-01-10) hit 3x5 at 42.5 kg: +2.5 kg to 45 kg." },
      { work: ["135x5"], why: "Last session (2026-01-12) hit 1x5 at 130 kg: +5 kg to 135 kg." },
    ],
    [times(3, "115x5"), times(3, "45x5"), ["135x5"]],
  );
  const nextB = (await call(u, NEXT, { id: b, date: day(6) })).routineById;
  expect(nextB.nextTargets.map((t: any) => t.explanation)).toEqual([
    "Last session (2026-01-14) hit 3x5 at 115 kg: +5 kg to 120 kg.",
    "Last session (2026-01-12) hit 3x5 at 62.5 kg: +2.5 kg to 65 kg.",
    "Last session (2026-01-14) hit 1x5 at 135 kg: +5 kg to 140 kg.",
  ]);
  // A routine outside the program keeps its own history of the squat: none.
  expect((await call(u, NEXT, { id: alone, date: day(6) })).routineById.nextTargets[0].explanation).toBe(
    "No history yet: 3x5 at 100 kg as written (linear).",
  );
});

test("tiers of one lift in a program (GZCLP T1 5x3 and T2 3x10 squat) progress apart: only a lift prescribed alike is shared", async () => {
  const u = await signUp(s.url, "Tiers");
  const d1 = await applyRoutine(u, {
    name: "GZCLP day 1",
    program: "GZCLP",
    exercises: [{ exercise: "Back Squat", sets: 5, reps: 3, weight: 100 }],
  });
  const d3 = await applyRoutine(u, {
    name: "GZCLP day 3",
    program: "GZCLP",
    exercises: [{ exercise: "Back Squat", sets: 3, reps: 10, weight: 70 }],
  });
  await session(
    u,
    d1,
    day(1),
    [{ work: times(5, "100x3"), why: "No history yet: 5x3 at 100 kg as written (linear)." }],
    [times(5, "100x3")],
  );
  await session(
    u,
    d3,
    day(2),
    [{ work: times(3, "70x10"), why: "No history yet: 3x10 at 70 kg as written (linear)." }],
    [times(3, "70x10")],
  );
  await session(
    u,
    d1,
    day(3),
    [{ work: times(5, "105x3"), why: "Last session (2026-01-06) hit 5x3 at 100 kg: +5 kg to 105 kg." }],
    [times(5, "105x3")],
  );
  await session(
    u,
    d3,
    day(4),
    [{ work: times(3, "75x10"), why: "Last session (2026-01-08) hit 3x10 at 70 kg: +5 kg to 75 kg." }],
    [times(3, "75x10")],
  );
});

test("a PPL block with double progression: two push days share the bench, reps climb the range, the weight jumps", async () => {
  const u = await signUp(s.url, "PPL");
  const push = (name: string) => ({
    name,
    program: "PPL",
    progression: "double",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: "8-12", weight: 60 }],
  });
  const pushA = await applyRoutine(u, push("Push A"));
  const pushB = await applyRoutine(u, push("Push B"));
  const pull = await applyRoutine(u, {
    name: "Pull",
    program: "PPL",
    progression: "double",
    exercises: [{ exercise: "Barbell Row", sets: 3, reps: "8-12", weight: 50 }],
  });
  const legs = await applyRoutine(u, {
    name: "Legs",
    program: "PPL",
    progression: "double",
    exercises: [{ exercise: "Leg Press", sets: 3, reps: "10-15", weight: 100 }],
  });

  await session(
    u,
    pushA,
    day(1),
    [{ work: times(3, "60x8"), why: "No history yet: 3x8 at 60 kg as written (double)." }],
    [["60x10", "60x9", "60x9"]],
  );
  await session(
    u,
    pull,
    day(2),
    [{ work: times(3, "50x8"), why: "No history yet: 3x8 at 50 kg as written (double)." }],
    [times(3, "50x12")],
  );
  await session(
    u,
    legs,
    day(3),
    [{ work: times(3, "100x10"), why: "No history yet: 3x10 at 100 kg as written (double)." }],
    [["100x15", "100x15", "100x14"]],
  );
  await session(
    u,
    pushB,
    day(4),
    [
      {
        work: times(3, "60x10"),
        why: "Last session (2026-01-06): lowest set 9 reps at 60 kg: aim for 10 (range 8-12).",
      },
    ],
    [times(3, "60x12")],
  );
  await session(
    u,
    pull,
    day(5),
    [
      {
        work: times(3, "52.5x8"),
        why: "Last session (2026-01-08): all 3 sets at the top of 8-12 at 50 kg: +2.5 kg to 52.5 kg, back to 8 reps.",
      },
    ],
    [["52.5x8", "52.5x8", "52.5x7"]],
  );
  await session(
    u,
    legs,
    day(6),
    [
      {
        work: times(3, "100x15"),
        why: "Last session (2026-01-10): lowest set 14 reps at 100 kg: aim for 15 (range 10-15).",
      },
    ],
    [times(3, "100x15")],
  );
  await session(
    u,
    pushA,
    day(7),
    [
      {
        work: times(3, "62.5x8"),
        why: "Last session (2026-01-12): all 3 sets at the top of 8-12 at 60 kg: +2.5 kg to 62.5 kg, back to 8 reps.",
      },
    ],
    [times(3, "62.5x9")],
  );
  await session(
    u,
    pull,
    day(8),
    [
      {
        work: times(3, "52.5x8"),
        why: "Last session (2026-01-14): lowest set 7 reps at 52.5 kg: aim for 8 (range 8-12).",
      },
    ],
    [times(3, "52.5x9")],
  );
  await session(
    u,
    legs,
    day(9),
    [
      {
        work: times(3, "105x10"),
        why: "Last session (2026-01-16): all 3 sets at the top of 10-15 at 100 kg: +5 kg to 105 kg, back to 10 reps.",
      },
    ],
    [times(3, "105x10")],
  );
  expect((await call(u, NEXT, { id: pushB, date: day(10) })).routineById.nextTargets[0].explanation).toBe(
    "Last session (2026-01-18): lowest set 9 reps at 62.5 kg: aim for 10 (range 8-12).",
  );
});

test("a weighted plank (10 kg, 3 x 45 s, time progression): planned with its weight, judged on weight and time, + 5 s", async () => {
  const u = await signUp(s.url, "Plank");
  const core = await applyRoutine(u, {
    name: "Core",
    exercises: [{ exercise: "Plank", sets: 3, time: 45, weight: 10, progression: "time", warmups: 2, drops: 1 }],
  });
  await session(
    u,
    core,
    day(1),
    [{ work: times(3, "10x45s"), why: "No history yet: 3x45s at 10 kg as written (time)." }],
    [["10x45s", "10x45s", "10x50s"]],
  );
  await session(
    u,
    core,
    day(2),
    [{ work: times(3, "10x50s"), why: "Last session (2026-01-06) held 3x45s at 10 kg: +5 s to 50s." }],
    [["10x50s", "10x50s", "10x40s"]],
  );
  // Held long enough but lighter than the 10 kg: lighter, not a miss; the note names the 5 kg lifted.
  await session(
    u,
    core,
    day(3),
    [{ work: times(3, "10x50s"), why: "Last session (2026-01-08) missed 3x50s at 10 kg (miss 1 of 3): same time." }],
    [times(3, "5x50s")],
  );
  // Without the plate (`50s`): lighter too, the weight named as missing; neither counts toward a deload.
  await session(
    u,
    core,
    day(4),
    [
      {
        work: times(3, "10x50s"),
        why: "Last session (2026-01-10) held 3x50s at 5 kg, lighter than the 10 kg target: same targets (not a miss; misses in a row: 1 of 3).",
      },
    ],
    [times(3, "50s")],
  );
  await session(
    u,
    core,
    day(5),
    [
      {
        work: times(3, "10x50s"),
        why: "Last session (2026-01-12) held 3x50s without its weight, lighter than the 10 kg target: same targets (not a miss; misses in a row: 1 of 3).",
      },
    ],
    [times(3, "10x40s")],
  );
  await session(
    u,
    core,
    day(6),
    [{ work: times(3, "10x50s"), why: "Last session (2026-01-14) missed 3x50s at 10 kg (miss 2 of 3): same time." }],
    [times(3, "10x40s")],
  );
  await session(
    u,
    core,
    day(7),
    [{ work: times(3, "10x45s"), why: "Three misses in a row at 50s (last 2026-01-16): 90 %, 45s." }],
    [times(3, "10x45s")],
  );
  const after = (await call(u, NEXT, { id: core, date: day(8) })).routineById;
  // Timed work has no warm-ups or drops, weighted or not.
  expect(after.nextWorkout.exercises[0].sets.map((x: any) => x.set)).toEqual(times(3, "10x50s"));
  expect(after.nextTargets[0].explanation).toBe("Last session (2026-01-18) held 3x45s at 10 kg: +5 s to 50s.");
});

test("a weighted plank under linear progression gains weight at the same time", async () => {
  const u = await signUp(s.url, "Plank linear");
  const core = await applyRoutine(u, {
    name: "Core",
    exercises: [{ exercise: "Plank", sets: 2, time: 60, weight: 10 }],
  });
  await session(
    u,
    core,
    day(1),
    [{ work: times(2, "10x1:00"), why: "No history yet: 2x1:00 at 10 kg as written (linear)." }],
    [times(2, "10x1:00")],
  );
  await session(
    u,
    core,
    day(2),
    [{ work: times(2, "12.5x1:00"), why: "Last session (2026-01-06) hit 2x1:00 at 10 kg: +2.5 kg to 12.5 kg." }],
    [["12.5x1:00", "12.5x55s"]],
  );
  expect((await call(u, NEXT, { id: core, date: day(3) })).routineById.nextTargets[0].explanation).toBe(
    "Last session (2026-01-08) missed 2x1:00 at 12.5 kg (miss 1 of 3): same targets.",
  );
});

const FIVE_THREE_ONE = [
  ["65%x5", "75%x5", "85%x5+"],
  ["70%x3", "80%x3", "90%x3+"],
  ["75%x5", "85%x3", "95%x1+"],
];
const AMRAP = " Sets marked +: as many reps as possible.";

const DELOAD_WEEK = ["40%x5", "50%x5", "60%x5"];
const FIVE_THREE_ONE_DELOAD = [...FIVE_THREE_ONE, DELOAD_WEEK];
const WEEK_TEXTS = ["65%x5, 75%x5, 85%x5+", "70%x3, 80%x3, 90%x3+", "75%x5, 85%x3, 95%x1+", "40%x5, 50%x5, 60%x5"];
/** One session of a table: the work sets planned, the explanation, the sets logged. */
type Row = [work: string[], why: string, logged: string[]];
/** Plays a one-exercise routine's sessions, one every other day from day(1); then the plan of the next day. */
async function table(u: User, routine: string, rows: Row[]): Promise<{ work: string[]; why: string }> {
  for (const [i, [work, why, logged]] of rows.entries())
    await session(u, routine, day(i + 1), [{ work, why }], [logged]);
  const next = (await call(u, NEXT, { id: routine, date: day(rows.length + 1) })).routineById;
  return {
    work: next.nextWorkout.exercises[0].sets.map((x: any) => x.set).filter((t: string) => !/^(w|d|rp):/.test(t)),
    why: next.nextTargets[0].explanation,
  };
}
/** The explanation of a week of a cycle moved to by a session: `Last session (<date>): week ...`. */
const weekWhy = (date: string, done: number, short: string, tm: string, next: number) =>
  `Last session (${date}): week ${done} of 4 done${short}; week ${next} at a training max of ${tm} (${WEEK_TEXTS[next - 1]}).` +
  (next < 4 ? AMRAP : "");

test("5/3/1 in lb, weeks 1-4 twice: a 330 lb training max with a 10 lb increment plans 215/245/280, 230/265/295, 245/280/315 and the deload (rounded to 5 lb, ties down); every + set made: 340 lb (255 lb at 75 %); a failed 1+ set keeps it at 340 after a deload done in full", async () => {
  const u = await signUpWithUnit(s, "lb", "531 lb");
  const squat = await applyRoutine(u, {
    name: "531 Squat lb",
    unit: "lb",
    exercises: [{ exercise: "Back Squat", sets: 3, trainingMax: 330, increment: 10, cycle: FIVE_THREE_ONE_DELOAD }],
  });
  // 65 % 214.5 -> 215, 75 % 247.5 -> 245 (a tie: down), 85 % 280.5 -> 280; 70 % 231 -> 230, 80 % 264 -> 265,
  // 90 % 297 -> 295; 95 % 313.5 -> 315; deload 132 -> 130, 165, 198 -> 200.
  // Training max 340: 221 -> 220, 255, 289 -> 290; 238 -> 240, 272 -> 270, 306 -> 305; 323 -> 325; 136 -> 135, 170, 204 -> 205.
  const next = await table(u, squat, [
    [
      ["215x5", "245x5", "280x5+"],
      `No history yet: week 1 of 4 at a training max of 330 lb (${WEEK_TEXTS[0]}).${AMRAP}`,
      ["215x5", "245x5", "280x8"],
    ],
    [["230x3", "265x3", "295x3+"], weekWhy("2026-01-06", 1, "", "330 lb", 2), ["230x3", "265x3", "295x5"]],
    [["245x5", "280x3", "315x1+"], weekWhy("2026-01-08", 2, "", "330 lb", 3), ["245x5", "280x3", "315x3"]],
    [["130x5", "165x5", "200x5"], weekWhy("2026-01-10", 3, "", "330 lb", 4), ["130x5", "165x5", "200x5"]],
    [
      ["220x5", "255x5", "290x5+"],
      `Last session (2026-01-12): week 4 of 4 done, every + set of the cycle with its reps: training max +10 lb to 340 lb; week 1 (${WEEK_TEXTS[0]}).${AMRAP}`,
      ["220x5", "255x5", "290x7"],
    ],
    [["240x3", "270x3", "305x3+"], weekWhy("2026-01-14", 1, "", "340 lb", 2), ["240x3", "270x3", "305x4"]],
    [["255x5", "290x3", "325x1+"], weekWhy("2026-01-16", 2, "", "340 lb", 3), ["255x5", "290x3", "325x0"]],
    [
      ["135x5", "170x5", "205x5"],
      weekWhy("2026-01-18", 3, ", short on set 3 (95%x1+ at 325 lb) 0 reps at 325 lb", "340 lb", 4),
      ["135x5", "170x5", "205x5"],
    ],
  ]);
  expect(next).toEqual({
    work: ["220x5", "255x5", "290x5+"],
    why: `Last session (2026-01-20): week 4 of 4 done; a + set of the cycle fell short (2026-01-18, set 3 (95%x1+ at 325 lb) 0 reps at 325 lb): training max stays 340 lb; week 1 (${WEEK_TEXTS[0]}).${AMRAP}`,
  });
});

test("5/3/1 in kg, weeks 1-4 twice: 100 kg falls on 2.5 kg steps, 105 kg between them (78.75 -> 77.5, ties down); only the + sets are judged; a failed 3+ in week 2 keeps the training max through weeks 3 and 4", async () => {
  const u = await signUp(s.url, "531 kg");
  const squat = await applyRoutine(u, {
    name: "531 Squat",
    program: "5/3/1",
    exercises: [{ exercise: "Back Squat", sets: 3, trainingMax: 100, cycle: FIVE_THREE_ONE_DELOAD }],
  });
  // Training max 105: 68.25 -> 67.5, 78.75 -> 77.5, 89.25 -> 90; 73.5 -> 72.5, 84 -> 85, 94.5 -> 95;
  // 78.75 -> 77.5, 89.25 -> 90, 99.75 -> 100; 42 -> 42.5, 52.5, 63 -> 62.5.
  const next = await table(u, squat, [
    [
      ["65x5", "75x5", "85x5+"],
      `No history yet: week 1 of 4 at a training max of 100 kg (${WEEK_TEXTS[0]}).${AMRAP}`,
      ["65x5", "75x5", "85x9"],
    ],
    // A set that is not `+` with fewer reps: the training max is judged on the `+` sets only.
    [["70x3", "80x3", "90x3+"], weekWhy("2026-01-06", 1, "", "100 kg", 2), ["70x3", "80x2", "90x3"]],
    [["75x5", "85x3", "95x1+"], weekWhy("2026-01-08", 2, "", "100 kg", 3), ["75x5", "85x3", "95x4"]],
    [["40x5", "50x5", "60x5"], weekWhy("2026-01-10", 3, "", "100 kg", 4), ["40x5", "50x5", "60x5"]],
    [
      ["67.5x5", "77.5x5", "90x5+"],
      `Last session (2026-01-12): week 4 of 4 done, every + set of the cycle with its reps: training max +5 kg to 105 kg; week 1 (${WEEK_TEXTS[0]}).${AMRAP}`,
      ["67.5x5", "77.5x5", "90x6"],
    ],
    [["72.5x3", "85x3", "95x3+"], weekWhy("2026-01-14", 1, "", "105 kg", 2), ["72.5x3", "85x3", "95x2"]],
    [
      ["77.5x5", "90x3", "100x1+"],
      weekWhy("2026-01-16", 2, ", short on set 3 (90%x3+ at 95 kg) 2 reps at 95 kg", "105 kg", 3),
      ["77.5x5", "90x3", "100x3"],
    ],
    [["42.5x5", "52.5x5", "62.5x5"], weekWhy("2026-01-18", 3, "", "105 kg", 4), ["42.5x5", "52.5x5", "62.5x5"]],
  ]);
  expect(next).toEqual({
    work: ["67.5x5", "77.5x5", "90x5+"],
    why: `Last session (2026-01-20): week 4 of 4 done; a + set of the cycle fell short (2026-01-16, set 3 (90%x3+ at 95 kg) 2 reps at 95 kg): training max stays 105 kg; week 1 (${WEEK_TEXTS[0]}).${AMRAP}`,
  });
  const targets = (
    await call(
      u,
      `query($id: UUID!) { routineById(id: $id) { nextTargets(date: "2026-01-22") { rule trainingMax weight reps amrap sessions } } }`,
      { id: squat },
    )
  ).routineById;
  expect(targets.nextTargets[0]).toEqual({
    rule: "cycle",
    trainingMax: 105,
    weight: 90,
    reps: 5,
    amrap: true,
    sessions: 8,
  });
});

test("rounding apart from the increment: a 330 lb training max with rounding 10 plans 210/250/280; a deload week done in part is not judged", async () => {
  const u = await signUpWithUnit(s, "lb", "Rounding");
  const bench = await applyRoutine(u, {
    name: "531 Bench lb",
    unit: "lb",
    exercises: [
      { exercise: "Bench Press", sets: 3, trainingMax: 330, rounding: 10, cycle: [FIVE_THREE_ONE[0], DELOAD_WEEK] },
    ],
  });
  // 214.5 -> 210, 247.5 -> 250, 280.5 -> 280; 132 -> 130, 165 -> 160 (a tie: down), 198 -> 200.
  const next = await table(u, bench, [
    [
      ["210x5", "250x5", "280x5+"],
      `No history yet: week 1 of 2 at a training max of 330 lb (${WEEK_TEXTS[0]}).${AMRAP}`,
      ["210x5", "250x5", "280x6"],
    ],
    [
      ["130x5", "160x5", "200x5"],
      `Last session (2026-01-06): week 1 of 2 done; week 2 at a training max of 330 lb (${WEEK_TEXTS[3]}).`,
      ["130x5", "160x2"],
    ],
  ]);
  expect(next).toEqual({
    work: ["220x5", "250x5", "280x5+"],
    why: `Last session (2026-01-08): week 2 of 2 done, every + set of the cycle with its reps: training max +5 lb to 335 lb; week 1 (${WEEK_TEXTS[0]}).${AMRAP}`,
  });
});

const LAST_AMRAP = " Last set: as many reps as possible.";
const T1 = ["5x3+", "6x2+", "10x1+"];
const T2 = ["3x10", "3x8", "3x6"];

test("GZCLP T1 in lb through every stage: 5x3+, 6x2+, 10x1+ at the same weight on a miss; a miss at 10x1+ goes back to 5x3+ at 85 %, rounded to 5 lb (212.5 -> 210, ties down)", async () => {
  const u = await signUpWithUnit(s, "lb", "T1 lb");
  const a1 = await applyRoutine(u, {
    name: "GZCLP A1 lb",
    unit: "lb",
    exercises: [{ exercise: "Back Squat", sets: 5, reps: 3, weight: 240, stages: T1 }],
  });
  const next = await table(u, a1, [
    [
      amrapLast(5, "240x3"),
      `No history yet: stage 1 of 3, 5x3+ at 240 lb as written.${LAST_AMRAP}`,
      [...times(4, "240x3"), "240x5"],
    ],
    [
      amrapLast(5, "250x3"),
      `Last session (2026-01-06) hit 5x3+ at 240 lb: +10 lb to 250 lb, stage 1 of 3.${LAST_AMRAP}`,
      [...times(3, "250x3"), "250x2", "250x2"],
    ],
    [
      amrapLast(6, "250x2"),
      `Last session (2026-01-08) missed 5x3+ at 250 lb: stage 2 of 3, 6x2+ at 250 lb.${LAST_AMRAP}`,
      [...times(5, "250x2"), "250x1"],
    ],
    [
      amrapLast(10, "250x1"),
      `Last session (2026-01-10) missed 6x2+ at 250 lb: stage 3 of 3, 10x1+ at 250 lb.${LAST_AMRAP}`,
      [...times(9, "250x1"), "250x0"],
    ],
  ]);
  expect(next).toEqual({
    work: amrapLast(5, "210x3"),
    why: `Last session (2026-01-12) missed 10x1+ at 250 lb, the last stage: back to 5x3+ at 85 %, 210 lb.${LAST_AMRAP}`,
  });
});

test("GZCLP T2 in kg (upper body) through 3x8 and 3x6 and back: 3x10 again at the last 3x10 weight + 7.5 kg", async () => {
  const u = await signUp(s.url, "T2 kg");
  const b1 = await applyRoutine(u, {
    name: "GZCLP B1",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 10, weight: 50, stages: T2, reset: "+7.5" }],
  });
  const next = await table(u, b1, [
    [times(3, "50x10"), "No history yet: stage 1 of 3, 3x10 at 50 kg as written.", times(3, "50x10")],
    [
      times(3, "52.5x10"),
      "Last session (2026-01-06) hit 3x10 at 50 kg: +2.5 kg to 52.5 kg, stage 1 of 3.",
      ["52.5x10", "52.5x10", "52.5x7"],
    ],
    [
      times(3, "52.5x8"),
      "Last session (2026-01-08) missed 3x10 at 52.5 kg: stage 2 of 3, 3x8 at 52.5 kg.",
      times(3, "52.5x8"),
    ],
    [
      times(3, "55x8"),
      "Last session (2026-01-10) hit 3x8 at 52.5 kg: +2.5 kg to 55 kg, stage 2 of 3.",
      ["55x8", "55x6", "55x6"],
    ],
    [times(3, "55x6"), "Last session (2026-01-12) missed 3x8 at 55 kg: stage 3 of 3, 3x6 at 55 kg.", times(3, "55x6")],
    [
      times(3, "57.5x6"),
      "Last session (2026-01-14) hit 3x6 at 55 kg: +2.5 kg to 57.5 kg, stage 3 of 3.",
      ["57.5x6", "57.5x5", "57.5x4"],
    ],
  ]);
  expect(next).toEqual({
    work: times(3, "60x10"),
    why: "Last session (2026-01-16) missed 3x6 at 57.5 kg, the last stage: back to 3x10 at the last 3x10 weight, 52.5 kg, +7.5 kg: 60 kg.",
  });
});

test("GZCLP T2 in lb (lower body): 3x10, 3x8 and 3x6 missed at 195 lb, back to 3x10 at 195 + 20 = 215 lb (not 85 %); shown in kg the reset is +10", async () => {
  const u = await signUpWithUnit(s, "lb", "T2 lb");
  const a1 = await applyRoutine(u, {
    name: "GZCLP A1 T2 lb",
    unit: "lb",
    exercises: [{ exercise: "Deadlift", sets: 3, reps: 10, weight: 185, stages: T2, reset: "+20" }],
  });
  const next = await table(u, a1, [
    [times(3, "185x10"), "No history yet: stage 1 of 3, 3x10 at 185 lb as written.", times(3, "185x10")],
    [
      times(3, "195x10"),
      "Last session (2026-01-06) hit 3x10 at 185 lb: +10 lb to 195 lb, stage 1 of 3.",
      ["195x10", "195x8", "195x8"],
    ],
    [
      times(3, "195x8"),
      "Last session (2026-01-08) missed 3x10 at 195 lb: stage 2 of 3, 3x8 at 195 lb.",
      ["195x8", "195x8", "195x5"],
    ],
    [
      times(3, "195x6"),
      "Last session (2026-01-10) missed 3x8 at 195 lb: stage 3 of 3, 3x6 at 195 lb.",
      ["195x6", "195x6", "195x3"],
    ],
  ]);
  expect(next).toEqual({
    work: times(3, "215x10"),
    why: "Last session (2026-01-12) missed 3x6 at 195 lb, the last stage: back to 3x10 at the last 3x10 weight, 195 lb, +20 lb: 215 lb.",
  });
  const shown = await call(u, `query($ref: String!) { routineDocument(ref: $ref, unit: KG) }`, { ref: a1 });
  expect(shown.routineDocument.exercises[0]).toMatchObject({ stages: T2, reset: "+10" });
});

test("GZCLP T3 3x15+ with an AMRAP target of 25, in kg and lb: 24 reps on the last set keep the weight, 25 add one increment", async () => {
  for (const [unit, weight, next] of [
    ["kg", 40, 42.5],
    ["lb", 90, 95],
  ] as const) {
    const u = await signUpWithUnit(s, unit, `T3 ${unit}`);
    const r = await applyRoutine(u, {
      name: `GZCLP T3 ${unit}`,
      unit,
      exercises: [{ exercise: "Lat Pulldown", sets: 3, reps: 15, weight, amrapTarget: 25 }],
    });
    const plan = await table(u, r, [
      [
        amrapLast(3, `${weight}x15`),
        `No history yet: 3x15 at ${weight} ${unit} as written (amrap).${LAST_AMRAP}`,
        [`${weight}x15`, `${weight}x15`, `${weight}x24`],
      ],
      [
        amrapLast(3, `${weight}x15`),
        `Last session (2026-01-06) did 3x15+ at ${weight} ${unit} with 24 reps on the last set (25 needed to add weight): same weight.${LAST_AMRAP}`,
        [`${weight}x15`, `${weight}x15`, `${weight}x25`],
      ],
    ]);
    expect(plan).toEqual({
      work: amrapLast(3, `${next}x15`),
      why: `Last session (2026-01-08) did 3x15+ at ${weight} ${unit} with 25 reps on the last set (25 or more adds weight): +${next - weight} ${unit} to ${next} ${unit}.${LAST_AMRAP}`,
    });
  }
});

test("GZCLP T1 and T2: a miss moves to the next stage at the same weight, a miss at the last stage goes back to the first at 85 %", async () => {
  const u = await signUp(s.url, "GZCLP");
  const a1 = await applyRoutine(u, {
    name: "GZCLP A1",
    program: "GZCLP",
    exercises: [
      { exercise: "Back Squat", sets: 5, reps: 3, weight: 100, stages: ["5x3+", "6x2+", "10x1+"] },
      { exercise: "Bench Press", sets: 3, reps: 10, weight: 50, stages: ["3x10", "3x8", "3x6"] },
    ],
  });
  const LAST = " Last set: as many reps as possible.";
  await session(
    u,
    a1,
    day(1),
    [
      { work: amrapLast(5, "100x3"), why: `No history yet: stage 1 of 3, 5x3+ at 100 kg as written.${LAST}` },
      { work: times(3, "50x10"), why: "No history yet: stage 1 of 3, 3x10 at 50 kg as written." },
    ],
    [
      [...times(4, "100x3"), "100x6"],
      ["50x10", "50x10", "50x8"],
    ],
  );
  await session(
    u,
    a1,
    day(2),
    [
      {
        work: amrapLast(5, "105x3"),
        why: `Last session (2026-01-06) hit 5x3+ at 100 kg: +5 kg to 105 kg, stage 1 of 3.${LAST}`,
      },
      { work: times(3, "50x8"), why: "Last session (2026-01-06) missed 3x10 at 50 kg: stage 2 of 3, 3x8 at 50 kg." },
    ],
    [[...times(4, "105x3"), "105x2"], times(3, "50x8")],
  );
  await session(
    u,
    a1,
    day(3),
    [
      {
        work: amrapLast(6, "105x2"),
        why: `Last session (2026-01-08) missed 5x3+ at 105 kg: stage 2 of 3, 6x2+ at 105 kg.${LAST}`,
      },
      {
        work: times(3, "52.5x8"),
        why: "Last session (2026-01-08) hit 3x8 at 50 kg: +2.5 kg to 52.5 kg, stage 2 of 3.",
      },
    ],
    [
      [...times(5, "105x2"), "105x1"],
      ["52.5x8", "52.5x8", "52.5x6"],
    ],
  );
  await session(
    u,
    a1,
    day(4),
    [
      {
        work: amrapLast(10, "105x1"),
        why: `Last session (2026-01-10) missed 6x2+ at 105 kg: stage 3 of 3, 10x1+ at 105 kg.${LAST}`,
      },
      {
        work: times(3, "52.5x6"),
        why: "Last session (2026-01-10) missed 3x8 at 52.5 kg: stage 3 of 3, 3x6 at 52.5 kg.",
      },
    ],
    [[...times(9, "105x1"), "105x0"], times(3, "52.5x6")],
  );
  // 105 kg x 0.85 = 89.25 kg, nearest 2.5 kg: 90 kg.
  await session(
    u,
    a1,
    day(5),
    [
      {
        work: amrapLast(5, "90x3"),
        why: `Last session (2026-01-12) missed 10x1+ at 105 kg, the last stage: back to 5x3+ at 85 %, 90 kg.${LAST}`,
      },
      { work: times(3, "55x6"), why: "Last session (2026-01-12) hit 3x6 at 52.5 kg: +2.5 kg to 55 kg, stage 3 of 3." },
    ],
    [times(5, "90x3"), times(3, "55x6")],
  );
});

test("an increment per exercise: dumbbells in 2 kg steps, micro-plates of 1 kg; warm-ups snap to it", async () => {
  const u = await signUp(s.url, "Increments");
  const r = await applyRoutine(u, {
    name: "Accessories",
    exercises: [
      { exercise: "Incline Dumbbell Press", sets: 3, reps: 10, weight: 24, increment: 2, warmups: 1 },
      { exercise: "Overhead Press", sets: 3, reps: 5, weight: 41, increment: 1 },
    ],
  });
  await session(
    u,
    r,
    day(1),
    [
      { work: times(3, "24x10"), why: "No history yet: 3x10 at 24 kg as written (linear)." },
      { work: times(3, "41x5"), why: "No history yet: 3x5 at 41 kg as written (linear)." },
    ],
    [times(3, "24x10"), times(3, "41x5")],
  );
  const next = (await call(u, NEXT, { id: r, date: day(2) })).routineById;
  // Warm-up at 50 % of 26 kg: 13 kg, on 2 kg steps: 14 kg (halves away from zero).
  expect(next.nextWorkout.exercises.map((e: any) => e.sets.map((x: any) => x.set))).toEqual([
    ["w:14x7", ...times(3, "26x10")],
    times(3, "42x5"),
  ]);
  expect(next.nextTargets.map((t: any) => t.explanation)).toEqual([
    "Last session (2026-01-06) hit 3x10 at 24 kg: +2 kg to 26 kg.",
    "Last session (2026-01-06) hit 3x5 at 41 kg: +1 kg to 42 kg.",
  ]);
});

test("weighted pull-ups: a bodyweight exercise's weight is load added to the body, planned and logged as bw+20x5, judged and progressed on it", async () => {
  const u = await signUp(s.url, "Weighted");
  const r = await applyRoutine(u, {
    name: "Pull",
    exercises: [
      { exercise: "Pull-Up", sets: 3, reps: 5, weight: 20, bursts: 1 },
      { exercise: "Dip", sets: 2, reps: 8, weight: 0 },
    ],
  });
  await session(
    u,
    r,
    day(1),
    [
      { work: times(3, "bw+20x5"), why: "No history yet: 3x5 at 20 kg as written (linear)." },
      { work: times(2, "bw x 8"), why: "No history yet: 2x8 at 0 kg as written (linear)." },
    ],
    [times(3, "bw+20x5"), times(2, "bw x 8")],
  );
  await session(
    u,
    r,
    day(2),
    [
      { work: times(3, "bw+22.5x5"), why: "Last session (2026-01-06) hit 3x5 at 20 kg: +2.5 kg to 22.5 kg." },
      // Written with weight 0, dips progress by adding load too.
      { work: times(2, "bw+2.5x8"), why: "Last session (2026-01-06) hit 2x8: +2.5 kg to 2.5 kg." },
    ],
    [["bw+22.5x5", "bw+22.5x5", "bw x 5"], times(2, "bw+2.5x8")],
  );
  const next = (await call(u, NEXT, { id: r, date: day(3) })).routineById;
  // Unloaded reps do not meet a 22.5 kg target: a miss, the load lifted named.
  expect(next.nextTargets[0].explanation).toBe(
    "Last session (2026-01-08) missed 3x5 at 22.5 kg (miss 1 of 3): same targets.",
  );
  expect(next.nextWorkout.exercises[0].sets.map((x: any) => x.set)).toEqual([...times(3, "bw+22.5x5"), "rp:bw+22.5x2"]);
});

test("a start weight edited on one day of a program restarts the lift even when its latest session was on the other day", async () => {
  const u = await signUp(s.url, "Program edit");
  const qa = { name: "QA", program: "Q", exercises: [{ exercise: "Pause Squat", sets: 3, reps: 5, weight: 60 }] };
  const a = await applyRoutine(u, qa);
  const b = await applyRoutine(u, { ...qa, name: "QB" });
  for (const [routine, date, w] of [
    [a, "2026-09-01", 60],
    [b, "2026-09-03", 65],
    [a, "2026-09-05", 70],
    [b, "2026-09-07", 75],
  ] as const) {
    await call(u, APPLY_WORKOUT, {
      doc: { date, routine, exercises: [{ exercise: "Pause Squat", sets: times(3, `${w}x5`) }] },
    });
  }
  await applyRoutine(u, { ...qa, id: a, exercises: [{ ...qa.exercises[0], weight: 90 }] });
  await session(
    u,
    a,
    "2026-09-09",
    [
      {
        work: times(3, "90x5"),
        why: "Start weight changed in the routine to 90 kg: starting again from it; the 4 earlier sessions no longer count.",
      },
    ],
    [times(3, "90x5")],
  );
  // The other day continues from the 90 kg lifted.
  expect((await call(u, NEXT, { id: b, date: "2026-09-11" })).routineById.nextTargets[0].explanation).toBe(
    "Last session (2026-09-09) hit 3x5 at 90 kg: +5 kg to 95 kg.",
  );
});

test("a start weight edited on an exercise with stages restarts it at stage 1 and says so", async () => {
  const u = await signUp(s.url, "Stages edit");
  const routine = (weight: number) => ({
    name: "T2",
    exercises: [{ exercise: "Incline Bench Press", sets: 3, reps: 10, weight, stages: ["3x10", "3x8", "3x6"] }],
  });
  const r = await applyRoutine(u, routine(50));
  await session(
    u,
    r,
    day(1),
    [{ work: times(3, "50x10"), why: "No history yet: stage 1 of 3, 3x10 at 50 kg as written." }],
    [times(3, "50x10")],
  );
  await session(
    u,
    r,
    day(2),
    [
      {
        work: times(3, "52.5x10"),
        why: "Last session (2026-01-06) hit 3x10 at 50 kg: +2.5 kg to 52.5 kg, stage 1 of 3.",
      },
    ],
    [times(3, "52.5x10")],
  );
  await applyRoutine(u, { id: r, ...routine(45) });
  await session(
    u,
    r,
    day(3),
    [
      {
        work: times(3, "45x10"),
        why: "Start weight changed in the routine to 45 kg: starting again from it, stage 1 of 3, 3x10; the 2 earlier sessions no longer count.",
      },
    ],
    [times(3, "45x10")],
  );
});

test("a training max edited in a cycle restarts the cycle at week 1 from the new training max and says so", async () => {
  const u = await signUp(s.url, "TM edit");
  const CYCLE = [
    ["65%x5", "75%x5", "85%x5+"],
    ["70%x3", "80%x3", "90%x3+"],
  ];
  const routine = (trainingMax: number) => ({
    name: "531 Bench",
    exercises: [{ exercise: "Bench Press", sets: 3, trainingMax, cycle: CYCLE }],
  });
  const r = await applyRoutine(u, routine(100));
  await session(
    u,
    r,
    day(1),
    [
      {
        work: ["65x5", "75x5", "85x5+"],
        why: `No history yet: week 1 of 2 at a training max of 100 kg (65%x5, 75%x5, 85%x5+).${AMRAP}`,
      },
    ],
    [["65x5", "75x5", "85x5"]],
  );
  await session(
    u,
    r,
    day(2),
    [
      {
        work: ["70x3", "80x3", "90x3+"],
        why: `Last session (2026-01-06): week 1 of 2 done; week 2 at a training max of 100 kg (70%x3, 80%x3, 90%x3+).${AMRAP}`,
      },
    ],
    [["70x3", "80x3", "90x3"]],
  );
  await applyRoutine(u, { id: r, ...routine(110) });
  // 71.5 -> 72.5, 82.5, 93.5 -> 92.5 kg.
  await session(
    u,
    r,
    day(3),
    [
      {
        work: ["72.5x5", "82.5x5", "92.5x5+"],
        why: `Training max changed in the routine to 110 kg: starting the cycle again at week 1 of 2 (65%x5, 75%x5, 85%x5+); the 2 earlier sessions no longer count.${AMRAP}`,
      },
    ],
    [["72.5x5", "82.5x5", "92.5x5"]],
  );
  expect((await call(u, NEXT, { id: r, date: day(4) })).routineById.nextTargets[0].explanation).toBe(
    `Last session (2026-01-10): week 1 of 2 done; week 2 at a training max of 110 kg (70%x3, 80%x3, 90%x3+).${AMRAP}`,
  );
  // Other edits of a cycle exercise (its start weight, which a cycle does not use) keep the history.
  await applyRoutine(u, { id: r, name: "531 Bench", exercises: [{ ...routine(110).exercises[0], weight: 60 }] });
  expect((await call(u, NEXT, { id: r, date: day(4) })).routineById.nextTargets[0].explanation).toBe(
    `Last session (2026-01-10): week 1 of 2 done; week 2 at a training max of 110 kg (70%x3, 80%x3, 90%x3+).${AMRAP}`,
  );
});

test("a weighted hold held for the time without its weight is lighter, not a miss: three of them never deload the time", async () => {
  const u = await signUp(s.url, "Weighted plank");
  const core = await applyRoutine(u, {
    name: "Core",
    exercises: [{ exercise: "Weighted Plank", sets: 3, time: 45, weight: 20, progression: "time" }],
  });
  for (const n of [1, 2, 3])
    await call(u, APPLY_WORKOUT, {
      doc: { date: day(n), routine: core, exercises: [{ exercise: "Weighted Plank", sets: times(3, "50s") }] },
    });
  const r = (await call(u, NEXT, { id: core, date: day(4) })).routineById;
  expect(r.nextWorkout.exercises[0].sets.map((x: any) => x.set)).toEqual(times(3, "20x45s"));
  expect(r.nextTargets[0].explanation).toBe(
    "Last session (2026-01-10) held 3x45s without its weight, lighter than the 20 kg target: same targets (not a miss; misses in a row: 0 of 3).",
  );
});

const BBB_SETS = (week: string) => times(5, week);
const BBB_SUPPLEMENTAL = [BBB_SETS("50%x10"), BBB_SETS("50%x10"), BBB_SETS("50%x10"), BBB_SETS("40%x5")];
type BbbWeek = [main: string[], supplemental: string[], mainLogged: string[]];
/** Plays a Boring But Big squat day (main sets, then 5x10 of the same squat) and returns the next plan's work sets and explanations. */
async function bbbCycles(u: User, unit: "kg" | "lb", trainingMax: number, weeks: BbbWeek[]) {
  const squat = await applyRoutine(u, {
    name: `BBB Squat ${unit}`,
    unit,
    exercises: [
      { exercise: "Back Squat", sets: 3, trainingMax, cycle: FIVE_THREE_ONE_DELOAD },
      { exercise: "Back Squat", sets: 5, trainingMax, cycle: BBB_SUPPLEMENTAL },
    ],
  });
  for (const [i, [main, supplemental, mainLogged]] of weeks.entries()) {
    const r = (await call(u, NEXT, { id: squat, date: day(i + 1) })).routineById;
    const work = r.nextWorkout.exercises.map((e: any) =>
      e.sets.map((x: any) => x.set).filter((t: string) => !/^(w|d|rp):/.test(t)),
    );
    expect([day(i + 1), work]).toEqual([day(i + 1), [main, supplemental]]);
    await call(u, APPLY_WORKOUT, {
      doc: {
        date: day(i + 1),
        routine: squat,
        exercises: [
          { exercise: "Back Squat", sets: mainLogged },
          { exercise: "Back Squat", sets: supplemental },
        ],
      },
    });
  }
  const next = (await call(u, NEXT, { id: squat, date: day(weeks.length + 1) })).routineById;
  return next.nextTargets.map((t: any, i: number) => ({
    work: next.nextWorkout.exercises[i].sets.map((x: any) => x.set).filter((t: string) => !/^(w|d|rp):/.test(t)),
    why: t.explanation,
  }));
}

test("5/3/1 Boring But Big in lb: the 5x10 sets share the main sets' judgement; a failed 95%x1+ keeps both at a 330 lb training max (215/245/280+, 5x10 at 165), a passed cycle raises both to 340 (220/255/290+, 170)", async () => {
  const u = await signUpWithUnit(s, "lb", "BBB lb");
  // 50 % of 330 = 165; 40 % = 132 -> 130. 50 % of 340 = 170. Main sets as in the 5/3/1 lb table above.
  const failed: BbbWeek[] = [
    [["215x5", "245x5", "280x5+"], times(5, "165x10"), ["215x5", "245x5", "280x8"]],
    [["230x3", "265x3", "295x3+"], times(5, "165x10"), ["230x3", "265x3", "295x5"]],
    [["245x5", "280x3", "315x1+"], times(5, "165x10"), ["245x5", "280x3", "315x0"]],
    [["130x5", "165x5", "200x5"], times(5, "130x5"), ["130x5", "165x5", "200x5"]],
  ];
  const stays = await bbbCycles(u, "lb", 330, failed);
  const short = "a + set of the cycle fell short (2026-01-10, ";
  expect(stays.map((x: any) => x.work)).toEqual([["215x5", "245x5", "280x5+"], times(5, "165x10")]);
  expect(stays[0].why).toContain(
    `${short}set 3 (95%x1+ at 315 lb) 0 reps at 315 lb): training max stays 330 lb; week 1`,
  );
  expect(stays[1].why).toContain(
    `${short}the main sets' set 3 (95%x1+ at 315 lb) 0 reps at 315 lb): training max stays 330 lb; week 1`,
  );

  const u2 = await signUpWithUnit(s, "lb", "BBB lb passed");
  const passed = failed.map(
    ([main, supplemental]) => [main, supplemental, main.map((x) => x.replace("+", ""))] as BbbWeek,
  );
  const rises = await bbbCycles(u2, "lb", 330, passed);
  expect(rises.map((x: any) => x.work)).toEqual([["220x5", "255x5", "290x5+"], times(5, "170x10")]);
  for (const x of rises)
    expect(x.why).toContain("every + set of the cycle with its reps: training max +10 lb to 340 lb; week 1");
});

test("5/3/1 Boring But Big in kg: a failed 95%x1+ keeps both entries at a 150 kg training max (97.5/112.5/127.5+, 5x10 at 75), a passed cycle raises both to 155 (100/115/132.5+, 77.5; 116.25 is a tie: down)", async () => {
  const u = await signUp(s.url, "BBB kg");
  // 65 % 97.5, 75 % 112.5, 85 % 127.5; 70 % 105, 80 % 120, 90 % 135; 75 % 112.5, 85 % 127.5, 95 % 142.5;
  // deload 60, 75, 90; 5x10 at 75, deload 5x5 at 60. Training max 155: 100.75 -> 100, 116.25 -> 115, 131.75 -> 132.5; 77.5.
  const failed: BbbWeek[] = [
    [["97.5x5", "112.5x5", "127.5x5+"], times(5, "75x10"), ["97.5x5", "112.5x5", "127.5x8"]],
    [["105x3", "120x3", "135x3+"], times(5, "75x10"), ["105x3", "120x3", "135x5"]],
    [["112.5x5", "127.5x3", "142.5x1+"], times(5, "75x10"), ["112.5x5", "127.5x3", "142.5x0"]],
    [["60x5", "75x5", "90x5"], times(5, "60x5"), ["60x5", "75x5", "90x5"]],
  ];
  const stays = await bbbCycles(u, "kg", 150, failed);
  expect(stays.map((x: any) => x.work)).toEqual([["97.5x5", "112.5x5", "127.5x5+"], times(5, "75x10")]);
  for (const x of stays) expect(x.why).toContain("0 reps at 142.5 kg): training max stays 150 kg; week 1");

  const u2 = await signUp(s.url, "BBB kg passed");
  const passed = failed.map(
    ([main, supplemental]) => [main, supplemental, main.map((x) => x.replace("+", ""))] as BbbWeek,
  );
  const rises = await bbbCycles(u2, "kg", 150, passed);
  expect(rises.map((x: any) => x.work)).toEqual([["100x5", "115x5", "132.5x5+"], times(5, "77.5x10")]);
  for (const x of rises)
    expect(x.why).toContain("every + set of the cycle with its reps: training max +5 kg to 155 kg; week 1");
});

test("a greyskull deload rounds like every planned weight, to the rounding step with ties down: 225 lb -> 202.5 -> 200 lb, 87.5 kg -> 78.75 -> 77.5 kg", async () => {
  for (const [unit, weight, missed, deloaded] of [
    ["lb", 225, "225x3", 200],
    ["kg", 87.5, "87.5x3", 77.5],
  ] as const) {
    const u = await signUpWithUnit(s, unit, `Greyskull deload ${unit}`);
    const id = await applyRoutine(u, {
      name: `Greyskull ${unit}`,
      unit,
      progression: "greyskull",
      exercises: [{ exercise: "Back Squat", sets: 3, reps: 5, weight }],
    });
    await call(u, APPLY_WORKOUT, {
      doc: {
        date: day(1),
        routine: id,
        exercises: [{ exercise: "Back Squat", sets: [`${weight}x5`, `${weight}x5`, missed] }],
      },
    });
    const next = (
      await call(
        u,
        `query($id: UUID!, $date: String) { routineById(id: $id) { nextTargets(date: $date) { weight explanation } } }`,
        {
          id,
          date: day(2),
        },
      )
    ).routineById.nextTargets[0];
    expect(next.weight).toBe(deloaded);
    expect(next.explanation).toContain(`deload to 90 %, ${deloaded} ${unit}.`);
  }
});

test("NextTarget names the cycle week and the stage the plan is at (from 1), null under other rules", async () => {
  const u = await signUp(s.url, "Week and stage");
  const routine = await applyRoutine(u, {
    name: "Week and stage",
    exercises: [
      { exercise: "Back Squat", sets: 3, trainingMax: 100, cycle: FIVE_THREE_ONE_DELOAD },
      { exercise: "Bench Press", sets: 5, reps: 3, weight: 60, stages: T1 },
      { exercise: "Barbell Row", sets: 3, reps: 5, weight: 50 },
    ],
  });
  const PLACE = `query($id: UUID!, $date: String) { routineById(id: $id) { nextTargets(date: $date) { rule week stage } } }`;
  const place = async (date: string) => (await call(u, PLACE, { id: routine, date })).routineById.nextTargets;
  expect(await place(day(1))).toEqual([
    { rule: "cycle", week: 1, stage: null },
    { rule: "stages", week: null, stage: 1 },
    { rule: "linear", week: null, stage: null },
  ]);
  // Week 1 done in full, 5x3+ missed (the 5th set short): week 2 of the cycle, stage 2 (6x2+).
  await call(u, APPLY_WORKOUT, {
    doc: {
      date: day(1),
      routine,
      exercises: [
        { exercise: "Back Squat", sets: ["65x5", "75x5", "85x6"] },
        { exercise: "Bench Press", sets: [...times(4, "60x3"), "60x2"] },
        { exercise: "Barbell Row", sets: times(3, "50x5") },
      ],
    },
  });
  expect(await place(day(2))).toEqual([
    { rule: "cycle", week: 2, stage: null },
    { rule: "stages", week: null, stage: 2 },
    { rule: "linear", week: null, stage: null },
  ]);
});
