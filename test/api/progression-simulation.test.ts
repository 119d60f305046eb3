// Multi-session simulations of the whole loop, as a lifter (or `svc routine next --json | svc workout
// apply -`) runs it: nextWorkout -> applyWorkoutDocument (planned) -> the sets done -> apply again,
// session after session, checking every target along the way against hand-computed values.
import { validateWorkoutDocument } from "@svc/sdk/documents";
import { useTestServer, gql, signUp, gqlData, type SignedUpUser } from "../support/harness.ts";
import { expectPartsSayExplanations } from "../support/explanation-english.ts";

const s = useTestServer();

type User = SignedUpUser;
const APPLY_ROUTINE = `mutation($doc: JSON!) { applyRoutineDocument(input: { document: $doc }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($doc: JSON!) { applyWorkoutDocument(input: { document: $doc }) { workout { id } document } }`;
const NEXT = `query($r: String, $date: String) { nextWorkout(routine: $r, date: $date) }`;
const TARGETS = `query($r: String!, $date: String) { nextWorkout(routine: $r, date: $date) viewer { routines { name nextTargets(date: $date) { explanation explanationParts } } } }`;

/** The explanation of a routine's first exercise's next target (Routine.nextTargets). */
async function explanation(u: User, routine: string, date: string): Promise<string> {
  const data = await call(u, TARGETS, { r: routine, date });
  const r = data.viewer.routines.find((x: any) => x.name.toLowerCase() === routine.toLowerCase());
  return r.nextTargets[0].explanation;
}

// Every target's parts say its explanation (test/support/explanation-english.ts).
const call = async (u: User, query: string, variables: Record<string, unknown>) => {
  const data = await gqlData(s.url, query, variables, { token: u.token });
  expectPartsSayExplanations(data);
  return data;
};

function dateOf(session: number): string {
  const d = new Date(Date.UTC(2026, 0, 5) + (session - 1) * 2 * 86400000);
  return d.toISOString().slice(0, 10);
}

/** One session: the planned document, applied, then replaced with what was done. */
async function train(
  u: User,
  routine: string,
  date: string,
  perform: (sets: string[]) => string[],
  extra: Record<string, unknown> = {},
) {
  const plan = (await call(u, NEXT, { r: routine, date })).nextWorkout;
  const user = await call(u, "{ viewer { unit effort } }", {});
  expect(validateWorkoutDocument(plan, user.viewer)).toEqual({ valid: true, document: plan });
  const saved = (await call(u, APPLY_WORKOUT, { doc: plan })).applyWorkoutDocument;
  const doneDoc = {
    ...saved.document,
    id: saved.workout.id,
    ...extra,
    exercises: saved.document.exercises.map((e: any) => ({ ...e, sets: perform(e.sets.map((x: any) => x.set)) })),
  };
  await call(u, APPLY_WORKOUT, { doc: doneDoc });
  return plan;
}

const work = (plan: any) => plan.exercises[0].sets.map((x: any) => x.set).filter((t: string) => !/^(w|d|rp):/.test(t));
const hit = (sets: string[]) => sets;
/** The last work set falls two reps short. */
const miss = (sets: string[]) => {
  const last = sets.map((t) => !/^(w|d|rp):/.test(t)).lastIndexOf(true);
  return sets.map((t, i) => (i === last ? t.replace(/x(\d+)$/, (_, r) => `x${Number(r) - 2}`) : t));
};

