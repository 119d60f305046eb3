/**
 * Writes test/fixtures/document-conformance.json: the cases both the SDK tests and the database
 * tests run. Run with `node_modules/.bin/node sdk/test/conformance/build.ts`.
 *
 * Every expectation (path, reason, and `canonical` where written here) is stated by hand below;
 * `canonical` for valid cases without a hand-written one is filled from the SDK, and the script
 * refuses to write the file when the SDK disagrees with any hand-written expectation.
 *
 * Case format: { name, kind: "routine" | "workout", document, options?: { unit?, effort? },
 * path: string | null (null = valid), reason: string | null, database?: true, canonical? }.
 * No `options` means the user's defaults are unit kg and effort rpe.
 * `database: true`: only the server can judge (unknown exercise, an id or routine that is not
 * the user's); the SDK tests skip those. For an unknown exercise the server's reason starts with
 * `unknown exercise`.
 * `json`: the document as JSON text, for values a JavaScript object cannot write back to JSON
 * (`1e400`, `"\ud800"`); the case has no `document` then, and readers parse `json`.
 * `plugin: true`: the server judges it before the document reaches PostgreSQL
 * (server/graphql/schema/documents.ts: nesting depth, U+0000, unpaired surrogates, and numbers beyond a double
 * turned into Infinity by JSON parsing); the database tests send it through GraphQL.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { REASONS as R, validateRoutineDocument, validateWorkoutDocument } from "../../src/documents/index.ts";
import { CASES_FILE, type Case, type CaseOptions } from "./cases.ts";

type Options = CaseOptions;

const cases: Case[] = [];
const names = new Set<string>();
type Extra = { options?: Options; database?: true; canonical?: unknown; json?: string; plugin?: true };

function add(
  kind: Case["kind"],
  name: string,
  document: unknown,
  path: string | null,
  reason: string | null,
  extra: Extra = {},
) {
  if (names.has(name)) throw new Error(`duplicate case name: ${name}`);
  names.add(name);
  // Key order of each case in the file: name, kind, document or json, options, path, reason, database, plugin, canonical.
  const c: Case = {
    name,
    kind,
    ...(extra.json !== undefined ? { json: extra.json } : { document }),
    ...(extra.options ? { options: extra.options } : {}),
    path,
    reason,
  };
  if (extra.database) c.database = true;
  if (extra.plugin) c.plugin = true;
  if (extra.canonical !== undefined) c.canonical = extra.canonical;
  cases.push(c);
}
const routine = (name: string, doc: unknown, path: string | null = null, reason: string | null = null, extra?: Extra) =>
  add("routine", name, doc, path, reason, extra);
const workout = (name: string, doc: unknown, path: string | null = null, reason: string | null = null, extra?: Extra) =>
  add("workout", name, doc, path, reason, extra);

const UUID = "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f";
const s = (n: number, ch = "a") => ch.repeat(n);

/** Routine with one exercise: Bench Press, 3 sets, plus `patch` (undefined deletes a key). */
function rx(patch: Record<string, unknown>): Record<string, unknown> {
  const e: Record<string, unknown> = { exercise: "Bench Press", sets: 3, ...patch };
  for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
  return { name: "Push A", exercises: [e] };
}
/** Routine with root `patch`. */
function rr(patch: Record<string, unknown>): Record<string, unknown> {
  const d: Record<string, unknown> = {
    name: "Push A",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
    ...patch,
  };
  for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
  return d;
}
/** Workout with root `patch`. */
function wr(patch: Record<string, unknown>): Record<string, unknown> {
  const d: Record<string, unknown> = {
    date: "2024-05-31",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
    ...patch,
  };
  for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
  return d;
}
/** Workout with one exercise (Bench Press, sets ["100x5"]) patched. */
function wx(patch: Record<string, unknown>): Record<string, unknown> {
  const e: Record<string, unknown> = { exercise: "Bench Press", sets: ["100x5"], ...patch };
  for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
  return { date: "2024-05-31", exercises: [e] };
}
/** Workout whose only set is `set`, with optional root fields. */
const ws = (set: unknown, root: Record<string, unknown> = {}) => ({
  date: "2024-05-31",
  ...root,
  exercises: [{ exercise: "Bench Press", sets: [set] }],
});
const SET = "exercises[0].sets[0]";
const X = "exercises[0]";

