// The document conformance cases (test/fixtures/document-conformance.json, written by build.ts):
// their format, and the file read once for the tests that run them (the SDK's, the SQL validator's)
// and the catalog test that checks the exercise names they rely on.
import { readFileSync } from "node:fs";

export type CaseOptions = { unit?: "kg" | "lb"; effort?: "rpe" | "rir" };
/** One case; build.ts's header describes each field. */
export type Case = {
  name: string;
  kind: "routine" | "workout";
  document?: unknown;
  options?: CaseOptions;
  path: string | null;
  reason: string | null;
  database?: true;
  canonical?: any;
  /** The document as JSON text (for `1e400`, `"\ud800"`): parsed instead of `document`. */
  json?: string;
  plugin?: true;
};

export const CASES_FILE = new URL("../../../test/fixtures/document-conformance.json", import.meta.url);

export function readCases(): Case[] {
  return JSON.parse(readFileSync(CASES_FILE, "utf8"));
}

/** The catalog exercises the cases name exactly (the catalog test checks they exist). */
export const CATALOG_NAMES = [
  "Bench Press",
  "Back Squat",
  "Deadlift",
  "Overhead Press",
  "Pull-Up",
  "Plank",
  "Romanian Deadlift",
  "Barbell Row",
  "Dumbbell Curl",
  "Rowing Machine",
];
