// Routine and workout documents for tests and benchmarks, in one module: random ones as people type
// them (fast-check arbitraries), shared by the offline property tests (sdk/test/documents-properties.test.ts)
// and the API round trips (test/api/documents-properties.test.ts), where what differs is passed in (the
// exercise names, the spaces and forms a set or duration may be written with, the ids a document
// carries); an ordinary workout (the documents benchmark's); and workouts of a given size (the
// limits' tests and benchmark).
import fc from "fast-check";

export type Obj = Record<string, any>;

export const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** A record whose undefined fields are dropped (absent). */
export const rec = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(shape).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Obj);
export const textOf = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
export const weight = fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100);
export const bodyweight = fc.integer({ min: 1, max: 150_000 }).map((c) => c / 100);
export const progression = fc.constantFrom("linear", "greyskull", "double", "time", "none");

/** A duration of at most `max` seconds as a number or text; `wholeMinutes` adds `5m` for whole minutes. */
export const durationText = (max: number, wholeMinutes: boolean) =>
  fc
    .integer({ min: 0, max })
    .chain((n) =>
      fc.constantFrom(
        n,
        String(n),
        `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`,
        `${Math.floor(n / 60)}m${n % 60}s`,
        `${n}s`,
        ...(wholeMinutes && n % 60 === 0 ? [`${n / 60}m`] : []),
      ),
    );

/** A routine exercise: one of `exercises`, its sets and reps (`5`, `8 - 12`) or time, and its options. */
export function routineExerciseArb({
  exercises,
  spaces,
  wholeMinutes,
}: {
  exercises: readonly string[];
  spaces: readonly string[];
  wholeMinutes: boolean;
}) {
  const space = fc.constantFrom(...spaces);
  const reps = fc.oneof(
    fc.integer({ min: 0, max: 500 }),
    fc
      .tuple(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        space,
        space,
        fc.constantFrom("-", "–"),
      )
      .map(([a, b, s1, s2, dash]) => `${Math.min(a, b)}${s1}${dash}${s2}${Math.max(a, b)}`),
  );
  return fc
    .tuple(
      rec({
        exercise: fc.constantFrom(...exercises),
        sets: fc.integer({ min: 1, max: 20 }),
        weight: opt(fc.option(weight, { nil: null })),
        rest: opt(durationText(900, wholeMinutes)),
        superset: opt(fc.option(textOf(1, 8), { nil: null })),
        progression: opt(fc.option(progression, { nil: null })),
        warmups: opt(fc.integer({ min: 0, max: 5 })),
        drops: opt(fc.integer({ min: 0, max: 5 })),
        bursts: opt(fc.integer({ min: 0, max: 5 })),
      }),
      fc.oneof(rec({ reps: opt(reps) }), rec({ time: durationText(86400, wholeMinutes) })),
    )
    .map(([a, b]) => ({ ...a, ...b }));
}

const two = (n: number) => String(n).padStart(2, "0");
export const dateArb = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** A start within a day of `date`: its UTC day is the day before, of or after it. */
export const startArb = (date: string) =>
  fc
    .tuple(fc.integer({ min: -86400, max: 2 * 86400 - 1 }), fc.integer({ min: -14 * 60, max: 14 * 60 }), fc.boolean())
    .map(([seconds, off, withMs]) => {
      const d = new Date(Date.parse(`${date}T00:00:00Z`) + seconds * 1000);
      const local = new Date(d.getTime() + off * 60000).toISOString().slice(0, withMs ? 23 : 19);
      const zone =
        off === 0 ? "Z" : `${off < 0 ? "-" : "+"}${two(Math.floor(Math.abs(off) / 60))}:${two(Math.abs(off) % 60)}`;
      return `${local}${zone}`;
    });