test("twelve sessions of a 3x5 squat with two failure streaks (three misses: deload; two misses: recovered)", async () => {
  const u = await signUp(s.url, "Sim");
  await call(u, APPLY_ROUTINE, {
    doc: {
      name: "Squat 3x5",
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: 3, reps: 5, weight: 100, warmups: 2 }],
    },
  });
  // [outcome, target shown for that session, the note it came with]
  const plan: [typeof hit, number, RegExp][] = [
    [hit, 100, /^No history yet: 3x5 at 100 kg as written \(linear\)\.$/],
    [hit, 105, /hit 3x5 at 100 kg: \+5 kg to 105 kg/],
    [hit, 110, /hit 3x5 at 105 kg: \+5 kg to 110 kg/],
    [miss, 115, /hit 3x5 at 110 kg: \+5 kg to 115 kg/],
    [miss, 115, /missed 3x5 at 115 kg \(miss 1 of 3\)/],
    [miss, 115, /missed 3x5 at 115 kg \(miss 2 of 3\)/],
    // 115 * 0.9 = 103.5, snapped to the nearest loadable 2.5 kg: 102.5.
    [hit, 102.5, /^Three misses in a row at 115 kg \(last 2026-01-15\): deload to 90 %, 102\.5 kg\.$/],
    [hit, 107.5, /hit 3x5 at 102\.5 kg: \+5 kg to 107\.5 kg/],
    [hit, 112.5, /hit 3x5 at 107\.5 kg/],
    [miss, 117.5, /hit 3x5 at 112\.5 kg: \+5 kg to 117\.5 kg/],
    [miss, 117.5, /missed 3x5 at 117\.5 kg \(miss 1 of 3\)/],
    [hit, 117.5, /missed 3x5 at 117\.5 kg \(miss 2 of 3\)/],
  ];
  const notes: string[] = [];
  for (const [i, [outcome, target, note]] of plan.entries()) {
    notes.push(await explanation(u, "Squat 3x5", dateOf(i + 1)));
    const shown = await train(u, "squat 3x5", dateOf(i + 1), outcome);
    expect([i + 1, work(shown)]).toEqual([i + 1, [`${target}x5`, `${target}x5`, `${target}x5`]]);
    expect(shown.exercises[0].note).toBeUndefined();
    // The explanation is asked before the session is logged: it explains the plan that was shown.
    expect(notes[i]).toMatch(note);
    // Warm-ups at 40 % and 80 % of that session's target, on loadable weights (2.5 kg) within 40-80 % of it.
    const low = Math.ceil((target * 0.4) / 2.5) * 2.5;
    const high = Math.floor((target * 0.8) / 2.5) * 2.5;
    const snap = (w: number) => Math.min(high, Math.max(low, Math.round(w / 2.5) * 2.5));
    expect(shown.exercises[0].sets.slice(0, 2).map((x: any) => x.set)).toEqual([
      `w:${snap(target * 0.4)}x4`,
      `w:${snap(target * 0.8)}x2`,
    ]);
  }
  const after = (await call(u, NEXT, { r: "Squat 3x5", date: dateOf(13) })).nextWorkout;
  expect(work(after)).toEqual(["122.5x5", "122.5x5", "122.5x5"]);
  expect(await explanation(u, "Squat 3x5", dateOf(13))).toBe(
    "Last session (2026-01-27) hit 3x5 at 117.5 kg: +5 kg to 122.5 kg.",
  );
});

test("a skipped session and a planned one in the middle change nothing", async () => {
  const u = await signUp(s.url, "Skip");
  await call(u, APPLY_ROUTINE, {
    doc: { name: "Bench", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] },
  });
  await train(u, "Bench", dateOf(1), hit); // 60 -> 62.5
  await train(u, "Bench", dateOf(2), (sets) => sets.map(() => "40x1"), { skipProgression: true }); // ignored
  await call(u, APPLY_WORKOUT, { doc: (await call(u, NEXT, { r: "Bench", date: dateOf(3) })).nextWorkout }); // planned, never done
  const shown = await train(u, "Bench", dateOf(4), hit);
  expect(work(shown)).toEqual(["62.5x5", "62.5x5", "62.5x5"]);
  expect(work((await call(u, NEXT, { r: "Bench", date: dateOf(5) })).nextWorkout)).toEqual(["65x5", "65x5", "65x5"]);
});

