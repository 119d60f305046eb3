/**
 * Property tests on whole documents: random valid documents validate, their canonical form is a
 * fixed point and does not depend on key order; a mutation that breaks one rule is reported at
 * the path of that rule with its reason.
 */
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  REASONS,
  routineSchema,
  validateRoutineDocument,
  validateWorkoutDocument,
  workoutSchema,
} from "../src/documents/index.ts";
import {
  opt,
  rec,
  textOf,
  weight,
  progression,
  routineExerciseArb,
  workoutDocArb,
  type Obj,
} from "./support/documents.ts";

const ajv = new Ajv2020({ strict: true, validateFormats: false });
const routineOk = ajv.compile(routineSchema);
const workoutOk = ajv.compile(workoutSchema);

const EXERCISES = [
  "Bench Press",
  "Back Squat",
  "Deadlift",
  "Overhead Press",
  "Pull-Up",
  "Plank",
  "bench",
  "OHP",
  "RDL",
];
const uuid = fc.uuid();
const routineExercise = routineExerciseArb({ exercises: EXERCISES, spaces: ["", " ", "  ", "\t"], wholeMinutes: true });

const routineDoc = rec({
  id: opt(uuid),
  name: textOf(1, 80),
  icon: opt(textOf(1, 40)),
  progression: opt(progression),
  unit: opt(fc.constantFrom("kg", "lb")),
  deload: opt(fc.boolean()),
  exercises: fc.array(routineExercise, { maxLength: 6 }),
});

const setTextArb = (scale: "rpe" | "rir") =>
  fc
    .tuple(
      fc.constantFrom("", "w:", "d:", "rp:", "W: "),
      fc.oneof(
        fc.tuple(weight, fc.integer({ min: 0, max: 500 })).map(([w, r]) => `${w}x${r}`),
        fc.integer({ min: 0, max: 500 }).map((r) => `x${r}`),
        fc.integer({ min: 0, max: 500 }).map((r) => `bw x ${r}`),
        fc.integer({ min: 0, max: 86400 }).map((s) => `${s}s`),
      ),
      fc.option(
        fc.integer({ min: scale === "rpe" ? 2 : 0, max: 20 }).map((h) => `@${h / 2}`),
        { nil: "" },
      ),
    )
    .map(([p, b, e]) => `${p}${b}${e}`);

const workoutDoc = workoutDocArb({
  exercises: EXERCISES,
  setText: setTextArb,
  id: uuid,
  routine: fc.option(uuid, { nil: null }),
});

/** Deep copy with every object's keys in a shuffled order. */
function shuffleKeys(v: unknown, rand: () => number): unknown {
  if (Array.isArray(v)) return v.map((x) => shuffleKeys(x, rand));
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  return Object.fromEntries(keys.map((k) => [k, shuffleKeys((v as Obj)[k], rand)]));
}
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

const options = fc.record({
  unit: fc.constantFrom("kg", "lb"),
  effort: fc.constantFrom("rpe", "rir"),
}) as fc.Arbitrary<{
  unit: "kg" | "lb";
  effort: "rpe" | "rir";
}>;