// ---------------------------------------------------------------- routine: root
routine("routine: minimal valid", { name: "Push A", exercises: [{ exercise: "Bench Press", sets: 3 }] }, null, null, {
  canonical: { name: "Push A", progression: "linear", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3 }] },
});
routine(
  "routine: every field valid",
  {
    name: "Upper / Lower",
    icon: "barbell",
    progression: "double",
    unit: "lb",
    deload: true,
    exercises: [
      {
        exercise: "Bench Press",
        sets: 4,
        reps: "8 – 12",
        weight: 135.5,
        rest: "2m",
        superset: "A",
        progression: "linear",
        warmups: 2,
        drops: 1,
        bursts: 0,
      },
      { exercise: "Plank", sets: 3, time: "1:30", rest: 60, superset: null, progression: null, weight: null },
      { exercise: "OHP", sets: 5, reps: 5, rest: "1m30s", warmups: 0 },
    ],
  },
  null,
  null,
  {
    canonical: {
      name: "Upper / Lower",
      icon: "barbell",
      progression: "double",
      unit: "lb",
      deload: true,
      exercises: [
        {
          exercise: "Bench Press",
          sets: 4,
          reps: "8-12",
          weight: 135.5,
          rest: 120,
          superset: "A",
          progression: "linear",
          warmups: 2,
          drops: 1,
        },
        { exercise: "Plank", sets: 3, time: 90, rest: 60 },
        { exercise: "OHP", sets: 5, reps: 5, rest: 90 },
      ],
    },
  },
);
routine("routine: aliases bench, squat, RDL, pullup", {
  name: "Aliases",
  exercises: [
    "bench",
    "squat",
    "RDL",
    "pullup",
    "Pull-Up",
    "Romanian Deadlift",
    "Barbell Row",
    "Dumbbell Curl",
    "Rowing Machine",
    "Deadlift",
    "Back Squat",
  ].map((exercise) => ({ exercise, sets: 1 })),
});
routine("routine: unit from the user's default lb", rr({}), null, null, {
  options: { unit: "lb" },
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "lb",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: document unit kg wins over the user's lb", rr({ unit: "kg" }), null, null, {
  options: { unit: "lb" },
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: root is an array", [rr({})], "document", R.object);
routine("routine: root is null", null, "document", R.object);
routine("routine: root is a string", "Push A", "document", R.object);
routine("routine: root is a number", 42, "document", R.object);
routine("routine: root is true", true, "document", R.object);
routine("routine: empty object", {}, "name", R.required);
routine("routine: unknown root property", rr({ title: "x" }), "title", R.unknownProperty);
routine(
  "routine: first unknown property in code point order",
  rr({ zeta: 1, alpha: 2, mid: 3 }),
  "alpha",
  R.unknownProperty,
);
routine("routine: upper case sorts before lower case", rr({ beta: 1, Name: "x" }), "Name", R.unknownProperty);
routine(
  "routine: $schema is an unknown property",
  rr({ $schema: "urn:svc:schema:routine-document" }),
  "$schema",
  R.unknownProperty,
);
routine(
  "routine: unknown property wins over a missing name",
  { exercises: [], extra: true },
  "extra",
  R.unknownProperty,
);
routine(
  "routine: unknown property wins over a later bad field",
  rr({ name: "", notes: "x" }),
  "notes",
  R.unknownProperty,
);
routine("routine: workout field date is unknown in a routine", rr({ date: "2024-05-31" }), "date", R.unknownProperty);

// id
routine("routine: id not a uuid", rr({ id: "abc" }), "id", R.uuid);
routine("routine: id a number", rr({ id: 12 }), "id", R.uuid);
routine("routine: id null", rr({ id: null }), "id", R.uuid);
routine("routine: id uuid without hyphens", rr({ id: UUID.replaceAll("-", "") }), "id", R.uuid);
routine("routine: id with braces", rr({ id: `{${UUID}}` }), "id", R.uuid);
routine("routine: id one digit short", rr({ id: UUID.slice(0, -1) }), "id", R.uuid);
routine("routine: bad id comes before a missing name", { id: "x", exercises: [] }, "id", R.uuid);
routine("routine: id that is not the user's", rr({ id: UUID }), "id", R.notFound, { database: true });
routine("routine: upper-case id that is not the user's", rr({ id: UUID.toUpperCase() }), "id", R.notFound, {
  database: true,
});
routine("routine: unknown id comes before a bad name", rr({ id: UUID, name: "" }), "id", R.notFound, {
  database: true,
});

// name
routine("routine: name missing", rr({ name: undefined }), "name", R.required);
routine("routine: name null", rr({ name: null }), "name", R.string);
routine("routine: name a number", rr({ name: 5 }), "name", R.string);
routine("routine: name an array", rr({ name: ["Push"] }), "name", R.string);
routine("routine: name empty", rr({ name: "" }), "name", R.name);
routine("routine: name 1 character", rr({ name: "A" }));
routine("routine: name 80 characters", rr({ name: s(80) }));
routine("routine: name 81 characters", rr({ name: s(81) }), "name", R.name);
routine("routine: name 80 emoji (code points, not UTF-16 units)", rr({ name: s(80, "💪") }));
routine("routine: name 81 emoji", rr({ name: s(81, "💪") }), "name", R.name);
routine("routine: name 80 accented letters", rr({ name: s(80, "é") }));

// icon
routine("routine: icon from the open list", rr({ icon: "trophy" }));
routine("routine: icon not in the examples is fine", rr({ icon: "kettlebell" }));
routine("routine: icon empty", rr({ icon: "" }), "icon", R.icon);
routine("routine: icon 40 characters", rr({ icon: s(40) }));
routine("routine: icon 41 characters", rr({ icon: s(41) }), "icon", R.icon);
routine("routine: icon null", rr({ icon: null }), "icon", R.string);
routine("routine: icon a number", rr({ icon: 3 }), "icon", R.string);

// progression, unit, deload
for (const p of ["linear", "greyskull", "double", "time", "none"])
  routine(`routine: progression ${p}`, rr({ progression: p }));
routine("routine: progression upper case", rr({ progression: "Linear" }), "progression", R.progression);
routine("routine: progression unknown value", rr({ progression: "wave" }), "progression", R.progression);
routine("routine: progression null", rr({ progression: null }), "progression", R.progression);
routine("routine: progression a number", rr({ progression: 1 }), "progression", R.progression);
routine("routine: unit lb", rr({ unit: "lb" }));
routine("routine: unit upper case", rr({ unit: "KG" }), "unit", R.unit);
routine("routine: unit kgs", rr({ unit: "kgs" }), "unit", R.unit);
routine("routine: unit null", rr({ unit: null }), "unit", R.unit);
routine("routine: deload true", rr({ deload: true }));
routine("routine: deload false is the default and omitted", rr({ deload: false }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: deload a string", rr({ deload: "true" }), "deload", R.boolean);
routine("routine: deload 1", rr({ deload: 1 }), "deload", R.boolean);
routine("routine: deload null", rr({ deload: null }), "deload", R.boolean);

// training max cycles (5/3/1), stages (GZCLP), increments: the last fields of a routine exercise
const FIVE_THREE_ONE = [
  ["65%x5", "75%x5", "85%x5+"],
  ["70%x3", "80%x3", "90%x3+"],
  ["75%x5", "85%x3", "95%x1+"],
];
routine("routine exercise: a 5/3/1 cycle of a training max", rx({ trainingMax: 100, cycle: FIVE_THREE_ONE }));
routine(
  "routine exercise: cycle sets in canonical form",
  rx({ trainingMax: 100.5, cycle: [[" 72,5 % X 5 + ", "80%x3", "90.50%x1"]] }),
  null,
  null,
  {
    canonical: {
      name: "Push A",
      progression: "linear",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: 3, trainingMax: 100.5, cycle: [["72.5%x5+", "80%x3", "90.5%x1"]] }],
    },
  },
);
routine(
  "routine exercise: cycle of 6 weeks, 200 %",
  rx({ trainingMax: 100, cycle: Array.from({ length: 6 }, () => ["200%x0", "0.01%x500", "50%x1+"]) }),
);
routine(
  "routine exercise: trainingMax without a cycle",
  rx({ trainingMax: 100 }),
  `${X}.trainingMax`,
  R.trainingMaxWithoutCycle,
);
routine(
  "routine exercise: trainingMax negative",
  rx({ trainingMax: -1, cycle: FIVE_THREE_ONE }),
  `${X}.trainingMax`,
  R.weight,
);
routine(
  "routine exercise: trainingMax null",
  rx({ trainingMax: null, cycle: FIVE_THREE_ONE }),
  `${X}.trainingMax`,
  R.weight,
);
routine(
  "routine exercise: cycle without a trainingMax",
  rx({ cycle: FIVE_THREE_ONE }),
  `${X}.cycle`,
  R.cycleWithoutTrainingMax,
);
routine("routine exercise: cycle empty", rx({ trainingMax: 100, cycle: [] }), `${X}.cycle`, R.cycle);
routine(
  "routine exercise: cycle of 7 weeks",
  rx({ trainingMax: 100, cycle: Array.from({ length: 7 }, () => FIVE_THREE_ONE[0]) }),
  `${X}.cycle`,
  R.cycle,
);
routine("routine exercise: cycle not an array", rx({ trainingMax: 100, cycle: "65%x5" }), `${X}.cycle`, R.cycle);
routine(
  "routine exercise: a week with fewer sets than sets",
  rx({ trainingMax: 100, cycle: [FIVE_THREE_ONE[0], ["70%x3", "80%x3"]] }),
  `${X}.cycle[1]`,
  R.cycleWeek,
);
routine(
  "routine exercise: a week not an array",
  rx({ trainingMax: 100, cycle: ["65%x5"] }),
  `${X}.cycle[0]`,
  R.cycleWeek,
);
for (const [bad, k] of [
  ["85x5", 0],
  ["0%x5", 1],
  ["201%x5", 2],
  ["85.555%x5", 0],
  ["85%x501", 1],
  ["85%", 2],
  ["85%x5++", 0],
] as const) {
  const week = ["65%x5", "75%x5", "85%x5+"];
  week[k] = bad;
  routine(
    `routine exercise: cycle set ${JSON.stringify(bad)}`,
    rx({ trainingMax: 100, cycle: [week] }),
    `${X}.cycle[0][${k}]`,
    R.percentSet,
  );
}
routine(
  "routine exercise: cycle set a number",
  rx({ trainingMax: 100, cycle: [[85, "75%x5", "85%x5+"]] }),
  `${X}.cycle[0][0]`,
  R.percentSet,
);
routine(
  "routine exercise: cycle with reps",
  rx({ trainingMax: 100, reps: 5, cycle: FIVE_THREE_ONE }),
  `${X}.cycle`,
  R.cycleWithReps,
);
routine(
  "routine exercise: GZCLP stages",
  rx({ sets: 5, reps: 3, weight: 100, stages: ["5x3+", " 6 X 2 + ", "10x1+"] }),
  null,
  null,
  {
    canonical: {
      name: "Push A",
      progression: "linear",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: 5, reps: 3, weight: 100, stages: ["5x3+", "6x2+", "10x1+"] }],
    },
  },
);
routine(
  "routine exercise: stages of a T2 lift, reps as a range of one",
  rx({ sets: 3, reps: "10-10", stages: ["3x10", "3x8", "3x6"] }),
);
routine("routine exercise: one stage", rx({ reps: 3, stages: ["3x3"] }), `${X}.stages`, R.stages);
routine(
  "routine exercise: six stages",
  rx({ reps: 3, stages: ["3x3", "3x2", "3x1", "2x1", "1x1", "1x0"] }),
  `${X}.stages`,
  R.stages,
);
routine(
  "routine exercise: first stage not the exercise's sets and reps",
  rx({ reps: 5, stages: ["5x3", "6x2"] }),
  `${X}.stages[0]`,
  R.firstStage,
);
routine("routine exercise: first stage without reps", rx({ stages: ["3x3", "6x2"] }), `${X}.stages[0]`, R.firstStage);
routine("routine exercise: a stage of 21 sets", rx({ reps: 3, stages: ["3x3", "21x1"] }), `${X}.stages[1]`, R.stage);
routine("routine exercise: a stage not text", rx({ reps: 3, stages: ["3x3", 5] }), `${X}.stages[1]`, R.stage);
routine(
  "routine exercise: stages with a cycle",
  rx({ trainingMax: 100, cycle: FIVE_THREE_ONE, stages: ["3x3", "6x2"] }),
  `${X}.stages`,
  R.stagesWithCycle,
);
routine("routine exercise: increment 2 (dumbbells)", rx({ increment: 2 }));
routine("routine exercise: increment 0.5 and 100", rx({ increment: 100 }));
routine("routine exercise: increment 0.01", rx({ increment: 0.01 }));
for (const bad of [0, -1, 100.01, 0.001, "2", null]) {
  routine(`routine exercise: increment ${JSON.stringify(bad)}`, rx({ increment: bad }), `${X}.increment`, R.increment);
}
// rounding apart from the increment; GZCLP's stage reset (T2) and AMRAP target (T3)
routine("routine exercise: rounding 5 with an increment of 10 (lb)", rx({ increment: 10, rounding: 5 }), null, null, {
  options: { unit: "lb" },
});
routine("routine exercise: rounding 0.01", rx({ rounding: 0.01 }));
routine("routine exercise: rounding 100", rx({ rounding: 100 }));
for (const bad of [0, -1, 100.01, 0.001, "5", null]) {
  routine(`routine exercise: rounding ${JSON.stringify(bad)}`, rx({ rounding: bad }), `${X}.rounding`, R.rounding);
}
routine(
  "routine exercise: GZCLP T2, a reset on the last 3x10 weight",
  rx({ sets: 3, reps: 10, weight: 50, stages: ["3x10", "3x8", "3x6"], reset: " + 7,50 " }),
  null,
  null,
  {
    canonical: {
      name: "Push A",
      progression: "linear",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: 3, reps: 10, weight: 50, stages: ["3x10", "3x8", "3x6"], reset: "+7.5" },
      ],
    },
  },
);
const T1 = { sets: 5, reps: 3, weight: 100, stages: ["5x3+", "6x2+", "10x1+"] };
for (const [input, canon] of [
  ["85%", "85%"],
  [" 85.50 % ", "85.5%"],
  ["100%", "100%"],
  ["0.01%", "0.01%"],
  ["+100", "+100"],
  ["+0.01", "+0.01"],
]) {
  routine(`routine exercise: reset ${JSON.stringify(input)} is ${canon}`, rx({ ...T1, reset: input }), null, null, {
    canonical: {
      name: "Push A",
      progression: "linear",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", ...T1, reset: canon }],
    },
  });
}
for (const bad of ["0%", "100.01%", "+0", "+100.01", "85", "+1.005", "1.005%", "-7.5", "85%%", "", 85, null]) {
  routine(`routine exercise: reset ${JSON.stringify(bad)}`, rx({ ...T1, reset: bad }), `${X}.reset`, R.reset);
}
routine("routine exercise: reset without stages", rx({ reps: 3, reset: "85%" }), `${X}.reset`, R.resetWithoutStages);
routine(
  "routine exercise: a bad reset without stages: the value first",
  rx({ reps: 3, reset: "85" }),
  `${X}.reset`,
  R.reset,
);
routine(
  "routine exercise: GZCLP T3, the weight rises when the last set reaches 25",
  rx({ reps: 15, weight: 40, amrapTarget: 25 }),
  null,
  null,
  {
    canonical: {
      name: "Push A",
      progression: "linear",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: 3, reps: 15, weight: 40, amrapTarget: 25 }],
    },
  },
);
routine("routine exercise: amrapTarget equal to the reps", rx({ reps: 15, amrapTarget: 15 }));
routine("routine exercise: amrapTarget 500", rx({ reps: 15, amrapTarget: 500 }));
routine("routine exercise: amrapTarget with reps as a range of one", rx({ reps: "15-15", amrapTarget: 25 }));
for (const bad of [0, 501, 2.5, "25", null]) {
  routine(
    `routine exercise: amrapTarget ${JSON.stringify(bad)}`,
    rx({ reps: 15, amrapTarget: bad }),
    `${X}.amrapTarget`,
    R.amrapTarget,
  );
}
routine(
  "routine exercise: amrapTarget below the reps",
  rx({ reps: 15, amrapTarget: 14 }),
  `${X}.amrapTarget`,
  R.amrapTargetReps,
);
routine(
  "routine exercise: amrapTarget with a reps range",
  rx({ reps: "8-12", amrapTarget: 25 }),
  `${X}.amrapTarget`,
  R.amrapTargetReps,
);
routine(
  "routine exercise: amrapTarget without reps",
  rx({ time: 30, amrapTarget: 25 }),
  `${X}.amrapTarget`,
  R.amrapTargetReps,
);
routine(
  "routine exercise: amrapTarget with stages",
  rx({ ...T1, amrapTarget: 25 }),
  `${X}.amrapTarget`,
  R.amrapTargetWith,
);
routine(
  "routine exercise: amrapTarget with a cycle",
  rx({ trainingMax: 100, cycle: FIVE_THREE_ONE, amrapTarget: 25 }),
  `${X}.amrapTarget`,
  R.amrapTargetWith,
);
routine(
  "routine exercise: a bad reset comes before a bad amrapTarget, increment and rounding",
  rx({ ...T1, reset: "x", amrapTarget: 0, increment: 0, rounding: 0 }),
  `${X}.reset`,
  R.reset,
);
routine(
  "routine exercise: a bad amrapTarget comes before a bad increment and rounding",
  rx({ reps: 15, amrapTarget: 0, increment: 0, rounding: 0 }),
  `${X}.amrapTarget`,
  R.amrapTarget,
);
routine(
  "routine exercise: a bad increment comes before a bad rounding",
  rx({ increment: 0, rounding: 0 }),
  `${X}.increment`,
  R.increment,
);
routine(
  "routine exercise: a bad rounding in the first entry comes before a bad sets in the second",
  {
    name: "Push A",
    exercises: [
      { exercise: "Bench Press", sets: 3, rounding: 0 },
      { exercise: "Bench Press", sets: 0 },
    ],
  },
  `${X}.rounding`,
  R.rounding,
);
routine(
  "routine exercise: a bad increment in the first entry comes before a bad sets in the second",
  {
    name: "Push A",
    exercises: [
      { exercise: "Bench Press", sets: 3, increment: 0 },
      { exercise: "Bench Press", sets: 0 },
    ],
  },
  `${X}.increment`,
  R.increment,
);
routine(
  "routine exercise: a bad sets comes before a bad increment of the same entry",
  { name: "Push A", exercises: [{ exercise: "Bench Press", sets: 0, increment: 0 }] },
  `${X}.sets`,
  R.setCount,
);
routine(
  "routine exercise: a bad increment in the second entry comes after a bad sets in the first",
  {
    name: "Push A",
    exercises: [
      { exercise: "Bench Press", sets: 0 },
      { exercise: "Bench Press", sets: 3, increment: 0 },
    ],
  },
  `${X}.sets`,
  R.setCount,
);
routine(
  "routine exercise: an unknown key comes before a bad cycle",
  rx({ trainingMax: 100, cycle: [], zzz: 1 }),
  `${X}.zzz`,
  R.unknownProperty,
);

