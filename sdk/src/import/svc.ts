/**
 * This service's own export (`svc export`, GraphQL `exportPage`): every routine and workout as
 * documents, bodyweights, body measurements, custom exercises and settings. Importing it back (into the same or
 * another account) gives identical documents: routines by name, workouts by start and name,
 * a workout's `routine` (an id of the exporting account) followed to the routine of that name.
 */
import { ImportParseError } from "./model.ts";

export const EXPORT_FORMAT = "svc-export";
export const EXPORT_VERSION = 1;

export type ExportSettings = { unit: "kg" | "lb"; effort: "rpe" | "rir" };
export type ExportCustomExercise = { name: string; equipment: string; muscles: string[]; region: string; kind: string };
export type ExportBodyweight = { date: string; weight: number; unit: "kg" | "lb" };
/** A day's body measurements as `measurements` lists them: body fat in percent, lengths in `unit`. */
export type ExportMeasurement = { date: string; unit: "cm" | "in" } & Partial<Record<MeasurementField, number>>;
export type MeasurementField =
  | "bodyFat"
  | "neck"
  | "shoulders"
  | "chest"
  | "waist"
  | "hips"
  | "leftUpperArm"
  | "rightUpperArm"
  | "leftForearm"
  | "rightForearm"
  | "leftThigh"
  | "rightThigh"
  | "leftCalf"
  | "rightCalf";
export type JsonDocument = Record<string, unknown>;

export type SvcExport = {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  settings: ExportSettings;
  customExercises: ExportCustomExercise[];
  routines: JsonDocument[];
  workouts: JsonDocument[];
  bodyweights: ExportBodyweight[];
  /** Absent from exports made before measurements were exported. */
  measurements?: ExportMeasurement[];
};

export function isSvcExport(text: string): boolean {
  return /^\s*\{[\s\S]*"format"\s*:\s*"svc-export"/.test(text.slice(0, 4096).replace(/^\uFEFF/, ""));
}

export function parseSvcExport(text: string): SvcExport {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const m = /position (\d+)/.exec((error as Error).message);
    const at = m ? Number(m[1]) : 0;
    const before = text.slice(0, at).split("\n");
    throw new ImportParseError(before.length, m ? String(before[before.length - 1].length + 1) : null, "broken JSON");
  }
  const v = value as Partial<SvcExport>;
  if (!v || typeof v !== "object" || v.format !== EXPORT_FORMAT)
    throw new ImportParseError(1, null, `not an svc export (no "format": "${EXPORT_FORMAT}")`);
  if (v.version !== EXPORT_VERSION)
    throw new ImportParseError(
      1,
      null,
      `export version ${String(v.version)} is not known here (this client reads version ${EXPORT_VERSION})`,
    );
  for (const key of ["customExercises", "routines", "workouts", "bodyweights"] as const) {
    if (!Array.isArray(v[key])) throw new ImportParseError(1, null, `"${key}" must be a list`);
  }
  if (v.measurements !== undefined && !Array.isArray(v.measurements))
    throw new ImportParseError(1, null, `"measurements" must be a list`);
  return v as SvcExport;
}
