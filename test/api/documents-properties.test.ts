// Property-based round trips through the real API (HTTP, PostgreSQL):
// - random valid documents: apply, show, apply the shown document again, show: identical, and the
//   shown document is the SDK's canonical form plus the id, with exercises named;
// - random invalid documents (a valid one with one field replaced by a random value): refused with
//   INVALID_DOCUMENT at the same path and reason as the SDK gives offline, and no row changes.
import fc from "fast-check";
import { startTestServer, gql, signUp, type TestServer } from "../support/harness.ts";
import { validateRoutineDocument, validateWorkoutDocument } from "../../sdk/src/documents/index.ts";
import {
  opt,
  rec,
  textOf,
  weight,
  progression,
  routineExerciseArb,
  workoutDocArb,
  type Obj,
} from "../../sdk/test/support/documents.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

let s: TestServer;
let token: string;
const names = new Map<string, string>();
beforeAll(async () => {
  s = await startTestServer();
  token = (await signUp(s.url, "Prop")).token;
  for (const ref of EXERCISES) {
    const { rows } = await s.ownerPool.query(
      "select e.name from app_public.exercises e where e.id = app_hidden.resolve_exercise($1)",
      [ref],
    );
    names.set(ref, rows[0].name);
  }
});
afterAll(async () => {
  await s.close();
});

const APPLY = {
  routine: `mutation($document: JSON!) { applyRoutineDocument(input: {document: $document}) { routine { id } document created } }`,
  workout: `mutation($document: JSON!) { applyWorkoutDocument(input: {document: $document}) { workout { id } document created } }`,
};
const SHOW = {
  routine: `query($id: String!) { doc: routineDocument(ref: $id) }`,
  workout: `query($id: UUID!) { doc: workoutDocument(id: $id) }`,
};

async function apply(kind: "routine" | "workout", document: unknown) {
  const res = await gql(s.url, APPLY[kind], { document }, { token });
  const payload = res.body.data?.[kind === "routine" ? "applyRoutineDocument" : "applyWorkoutDocument"];
  return {
    errors: res.body.errors,
    id: payload?.[kind]?.id as string | undefined,
    document: payload?.document,
    created: payload?.created,
  };
}
async function show(kind: "routine" | "workout", id: string) {
  const res = await gql(s.url, SHOW[kind], { id }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.doc;
}
async function counts() {
  const { rows } = await s.ownerPool.query(`select
    (select count(*)::int from app_public.routines) as routines, (select count(*)::int from app_public.routine_exercises) as routine_exercises,
    (select count(*)::int from app_public.workouts) as workouts, (select count(*)::int from app_public.workout_exercises) as workout_exercises,
    (select count(*)::int from app_public.workout_sets) as workout_sets,
    (select max(updated_at) from app_public.routines) as routines_updated, (select max(updated_at) from app_public.workouts) as workouts_updated`);
  return rows[0];
}

// ---------------------------------------------------------------- generators (as people type)
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
  "pullup",
  "Romanian Deadlift",
];
let serial = 0;
const routineExercise = routineExerciseArb({ exercises: EXERCISES, spaces: ["", " ", "\t"], wholeMinutes: false });

// Names get a serial number: routine names are unique per user.
const routineDoc = rec({
  name: textOf(1, 70),
  icon: opt(textOf(1, 40)),
  progression: opt(progression),
  unit: opt(fc.constantFrom("kg", "lb")),
  deload: opt(fc.boolean()),
  exercises: fc.array(routineExercise, { maxLength: 6 }),
}).map((d) => ({ ...d, name: `${d.name} #${++serial}` }));

const setTextArb = (scale: "rpe" | "rir") =>
  fc
    .tuple(
      fc.constantFrom("", "w:", "d:", "rp:", "W: ", "Rp : "),
      fc.oneof(
        fc
          .tuple(weight, fc.integer({ min: 0, max: 500 }), fc.constantFrom("x", " X ", "×"))
          .map(([w, r, x]) => `${w}${x}${r}`),
        fc.integer({ min: 0, max: 500 }).map((r) => `x${r}`),
        fc.integer({ min: 0, max: 500 }).map((r) => `BW x ${r}`),
        fc.integer({ min: 0, max: 86400 }).map((n) => `${n}s`),
        fc.integer({ min: 0, max: 86400 }).map((n) => `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`),
      ),
      fc.option(
        fc.integer({ min: scale === "rpe" ? 2 : 0, max: 20 }).map((h) => ` @ ${h / 2}`),
        { nil: "" },
      ),
    )
    .map(([p, b, e]) => `${p}${b}${e}`);
