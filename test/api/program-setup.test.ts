// A program set up in a minute, over HTTP: programStartPreview shows every lift a start asks a
// weight for (5/3/1's main lifts, then its loaded assistance lifts) with the weight it would take
// and which sets it came from, nothing saved; from history each lift's own most recent 12 weeks
// count, however old; an assistance lift takes its heaviest set of its latest day, or is planned
// with its weight to choose. Every weight below is worked out by hand in the comments, in kg and lb.
import {
  useTestServer,
  signUpWithUnit,
  gql,
  gqlData,
  errorCode,
  logWorkout,
  type SignedUpUser,
} from "../support/harness.ts";

const s = useTestServer();

const PREVIEW = `query($slug: String!, $unit: String, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
  programStartPreview(slug: $slug, unit: $unit, lifts: $lifts, fromHistory: $fromHistory) {
    lift role required weight unit source historyFrom historyTo historySets bestSet bestDate bestEstimate basis basisCode roundingStep } }`;
const START = `mutation($slug: String!, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
  startProgram(input: { slug: $slug, lifts: $lifts, fromHistory: $fromHistory }) { routines { id name } } }`;
const NEXT = `query($id: UUID!) { routineById(id: $id) { nextWorkout } }`;
const LIST = `{ programLibrary { slug inputs assistance } }`;
const ROUTINES = `{ allRoutines { totalCount } }`;

type Lifts = Record<string, number>;
const liftList = (lifts: Lifts = {}) => Object.entries(lifts).map(([lift, weight]) => ({ lift, weight }));
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const x = (n: number, set: string) => Array.from({ length: n }, () => set);
const preview = (u: SignedUpUser, slug: string, lifts: Lifts, fromHistory = true) =>
  gql(s.url, PREVIEW, { slug, lifts: liftList(lifts), fromHistory }, { token: u.token });
async function previewed(u: SignedUpUser, slug: string, lifts: Lifts, fromHistory = true) {
  const answer = await preview(u, slug, lifts, fromHistory);
  if (answer.body.errors) throw new Error(JSON.stringify(answer.body.errors));
  return answer.body.data.programStartPreview as Record<string, unknown>[];
}
const start = (u: SignedUpUser, slug: string, lifts: Lifts, fromHistory = true) =>
  gql(s.url, START, { slug, lifts: liftList(lifts), fromHistory }, { token: u.token });
/** Each routine's planned sets by exercise, of the routines started. */
async function plans(u: SignedUpUser, routines: { id: string; name: string }[]) {
  const out: Record<string, [string, string[]][]> = {};
  for (const r of routines) {
    const plan = (await gqlData(s.url, NEXT, { id: r.id }, { token: u.token })).routineById.nextWorkout;
    out[r.name] = plan.exercises.map((e: any) => [e.exercise, e.sets.map((set: any) => set.set)]);
  }
  return out;
}
const routineCount = async (u: SignedUpUser) =>
  (await gqlData(s.url, ROUTINES, {}, { token: u.token })).allRoutines.totalCount;

test("the library names each program's loaded assistance lifts; bodyweight ones are not asked for", async () => {
  const { programLibrary } = await gqlData(s.url, LIST);
  expect(programLibrary.map((t: any) => [t.slug, t.assistance])).toEqual([
    ["gzclp", []],
    ["531-bbb", ["Dumbbell Row", "Lying Leg Curl"]],
    ["531-fsl", ["Dumbbell Row", "Lying Leg Curl"]],
    ["starting-strength", []],
    ["stronglifts-5x5", []],
    ["push-pull-legs", []],
  ]);
});

