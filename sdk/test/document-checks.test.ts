/**
 * The checks made before the walk (firstBadJsonValue), the limits as the JSON Schemas state them,
 * and the swapped-set warning.
 */
import {
  CONTROL_CHARACTER_PATTERN,
  DOCUMENT_LIMITS,
  MAX_BODYWEIGHT,
  MAX_DEPTH,
  REASONS,
  firstBadJsonValue,
  likelySwappedSets,
  routineSchema,
  validateWorkoutDocument,
  workoutSchema,
} from "../src/documents/index.ts";

type S = Record<string, any>;

/** `levels` arrays nested in one another, built without recursion. */
function nest(levels: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < levels; i++) v = [v];
  return v;
}

describe("firstBadJsonValue", () => {
  test("a valid document and scalars have no bad value", () => {
    expect(
      firstBadJsonValue({
        date: "2024-05-31",
        exercises: [{ exercise: "Bench Press", sets: ["100x5", { set: "x5", done: false }] }],
      }),
    ).toBeNull();
    for (const v of [null, 1, "x", true, Infinity, [], {}]) expect(firstBadJsonValue(v)).toBeNull();
  });

  test(`objects and arrays nest at most ${MAX_DEPTH} deep; a million levels are walked without recursion`, () => {
    expect(firstBadJsonValue(nest(MAX_DEPTH))).toBeNull();
    expect(firstBadJsonValue(nest(MAX_DEPTH + 1))).toEqual({ path: "[0]".repeat(MAX_DEPTH), reason: REASONS.depth });
    expect(firstBadJsonValue(nest(1_000_000))).toEqual({ path: "[0]".repeat(MAX_DEPTH), reason: REASONS.depth });
    // Scalars below the deepest container do not count as a level.
    let deepest: unknown = ["x"];
    for (let i = 1; i < MAX_DEPTH; i++) deepest = [deepest];
    expect(firstBadJsonValue(deepest)).toBeNull();
  });

  test("U+0000 and unpaired surrogates in values and keys, at their path; pairs are fine", () => {
    expect(firstBadJsonValue({ a: "x\u0000" })).toEqual({ path: "a", reason: REASONS.nul });
    expect(firstBadJsonValue({ a: ["ok", "\ud800"] })).toEqual({ path: "a[1]", reason: REASONS.surrogate });
    expect(firstBadJsonValue({ a: "\udc00x" })).toEqual({ path: "a", reason: REASONS.surrogate });
    expect(firstBadJsonValue({ a: "x\ud83d" })).toEqual({ path: "a", reason: REASONS.surrogate });
    expect(firstBadJsonValue({ a: "\udc00\ud800" })).toEqual({ path: "a", reason: REASONS.surrogate });
    expect(firstBadJsonValue({ a: "\ud83d\udcaa and \u{1f3cb}" })).toBeNull();
    expect(firstBadJsonValue({ "k\ud800": 1 })).toEqual({ path: "k\ud800", reason: REASONS.surrogate });
    expect(firstBadJsonValue("\u0000")).toEqual({ path: "document", reason: REASONS.nul });
  });

  test("the first problem in the walk's order: keys in code point order, arrays by index, depth first", () => {
    expect(firstBadJsonValue({ b: "\u0000", a: [["\ud800"]] })).toEqual({ path: "a[0][0]", reason: REASONS.surrogate });
    expect(firstBadJsonValue({ b: "\ud800", "a\u0000": 1 })).toEqual({ path: "a\u0000", reason: REASONS.nul });
    expect(firstBadJsonValue({ a: { z: "\ud800" }, "a\u0000": 1 })).toEqual({ path: "a.z", reason: REASONS.surrogate });
    expect(firstBadJsonValue([{ x: 1 }, "\u0000", nest(MAX_DEPTH)])).toEqual({ path: "[1]", reason: REASONS.nul });
  });

  test("validation reports them before the walk's own problems", () => {
    expect(validateWorkoutDocument({ date: "bad", notes: "\ud800" })).toEqual({
      valid: false,
      path: "notes",
      reason: REASONS.surrogate,
    });
  });
});

describe("the JSON Schemas state the limits from DOCUMENT_LIMITS", () => {
  const W = workoutSchema as S;
  const R = routineSchema as S;
  test("sizes", () => {
    expect(W.properties.exercises.maxItems).toBe(DOCUMENT_LIMITS.workoutExercises);
    expect(W.$defs.workoutExercise.properties.sets.maxItems).toBe(DOCUMENT_LIMITS.setsPerExercise);
    expect(R.properties.exercises.maxItems).toBe(DOCUMENT_LIMITS.routineExercises);
    expect(W.properties.exercises.description).toContain(`at most ${DOCUMENT_LIMITS.setsPerWorkout} sets in all`);
  });
  test("bodyweight", () => {
    expect(W.$defs.bodyweight).toMatchObject({ type: "number", exclusiveMinimum: 0, maximum: MAX_BODYWEIGHT });
  });
  test("one-line text refuses control characters with the validator's character class", () => {
    const pattern = `^[^${CONTROL_CHARACTER_PATTERN.slice(1, -1)}]*$`;
    for (const p of [
      R.properties.name,
      R.properties.icon,
      R.$defs.routineExercise.properties.exercise,
      W.properties.name,
      W.$defs.workoutExercise.properties.exercise,
      W.$defs.workoutExercise.properties.superset.anyOf[0],
    ]) {
      expect(p.pattern).toBe(pattern);
    }
  });
});

describe("likelySwappedSets", () => {
  const doc = (sets: unknown[]) => ({ exercises: [{ exercise: "Bench Press", sets }] });
  test("a whole weight of 1 to 20 with 40 reps or more reads as swapped", () => {
    expect(
      likelySwappedSets(doc(["5x100", "20x40", "1x40", "w:3x225@8", { set: "8 X 60", done: false }])).map(
        (s) => s.text,
      ),
    ).toEqual(["5x100", "20x40", "1x40", "w:3x225@8", "8 X 60"]);
  });
  test("last values that do not: 21x40, 20x39, 0x100, 2.5x100, x100, bw x 100, durations and unparseable text", () => {
    expect(
      likelySwappedSets(doc(["21x40", "20x39", "0x100", "2.5x100", "x100", "bw x 100", "100s", "nonsense", 5])),
    ).toEqual([]);
  });
  test("paths, weights and reps; anything that is not a workout yields nothing", () => {
    expect(likelySwappedSets({ exercises: [{ sets: ["100x5"] }, { sets: ["100x5", "5x100"] }] })).toEqual([
      { path: "exercises[1].sets[1]", text: "5x100", weight: 5, reps: 100 },
    ]);
    for (const v of [null, 5, {}, { exercises: "x" }, { exercises: [null, { sets: "5x100" }] }])
      expect(likelySwappedSets(v)).toEqual([]);
  });
});
