/** The JSON Schemas agree with the validator's field lists and patterns; unit conversion. */
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  DURATION_PATTERN,
  KG_PER_LB,
  REPS_RANGE_PATTERN,
  ROUTINE_EXERCISE_FIELDS,
  ROUTINE_FIELDS,
  SET_FIELDS,
  SET_TEXT_PATTERN,
  UUID_PATTERN,
  WORKOUT_EXERCISE_FIELDS,
  WORKOUT_FIELDS,
  convertDistance,
  convertWeight,
  distanceUnitOf,
  formatPace,
  paceSeconds,
  speedOf,
  routineSchema,
  workoutSchema,
} from "../src/documents/index.ts";

type S = Record<string, any>;
const R = routineSchema as S;
const W = workoutSchema as S;

/** Every subschema that describes an object. */
function objects(schema: unknown, at = "#"): [string, S][] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => objects(s, `${at}/${i}`));
  if (schema === null || typeof schema !== "object") return [];
  const s = schema as S;
  const own: [string, S][] = s.type === "object" ? [[at, s]] : [];
  return [...own, ...Object.entries(s).flatMap(([k, v]) => (k === "examples" ? [] : objects(v, `${at}/${k}`)))];
}

describe("JSON Schemas", () => {
  test("compile with Ajv 2020 in strict mode", () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    expect(() => ajv.compile(R)).not.toThrow();
    expect(() => ajv.compile(W)).not.toThrow();
  });

  test("refuse U+0000 in a name, as the server does (PostgreSQL text cannot hold it)", () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const routine = ajv.compile(R);
    const workout = ajv.compile(W);
    const good = { name: "Push", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }] };
    expect([routine(good), routine.errors]).toEqual([true, null]);
    expect(routine({ ...good, name: "Pu\u0000sh" })).toBe(false);
    expect(routine({ ...good, exercises: [{ ...good.exercises[0], exercise: "Bench\u0000Press" }] })).toBe(false);
    const logged = { name: "Push", date: "2026-01-02", exercises: [{ exercise: "Bench Press", sets: ["100x5"] }] };
    expect([workout(logged), workout.errors]).toEqual([true, null]);
    expect(workout({ ...logged, name: "Push\u0000" })).toBe(false);
  });

  test("have $schema, $id, title and description", () => {
    for (const s of [R, W]) {
      expect(s.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(typeof s.$id).toBe("string");
      expect(typeof s.title).toBe("string");
      expect(typeof s.description).toBe("string");
    }
  });

  test("refuse additional properties at every object level", () => {
    const all = [...objects(R), ...objects(W)];
    expect(all.length).toBe(4 + 1); // routine, routine exercise, workout, workout exercise, set object
    for (const [, s] of all) expect(s.additionalProperties).toBe(false);
  });

  test("list the fields in the spec's table order, with the required ones", () => {
    expect(Object.keys(R.properties)).toEqual([...ROUTINE_FIELDS]);
    expect(R.required).toEqual(["name", "exercises"]);
    expect(Object.keys(R.$defs.routineExercise.properties)).toEqual([...ROUTINE_EXERCISE_FIELDS]);
    expect(R.$defs.routineExercise.required).toEqual(["exercise", "sets"]);
    expect(Object.keys(W.properties)).toEqual([...WORKOUT_FIELDS]);
    expect(W.required).toEqual(["date", "exercises"]);
    expect(Object.keys(W.$defs.workoutExercise.properties)).toEqual([...WORKOUT_EXERCISE_FIELDS]);
    expect(W.$defs.workoutExercise.required).toEqual(["exercise", "sets"]);
    const setObject = W.$defs.set.anyOf[1];
    expect(Object.keys(setObject.properties)).toEqual([...SET_FIELDS]);
    expect(setObject.required).toEqual(["set"]);
  });

  test("every field has a description", () => {
    for (const props of [
      R.properties,
      R.$defs.routineExercise.properties,
      W.properties,
      W.$defs.workoutExercise.properties,
    ]) {
      for (const [k, v] of Object.entries(props as S)) expect([k, typeof (v as S).description]).toEqual([k, "string"]);
    }
  });

  test("embed the validator's patterns exactly", () => {
    expect(R.$defs.durationText.pattern).toBe(DURATION_PATTERN);
    expect(R.$defs.routineExercise.properties.reps.anyOf[1].pattern).toBe(REPS_RANGE_PATTERN);
    expect(R.$defs.uuid.pattern).toBe(UUID_PATTERN);
    expect(W.$defs.uuid.pattern).toBe(UUID_PATTERN);
    expect(W.properties.date.pattern).toBe(DATE_PATTERN);
    expect(W.properties.start.pattern).toBe(DATE_TIME_PATTERN);
    expect(W.$defs.setText.pattern).toBe(SET_TEXT_PATTERN);
  });

  test("patterns behave the same with and without the u flag (Ajv uses it)", () => {
    for (const p of [DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, DATE_TIME_PATTERN]) {
      const plain = new RegExp(p);
      const unicode = new RegExp(p, "u");
      for (const t of ["100x5@8", "bw × 8", "1:30", "8–12", "2024-05-31T10:00:00Z", "x", "w: 60 X 5", "💪x5"]) {
        expect(unicode.test(t)).toBe(plain.test(t));
      }
    }
  });
});