// program: the last field of a routine, checked after its exercises
routine("routine: program", rr({ program: "Starting Strength" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
    program: "Starting Strength",
  },
});
routine("routine: program null is none and omitted", rr({ program: null }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: program 80 characters", rr({ program: s(80) }));
routine("routine: program 81 characters", rr({ program: s(81) }), "program", R.name);
routine("routine: program empty", rr({ program: "" }), "program", R.name);
routine("routine: program a number", rr({ program: 5 }), "program", R.string);
routine("routine: program with a newline", rr({ program: "GZCLP\nday 1" }), "program", R.controlCharacter);
routine(
  "routine: a bad program comes after a bad exercise",
  rr({ program: "", exercises: [{ exercise: "Bench Press", sets: 0 }] }),
  "exercises[0].sets",
  R.setCount,
);

// folder: after program, the last field of a routine
routine("routine: folder", rr({ program: "GZCLP", folder: "Home gym" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
    program: "GZCLP",
    folder: "Home gym",
  },
});
routine("routine: folder null is none and omitted", rr({ folder: null }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: folder 80 characters", rr({ folder: s(80) }));
routine("routine: folder 81 characters", rr({ folder: s(81) }), "folder", R.name);
routine("routine: folder empty", rr({ folder: "" }), "folder", R.name);
routine("routine: folder a number", rr({ folder: 5 }), "folder", R.string);
routine("routine: folder with a tab", rr({ folder: "Home\tgym" }), "folder", R.controlCharacter);
routine("routine: a bad folder comes after a bad program", rr({ program: "", folder: "" }), "program", R.name);
routine(
  "routine: a bad folder comes after a bad exercise",
  rr({ folder: "", exercises: [{ exercise: "Bench Press", sets: 0 }] }),
  "exercises[0].sets",
  R.setCount,
);

// version: the very last field, kept only with an id (the server compares it with the routine's)
routine("routine: version without id is ignored", rr({ version: 3 }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }],
  },
});
routine("routine: version 1", rr({ version: 1 }));
routine("routine: version 2147483647", rr({ version: 2147483647 }));
routine("routine: version 0", rr({ version: 0 }), "version", R.version);
routine("routine: version 2147483648", rr({ version: 2147483648 }), "version", R.version);
routine("routine: version 1.5", rr({ version: 1.5 }), "version", R.version);
routine("routine: version as text", rr({ version: "3" }), "version", R.version);
routine("routine: version null", rr({ version: null }), "version", R.version);
routine("routine: a bad version comes after a bad program", rr({ program: "", version: 0 }), "program", R.name);
routine(
  "routine: id that is not the user's comes before a bad version",
  rr({ id: UUID, version: 0 }),
  "id",
  R.notFound,
  {
    database: true,
  },
);

// exercises array
routine("routine: exercises missing", { name: "Push A" }, "exercises", R.required);
routine("routine: exercises an object", rr({ exercises: {} }), "exercises", R.array);
routine("routine: exercises null", rr({ exercises: null }), "exercises", R.array);
routine("routine: exercises empty is allowed", rr({ exercises: [] }));
const hundred = Array.from({ length: 100 }, () => ({ exercise: "Deadlift", sets: 1 }));
routine("routine: 100 exercises", rr({ exercises: hundred }));
routine(
  "routine: 101 exercises",
  rr({ exercises: [...hundred, { exercise: "Deadlift", sets: 1 }] }),
  "exercises",
  R.routineExercises,
);
routine(
  "routine: size is checked before the entries",
  rr({ exercises: [{ sets: 0 }, ...hundred] }),
  "exercises",
  R.routineExercises,
);
routine("routine: exercise entry a number", rr({ exercises: [5] }), "exercises[0]", R.object);
routine("routine: exercise entry a string", rr({ exercises: ["Bench Press"] }), "exercises[0]", R.object);
routine("routine: exercise entry null", rr({ exercises: [null] }), "exercises[0]", R.object);
routine(
  "routine: exercise entry an array",
  rr({ exercises: [[{ exercise: "Bench Press", sets: 3 }]] }),
  "exercises[0]",
  R.object,
);
routine(
  "routine: problem in the third entry",
  rr({
    exercises: [
      { exercise: "Bench Press", sets: 3 },
      { exercise: "Back Squat", sets: 3 },
      { exercise: "Deadlift", sets: 1, reps: "5-3" },
    ],
  }),
  "exercises[2].reps",
  R.repsRangeOrder,
);

// routine exercise: keys, exercise, sets
routine("routine exercise: unknown property", rx({ repetitions: 5 }), `${X}.repetitions`, R.unknownProperty);
routine(
  "routine exercise: unknown property wins over a missing exercise",
  { name: "Push A", exercises: [{ sets: 3, foo: 1 }] },
  `${X}.foo`,
  R.unknownProperty,
);
routine("routine exercise: workout field note is unknown here", rx({ note: "x" }), `${X}.note`, R.unknownProperty);
routine("routine exercise: exercise missing", rx({ exercise: undefined }), `${X}.exercise`, R.required);
routine("routine exercise: exercise null", rx({ exercise: null }), `${X}.exercise`, R.string);
routine("routine exercise: exercise a number", rx({ exercise: 7 }), `${X}.exercise`, R.string);
routine("routine exercise: exercise empty", rx({ exercise: "" }), `${X}.exercise`, R.exercise);
routine("routine exercise: exercise 101 characters", rx({ exercise: s(101) }), `${X}.exercise`, R.exercise);
routine(
  "routine exercise: exercise 100 characters, not in the catalog",
  rx({ exercise: s(100) }),
  `${X}.exercise`,
  R.unknownExercise,
  { database: true },
);
routine(
  "routine exercise: unknown exercise name",
  rx({ exercise: "Underwater Basket Weaving" }),
  `${X}.exercise`,
  R.unknownExercise,
  { database: true },
);
routine(
  "routine exercise: unknown exercise comes before a later bad field",
  rx({ exercise: "Underwater Basket Weaving", sets: 0 }),
  `${X}.exercise`,
  R.unknownExercise,
  { database: true },
);
routine(
  "routine exercise: bad sets in an earlier entry wins over a later unknown exercise",
  rr({
    exercises: [
      { exercise: "Bench Press", sets: 0 },
      { exercise: "Underwater Basket Weaving", sets: 3 },
    ],
  }),
  "exercises[0].sets",
  R.setCount,
);
routine("routine exercise: sets missing", rx({ sets: undefined }), `${X}.sets`, R.required);
routine("routine exercise: sets 0", rx({ sets: 0 }), `${X}.sets`, R.setCount);
routine("routine exercise: sets 1", rx({ sets: 1 }));
routine("routine exercise: sets 20", rx({ sets: 20 }));
routine("routine exercise: sets 21", rx({ sets: 21 }), `${X}.sets`, R.setCount);
routine("routine exercise: sets 2.5", rx({ sets: 2.5 }), `${X}.sets`, R.setCount);
routine("routine exercise: sets a string", rx({ sets: "3" }), `${X}.sets`, R.setCount);
routine("routine exercise: sets null", rx({ sets: null }), `${X}.sets`, R.setCount);
routine("routine exercise: sets negative", rx({ sets: -1 }), `${X}.sets`, R.setCount);

// reps
routine("routine exercise: reps 0", rx({ reps: 0 }));
routine("routine exercise: reps 500", rx({ reps: 500 }));
routine("routine exercise: reps 501", rx({ reps: 501 }), `${X}.reps`, R.reps);
routine("routine exercise: reps -1", rx({ reps: -1 }), `${X}.reps`, R.reps);
routine("routine exercise: reps 7.5", rx({ reps: 7.5 }), `${X}.reps`, R.reps);
routine("routine exercise: reps true", rx({ reps: true }), `${X}.reps`, R.reps);
routine("routine exercise: reps null", rx({ reps: null }), `${X}.reps`, R.reps);
routine("routine exercise: reps range", rx({ reps: "8-12" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: "8-12" }],
  },
});
routine("routine exercise: reps range with spaces", rx({ reps: "8 - 12" }));
routine("routine exercise: reps range with an en dash", rx({ reps: "8–12" }));
routine("routine exercise: reps range with a tab and surrounding spaces", rx({ reps: " 8\t-12 " }));
routine("routine exercise: reps range with leading zeros", rx({ reps: "08-012" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: "8-12" }],
  },
});
routine("routine exercise: reps range 0-500", rx({ reps: "0-500" }));
routine("routine exercise: reps range low equal to high becomes an integer", rx({ reps: "8-8" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, reps: 8 }],
  },
});
routine("routine exercise: reps range going down", rx({ reps: "12-8" }), `${X}.reps`, R.repsRangeOrder);
routine("routine exercise: reps range 9-8", rx({ reps: "9-8" }), `${X}.reps`, R.repsRangeOrder);
routine("routine exercise: reps range high end 501", rx({ reps: "8-501" }), `${X}.reps`, R.repsRangeBounds);
routine(
  "routine exercise: reps range both ends too high and going down",
  rx({ reps: "600-501" }),
  `${X}.reps`,
  R.repsRangeBounds,
);
routine("routine exercise: reps a digit string is not a range", rx({ reps: "8" }), `${X}.reps`, R.reps);
routine("routine exercise: reps range missing its high end", rx({ reps: "8-" }), `${X}.reps`, R.reps);
routine("routine exercise: reps range with an em dash", rx({ reps: "8—12" }), `${X}.reps`, R.reps);
routine("routine exercise: reps in words", rx({ reps: "eight" }), `${X}.reps`, R.reps);
routine("routine exercise: reps range with a negative end", rx({ reps: "-1-8" }), `${X}.reps`, R.reps);
routine("routine exercise: reps range with decimals", rx({ reps: "8.5-12" }), `${X}.reps`, R.reps);