test("double progression over ten sessions: reps climb the range, the weight jumps, a stall deloads", async () => {
  const u = await signUp(s.url, "Double");
  await call(u, APPLY_ROUTINE, {
    doc: {
      name: "Rows",
      unit: "kg",
      progression: "double",
      exercises: [{ exercise: "Bench Press", sets: 3, reps: "8-12", weight: 50 }],
    },
  });
  const reps =
    (...r: number[]) =>
    (sets: string[]) =>
      sets.map((t, i) => t.replace(/x\d+$/, `x${r[i]}`));
  const sessions: [(sets: string[]) => string[], string][] = [
    [reps(9, 9, 8), "50x8"], // lowest 8 -> 9
    [reps(10, 10, 10), "50x9"], // lowest 10 -> 11
    [reps(12, 12, 12), "50x11"], // all at the top -> 52.5 x 8
    [reps(9, 8, 8), "52.5x8"], // best 25, lowest 8 -> 9
    [reps(9, 8, 8), "52.5x9"], // no rep gained (1)
    [reps(8, 8, 8), "52.5x9"], // no rep gained (2)
    [reps(9, 8, 8), "52.5x9"], // no rep gained (3): deload 47.5 x 8
    [reps(12, 12, 12), "47.5x8"], // top -> 50 x 8
    [reps(12, 12, 12), "50x8"], // top -> 52.5 x 8
    [reps(12, 12, 12), "52.5x8"], // top -> 55 x 8
  ];
  for (const [i, [perform, target]] of sessions.entries()) {
    const shown = await train(u, "Rows", dateOf(i + 1), perform);
    expect([i + 1, work(shown)]).toEqual([i + 1, [target, target, target]]);
  }
  const after = (await call(u, NEXT, { r: "Rows", date: dateOf(11) })).nextWorkout;
  expect(work(after)).toEqual(["55x8", "55x8", "55x8"]);
});

test("a lifter who switches from kg to lb halfway keeps progressing on the kg routine", async () => {
  const u = await signUp(s.url, "Switch");
  await call(u, APPLY_ROUTINE, {
    doc: { name: "Press", unit: "kg", exercises: [{ exercise: "Overhead Press", sets: 3, reps: 5, weight: 40 }] },
  });
  const shownKg: string[] = [];
  for (let i = 1; i <= 3; i++) shownKg.push(work(await train(u, "Press", dateOf(i), hit))[0]);
  expect(shownKg).toEqual(["40x5", "42.5x5", "45x5"]);
  await gql(
    s.url,
    `mutation { updateUserById(input: { id: "${u.user.id}", userPatch: { unit: "lb" } }) { user { unit } } }`,
    {},
    { token: u.token },
  );
  const { viewer } = await call(u, "{ viewer { unit } }", {});
  expect(viewer.unit).toBe("lb");
  // 47.5 kg = 104.72 lb -> 105 lb; 50 kg = 110.23 lb -> 110 lb; then a miss at 52.5 kg (115.74 -> 115 lb) and a hit.
  const shownLb: string[] = [];
  for (const [i, outcome] of [hit, hit, miss, hit].entries())
    shownLb.push(work(await train(u, "Press", dateOf(4 + i), outcome))[0]);
  expect(shownLb).toEqual(["105x5", "110x5", "115x5", "115x5"]);
  const after = (await call(u, NEXT, { r: "Press", date: dateOf(9) })).nextWorkout;
  // 55 kg = 121.25 lb -> 120 lb.
  expect(after.unit).toBe("lb");
  expect(work(after)).toEqual(["120x5", "120x5", "120x5"]);
  // The last session was logged in lb: 115 lb (52.16 kg) is within half a 5 lb step of 52.5 kg, a hit.
  expect(await explanation(u, "Press", dateOf(9))).toBe(
    "Last session (2026-01-17) hit 3x5 at 115 lb (≈ 52.2 kg, counted as 52.5 kg): +2.5 kg to 55 kg. Routine in kg: 55 kg ≈ 121.3 lb, loaded as 120 lb.",
  );
});
