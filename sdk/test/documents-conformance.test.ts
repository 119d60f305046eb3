/**
 * Runs every conformance case (test/fixtures/document-conformance.json) through the SDK.
 * The database tests run the same file through the SQL validator.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  REASONS,
  routineSchema,
  validateRoutineDocument,
  validateWorkoutDocument,
  workoutSchema,
} from "../src/documents/index.ts";
import { CATALOG_NAMES, readCases, type Case } from "./conformance/cases.ts";

const cases = readCases();
const sdkCases = cases.filter((c) => !c.database);
const documentOf = (c: Case): unknown => (c.json !== undefined ? JSON.parse(c.json) : c.document);
const validate = (c: Case) =>
  (c.kind === "routine" ? validateRoutineDocument : validateWorkoutDocument)(documentOf(c), c.options);

const ajv = new Ajv2020({ strict: true, validateFormats: false, allErrors: false });
const schemaCheck = { routine: ajv.compile(routineSchema), workout: ajv.compile(workoutSchema) };

const CATALOG = new Set([...CATALOG_NAMES, "bench", "squat", "OHP", "RDL", "pullup"]);

describe("conformance file", () => {
  test("has at least 180 cases with unique names and well-formed fields", () => {
    expect(cases.length).toBeGreaterThanOrEqual(180);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    const reasons = new Set<string>(Object.values(REASONS));
    for (const c of cases) {
      expect(["routine", "workout"]).toContain(c.kind);
      expect((c.path === null) === (c.reason === null)).toBe(true);
      if (c.reason !== null) expect(reasons).toContain(c.reason);
      if (c.database) expect(c.path).not.toBeNull();
      if (c.path === null) expect(c.canonical).toBeDefined();
    }
  });

  test("covers every reason the SDK can give", () => {
    const used = new Set(sdkCases.map((c) => c.reason));
    const sdkReasons = Object.values(REASONS).filter((r) => r !== REASONS.unknownExercise && r !== REASONS.notFound);
    expect(sdkReasons.filter((r) => !used.has(r))).toEqual([]);
  });

  test("SDK cases only reference catalog exercises the server is guaranteed to have (before the first problem)", () => {
    for (const c of sdkCases) {
      const doc = documentOf(c) as { exercises?: unknown };
      if (typeof doc !== "object" || doc === null || !Array.isArray(doc.exercises)) continue;
      const m = c.path === null ? null : /^exercises\[(\d+)\]/.exec(c.path);
      const failing = c.path === null ? Infinity : m ? Number(m[1]) : -1;
      doc.exercises.forEach((e: unknown, i: number) => {
        const ref = (e as { exercise?: unknown } | null)?.exercise;
        if (typeof ref !== "string" || CATALOG.has(ref)) return;
        const judgedFirst = i > failing || c.path === `exercises[${i}].exercise` || (i === failing && c.path !== null);
        if (!judgedFirst)
          throw new Error(`${c.name}: exercise ${JSON.stringify(ref)} is not in the guaranteed catalog`);
      });
    }
  });
});

describe.each(sdkCases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  test(c.path === null ? "is valid" : `fails at ${c.path}: ${c.reason}`, () => {
    const r = validate(c);
    if (c.path === null) {
      expect(r).toEqual({ valid: true, document: c.canonical });
    } else {
      expect(r).toEqual({ valid: false, path: c.path, reason: c.reason });
    }
  });

  if (c.path === null) {
    test("canonical form is a fixed point and schema-valid", () => {
      const again = (c.kind === "routine" ? validateRoutineDocument : validateWorkoutDocument)(c.canonical, c.options);
      expect(again).toEqual({ valid: true, document: c.canonical });
      // The canonical form must not depend on the options any more (unit and effort are explicit).
      const other = (c.kind === "routine" ? validateRoutineDocument : validateWorkoutDocument)(c.canonical, {
        unit: "lb",
        effort: "rir",
      });
      expect(other).toEqual({ valid: true, document: c.canonical });
      expect(schemaCheck[c.kind](c.canonical)).toBe(true);
      expect(schemaCheck[c.kind](documentOf(c))).toBe(true);
    });
  }
});