// time
routine("routine exercise: time 0", rx({ time: 0 }));
routine("routine exercise: time 86400", rx({ time: 86400 }));
routine("routine exercise: time 86401", rx({ time: 86401 }), `${X}.time`, R.timeMax);
routine("routine exercise: time -1", rx({ time: -1 }), `${X}.time`, R.duration);
routine("routine exercise: time 1.5", rx({ time: 1.5 }), `${X}.time`, R.duration);
routine("routine exercise: time null", rx({ time: null }), `${X}.time`, R.duration);
routine("routine exercise: time true", rx({ time: true }), `${X}.time`, R.duration);
routine("routine exercise: time digits", rx({ time: "90" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, time: 90 }],
  },
});
routine("routine exercise: time m:ss", rx({ time: "1:30" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, time: 90 }],
  },
});
routine("routine exercise: time m:s with one seconds digit", rx({ time: "1:5" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, time: 65 }],
  },
});
routine("routine exercise: time 0:59", rx({ time: "0:59" }));
routine("routine exercise: time seconds 60 in m:ss", rx({ time: "1:60" }), `${X}.time`, R.duration);
routine("routine exercise: time three seconds digits", rx({ time: "1:005" }), `${X}.time`, R.duration);
routine("routine exercise: time minutes", rx({ time: "2m" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, time: 120 }],
  },
});
routine("routine exercise: time minutes and seconds", rx({ time: "1m30s" }));
routine("routine exercise: time minutes, space, seconds", rx({ time: "1m 30s" }));
routine("routine exercise: time seconds with unit", rx({ time: "45s" }));
routine("routine exercise: time upper case units", rx({ time: "1M30S" }));
routine("routine exercise: time 1440m is one day", rx({ time: "1440m" }));
routine("routine exercise: time 1440m1s", rx({ time: "1440m1s" }), `${X}.time`, R.timeMax);
routine("routine exercise: time 1440:01", rx({ time: "1440:01" }), `${X}.time`, R.timeMax);
routine("routine exercise: time 86401 as text", rx({ time: "86401" }), `${X}.time`, R.timeMax);
routine("routine exercise: time in hours", rx({ time: "1h" }), `${X}.time`, R.duration);
routine("routine exercise: time h:mm:ss", rx({ time: "1:30:00" }), `${X}.time`, R.duration);
routine("routine exercise: time empty string", rx({ time: "" }), `${X}.time`, R.duration);
routine("routine exercise: time seconds before minutes", rx({ time: "30s1m" }), `${X}.time`, R.duration);
routine("routine exercise: time negative text", rx({ time: "-5" }), `${X}.time`, R.duration);
routine("routine exercise: time together with reps", rx({ reps: 5, time: 30 }), `${X}.time`, R.timeWithReps);
routine(
  "routine exercise: a bad time is reported before the reps conflict",
  rx({ reps: 5, time: "soon" }),
  `${X}.time`,
  R.duration,
);
routine(
  "routine exercise: bad reps are reported before a bad time",
  rx({ reps: "x", time: "soon" }),
  `${X}.reps`,
  R.reps,
);

// weight
routine("routine exercise: weight 0", rx({ weight: 0 }));
routine("routine exercise: weight 0.01", rx({ weight: 0.01 }));
routine("routine exercise: weight 102.5", rx({ weight: 102.5 }));
routine("routine exercise: weight 102.55", rx({ weight: 102.55 }));
routine("routine exercise: weight 10000", rx({ weight: 10000 }));
routine("routine exercise: weight 10000.01", rx({ weight: 10000.01 }), `${X}.weight`, R.weight);
routine("routine exercise: weight -0.01", rx({ weight: -0.01 }), `${X}.weight`, R.weight);
routine("routine exercise: weight 102.555 (3 decimals)", rx({ weight: 102.555 }), `${X}.weight`, R.weight);
routine("routine exercise: weight null is omitted", rx({ weight: null }), null, null, {
  canonical: { name: "Push A", progression: "linear", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3 }] },
});
routine("routine exercise: weight a string", rx({ weight: "100" }), `${X}.weight`, R.weight);
routine("routine exercise: weight true", rx({ weight: true }), `${X}.weight`, R.weight);

// rest
routine("routine exercise: rest 0", rx({ rest: 0 }));
routine("routine exercise: rest 900", rx({ rest: 900 }));
routine("routine exercise: rest 901", rx({ rest: 901 }), `${X}.rest`, R.restMax);
routine("routine exercise: rest 15:00", rx({ rest: "15:00" }), null, null, {
  canonical: {
    name: "Push A",
    progression: "linear",
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: 3, rest: 900 }],
  },
});
routine("routine exercise: rest 15:01", rx({ rest: "15:01" }), `${X}.rest`, R.restMax);
routine("routine exercise: rest 15m", rx({ rest: "15m" }));
routine("routine exercise: rest 15m1s", rx({ rest: "15m1s" }), `${X}.rest`, R.restMax);
routine("routine exercise: rest 900s", rx({ rest: "900s" }));
routine("routine exercise: rest 901s", rx({ rest: "901s" }), `${X}.rest`, R.restMax);
routine("routine exercise: rest -1", rx({ rest: -1 }), `${X}.rest`, R.duration);
routine("routine exercise: rest text", rx({ rest: "long" }), `${X}.rest`, R.duration);
routine("routine exercise: rest 90.5", rx({ rest: 90.5 }), `${X}.rest`, R.duration);

// superset, progression, warmups/drops/bursts
routine("routine exercise: superset A", rx({ superset: "A" }));
routine("routine exercise: superset 8 characters", rx({ superset: "ABCDEFGH" }));
routine("routine exercise: superset 9 characters", rx({ superset: "ABCDEFGHI" }), `${X}.superset`, R.superset);
routine("routine exercise: superset empty", rx({ superset: "" }), `${X}.superset`, R.superset);
routine("routine exercise: superset null", rx({ superset: null }));
routine("routine exercise: superset a number", rx({ superset: 1 }), `${X}.superset`, R.string);
routine("routine exercise: progression override", rx({ progression: "greyskull" }));
routine("routine exercise: progression null", rx({ progression: null }));
routine("routine exercise: progression upper case", rx({ progression: "Double" }), `${X}.progression`, R.progression);
routine("routine exercise: progression a number", rx({ progression: 2 }), `${X}.progression`, R.progression);
for (const k of ["warmups", "drops", "bursts"]) {
  routine(`routine exercise: ${k} 0`, rx({ [k]: 0 }));
  routine(`routine exercise: ${k} 5`, rx({ [k]: 5 }));
  routine(`routine exercise: ${k} 6`, rx({ [k]: 6 }), `${X}.${k}`, R.extraSets);
  routine(`routine exercise: ${k} -1`, rx({ [k]: -1 }), `${X}.${k}`, R.extraSets);
}
routine("routine exercise: warmups 1.5", rx({ warmups: 1.5 }), `${X}.warmups`, R.extraSets);
routine("routine exercise: drops a string", rx({ drops: "2" }), `${X}.drops`, R.extraSets);
routine("routine exercise: bursts null", rx({ bursts: null }), `${X}.bursts`, R.extraSets);

// several problems: table order wins
routine("routine: several problems, exercise before sets", rx({ exercise: "", sets: 0 }), `${X}.exercise`, R.exercise);
routine("routine: several problems, sets before reps", rx({ sets: 0, reps: 600 }), `${X}.sets`, R.setCount);
routine("routine: several problems, reps before rest", rx({ reps: "12-8", rest: 1000 }), `${X}.reps`, R.repsRangeOrder);
routine("routine: several problems, weight before rest", rx({ weight: -1, rest: 1000 }), `${X}.weight`, R.weight);
routine(
  "routine: several problems, warmups before drops and bursts",
  rx({ bursts: 9, drops: 9, warmups: 9 }),
  `${X}.warmups`,
  R.extraSets,
);
routine("routine: several problems, drops before bursts", rx({ bursts: 9, drops: 9 }), `${X}.drops`, R.extraSets);
routine(
  "routine: several problems, name before the exercises",
  rr({ name: "", exercises: [{ sets: 0 }] }),
  "name",
  R.name,
);
routine("routine: several problems, icon before progression", rr({ progression: "x", icon: "" }), "icon", R.icon);
routine(
  "routine: several problems, progression before unit",
  rr({ unit: "g", progression: "x" }),
  "progression",
  R.progression,
);
routine("routine: several problems, unit before deload", rr({ deload: "no", unit: "g" }), "unit", R.unit);
routine(
  "routine: several problems, first entry first",
  rr({
    exercises: [
      { exercise: "Bench Press", sets: 3, rest: 901 },
      { exercise: "", sets: 3 },
    ],
  }),
  "exercises[0].rest",
  R.restMax,
);
routine(
  "routine: several problems, unknown property in an entry before its other fields",
  rx({ exercise: "", zzz: 1 }),
  `${X}.zzz`,
  R.unknownProperty,
);

// key order independence: same keys, different order, same first problem
routine(
  "routine: key order (a)",
  { name: "", icon: "", exercises: [{ exercise: "Bench Press", sets: 0, reps: "9-1" }] },
  "name",
  R.name,
);
routine(
  "routine: key order (b)",
  { exercises: [{ reps: "9-1", sets: 0, exercise: "Bench Press" }], icon: "", name: "" },
  "name",
  R.name,
);
routine(
  "routine: key order in an entry (a)",
  rr({ exercises: [{ exercise: "Bench Press", sets: 3, rest: "x", reps: 600, weight: -1 }] }),
  `${X}.reps`,
  R.reps,
);
routine(
  "routine: key order in an entry (b)",
  rr({ exercises: [{ weight: -1, reps: 600, rest: "x", sets: 3, exercise: "Bench Press" }] }),
  `${X}.reps`,
  R.reps,
);
routine("routine: key order of unknown properties (a)", rr({ b: 1, a: 2 }), "a", R.unknownProperty);
routine(
  "routine: key order of unknown properties (b)",
  { a: 2, exercises: [], b: 1, name: "Push A" },
  "a",
  R.unknownProperty,
);