const workoutDoc = workoutDocArb({ exercises: EXERCISES, setText: setTextArb, routine: fc.constant(null) });

const KINDS = [
  ["routine", routineDoc, validateRoutineDocument],
  ["workout", workoutDoc, validateWorkoutDocument],
] as const;

describe.each(KINDS)("%s documents", (kind, docArb, validate) => {
  test("random valid documents: apply, show, apply again, show: identical; the shown document is the SDK's canonical form", async () => {
    await fc.assert(
      fc.asyncProperty(docArb, async (doc) => {
        const sdk = validate(doc, { unit: "kg", effort: "rpe" });
        if (!sdk.valid) throw new Error(`generator made an invalid document: ${sdk.path}: ${sdk.reason}`);
        const first = await apply(kind, doc);
        expect(first.errors).toBeUndefined();
        expect(first.created).toBe(true);
        // A new routine or workout is at version 1; its shown document saved back is version 2, nothing else changed.
        const expected: Obj = { ...(sdk.document as Obj), id: first.id, version: 1 };
        expected.exercises = expected.exercises.map((e: Obj) => ({ ...e, exercise: names.get(e.exercise) }));
        expect(first.document).toEqual(expected);
        const shown = await show(kind, first.id!);
        expect(JSON.stringify(shown)).toBe(JSON.stringify(first.document));
        const again = await apply(kind, shown);
        expect(again.errors).toBeUndefined();
        expect([again.id, again.created]).toEqual([first.id, false]);
        expect(JSON.stringify(await show(kind, first.id!))).toBe(JSON.stringify({ ...shown, version: 2 }));
      }),
      { numRuns: RUNS },
    );
  });

  test("random invalid documents: refused at the SDK's path with the SDK's reason; no row changes", async () => {
    const badValue = fc.oneof(
      fc.constantFrom(
        null,
        -1,
        1.5,
        21,
        501,
        10001,
        100.125,
        "",
        "x".repeat(101),
        "12-8",
        "8-501",
        "15:01",
        "nope",
        "100x501",
        "x5@11",
        true,
        [],
        {},
        [1],
        { set: 1 },
      ),
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    // Replace one field (at the root, in an exercise, or one set) with a random value; `exercise`
    // itself is left alone (a random name is a server-only problem the SDK cannot see).
    const broken = fc
      .tuple(docArb, fc.nat(), fc.nat(), fc.nat(), badValue, fc.boolean())
      .map(([doc, a, b, c, value, nested]) => {
        const d = structuredClone(doc) as Obj;
        const exercises = d.exercises as Obj[];
        if (nested && exercises.length > 0) {
          const e = exercises[a % exercises.length];
          const keys =
            kind === "routine"
              ? [
                  "sets",
                  "reps",
                  "time",
                  "weight",
                  "rest",
                  "superset",
                  "progression",
                  "warmups",
                  "drops",
                  "bursts",
                  "tempo",
                ]
              : ["superset", "note", "pinned", "skipProgression", "sets", "set"];
          const key = keys[b % keys.length];
          if (key === "set" && Array.isArray(e.sets)) e.sets[c % e.sets.length] = value;
          else e[key] = value;
        } else {
          const keys =
            kind === "routine"
              ? ["id", "name", "icon", "progression", "unit", "deload", "exercises", "colour"]
              : [
                  "id",
                  "name",
                  "date",
                  "start",
                  "minutes",
                  "bodyweight",
                  "unit",
                  "effort",
                  "routine",
                  "notes",
                  "skipProgression",
                  "exercises",
                  "colour",
                ];
          d[keys[b % keys.length]] = value;
        }
        return d;
      });
    await fc.assert(
      fc.asyncProperty(broken, async (doc) => {
        const sdk = validate(doc, { unit: "kg", effort: "rpe" });
        fc.pre(!sdk.valid);
        if (sdk.valid) return;
        const before = await counts();
        const res = await apply(kind, doc);
        expect(res.document).toBeUndefined();
        expect(res.errors).toHaveLength(1);
        expect(res.errors![0].extensions).toEqual({ code: "INVALID_DOCUMENT", path: sdk.path, reason: sdk.reason });
        expect(res.errors![0].message).toBe(`${sdk.path}: ${sdk.reason}`);
        expect(await counts()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});