test("lb: a 5/3/1 BBB preview from history older than 12 weeks names the sets used; nothing is made until the start", async () => {
  const u = await signUpWithUnit(s, "lb");
  const log = (daysAgo: number, exercise: string, sets: string[], unit: "kg" | "lb" = "lb") =>
    logWorkout(s.url, u.token, { date: isoDay(daysAgo), unit, exercises: [{ exercise, sets }] });
  // Squat, last trained 400 days ago: its 12 weeks are 483 to 400 days ago. 250x5 (483 days ago,
  // their first day) is 291.67 e1RM; 90 % = 262.5, down to 260. 225x5 (262.5) counts but is lower;
  // 300x5, 484 days ago, is outside them.
  await log(400, "Back Squat", ["225x5"]);
  await log(483, "Back Squat", ["250x5"]);
  await log(484, "Back Squat", ["300x5"]);
  // Bench, logged in kg: 100 kg x5 = 116.67 kg = 257.21 lb e1RM; 90 % = 231.49, down to 230 lb.
  await log(200, "Bench Press", ["100x5"], "kg");
  // Dumbbell Row (assistance): its latest day's heaviest, 32.5 kg = 71.65 lb, down to 70 lb; the
  // 40 kg of an earlier day does not count.
  await log(30, "Dumbbell Row", ["30x10", "32.5x8"], "kg");
  await log(60, "Dumbbell Row", ["40x10"], "kg");

  const rows = await previewed(u, "531-bbb", { "overhead press": 100 });
  expect(rows).toEqual([
    {
      lift: "Overhead Press",
      role: "trainingMax",
      required: true,
      weight: 100,
      unit: "lb",
      source: "given",
      historyFrom: null,
      historyTo: null,
      historySets: null,
      bestSet: null,
      bestDate: null,
      bestEstimate: null,
      basis: "Given.",
      // The basis by its code and the fields beside it, for an app in another language.
      basisCode: "given",
      roundingStep: 5,
    },
    expect.objectContaining({
      lift: "Deadlift",
      required: true,
      weight: null,
      source: "none",
      basis: "No set of it in your history to start from: give its weight.",
      basisCode: "noHistory",
    }),
    {
      lift: "Bench Press",
      role: "trainingMax",
      required: true,
      weight: 230,
      unit: "lb",
      source: "history",
      historyFrom: isoDay(283),
      historyTo: isoDay(200),
      historySets: 1,
      bestSet: "100x5 kg",
      bestDate: isoDay(200),
      bestEstimate: 257.2,
      basis: `90 % of 257.2 lb, the estimated 1RM of 100x5 kg on ${isoDay(200)}: the best of your 1 set from ${isoDay(283)} to ${isoDay(200)} (its latest 12 weeks), rounded down to 5 lb.`,
      basisCode: "estimatedMax",
      roundingStep: 5,
    },
    expect.objectContaining({
      lift: "Back Squat",
      weight: 260,
      source: "history",
      historyFrom: isoDay(483),
      historyTo: isoDay(400),
      historySets: 2,
      bestSet: "250x5 lb",
      bestDate: isoDay(483),
      bestEstimate: 291.7,
    }),
    expect.objectContaining({
      lift: "Dumbbell Row",
      role: "assistance",
      required: false,
      weight: 70,
      source: "history",
      historySets: 2,
      bestSet: "32.5x8 kg",
      bestDate: isoDay(30),
      bestEstimate: null,
      basis: `Your heaviest set of it on ${isoDay(30)}, 32.5x8 kg, rounded down to 5 lb.`,
      basisCode: "heaviestSet",
      roundingStep: 5,
    }),
    expect.objectContaining({
      lift: "Lying Leg Curl",
      role: "assistance",
      required: false,
      weight: null,
      source: "none",
      basis: "Weight to choose: the logger asks for it at its first set.",
      basisCode: "toChoose",
    }),
  ]);
  expect(await routineCount(u)).toBe(0);

  // The start refuses the deadlift by name until it is given; then it makes what was previewed.
  const refused = await start(u, "531-bbb", { "overhead press": 100 });
  expect(refused.body.errors[0]).toMatchObject({
    message: "Deadlift: no training max given and no set of it in your history to start from",
    extensions: { code: "MISSING_INPUT", lifts: ["Deadlift"] },
  });
  expect(await routineCount(u)).toBe(0);
  const started = await start(u, "531-bbb", { "overhead press": 100, Deadlift: 300 });
  const routines = started.body.data.startProgram.routines;
  const planned = await plans(u, routines);
  // Squat TM 260 lb, week 1: warm-ups 40/50/60 % = 104 -> 105, 130, 156 -> 155; 65/75/85 % = 169
  // -> 170, 195, 221 -> 220; BBB 50 % = 130.
  expect(planned["5/3/1 Boring But Big Squat"]).toEqual([
    ["Back Squat", ["w:105x5", "w:130x5", "w:155x3", "170x5", "195x5", "220x5+"]],
    ["Back Squat", x(5, "130x10")],
    ["Lying Leg Curl", x(5, "x10")],
  ]);
  expect(planned["5/3/1 Boring But Big Bench"][2]).toEqual(["Dumbbell Row", x(5, "70x10")]);
});