// ---------------------------------------------------------------- workout: root
workout("workout: minimal valid", { date: "2024-05-31", exercises: [] }, null, null, {
  canonical: { date: "2024-05-31", start: "2024-05-31T12:00:00Z", unit: "kg", effort: "rpe", exercises: [] },
});
workout(
  "workout: every field valid",
  {
    name: "Heavy day",
    date: "2024-05-31",
    start: "2024-05-31T18:30:00+02:00",
    minutes: 75,
    bodyweight: 80.25,
    unit: "kg",
    effort: "rir",
    routine: null,
    notes: "Felt strong.",
    skipProgression: true,
    exercises: [
      {
        exercise: "squat",
        superset: null,
        note: "Belt on top sets",
        pinned: true,
        skipProgression: true,
        sets: ["w: 60 X 5", "140x5@2", { set: "140x5 @ 1", done: true }, { set: "140×5", done: false }],
      },
      { exercise: "Pull-Up", superset: "A", note: null, pinned: false, sets: ["BW x 8", "rp:x4"] },
      { exercise: "Plank", sets: ["45s", "1m30s@3"] },
    ],
  },
  null,
  null,
  {
    canonical: {
      name: "Heavy day",
      date: "2024-05-31",
      start: "2024-05-31T16:30:00Z",
      minutes: 75,
      bodyweight: 80.25,
      unit: "kg",
      effort: "rir",
      notes: "Felt strong.",
      skipProgression: true,
      exercises: [
        {
          exercise: "squat",
          note: "Belt on top sets",
          pinned: true,
          skipProgression: true,
          sets: ["w:60x5", "140x5@2", "140x5@1", { set: "140x5", done: false }],
        },
        { exercise: "Pull-Up", superset: "A", sets: ["bw x 8", "rp:x4"] },
        { exercise: "Plank", sets: ["45s", "1:30@3"] },
      ],
    },
  },
);
workout(
  "workout: unit and effort from the user's defaults",
  { date: "2024-05-31", exercises: [{ exercise: "bench", sets: ["100x5@0"] }] },
  null,
  null,
  {
    options: { unit: "lb", effort: "rir" },
    canonical: {
      date: "2024-05-31",
      start: "2024-05-31T12:00:00Z",
      unit: "lb",
      effort: "rir",
      exercises: [{ exercise: "bench", sets: ["100x5@0"] }],
    },
  },
);
workout("workout: document effort rpe wins over the user's rir", ws("100x5@0", { effort: "rpe" }), SET, R.rpe, {
  options: { effort: "rir" },
});
workout("workout: root is an array", [], "document", R.object);
workout("workout: root is null", null, "document", R.object);
workout("workout: root is a string", "2024-05-31", "document", R.object);
workout("workout: root is a number", 1, "document", R.object);
workout("workout: empty object", {}, "date", R.required);
workout("workout: unknown root property", wr({ title: "x" }), "title", R.unknownProperty);
workout(
  "workout: unknown property Date (case matters) and date missing",
  { Date: "2024-05-31", exercises: [] },
  "Date",
  R.unknownProperty,
);
workout("workout: routine field icon is unknown in a workout", wr({ icon: "bench" }), "icon", R.unknownProperty);
workout("workout: first unknown property in code point order", wr({ é: 1, z: 2, _x: 3 }), "_x", R.unknownProperty);

// id, name
workout("workout: id not a uuid", wr({ id: "42" }), "id", R.uuid);
workout("workout: id a number", wr({ id: 42 }), "id", R.uuid);
workout("workout: id that is not the user's", wr({ id: UUID }), "id", R.notFound, { database: true });
workout("workout: name absent is fine", wr({}));
workout("workout: name 80 characters", wr({ name: s(80, "x") }));
workout("workout: name 81 characters", wr({ name: s(81, "x") }), "name", R.name);
workout("workout: name empty", wr({ name: "" }), "name", R.name);
workout("workout: name null", wr({ name: null }), "name", R.string);
workout("workout: name a number", wr({ name: 5 }), "name", R.string);

// date
workout("workout: date missing", { exercises: [] }, "date", R.required);
workout("workout: date null", wr({ date: null }), "date", R.date);
workout("workout: date a number", wr({ date: 20240531 }), "date", R.date);
workout("workout: date without leading zeros", wr({ date: "2024-5-31" }), "date", R.date);
workout("workout: date with a time", wr({ date: "2024-05-31T00:00:00Z" }), "date", R.date);
workout("workout: date day first", wr({ date: "31/05/2024" }), "date", R.date);
workout("workout: date with a leading space", wr({ date: " 2024-05-31" }), "date", R.date);
workout("workout: date 2024-02-29 (leap year)", wr({ date: "2024-02-29" }));
workout("workout: date 2023-02-29", wr({ date: "2023-02-29" }), "date", R.calendarDate);
workout("workout: date 2023-02-28", wr({ date: "2023-02-28" }));
workout("workout: date 2000-02-29 (400-year leap)", wr({ date: "2000-02-29" }));
workout("workout: date 2100-02-29 (100-year, not leap)", wr({ date: "2100-02-29" }), "date", R.calendarDate);
workout("workout: date 2024-02-30", wr({ date: "2024-02-30" }), "date", R.calendarDate);
workout("workout: date 2024-04-30", wr({ date: "2024-04-30" }));
workout("workout: date 2024-04-31", wr({ date: "2024-04-31" }), "date", R.calendarDate);
workout("workout: date 2024-12-31", wr({ date: "2024-12-31" }));
workout("workout: date 2024-12-32", wr({ date: "2024-12-32" }), "date", R.calendarDate);
workout("workout: date month 13", wr({ date: "2024-13-01" }), "date", R.calendarDate);
workout("workout: date month 00", wr({ date: "2024-00-10" }), "date", R.calendarDate);
workout("workout: date day 00", wr({ date: "2024-01-00" }), "date", R.calendarDate);
workout("workout: date year 0000", wr({ date: "0000-01-01" }), "date", R.calendarDate);
workout("workout: date year 0001 is out of range", wr({ date: "0001-01-01" }), "date", R.dateRange);
workout("workout: date year 9999 is out of range", wr({ date: "9999-12-31" }), "date", R.dateRange);
workout("workout: date 1900-01-01, the first allowed", wr({ date: "1900-01-01" }));
workout("workout: date 1899-12-31, the day before the first allowed", wr({ date: "1899-12-31" }), "date", R.dateRange);
workout("workout: date 2099-12-31, the last allowed", wr({ date: "2099-12-31" }));
workout("workout: date 2100-01-01, the day after the last allowed", wr({ date: "2100-01-01" }), "date", R.dateRange);
workout(
  "workout: date out of range is reported before start",
  wr({ date: "2100-01-01", start: "x" }),
  "date",
  R.dateRange,
);