/** A workout document on a random day with its effort scale; `id` and `routine` are what it may carry. */
export function workoutDocArb({
  exercises,
  setText,
  id,
  routine,
}: {
  exercises: readonly string[];
  setText: (scale: "rpe" | "rir") => fc.Arbitrary<string>;
  id?: fc.Arbitrary<string>;
  routine: fc.Arbitrary<string | null>;
}) {
  return fc.tuple(fc.constantFrom<"rpe" | "rir">("rpe", "rir"), dateArb).chain(([scale, date]) =>
    rec({
      ...(id ? { id: opt(id) } : {}),
      name: opt(textOf(1, 80)),
      date: fc.constant(date),
      start: opt(startArb(date)),
      minutes: opt(fc.integer({ min: 0, max: 1440 })),
      bodyweight: opt(fc.option(bodyweight, { nil: null })),
      unit: opt(fc.constantFrom("kg", "lb")),
      effort: fc.constant(scale),
      routine: opt(routine),
      notes: opt(fc.option(textOf(0, 2000), { nil: null })),
      skipProgression: opt(fc.boolean()),
      exercises: fc.array(
        rec({
          exercise: fc.constantFrom(...exercises),
          superset: opt(fc.option(textOf(1, 8), { nil: null })),
          note: opt(fc.option(textOf(0, 500), { nil: null })),
          pinned: opt(fc.boolean()),
          skipProgression: opt(fc.boolean()),
          sets: fc.array(fc.oneof(setText(scale), rec({ set: setText(scale), done: opt(fc.boolean()) })), {
            minLength: 1,
            maxLength: 5,
          }),
        }),
        { maxLength: 5 },
      ),
    }),
  );
}

/** The exercises of the ordinary workout, as people type them (catalog names and aliases). */
export const ORDINARY_WORKOUT_EXERCISES = [
  "Bench Press",
  "Back Squat",
  "Deadlift",
  "Overhead Press",
  "Pull-Up",
  "Barbell Row",
  "Romanian Deadlift",
  "Dumbbell Curl",
  "bench",
  "OHP",
  "RDL",
  "pullup",
];

/**
 * An ordinary workout, the documents benchmark's: 12 exercises, 40 sets (4 x 4 + 8 x 3), written as
 * people type them (warm-ups, a set not done, notes, a superset).
 */
export function ordinaryWorkout(): Record<string, unknown> {
  return {
    name: "Bench day",
    date: "2024-05-31",
    start: "2024-05-31T18:30:00+02:00",
    minutes: 75,
    bodyweight: 80.5,
    unit: "kg",
    effort: "rpe",
    notes: "Twelve exercises, forty sets.",
    exercises: ORDINARY_WORKOUT_EXERCISES.map((exercise, i) => ({
      exercise,
      ...(i % 4 === 0 ? { note: "felt good", pinned: true } : {}),
      ...(i % 3 === 1 ? { superset: "A" } : {}),
      sets: Array.from({ length: i < 4 ? 4 : 3 }, (_, j) =>
        j === 0
          ? `w: ${40 + i * 2.5} X 8`
          : j === 3
            ? { set: `${60 + i * 2.5}x5 @ 8.5`, done: false }
            : `${60 + i * 2.5 + j}x${6 - j}@${7 + j}`,
      ),
    })),
  };
}

/** `n` set texts: `text` each time, or climbing ones (`100x5@8`, `102.5x5@8`, ... ten steps). */
export const setTexts = (n: number, text?: string): string[] =>
  Array.from({ length: n }, (_, i) => text ?? `${100 + (i % 10) * 2.5}x5@8`);

/** A workout of `exercises` entries of `perExercise` sets each (setTexts), alternating Back Squat and Bench Press. */
export const workoutOfSize = (exercises: number, perExercise: number, text?: string) => ({
  date: "2024-05-31",
  exercises: Array.from({ length: exercises }, (_, i) => ({
    exercise: i % 2 ? "Bench Press" : "Back Squat",
    sets: setTexts(perExercise, text),
  })),
});
