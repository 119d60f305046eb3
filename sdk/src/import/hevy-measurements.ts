/**
 * Hevy's measurement export (Settings > Export, `measurement_data.csv`): a row per day,
 * `date,weight_kg|weight_lbs,fat_percent,neck_cm,shoulder_cm,chest_cm,left_bicep_cm,
 * right_bicep_cm,left_forearm_cm,right_forearm_cm,abdomen_cm,waist_cm,hips_cm,left_thigh_cm,
 * right_thigh_cm,left_calf_cm,right_calf_cm`, dates as in its workout export (`15 Sep 2025,
 * 00:00`), an empty cell for what was not measured. The weight becomes that day's bodyweight
 * (in the column's unit) and the rest that day's body measurements, in the unit the columns name
 * (cm; `_in` columns in inches), through the same import as an svc export's (extras). Columns
 * with no field here (abdomen_cm, or one this reader does not know) are counted as left out, by
 * name; the last row of a date is that day's entry, as logging the day again replaces it.
 */
import { normalizeHeader, numberCell, readCsv, wallTimeCell } from "./csv.ts";
import { cleanNumber, ImportParseError, type SkipCounter } from "./model.ts";
import type { ExportBodyweight, ExportMeasurement, MeasurementField } from "./svc.ts";

/** Hevy's column names (without their unit) and the measurement each is. */
const HEVY_FIELDS: Readonly<Record<string, MeasurementField>> = {
  fat_percent: "bodyFat",
  neck: "neck",
  shoulder: "shoulders",
  chest: "chest",
  waist: "waist",
  hips: "hips",
  left_bicep: "leftUpperArm",
  right_bicep: "rightUpperArm",
  left_forearm: "leftForearm",
  right_forearm: "rightForearm",
  left_thigh: "leftThigh",
  right_thigh: "rightThigh",
  left_calf: "leftCalf",
  right_calf: "rightCalf",
};

const WEIGHT_COLUMNS: Readonly<Record<string, "kg" | "lb">> = { weight_kg: "kg", weight_lbs: "lb" };

/** Whether a header is Hevy's measurement export: a date, and body fat or lengths in cm or in. */
export function isHevyMeasurementsHeader(cells: string[]): boolean {
  const names = cells.map(normalizeHeader);
  return (
    names.includes("date") &&
    !names.includes("exercise_title") &&
    (names.includes("fat_percent") || names.some((n) => /^[a-z_]+_(cm|in)$/.test(n)))
  );
}

type Column =
  | { index: number; name: string; kind: "weight"; unit: "kg" | "lb" }
  | { index: number; name: string; kind: "measurement"; field: MeasurementField; unit: "cm" | "in" | null }
  | { index: number; name: string; kind: "left-out" };

function columnOf(name: string, index: number): Column | null {
  if (name === "date" || name === "") return null;
  if (WEIGHT_COLUMNS[name]) return { index, name, kind: "weight", unit: WEIGHT_COLUMNS[name] };
  const m = /^(.*?)(?:_(cm|in))?$/.exec(name)!;
  const field = HEVY_FIELDS[m[1]];
  if (field)
    return {
      index,
      name,
      kind: "measurement",
      field,
      unit: field === "bodyFat" ? null : ((m[2] as "cm" | "in") ?? "cm"),
    };
  return { index, name, kind: "left-out" };
}

export type HevyMeasurements = {
  bodyweights: ExportBodyweight[];
  measurements: ExportMeasurement[];
  /** Data rows read (not counting the header or blank lines). */
  rows: number;
  /** The unit of the weights (the weight column's). */
  unit: "kg" | "lb";
};

/**
 * Reads Hevy's measurement export into bodyweights and body measurements by day. A cell that is
 * not a number or a date that cannot be read throws ImportParseError naming its line and column.
 */
export function parseHevyMeasurements(text: string, skips: SkipCounter): HevyMeasurements {
  const records = readCsv(text);
  if (records.length === 0) throw new ImportParseError(1, null, "the file is empty");
  const header = records[0].fields.map(normalizeHeader);
  const dateIndex = header.indexOf("date");
  if (dateIndex < 0)
    throw new ImportParseError(1, null, "this does not look like a Hevy measurement file (no date column)");
  const columns = header.map(columnOf).filter((c): c is Column => c !== null);
  const lengths = columns.filter((c) => c.kind === "measurement" && c.unit !== null);
  // A day's entry has one unit: the first length column's (Hevy writes them all in one).
  const unit = (lengths[0]?.kind === "measurement" && lengths[0].unit) || "cm";
  const weightColumn = columns.find((c) => c.kind === "weight");
  const weightUnit = weightColumn?.kind === "weight" ? weightColumn.unit : "kg";
  const byDate = new Map<string, { bodyweight?: ExportBodyweight; measurement?: ExportMeasurement; line: number }>();
  let rows = 0;
  for (const r of records.slice(1)) {
    if (r.fields.every((x) => x.trim() === "")) continue;
    rows++;
    const cell = (c: Column) => (r.fields[c.index] ?? "").trim();
    const { date } = wallTimeCell(r.fields[dateIndex], r.line, records[0].fields[dateIndex].trim());
    const day: { bodyweight?: ExportBodyweight; measurement?: ExportMeasurement; line: number } = { line: r.line };
    for (const c of columns) {
      const value = numberCell(cell(c), r.line, records[0].fields[c.index].trim());
      if (value === null) continue;
      if (c.kind === "left-out") skips.add("measurement-column-left-out", r.line, 1, c.name);
      else if (c.kind === "weight") day.bodyweight = { date, weight: cleanNumber(value), unit: c.unit };
      else {
        const converted = c.unit === null || c.unit === unit ? value : c.unit === "in" ? value * 2.54 : value / 2.54;
        day.measurement = { ...(day.measurement ?? { date, unit }), [c.field]: cleanNumber(converted) };
      }
    }
    if (!day.bodyweight && !day.measurement) skips.add("measurement-row-empty", r.line);
    else {
      if (byDate.has(date)) skips.add("measurement-date-repeated", byDate.get(date)!.line);
      byDate.set(date, day);
    }
  }
  const days = [...byDate.values()];
  return {
    bodyweights: days.flatMap((d) => (d.bodyweight ? [d.bodyweight] : [])),
    measurements: days.flatMap((d) => (d.measurement ? [d.measurement] : [])),
    rows,
    unit: weightUnit,
  };
}