// start
workout("workout: start in UTC", wr({ start: "2024-05-31T18:30:00Z" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T18:30:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout(
  "workout: start with a positive offset is shown in UTC",
  wr({ start: "2024-05-31T18:30:00+02:00" }),
  null,
  null,
  {
    canonical: {
      date: "2024-05-31",
      start: "2024-05-31T16:30:00Z",
      unit: "kg",
      effort: "rpe",
      exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
    },
  },
);
workout(
  "workout: start with a negative offset crossing midnight",
  wr({ start: "2024-05-31T22:15:00-05:30" }),
  null,
  null,
  {
    canonical: {
      date: "2024-05-31",
      start: "2024-06-01T03:45:00Z",
      unit: "kg",
      effort: "rpe",
      exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
    },
  },
);
workout("workout: start without seconds", wr({ start: "2024-05-31T18:30Z" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T18:30:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: start with microseconds", wr({ start: "2024-05-31T18:30:00.123450+00:00" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T18:30:00.12345Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: start with zero milliseconds", wr({ start: "2024-05-31T18:30:00.000Z" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T18:30:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: start with 7 decimals", wr({ start: "2024-05-31T18:30:00.1234567Z" }), "start", R.dateTime);
workout("workout: start without an offset", wr({ start: "2024-05-31T18:30:00" }), "start", R.dateTime);
workout("workout: start with a space instead of T", wr({ start: "2024-05-31 18:30:00Z" }), "start", R.dateTime);
workout("workout: start lower case t and z", wr({ start: "2024-05-31t18:30:00z" }), "start", R.dateTime);
workout("workout: start offset without a colon", wr({ start: "2024-05-31T18:30:00+0200" }), "start", R.dateTime);
workout("workout: start date only", wr({ start: "2024-05-31" }), "start", R.dateTime);
workout("workout: start a number", wr({ start: 1717180200 }), "start", R.dateTime);
workout("workout: start null", wr({ start: null }), "start", R.dateTime);
workout("workout: start 23:59:59", wr({ start: "2024-05-31T23:59:59Z" }));
workout("workout: start hour 24", wr({ start: "2024-05-31T24:00:00Z" }), "start", R.realDateTime);
workout("workout: start minute 60", wr({ start: "2024-05-31T23:60:00Z" }), "start", R.realDateTime);
workout("workout: start leap second", wr({ start: "2024-05-31T23:59:60Z" }), "start", R.realDateTime);
workout("workout: start on 2023-02-29", wr({ start: "2023-02-29T10:00:00Z" }), "start", R.realDateTime);
workout("workout: start offset +14:00", wr({ start: "2024-05-31T10:00:00+14:00" }));
workout("workout: start offset -14:59", wr({ start: "2024-05-31T10:00:00-14:59" }));
workout("workout: start offset +15:00", wr({ start: "2024-05-31T10:00:00+15:00" }), "start", R.realDateTime);
workout("workout: start offset minutes 60", wr({ start: "2024-05-31T10:00:00+05:60" }), "start", R.realDateTime);
workout("workout: start before year 1 in UTC", wr({ start: "0001-01-01T00:30:00+01:00" }), "start", R.realDateTime);
workout("workout: start after year 9999 in UTC", wr({ start: "9999-12-31T23:30:00-01:00" }), "start", R.realDateTime);

// minutes, bodyweight, unit, effort
workout("workout: minutes 0", wr({ minutes: 0 }));
workout("workout: minutes 1440", wr({ minutes: 1440 }));
workout("workout: minutes 1441", wr({ minutes: 1441 }), "minutes", R.minutes);
workout("workout: minutes -1", wr({ minutes: -1 }), "minutes", R.minutes);
workout("workout: minutes 59.5", wr({ minutes: 59.5 }), "minutes", R.minutes);
workout("workout: minutes a string", wr({ minutes: "60" }), "minutes", R.minutes);
workout("workout: minutes null", wr({ minutes: null }), "minutes", R.minutes);
workout("workout: bodyweight null is omitted", wr({ bodyweight: null }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: bodyweight 0", wr({ bodyweight: 0 }), "bodyweight", R.bodyweight);
workout("workout: bodyweight 0.01", wr({ bodyweight: 0.01 }));
workout("workout: bodyweight 80.25", wr({ bodyweight: 80.25 }));
workout("workout: bodyweight 1500", wr({ bodyweight: 1500 }));
workout("workout: bodyweight 1500.01", wr({ bodyweight: 1500.01 }), "bodyweight", R.bodyweight);
workout("workout: bodyweight 10000", wr({ bodyweight: 10000 }), "bodyweight", R.bodyweight);
workout("workout: bodyweight -1", wr({ bodyweight: -1 }), "bodyweight", R.bodyweight);
workout("workout: bodyweight 80.255", wr({ bodyweight: 80.255 }), "bodyweight", R.bodyweight);
workout("workout: bodyweight a string", wr({ bodyweight: "80" }), "bodyweight", R.bodyweight);
workout("workout: unit lb", wr({ unit: "lb" }));
workout("workout: unit pounds", wr({ unit: "pounds" }), "unit", R.unit);
workout("workout: unit null", wr({ unit: null }), "unit", R.unit);
workout("workout: effort rir", wr({ effort: "rir" }));
workout("workout: effort rpe", wr({ effort: "rpe" }));
workout("workout: effort upper case", wr({ effort: "RPE" }), "effort", R.effort);
workout("workout: effort null", wr({ effort: null }), "effort", R.effort);
workout("workout: effort rpe10", wr({ effort: "rpe10" }), "effort", R.effort);

// routine, notes, skipProgression
workout("workout: routine null", wr({ routine: null }));
workout("workout: routine not a uuid", wr({ routine: "Push A" }), "routine", R.uuid);
workout("workout: routine a number", wr({ routine: 5 }), "routine", R.uuid);
workout("workout: routine that is not the user's", wr({ routine: UUID }), "routine", R.notFound, { database: true });
workout("workout: notes empty", wr({ notes: "" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    notes: "",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: notes 2000 characters", wr({ notes: s(2000, "n") }));
workout("workout: notes 2001 characters", wr({ notes: s(2001, "n") }), "notes", R.notes);
workout("workout: notes 2000 emoji", wr({ notes: s(2000, "🏋") }));
workout("workout: notes null", wr({ notes: null }));
workout("workout: notes a number", wr({ notes: 5 }), "notes", R.string);
workout("workout: skipProgression true", wr({ skipProgression: true }));
workout("workout: skipProgression false is omitted", wr({ skipProgression: false }));
workout("workout: skipProgression a string", wr({ skipProgression: "yes" }), "skipProgression", R.boolean);
workout("workout: skipProgression null", wr({ skipProgression: null }), "skipProgression", R.boolean);

// version: the very last field, kept only with an id (the server compares it with the workout's)
workout("workout: version without id is ignored", wr({ version: 7 }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("workout: version 2147483647", wr({ version: 2147483647 }));
workout("workout: version 0", wr({ version: 0 }), "version", R.version);
workout("workout: version 2147483648", wr({ version: 2147483648 }), "version", R.version);
workout("workout: version -1", wr({ version: -1 }), "version", R.version);
workout("workout: version as text", wr({ version: "7" }), "version", R.version);
workout("workout: version of an empty workout", wr({ exercises: [], version: false }), "version", R.version);
workout(
  "workout: a bad version comes after a bad set",
  wr({ exercises: [{ exercise: "Bench Press", sets: ["100x"] }], version: 0 }),
  "exercises[0].sets[0]",
  R.setText,
);

// exercises array
workout("workout: exercises missing", { date: "2024-05-31" }, "exercises", R.required);
workout("workout: exercises an object", wr({ exercises: {} }), "exercises", R.array);
workout("workout: exercises null", wr({ exercises: null }), "exercises", R.array);
workout("workout: exercises empty", wr({ exercises: [] }));
workout(
  "workout: 150 exercises (at most 100)",
  wr({ exercises: Array.from({ length: 150 }, () => ({ exercise: "Dumbbell Curl", sets: ["x10"] })) }),
  "exercises",
  R.workoutExercises,
);
workout("workout: exercise entry a string", wr({ exercises: ["Bench Press"] }), "exercises[0]", R.object);
workout("workout: exercise entry null", wr({ exercises: [null] }), "exercises[0]", R.object);

// workout exercise
workout("workout exercise: unknown property", wx({ weight: 100 }), `${X}.weight`, R.unknownProperty);
workout("workout exercise: routine field reps is unknown here", wx({ reps: 5 }), `${X}.reps`, R.unknownProperty);
workout("workout exercise: exercise missing", wx({ exercise: undefined }), `${X}.exercise`, R.required);
workout("workout exercise: exercise empty", wx({ exercise: "" }), `${X}.exercise`, R.exercise);
workout("workout exercise: exercise 101 characters", wx({ exercise: s(101) }), `${X}.exercise`, R.exercise);
workout("workout exercise: exercise a number", wx({ exercise: 1 }), `${X}.exercise`, R.string);
workout("workout exercise: alias OHP", wx({ exercise: "OHP" }));
workout("workout exercise: catalog name Overhead Press", wx({ exercise: "Overhead Press" }));
workout(
  "workout exercise: unknown exercise",
  wx({ exercise: "Underwater Basket Weaving" }),
  `${X}.exercise`,
  R.unknownExercise,
  { database: true },
);
workout(
  "workout exercise: unknown exercise in the first entry wins over a bad set in the second",
  wr({
    exercises: [
      { exercise: "Underwater Basket Weaving", sets: ["100x5"] },
      { exercise: "Deadlift", sets: ["nope"] },
    ],
  }),
  `${X}.exercise`,
  R.unknownExercise,
  { database: true },
);
workout(
  "workout exercise: bad set in the first entry wins over an unknown exercise in the second",
  wr({
    exercises: [
      { exercise: "Deadlift", sets: ["nope"] },
      { exercise: "Underwater Basket Weaving", sets: ["100x5"] },
    ],
  }),
  "exercises[0].sets[0]",
  R.setText,
);
workout("workout exercise: superset 8 characters", wx({ superset: "ABCDEFGH" }));
workout("workout exercise: superset 9 characters", wx({ superset: "ABCDEFGHI" }), `${X}.superset`, R.superset);
workout("workout exercise: superset empty", wx({ superset: "" }), `${X}.superset`, R.superset);
workout("workout exercise: superset a number", wx({ superset: 1 }), `${X}.superset`, R.string);
workout("workout exercise: note 500 characters", wx({ note: s(500) }));
workout("workout exercise: note 501 characters", wx({ note: s(501) }), `${X}.note`, R.note);
workout("workout exercise: note empty", wx({ note: "" }));
workout("workout exercise: note null", wx({ note: null }));
workout("workout exercise: note an object", wx({ note: {} }), `${X}.note`, R.string);
workout("workout exercise: pinned true", wx({ pinned: true, note: "Elbows in" }));
workout("workout exercise: pinned a string", wx({ pinned: "true" }), `${X}.pinned`, R.boolean);
workout("workout exercise: skipProgression 1", wx({ skipProgression: 1 }), `${X}.skipProgression`, R.boolean);
workout("workout exercise: sets missing", wx({ sets: undefined }), `${X}.sets`, R.required);
workout("workout exercise: sets empty", wx({ sets: [] }), `${X}.sets`, R.setsMin);
workout("workout exercise: sets a string", wx({ sets: "100x5" }), `${X}.sets`, R.array);
workout("workout exercise: sets null", wx({ sets: null }), `${X}.sets`, R.array);
workout("workout exercise: one set is enough", wx({ sets: ["x1"] }));
workout(
  "workout exercise: 60 sets (at most 50)",
  wx({ sets: Array.from({ length: 60 }, () => "20x10") }),
  `${X}.sets`,
  R.setsMax,
);

// set items
workout("set: a number", ws(5), SET, R.setItem);
workout("set: null", ws(null), SET, R.setItem);
workout("set: an array", ws(["100x5"]), SET, R.setItem);
workout("set: true", ws(true), SET, R.setItem);
workout("set object: only set", ws({ set: "100x5" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("set object: done true becomes a string", ws({ set: "100 x 5", done: true }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
  },
});
workout("set object: done false stays an object", ws({ done: false, set: "100 x 5" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: [{ set: "100x5", done: false }] }],
  },
});
workout("set object: set missing", ws({ done: false }), `${SET}.set`, R.required);
workout("set object: set a number", ws({ set: 100 }), `${SET}.set`, R.string);
workout("set object: set null", ws({ set: null }), `${SET}.set`, R.string);
workout("set object: bad set text", ws({ set: "abc" }), `${SET}.set`, R.setText);
workout("set object: done a string", ws({ set: "100x5", done: "no" }), `${SET}.done`, R.boolean);
workout("set object: done null", ws({ set: "100x5", done: null }), `${SET}.done`, R.boolean);
workout("set object: unknown property", ws({ set: "100x5", reps: 5 }), `${SET}.reps`, R.unknownProperty);
workout(
  "set object: unknown property wins over bad set text",
  ws({ set: "bad", extra: 1 }),
  `${SET}.extra`,
  R.unknownProperty,
);
workout("set object: set text is checked before done", ws({ done: "x", set: "100x501" }), `${SET}.set`, R.setReps);
workout("set: problem in the third set", wx({ sets: ["100x5", "100x5", "100x5x5"] }), `${X}.sets[2]`, R.setText);
workout(
  "set: problem in the second exercise",
  wr({
    exercises: [
      { exercise: "Bench Press", sets: ["100x5"] },
      { exercise: "Barbell Row", sets: ["60x8", { set: "60x8", done: 0 }] },
    ],
  }),
  "exercises[1].sets[1].done",
  R.boolean,
);

// set text: accepted forms and their canonical text
const canonicalSets: [string, string][] = [
  ["100x5", "100x5"],
  ["100 x 5", "100x5"],
  ["100X5", "100x5"],
  ["100×5", "100x5"],
  ["  100x5\t", "100x5"],
  ["102.5x5", "102.5x5"],
  ["102,5x5", "102.5x5"],
  ["102.50x5", "102.5x5"],
  ["100.500x5", "100.5x5"],
  ["0100x05", "100x5"],
  ["0x5", "0x5"],
  ["0.01x1", "0.01x1"],
  ["10000x1", "10000x1"],
  ["100x0", "100x0"],
  ["100x500", "100x500"],
  ["x12", "x12"],
  ["X 12", "x12"],
  ["bw x 8", "bw x 8"],
  ["BW X 8", "bw x 8"],
  ["bwx8", "bw x 8"],
  ["Bw×8", "bw x 8"],
  ["45s", "45s"],
  ["45 S", "45s"],
  ["0s", "0s"],
  ["59s", "59s"],
  ["60s", "1:00"],
  ["90s", "1:30"],
  ["1:30", "1:30"],
  ["1:5", "1:05"],
  ["0:45", "45s"],
  ["2m", "2:00"],
  ["1m30s", "1:30"],
  ["1m 30s", "1:30"],
  ["1440m", "1440:00"],
  ["86400s", "1440:00"],
  ["w:60x5", "w:60x5"],
  ["W : 60 x 5", "w:60x5"],
  ["d:80x8", "d:80x8"],
  ["D: x10", "d:x10"],
  ["rp:x4", "rp:x4"],
  ["RP: 80x3", "rp:80x3"],
  ["w:45s", "w:45s"],
  ["100x5@8", "100x5@8"],
  ["100x5 @ 8", "100x5@8"],
  ["100x5@7.5", "100x5@7.5"],
  ["100x5@7,5", "100x5@7.5"],
  ["100x5@7.50", "100x5@7.5"],
  ["100x5@07", "100x5@7"],
  ["100x5@8.0", "100x5@8"],
  ["100x5@10", "100x5@10"],
  ["100x5@1", "100x5@1"],
  ["x12@9.5", "x12@9.5"],
  ["bw x 8@8", "bw x 8@8"],
  ["45s@8", "45s@8"],
  ["d:80x8@9.5", "d:80x8@9.5"],
  // A weighted hold: a weight, then a duration with its unit.
  ["20x45s", "20x45s"],
  ["20 X 45 S", "20x45s"],
  ["20x90s", "20x1:30"],
  ["20x1:30", "20x1:30"],
  ["12,5x1m", "12.5x1:00"],
  ["10x1m30s", "10x1:30"],
  ["0x30s", "0x30s"],
  ["w:10x30s", "w:10x30s"],
  ["20x45s@8", "20x45s@8"],
  ["x45s", "45s"],
  // A weighted bodyweight set: the load added to the body.
  ["bw+20x5", "bw+20x5"],
  ["BW + 10,5 X 5", "bw+10.5x5"],
  ["bw+0x8", "bw+0x8"],
  ["rp:bw+20x3@9", "rp:bw+20x3@9"],
  // AMRAP: `+` right after the reps (as many as possible, at least that many).
  ["270x5+", "270x5+"],
  ["270 X 5 +", "270x5+"],
  ["bw x 8+", "bw x 8+"],
  ["x8+", "x8+"],
  ["100x5+@8", "100x5+@8"],
  ["100 x 5 + @ 8", "100x5+@8"],
  ["w:60x5+", "w:60x5+"],
  ["d:80x8+", "d:80x8+"],
  ["bw+20x5+", "bw+20x5+"],
  ["rp:bw+20x3+@9", "rp:bw+20x3+@9"],
  ["102,5x0+", "102.5x0+"],
  // Cardio: a distance in km, mi or m with its time (`<m>:<ss>` always), or km and mi alone.
  ["5km 25:00", "5km 25:00"],
  ["5.0km", "5km"],
  ["5 KM 25m", "5km 25:00"],
  ["5,25km 26m30s", "5.25km 26:30"],
  ["3mi 24:00", "3mi 24:00"],
  ["3 Mi", "3mi"],
  ["1mi 45s", "1mi 0:45"],
  ["2000m 7:30", "2000m 7:30"],
  ["2000M7m30s", "2000m 7:30"],
  ["400m 1:05", "400m 1:05"],
  ["400m 0:45", "400m 0:45"],
  ["w:1km 6:00", "w:1km 6:00"],
  ["5km 25:00@7", "5km 25:00@7"],
  ["5km @ 8", "5km@8"],
  // `<n>m` alone and `<n>m <n>s` keep their meaning: minutes (and seconds).
  ["400m", "400:00"],
  ["20m 30s", "20:30"],
];
for (const [input, canon] of canonicalSets) {
  workout(`set text: ${JSON.stringify(input)} is ${canon}`, ws(input), null, null, {
    canonical: {
      date: "2024-05-31",
      start: "2024-05-31T12:00:00Z",
      unit: "kg",
      effort: "rpe",
      exercises: [{ exercise: "Bench Press", sets: [canon] }],
    },
  });
}

// set text: refused forms
const badSets = [
  "",
  "   ",
  "100",
  "90",
  "100x",
  "x",
  "100x5x3",
  "100kg x 5",
  "100 kg x5",
  "100x5@",
  "100x5@8@9",
  "@8",
  "w:",
  "q:100x5",
  "w:d:100x5",
  "w100x5",
  "bw+x5",
  "bw-20x8",
  "bw+20",
  "bw+20x5s",
  "20x45x",
  "20xs",
  "20x1:30s",
  "bw 8",
  "100x5.5",
  "-5x5",
  "100x-5",
  "1.5.5x5",
  "1:60",
  "1:005",
  "1h",
  "1:30:00",
  "100x5 rpe 8",
  "100x5@-1",
  "100x5@8.",
  "five x five",
  // The AMRAP `+` follows reps only, once, before the effort.
  "45s+",
  "20x45s+",
  "1:30+",
  "100x5++",
  "100x5@8+",
  "+100x5",
  "100+x5",
  "bw+ x 8",
  // Distances: a unit, a number, one time, no weight, reps or `+`.
  "5k",
  "5km 25:00 1:00",
  "km",
  "5 meters",
  "100x5km",
  "5kmx5",
  "5km+",
  "2000.5m 7:30",
  "-5km",
  "5mi 25",
  "5km 1:30:00",
];
for (const input of badSets) workout(`set text: ${JSON.stringify(input)} is refused`, ws(input), SET, R.setText);

// set text: limits
workout("set text: weight 10000.01", ws("10000.01x1"), SET, R.setWeight);
workout("set text: weight 10001", ws("10001x1"), SET, R.setWeight);
workout("set text: weight with 3 decimals", ws("100.555x5"), SET, R.setWeight);
workout("set text: weight 0.001", ws("0.001x5"), SET, R.setWeight);
workout("set text: reps 501", ws("100x501"), SET, R.setReps);
workout("set text: reps-only 501", ws("x501"), SET, R.setReps);
workout("set text: bodyweight reps 501", ws("bw x 501"), SET, R.setReps);
workout("set text: 86401s", ws("86401s"), SET, R.setDuration);
workout("set text: 1440:01", ws("1440:01"), SET, R.setDuration);
workout("set text: 1440m1s", ws("1440m1s"), SET, R.setDuration);
workout("set text: distance 1000km", ws("1000km"));
workout("set text: distance 1000.001km", ws("1000.001km"), SET, R.setDistance);
workout("set text: distance 1000mi", ws("1000mi 600:00"));
workout("set text: distance 1000.001mi", ws("1000.001mi"), SET, R.setDistance);
workout("set text: distance 1000000m", ws("1000000m 1440:00"));
workout("set text: distance 1000001m", ws("1000001m 1:00"), SET, R.setDistance);
workout("set text: distance 0.001km", ws("0.001km"));
workout("set text: distance 0km", ws("0km"), SET, R.setDistance);
workout("set text: distance 0.000mi", ws("0.000mi 1:00"), SET, R.setDistance);
workout("set text: distance 0m", ws("0m 1:00"), SET, R.setDistance);
workout("set text: distance 1m", ws("1m 0:01"));
workout("set text: distance with 3 decimals", ws("5.125km"));
workout("set text: distance with 4 decimals", ws("5.1255km"), SET, R.setDistance);
workout("set text: distance of very many digits", ws("99999999999999999999km"), SET, R.setDistance);
workout("set text: distance time 86400s", ws("5km 1440:00"));
workout("set text: distance time 86401s", ws("5km 1440:01"), SET, R.setDuration);
workout("set text: meters time 1440m1s", ws("2000m 1440m1s"), SET, R.setDuration);
workout("set text: distance checked before duration and effort", ws("0km 1440:01@11"), SET, R.setDistance);
workout("set text: distance time checked before effort", ws("5km 1440:01@11"), SET, R.setDuration);
workout("set text: distance effort checked last", ws("5km 25:00@11"), SET, R.rpe);
workout("set text: distance in a workout in lb stays as written", ws("3mi 24:00", { unit: "lb" }), null, null, {
  canonical: {
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "lb",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", sets: ["3mi 24:00"] }],
  },
});
workout("set text: distance not done", ws({ set: "5km", done: false }));
workout("set text: weight checked before reps and effort", ws("100.555x501@11"), SET, R.setWeight);
workout("set text: reps checked before effort", ws("100x501@11"), SET, R.setReps);
workout("set text: duration checked before effort", ws("86401s@11"), SET, R.setDuration);
workout("set text: weighted hold of 86400s", ws("20x86400s"));
workout("set text: weighted hold of 86401s", ws("20x86401s"), SET, R.setDuration);
workout("set text: weighted hold 10000.01", ws("10000.01x45s"), SET, R.setWeight);
workout("set text: weighted hold, weight checked before duration", ws("100.555x86401s"), SET, R.setWeight);
workout("set text: weighted hold without a unit is reps", ws("20x45"));
workout("set text: weighted bodyweight 10000", ws("bw+10000x5"));
workout("set text: weighted bodyweight 10000.01", ws("bw+10000.01x5"), SET, R.setWeight);
workout("set text: weighted bodyweight reps 501", ws("bw+20x501"), SET, R.setReps);
workout("set text: AMRAP reps 500", ws("100x500+"));
workout("set text: AMRAP reps 501", ws("100x501+"), SET, R.setReps);
workout("set text: AMRAP bodyweight reps 501", ws("bw x 501+"), SET, R.setReps);
workout("set text: AMRAP weight checked before reps", ws("100.555x501+"), SET, R.setWeight);
workout("set text: AMRAP effort checked last", ws("100x5+@11"), SET, R.rpe);

// set text: effort scales
workout("effort rpe: @0", ws("100x5@0"), SET, R.rpe);
workout("effort rpe: @0.5", ws("100x5@0.5"), SET, R.rpe);
workout("effort rpe: @1", ws("100x5@1"));
workout("effort rpe: @10", ws("100x5@10"));
workout("effort rpe: @10.5", ws("100x5@10.5"), SET, R.rpe);
workout("effort rpe: @11", ws("100x5@11"), SET, R.rpe);
workout("effort rpe: @7.3", ws("100x5@7.3"), SET, R.rpe);
workout("effort rpe: @7.25", ws("100x5@7.25"), SET, R.rpe);
workout("effort rpe: @7.55", ws("100x5@7.55"), SET, R.rpe);
workout("effort rir: @0", ws("100x5@0", { effort: "rir" }));
workout("effort rir: @0.5", ws("100x5@0.5", { effort: "rir" }));
workout("effort rir: @10", ws("100x5@10", { effort: "rir" }));
workout("effort rir: @10.5", ws("100x5@10.5", { effort: "rir" }), SET, R.rir);
workout("effort rir: @7.3", ws("100x5@7.3", { effort: "rir" }), SET, R.rir);
workout("effort rir from the user's default: @0", ws("x8@0"), null, null, { options: { effort: "rir" } });
workout("effort rir from the user's default: @11", ws("x8@11"), SET, R.rir, { options: { effort: "rir" } });
workout("effort: bad effort field is reported before the sets", ws("100x5@0", { effort: "borg" }), "effort", R.effort);

// several problems and key order
workout(
  "workout: several problems, date before exercises",
  wr({ date: "2023-02-29", exercises: [{ exercise: "" }] }),
  "date",
  R.calendarDate,
);
workout("workout: several problems, name before date", wr({ name: "", date: "x" }), "name", R.name);
workout("workout: several problems, start before minutes", wr({ minutes: -1, start: "x" }), "start", R.dateTime);
workout(
  "workout: several problems, bodyweight before unit",
  wr({ unit: "g", bodyweight: -1 }),
  "bodyweight",
  R.bodyweight,
);
workout("workout: several problems, unit before effort", wr({ effort: "x", unit: "g" }), "unit", R.unit);
workout("workout: several problems, routine before notes", wr({ notes: 1, routine: 1 }), "routine", R.uuid);
workout(
  "workout: several problems, notes before skipProgression",
  wr({ skipProgression: 1, notes: 1 }),
  "notes",
  R.string,
);
workout(
  "workout exercise: several problems, superset before note",
  wx({ note: 1, superset: "" }),
  `${X}.superset`,
  R.superset,
);
workout(
  "workout exercise: several problems, pinned before skipProgression",
  wx({ skipProgression: 1, pinned: 1 }),
  `${X}.pinned`,
  R.boolean,
);
workout(
  "workout exercise: several problems, skipProgression before sets",
  wx({ sets: [], skipProgression: 1 }),
  `${X}.skipProgression`,
  R.boolean,
);
workout(
  "workout: key order (a)",
  { date: "2024-02-30", minutes: 2000, exercises: [{ sets: [], exercise: "" }] },
  "date",
  R.calendarDate,
);
workout(
  "workout: key order (b)",
  { exercises: [{ exercise: "", sets: [] }], minutes: 2000, date: "2024-02-30" },
  "date",
  R.calendarDate,
);
workout("workout: key order in a set object (a)", ws({ set: "x", done: 1, z: 0, y: 0 }), `${SET}.y`, R.unknownProperty);
workout("workout: key order in a set object (b)", ws({ y: 0, z: 0, done: 1, set: "x" }), `${SET}.y`, R.unknownProperty);
workout(
  "workout: key order in an entry (a)",
  wx({ note: s(501), exercise: "Bench Press", sets: ["x"] }),
  `${X}.note`,
  R.note,
);
workout(
  "workout: key order in an entry (b)",
  { date: "2024-05-31", exercises: [{ sets: ["x"], exercise: "Bench Press", note: s(501) }] },
  `${X}.note`,
  R.note,
);

// ---------------------------------------------------------------- checks before the walk
/** `levels` arrays nested in one another (1: `[]`). */
function nest(levels: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < levels; i++) v = [v];
  return v;
}
const zeros = (n: number) => "[0]".repeat(n);
const plugin = { plugin: true } as const;
// The root object is level 1: `notes` holding 15 nested arrays reaches level 16, the deepest allowed.
workout(
  "depth: 16 levels is allowed (then notes must be a string)",
  wr({ notes: nest(15) }),
  "notes",
  R.string,
  plugin,
);
workout(
  "depth: 17 levels is refused at the first value too deep",
  wr({ notes: nest(16) }),
  `notes${zeros(15)}`,
  R.depth,
  plugin,
);
// JSON.stringify itself overflows the stack on such a document: written as text.
workout("depth: 5000 levels is refused without recursion", null, `notes${zeros(15)}`, R.depth, {
  ...plugin,
  json: `{"date":"2024-05-31","exercises":[],"notes":${"[".repeat(5000)}${"]".repeat(5000)}}`,
});
routine(
  "depth: nested objects",
  rr({
    zz: {
      a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: { a: 1 } } } } } } } } } } } } } } },
    },
  }),
  "zz.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a",
  R.depth,
  plugin,
);
routine("depth: a root array nested 17 deep", nest(17), zeros(16), R.depth, plugin);
routine("depth: a root array nested 16 deep is not an object", nest(16), "document", R.object, plugin);
workout(
  "depth: checked before the walk (a deep unknown property after a bad date)",
  wr({ date: "x", zz: nest(20) }),
  `zz${zeros(15)}`,
  R.depth,
  plugin,
);
workout(
  "depth: the first problem in code point order of keys (a)",
  wr({ b: "\u0000", a: nest(20) }),
  `a${zeros(15)}`,
  R.depth,
  plugin,
);
workout(
  "depth: the first problem in code point order of keys (b)",
  wr({ a: "\u0000", b: nest(20) }),
  "a",
  R.nul,
  plugin,
);
workout("U+0000 in a name", wr({ name: "a\u0000b" }), "name", R.nul, plugin);
workout("U+0000 in a set", wx({ sets: ["100x5", "\u0000"] }), `${X}.sets[1]`, R.nul, plugin);
workout("U+0000 in a key", wr({ "x\u0000": 1 }), "x\u0000", R.nul, plugin);
routine("U+0000 as the whole document", "\u0000", "document", R.nul, plugin);
workout("surrogate: a lone high surrogate in notes", null, "notes", R.surrogate, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"notes":"a\\ud800b"}',
});
workout("surrogate: a lone low surrogate in a name", null, "name", R.surrogate, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"name":"\\udc00"}',
});
workout("surrogate: a high surrogate at the end of a set", null, `${X}.sets[0]`, R.surrogate, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[{"exercise":"Bench Press","sets":["100x5\\ud83d"]}]}',
});
workout("surrogate: in a key", null, "\udc00", R.surrogate, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"\\udc00":1}',
});
workout("surrogate: reported before the walk's problems", null, "notes", R.surrogate, {
  ...plugin,
  json: '{"date":"x","exercises":[],"notes":"\\ud800"}',
});
workout("surrogate: a pair is one character (an emoji name)", null, null, null, {
  json: '{"date":"2024-05-31","name":"\\ud83d\\udcaa","exercises":[]}',
  canonical: {
    name: "\u{1f4aa}",
    date: "2024-05-31",
    start: "2024-05-31T12:00:00Z",
    unit: "kg",
    effort: "rpe",
    exercises: [],
  },
});