describe("convertWeight", () => {
  test.each([
    [100, "lb", "kg", 45.36],
    [100, "kg", "lb", 220.46],
    [1, "lb", "kg", 0.45],
    [1, "kg", "lb", 2.2],
    [45, "lb", "kg", 20.41],
    [20, "kg", "lb", 44.09],
    [0, "kg", "lb", 0],
    [102.5, "kg", "kg", 102.5],
    [1.005, "kg", "kg", 1.01], // exact decimal rounding, half away from zero (a float would give 1.00)
    [0.01, "lb", "kg", 0], // 0.0045359237
    [0.02, "lb", "kg", 0.01], // 0.0090718474
    [10000, "lb", "kg", 4535.92],
    [-100, "lb", "kg", -45.36],
  ] as const)("%d %s -> %s = %d", (value, from, to, expected) => {
    expect(convertWeight(value, from, to)).toBe(expected);
  });

  test("rounds half away from zero exactly (reference: BigInt arithmetic on hundredths)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (hundredths) => {
        const v = hundredths / 100;
        // lb -> kg: v * 0.45359237, exact = hundredths * 45359237 / 10^10 kg; in hundredths: / 10^8.
        const n = BigInt(hundredths) * 45359237n;
        const kg = Number((2n * n + 10n ** 8n) / (2n * 10n ** 8n)) / 100;
        expect(convertWeight(v, "lb", "kg")).toBe(kg);
        const back = convertWeight(kg, "kg", "lb");
        expect(Math.abs(back - v)).toBeLessThanOrEqual(0.02);
        expect(convertWeight(v, "kg", "kg")).toBe(v);
      }),
      { numRuns: 2000 },
    );
  });

  test("the factor", () => {
    expect(KG_PER_LB).toBe(0.45359237);
    expect(() => convertWeight(Number.NaN, "kg", "lb")).toThrow(RangeError);
    expect(() => convertWeight(1, "kg", "st" as "kg")).toThrow(RangeError);
  });
});

describe("cardio distance, pace and speed", () => {
  test("pace per km and per mi agrees with the database's pace_per_km and pace_per_mi (1 decimal)", () => {
    expect(paceSeconds(5, "km", 1500, "km")).toBe(300);
    expect(paceSeconds(5, "km", 1500, "mi")).toBe(482.8);
    expect(paceSeconds(1500, "m", 360, "km")).toBe(240);
    expect(paceSeconds(1500, "m", 360, "mi")).toBe(386.2);
    expect(paceSeconds(3, "mi", 1440, "mi")).toBe(480);
    expect(paceSeconds(3, "mi", 1440, "km")).toBe(298.3);
    // No time, or no distance: no pace.
    expect(paceSeconds(10, "mi", null, "mi")).toBeNull();
    expect(paceSeconds(null, null, 60, "km")).toBeNull();
  });

  test("the distance unit follows the weight unit; pace text, speed and conversion", () => {
    expect(distanceUnitOf("kg")).toBe("km");
    expect(distanceUnitOf("lb")).toBe("mi");
    expect(formatPace(300)).toBe("5:00");
    expect(formatPace(482.8)).toBe("8:03");
    expect(formatPace(null)).toBe("");
    expect(speedOf(300)).toBe(12);
    expect(speedOf(480)).toBe(7.5);
    expect(speedOf(null)).toBeNull();
    expect(convertDistance(5, "km", "mi")).toBe(3.107);
    expect(convertDistance(3.1, "mi", "km")).toBe(4.989);
    expect(convertDistance(1500, "m", "km")).toBe(1.5);
    expect(convertDistance(1, "mi", "m")).toBe(1609.34);
    expect(convertDistance(5, "km", "km")).toBe(5);
  });
});