test("kg: given training maxes and an assistance weight; the other assistance lift is left to choose", async () => {
  const u = await signUpWithUnit(s, "kg");
  // Squat 115x5 = 134.17 e1RM, 90 % = 120.75, down to 120 kg.
  await logWorkout(s.url, u.token, { date: isoDay(100), exercises: [{ exercise: "Back Squat", sets: ["115x5"] }] });
  const lifts = { "Overhead Press": 40, Deadlift: 140, "Bench Press": 80, "db row": 30 };
  const rows = await previewed(u, "531-bbb", lifts);
  expect(rows.map((r) => [r.lift, r.weight, r.source])).toEqual([
    ["Overhead Press", 40, "given"],
    ["Deadlift", 140, "given"],
    ["Bench Press", 80, "given"],
    ["Back Squat", 120, "history"],
    ["Dumbbell Row", 30, "given"],
    ["Lying Leg Curl", null, "none"],
  ]);
  expect(rows[3]).toMatchObject({
    bestEstimate: 134.2,
    basis: `90 % of 134.2 kg, the estimated 1RM of 115x5 kg on ${isoDay(100)}: the best of your 1 set from ${isoDay(183)} to ${isoDay(100)} (its latest 12 weeks), rounded down to 2.5 kg.`,
  });
  const planned = await plans(u, (await start(u, "531-bbb", lifts)).body.data.startProgram.routines);
  // TM 120 kg, week 1: warm-ups 48 -> 47.5, 60, 72 -> 72.5; sets 78 -> 77.5, 90, 102 -> 102.5; BBB 60.
  expect(planned["5/3/1 Boring But Big Squat"]).toEqual([
    ["Back Squat", ["w:47.5x5", "w:60x5", "w:72.5x3", "77.5x5", "90x5", "102.5x5+"]],
    ["Back Squat", x(5, "60x10")],
    ["Lying Leg Curl", x(5, "x10")],
  ]);
  expect(planned["5/3/1 Boring But Big Bench"][2]).toEqual(["Dumbbell Row", x(5, "30x10")]);
});

test("without history the preview shows only what was given; bad lifts are refused as the start refuses them", async () => {
  const u = await signUpWithUnit(s, "kg");
  await logWorkout(s.url, u.token, { date: isoDay(3), exercises: [{ exercise: "Back Squat", sets: ["100x5"] }] });
  const rows = await previewed(u, "531-fsl", { Deadlift: 150 }, false);
  expect(rows.map((r) => [r.lift, r.weight, r.source, r.basis, r.basisCode])).toEqual([
    ["Overhead Press", null, "none", "Give its weight, or start from history.", "giveWeight"],
    ["Deadlift", 150, "given", "Given.", "given"],
    ["Bench Press", null, "none", "Give its weight, or start from history.", "giveWeight"],
    ["Back Squat", null, "none", "Give its weight, or start from history.", "giveWeight"],
    ["Dumbbell Row", null, "none", "Weight to choose: the logger asks for it at its first set.", "toChoose"],
    ["Lying Leg Curl", null, "none", "Weight to choose: the logger asks for it at its first set.", "toChoose"],
  ]);
  const refused = async (slug: string, lifts: Lifts) => {
    const answer = await preview(u, slug, lifts);
    return [errorCode(answer), answer.body.errors?.[0]?.message];
  };
  expect(await refused("nope", {})).toEqual(["NOT_FOUND", "slug: no program template nope"]);
  expect(await refused("531-bbb", { "Chin-Up": 10 })).toEqual([
    "INVALID_INPUT",
    "lifts: Chin-Up is not a lift of 5/3/1 Boring But Big (its lifts: Overhead Press, Deadlift, Bench Press, Back Squat, Dumbbell Row, Lying Leg Curl)",
  ]);
  // An assistance weight at its edges: 0 and 10000.01 refused, 10000 taken.
  for (const weight of [0, 10000.01]) {
    expect(await refused("531-bbb", { "Dumbbell Row": weight })).toEqual([
      "INVALID_INPUT",
      "lifts: Dumbbell Row: the weight must be above 0 and at most 10000 with at most 2 decimals",
    ]);
  }
  expect((await previewed(u, "531-bbb", { "Dumbbell Row": 10000 }))[4]).toMatchObject({ weight: 10000 });
  const signedOut = await gql(s.url, PREVIEW, { slug: "531-bbb", fromHistory: true });
  expect(errorCode(signedOut)).toBe("FORBIDDEN");
  expect(await routineCount(u)).toBe(0);
});