// ---------------------------------------------------------------- numbers beyond a double (JSON parsing gives Infinity)
workout("1e400: bodyweight", null, "bodyweight", R.bodyweight, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"bodyweight":1e400}',
});
workout("1e400: bodyweight -1e400", null, "bodyweight", R.bodyweight, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"bodyweight":-1e400}',
});
workout("1e400: minutes", null, "minutes", R.minutes, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[],"minutes":1e400}',
});
workout("1e400: as a set", null, `${X}.sets[0]`, R.setItem, {
  ...plugin,
  json: '{"date":"2024-05-31","exercises":[{"exercise":"Bench Press","sets":[1e400]}]}',
});
workout("1e400: as the document", null, "document", R.object, { ...plugin, json: "1e400" });
routine("1e400: routine weight", null, "exercises[0].weight", R.weight, {
  ...plugin,
  json: '{"name":"P","exercises":[{"exercise":"Bench Press","sets":3,"weight":1e400}]}',
});
routine("1e400: routine sets", null, "exercises[0].sets", R.setCount, {
  ...plugin,
  json: '{"name":"P","exercises":[{"exercise":"Bench Press","sets":1e400}]}',
});
routine("1e400: routine time is over the maximum", null, "exercises[0].time", R.timeMax, {
  ...plugin,
  json: '{"name":"P","exercises":[{"exercise":"Plank","sets":3,"time":1e400}]}',
});
routine("1e400: routine rest -1e400 is not a duration", null, "exercises[0].rest", R.duration, {
  ...plugin,
  json: '{"name":"P","exercises":[{"exercise":"Plank","sets":3,"rest":-1e400}]}',
});
routine(
  "1e300: routine time (a finite number) is over the maximum",
  rx({ time: 1e300 }),
  "exercises[0].time",
  R.timeMax,
);

