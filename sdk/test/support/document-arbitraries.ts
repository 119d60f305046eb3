// Random routine and workout documents as people type them (fast-check arbitraries), shared by the
// offline property tests (sdk/test/documents-properties.test.ts) and the API round trips
// (test/documents-properties.test.ts). What differs between the two is passed in: the exercise
// names, the spaces and forms a set or duration may be written with, and the ids a document carries.
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