describe.each([
  ["routine", routineDoc, validateRoutineDocument, routineOk],
  ["workout", workoutDoc, validateWorkoutDocument, workoutOk],
] as const)("%s documents", (_kind, docArb, validate, schemaOk) => {
  test("random valid documents validate, pass the schema, and their canonical form is a fixed point", () => {
    fc.assert(
      fc.property(docArb, options, (doc, opts) => {
        expect(schemaOk(doc)).toBe(true);
        const r = validate(doc, opts);
        if (!r.valid) throw new Error(`${r.path}: ${r.reason} in ${JSON.stringify(doc)}`);
        expect(validate(r.document, opts)).toEqual(r);
        expect(validate(JSON.parse(JSON.stringify(r.document)), { unit: opts.unit === "kg" ? "lb" : "kg" })).toEqual(r);
        expect(schemaOk(r.document)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test("key order changes nothing", () => {
    fc.assert(
      fc.property(docArb, fc.integer(), (doc, seed) => {
        expect(validate(shuffleKeys(doc, seeded(Math.abs(seed))))).toEqual(validate(doc));
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- one broken rule at a time
type Mutation = { name: string; apply: (d: Obj) => string | null; reason: string };
const ex = (d: Obj) => d.exercises as Obj[];
/** Sets field `key` of the object at `path` (root or an exercise index) and returns the path. */
const setAt = (key: string, value: unknown, index?: number) => (d: Obj) => {
  if (index === undefined) {
    d[key] = value;
    return key;
  }
  if (ex(d).length <= index) return null;
  ex(d)[index][key] = value;
  return `exercises[${index}].${key}`;
};

const routineMutations: Mutation[] = [
  { name: "unknown root key", apply: setAt("colour", "red"), reason: REASONS.unknownProperty },
  { name: "name too long", apply: setAt("name", "n".repeat(81)), reason: REASONS.name },
  { name: "name empty", apply: setAt("name", ""), reason: REASONS.name },
  { name: "name missing", apply: (d) => (delete d.name, "name"), reason: REASONS.required },
  { name: "icon too long", apply: setAt("icon", "i".repeat(41)), reason: REASONS.icon },
  { name: "progression bad", apply: setAt("progression", "wave"), reason: REASONS.progression },
  { name: "unit bad", apply: setAt("unit", "st"), reason: REASONS.unit },
  { name: "deload bad", apply: setAt("deload", "yes"), reason: REASONS.boolean },
  { name: "exercises bad", apply: setAt("exercises", {}), reason: REASONS.array },
  {
    name: "exercises too many",
    apply: setAt(
      "exercises",
      Array.from({ length: 101 }, () => ({ exercise: "Deadlift", sets: 1 })),
    ),
    reason: REASONS.routineExercises,
  },
  { name: "unknown key in exercise", apply: setAt("tempo", "3-1-1", 0), reason: REASONS.unknownProperty },
  { name: "sets 21", apply: setAt("sets", 21, 0), reason: REASONS.setCount },
  { name: "sets 0", apply: setAt("sets", 0, 0), reason: REASONS.setCount },
  { name: "exercise too long", apply: setAt("exercise", "e".repeat(101), 0), reason: REASONS.exercise },
  { name: "weight 3 decimals", apply: setAt("weight", 100.125, 0), reason: REASONS.weight },
  { name: "weight negative", apply: setAt("weight", -2.5, 0), reason: REASONS.weight },
  { name: "rest 901", apply: setAt("rest", 901, 0), reason: REASONS.restMax },
  { name: "rest 15:01", apply: setAt("rest", "15:01", 0), reason: REASONS.restMax },
  { name: "rest bad text", apply: setAt("rest", "a while", 0), reason: REASONS.duration },
  { name: "superset too long", apply: setAt("superset", "ABCDEFGHI", 0), reason: REASONS.superset },
  { name: "exercise progression bad", apply: setAt("progression", "wave", 0), reason: REASONS.progression },
  { name: "warmups 6", apply: setAt("warmups", 6, 0), reason: REASONS.extraSets },
  { name: "drops -1", apply: setAt("drops", -1, 0), reason: REASONS.extraSets },
  { name: "bursts 1.5", apply: setAt("bursts", 1.5, 0), reason: REASONS.extraSets },
  {
    name: "reps range going down",
    apply: (d) => (ex(d).length === 0 ? null : (delete ex(d)[0].time, (ex(d)[0].reps = "12-8"), "exercises[0].reps")),
    reason: REASONS.repsRangeOrder,
  },
  {
    name: "reps 501",
    apply: (d) => (ex(d).length === 0 ? null : (delete ex(d)[0].time, (ex(d)[0].reps = 501), "exercises[0].reps")),
    reason: REASONS.reps,
  },
  {
    name: "time 86401",
    apply: (d) => (ex(d).length === 0 ? null : (delete ex(d)[0].reps, (ex(d)[0].time = 86401), "exercises[0].time")),
    reason: REASONS.timeMax,
  },
  {
    name: "time with reps",
    apply: (d) => (ex(d).length === 0 ? null : ((ex(d)[0].reps = 5), (ex(d)[0].time = 30), "exercises[0].time")),
    reason: REASONS.timeWithReps,
  },
];

const setsOf = (d: Obj, i: number) => ex(d)[i].sets as unknown[];
const setAtSet = (value: unknown) => (d: Obj) => {
  if (ex(d).length === 0) return null;
  const sets = setsOf(d, 0);
  sets[sets.length - 1] = value;
  return `exercises[0].sets[${sets.length - 1}]`;
};
const workoutMutations: Mutation[] = [
  { name: "unknown root key", apply: setAt("title", "x"), reason: REASONS.unknownProperty },
  { name: "name too long", apply: setAt("name", "n".repeat(81)), reason: REASONS.name },
  { name: "date not real", apply: setAt("date", "2023-02-29"), reason: REASONS.calendarDate },
  { name: "date bad form", apply: setAt("date", "29.02.2024"), reason: REASONS.date },
  { name: "date missing", apply: (d) => (delete d.date, "date"), reason: REASONS.required },
  { name: "start without offset", apply: setAt("start", "2024-05-31T10:00:00"), reason: REASONS.dateTime },
  { name: "start hour 25", apply: setAt("start", "2024-05-31T25:00:00Z"), reason: REASONS.realDateTime },
  { name: "minutes 1441", apply: setAt("minutes", 1441), reason: REASONS.minutes },
  { name: "bodyweight negative", apply: setAt("bodyweight", -1), reason: REASONS.bodyweight },
  { name: "bodyweight 0", apply: setAt("bodyweight", 0), reason: REASONS.bodyweight },
  { name: "date out of range", apply: setAt("date", "2100-01-01"), reason: REASONS.dateRange },
  { name: "name with a newline", apply: setAt("name", "Heavy\nday"), reason: REASONS.controlCharacter },
  { name: "unit bad", apply: setAt("unit", "stone"), reason: REASONS.unit },
  { name: "effort bad", apply: setAt("effort", "borg"), reason: REASONS.effort },
  { name: "routine bad", apply: setAt("routine", "my routine"), reason: REASONS.uuid },
  { name: "notes too long", apply: setAt("notes", "n".repeat(2001)), reason: REASONS.notes },
  { name: "skipProgression bad", apply: setAt("skipProgression", 0), reason: REASONS.boolean },
  { name: "exercises missing", apply: (d) => (delete d.exercises, "exercises"), reason: REASONS.required },
  { name: "unknown key in exercise", apply: setAt("reps", 5, 0), reason: REASONS.unknownProperty },
  { name: "note too long", apply: setAt("note", "n".repeat(501), 0), reason: REASONS.note },
  { name: "pinned bad", apply: setAt("pinned", "yes", 0), reason: REASONS.boolean },
  { name: "sets empty", apply: setAt("sets", [], 0), reason: REASONS.setsMin },
  { name: "set bad text", apply: setAtSet("heavy"), reason: REASONS.setText },
  { name: "set reps 501", apply: setAtSet("100x501"), reason: REASONS.setReps },
  { name: "set weight 3 decimals", apply: setAtSet("100.125x5"), reason: REASONS.setWeight },
  { name: "set 86401s", apply: setAtSet("86401s"), reason: REASONS.setDuration },
  { name: "set effort 11", apply: setAtSet("x5@11"), reason: "effort" },
  { name: "set a number", apply: setAtSet(5), reason: REASONS.setItem },
  {
    name: "set object unknown key",
    apply: (d) =>
      setAtSet({ set: "x5", rpe: 8 })(d) === null ? null : `exercises[0].sets[${setsOf(d, 0).length - 1}].rpe`,
    reason: REASONS.unknownProperty,
  },
  {
    name: "set object done bad",
    apply: (d) =>
      setAtSet({ set: "x5", done: "no" })(d) === null ? null : `exercises[0].sets[${setsOf(d, 0).length - 1}].done`,
    reason: REASONS.boolean,
  },
];

describe.each([
  ["routine", routineDoc, validateRoutineDocument, routineMutations],
  ["workout", workoutDoc, validateWorkoutDocument, workoutMutations],
] as const)("%s documents with one broken rule", (_kind, docArb, validate, mutations) => {
  test.each(mutations.map((m) => [m.name, m] as const))("%s", (_name, m) => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const d = structuredClone(doc);
        const path = m.apply(d);
        if (path === null) return; // not applicable (no exercise to break)
        const r = validate(d);
        const scale = (d.effort as string | undefined) ?? "rpe";
        const reason = m.reason === "effort" ? (scale === "rpe" ? REASONS.rpe : REASONS.rir) : m.reason;
        expect(r).toEqual({ valid: false, path, reason });
      }),
      { numRuns: 60 },
    );
  });
});