// ---------------------------------------------------------------- one-line text: no control characters
routine("control: routine name with a newline", rr({ name: "Push\nA" }), "name", R.controlCharacter);
routine("control: routine name with a tab", rr({ name: "Push\tA" }), "name", R.controlCharacter);
routine("control: routine name with U+001F", rr({ name: "Push\u001fA" }), "name", R.controlCharacter);
routine("control: routine name with DEL (U+007F)", rr({ name: "Push\u007f" }), "name", R.controlCharacter);
routine("control: routine name with U+009F (C1)", rr({ name: "Push\u009f" }), "name", R.controlCharacter);
routine("control: routine name with U+00A0 (no-break space) is fine", rr({ name: "Push\u00a0A" }));
routine("control: routine name with U+0020 spaces is fine", rr({ name: " Push  A " }));
routine("control: length is checked first", rr({ name: `${s(80)}\n` }), "name", R.name);
routine("control: routine icon", rr({ icon: "bar\tbell" }), "icon", R.controlCharacter);
routine(
  "control: routine exercise reference",
  rx({ exercise: "Bench\nPress" }),
  "exercises[0].exercise",
  R.controlCharacter,
);
routine("control: routine superset", rx({ superset: "A\n" }), "exercises[0].superset", R.controlCharacter);
workout("control: workout name", wr({ name: "Heavy\r\nday" }), "name", R.controlCharacter);
workout("control: workout exercise reference", wx({ exercise: "Bench\tPress" }), `${X}.exercise`, R.controlCharacter);
workout("control: workout superset", wx({ superset: "\u0001" }), `${X}.superset`, R.controlCharacter);
workout(
  "control: notes and notes of an exercise keep newlines and tabs",
  wr({ notes: "Line 1\nLine 2\tend", exercises: [{ exercise: "Bench Press", note: "a\nb\tc", sets: ["100x5"] }] }),
);

// ---------------------------------------------------------------- bounded work per workout
const entry = (sets: number) => ({ exercise: "Bench Press", sets: Array.from({ length: sets }, () => "100x5") });
const many = (n: number, sets: number) => Array.from({ length: n }, () => entry(sets));
workout("limit: 100 exercises, the most allowed", wr({ exercises: many(100, 1) }));
workout("limit: 101 exercises", wr({ exercises: many(101, 1) }), "exercises", R.workoutExercises);
workout("limit: 50 sets in an exercise, the most allowed", wr({ exercises: [entry(50)] }));
workout("limit: 51 sets in an exercise", wr({ exercises: [entry(1), entry(51)] }), "exercises[1].sets", R.setsMax);
workout("limit: 500 sets in all, the most allowed", wr({ exercises: many(10, 50) }));
workout("limit: 501 sets in all", wr({ exercises: [...many(10, 50), entry(1)] }), "exercises", R.workoutSets);
workout(
  "limit: sets in all are counted before any entry is checked",
  wr({ exercises: [{ exercise: "" }, ...many(10, 50), entry(1)] }),
  "exercises",
  R.workoutSets,
);
workout(
  "limit: sets in all count only arrays in objects",
  wr({ exercises: [...many(10, 50), { sets: "x".repeat(600) }, "x"] }),
  "exercises[10].exercise",
  R.required,
);
workout(
  "limit: more than 100 exercises is reported before the sets in all",
  wr({ exercises: many(101, 5) }),
  "exercises",
  R.workoutExercises,
);
workout("limit: 600 sets in one exercise", wr({ exercises: [entry(600)] }), "exercises", R.workoutSets);
workout(
  "limit: an exercise's fields come before its number of sets",
  wr({ exercises: [{ ...entry(51), note: 1 }] }),
  `${X}.note`,
  R.string,
);

// ---------------------------------------------------------------- start within a day of date
workout("start: the day before date at 00:00Z", wr({ start: "2024-05-30T00:00:00Z" }));
workout("start: two days before date (23:59:59Z)", wr({ start: "2024-05-29T23:59:59Z" }), "start", R.startNearDate);
workout("start: the day after date at 23:59:59.999999Z", wr({ start: "2024-06-01T23:59:59.999999Z" }));
workout("start: two days after date", wr({ start: "2024-06-02T00:00:00Z" }), "start", R.startNearDate);
workout("start: the day after in UTC from a local offset", wr({ start: "2024-06-02T01:00:00+02:00" }));
workout("start: a year off", wr({ start: "2025-05-31T18:00:00+02:00" }), "start", R.startNearDate);
workout(
  "start: the first allowed date with a start the day before",
  wr({ date: "1900-01-01", start: "1899-12-31T22:00:00-02:00" }),
);

// ---------------------------------------------------------------- check against the SDK and write
let problems = 0;
for (const c of cases) {
  const validate = c.kind === "routine" ? validateRoutineDocument : validateWorkoutDocument;
  const r = validate(c.json !== undefined ? JSON.parse(c.json) : c.document, c.options);
  if (c.database) continue;
  const got = r.valid ? { path: null, reason: null } : { path: r.path, reason: r.reason };
  if (got.path !== c.path || got.reason !== c.reason) {
    problems++;
    console.error(`MISMATCH ${c.name}: expected ${c.path} / ${c.reason}, SDK says ${got.path} / ${got.reason}`);
    continue;
  }
  if (r.valid) {
    if (c.canonical !== undefined && !isDeepStrictEqual(c.canonical, r.document)) {
      problems++;
      console.error(
        `CANONICAL ${c.name}: expected ${JSON.stringify(c.canonical)}, SDK says ${JSON.stringify(r.document)}`,
      );
    }
    c.canonical = r.document;
  }
}
if (problems > 0) {
  console.error(`${problems} problem(s); file not written`);
  process.exit(1);
}
const out = fileURLToPath(CASES_FILE);
// One case per line: small diffs, easy to grep.
writeFileSync(out, `[\n${cases.map((c) => JSON.stringify(c)).join(",\n")}\n]\n`);
console.log(
  `wrote ${cases.length} cases (${cases.filter((c) => c.database).length} database-only, ${cases.filter((c) => c.path === null).length} valid) to ${out}`,
);
