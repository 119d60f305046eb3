/**
 * Strong's exports. Three layouts, recognised by their header names, or (headers in another
 * language) by their number of columns:
 * - comma (iOS and older): Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,
 *   Seconds,Notes,Workout Notes,RPE: the file does not say the unit (the caller's `unit`);
 * - Android with a `Weight Unit` column (semicolons): Date;Workout Name;Duration;Exercise Name;
 *   Set Order;Weight;Weight Unit;Reps;Distance;Distance Unit;Seconds;Notes;Workout Notes;RPE;
 * - Android with the unit in the header: Workout #;Date;Workout Name;Duration (sec);Exercise Name;
 *   Set Order;Weight (kg|lbs);Reps;RPE;Distance (meters);Seconds;Notes;Workout Notes.
 * Set Order is `1..n`, `W` (warm-up), `D` (drop), `F` (failure), or a `Rest Timer` / `Note` row (in
 * another language, known by its shape: only seconds, or only a note); anything else is a bad row.
 */
import {
  readCsv,
  normalizeHeader,
  numberCell,
  countCell,
  durationCell,
  wallTimeCell,
  startInZone,
  type CsvRecord,
} from "./csv.ts";
import { distanceUnitOf, ImportParseError, type ImportRow, type ImportUnit, type SkipCounter } from "./model.ts";

type Field =
  | "workoutNumber"
  | "date"
  | "workoutName"
  | "duration"
  | "exercise"
  | "setOrder"
  | "weight"
  | "weightUnit"
  | "reps"
  | "distance"
  | "distanceUnit"
  | "seconds"
  | "notes"
  | "workoutNotes"
  | "rpe";

const COMMA_LAYOUT: Field[] = [
  "date",
  "workoutName",
  "duration",
  "exercise",
  "setOrder",
  "weight",
  "reps",
  "distance",
  "seconds",
  "notes",
  "workoutNotes",
  "rpe",
];

const LAYOUTS: Record<string, Field[]> = {
  comma: COMMA_LAYOUT,
  // Android's with a unit column: the comma layout with each unit after its value.
  unitColumn: COMMA_LAYOUT.flatMap((f): Field[] =>
    f === "weight" ? ["weight", "weightUnit"] : f === "distance" ? ["distance", "distanceUnit"] : [f],
  ),
  // Android's with the unit in the header: a workout number first, RPE right after reps.
  unitInHeader: [
    "workoutNumber",
    ...COMMA_LAYOUT.slice(0, COMMA_LAYOUT.indexOf("reps") + 1),
    "rpe",
    "distance",
    "seconds",
    "notes",
    "workoutNotes",
  ],
};

const HEADER_NAMES: Record<string, Field> = {
  "workout #": "workoutNumber",
  date: "date",
  "workout name": "workoutName",
  duration: "duration",
  "duration (sec)": "duration",
  "workout duration": "duration",
  "exercise name": "exercise",
  "set order": "setOrder",
  weight: "weight",
  "weight (kg)": "weight",
  "weight (kgs)": "weight",
  "weight (lbs)": "weight",
  "weight (lb)": "weight",
  "weight unit": "weightUnit",
  reps: "reps",
  distance: "distance",
  "distance (meters)": "distance",
  "distance (km)": "distance",
  "distance (miles)": "distance",
  "distance unit": "distanceUnit",
  seconds: "seconds",
  notes: "notes",
  "workout notes": "workoutNotes",
  rpe: "rpe",
};

/** The unit a header cell states, in any language: `Weight (kg)`, `Gewicht (lbs)`. */
export function unitInHeader(cell: string): ImportUnit | null {
  const m = /\((kgs?|lbs?)\)/i.exec(cell);
  if (!m) return null;
  return m[1].toLowerCase().startsWith("kg") ? "kg" : "lb";
}

export function isStrongHeader(cells: string[]): boolean {
  const names = cells.map(normalizeHeader);
  return names.includes("set order") && names.includes("exercise name");
}

/** Whether a header in another language has a Strong layout's shape (its column count and a date below it). */
export function looksLikeStrongByPosition(records: CsvRecord[]): boolean {
  const [header, first] = records;
  if (!header || !first) return false;
  const layout = layoutByPosition(header.fields);
  if (!layout) return false;
  const dateAt = layout.indexOf("date");
  return /^\d{4}-\d{2}-\d{2}/.test(first.fields[dateAt]?.trim() ?? "");
}

function layoutByPosition(cells: string[]): Field[] | null {
  if (cells.length === 12) return LAYOUTS.comma;
  if (cells.length === 14) return LAYOUTS.unitColumn;
  if (cells.length === 13) return LAYOUTS.unitInHeader;
  return null;
}

export type StrongOptions = { unit: ImportUnit; timeZone: string };

export function parseStrong(
  text: string,
  options: StrongOptions,
  skips: SkipCounter,
): { rows: ImportRow[]; unitStated: boolean } {
  const records = readCsv(text);
  if (records.length === 0) throw new ImportParseError(1, null, "the file is empty");
  const header = records[0].fields;
  const names = header.map(normalizeHeader);
  let columns: Partial<Record<Field, number>> = {};
  if (isStrongHeader(header)) {
    names.forEach((n, i) => {
      const f = HEADER_NAMES[n];
      if (f && columns[f] === undefined) columns[f] = i;
    });
  } else {
    const layout = layoutByPosition(header);
    if (!layout)
      throw new ImportParseError(
        1,
        null,
        `this does not look like a Strong file (it has 12, 13 or 14 columns; this header has ${header.length})`,
      );
    columns = Object.fromEntries(layout.map((f, i) => [f, i]));
  }
  for (const required of ["date", "exercise", "setOrder", "reps"] as Field[]) {
    if (columns[required] === undefined)
      throw new ImportParseError(
        1,
        null,
        `this does not look like a Strong file (no ${required === "setOrder" ? "Set Order" : required === "exercise" ? "Exercise Name" : required === "date" ? "Date" : "Reps"} column)`,
      );
  }
  const headerUnit = columns.weight !== undefined ? unitInHeader(header[columns.weight]) : null;
  // `Distance (meters)`: the header's unit; a `Distance Unit` cell: the row's; else the weight's (km with kg, mi with lb).
  const distanceHeader = columns.distance !== undefined ? (header[columns.distance] ?? "") : "";
  const headerDistanceUnit = /\(/.test(distanceHeader) ? distanceUnitOf(distanceHeader.split("(")[1]) : undefined;
  const unitStated = headerUnit !== null || columns.weightUnit !== undefined;
  const rows: ImportRow[] = [];
  const label = (f: Field) => header[columns[f]!]?.trim() || f;
  for (const r of records.slice(1)) {
    const cell = (f: Field) => (columns[f] === undefined ? "" : (r.fields[columns[f]!] ?? "").trim());
    if (r.fields.every((x) => x.trim() === "")) continue;
    const wall = wallTimeCell(cell("date"), r.line, label("date"));
    const exercise = cell("exercise");
    if (!exercise) throw new ImportParseError(r.line, label("exercise"), "the exercise name is empty");
    let unit: ImportUnit = headerUnit ?? options.unit;
    if (columns.weightUnit !== undefined && cell("weightUnit") !== "") {
      const u = cell("weightUnit").toLowerCase();
      if (/^kgs?$/.test(u)) unit = "kg";
      else if (/^lbs?$/.test(u)) unit = "lb";
      else
        throw new ImportParseError(
          r.line,
          label("weightUnit"),
          `${JSON.stringify(cell("weightUnit"))} is not kg or lbs`,
        );
    }
    const order = cell("setOrder");
    const note = cell("notes") || null;
    const durationSeconds = durationCell(cell("duration"), r.line, label("duration"));
    const base = {
      line: r.line,
      workoutKey: `${cell("workoutNumber")}\u0000${cell("date")}\u0000${cell("workoutName")}`,
      workoutName: cell("workoutName") || null,
      date: wall.date,
      start: startInZone(wall, options.timeZone),
      minutes: durationSeconds === null ? null : Math.round(durationSeconds / 60),
      workoutNotes: cell("workoutNotes") || null,
      exercise,
      unit,
      superset: null,
    };
    let kind: ImportRow["kind"];
    if (/^\d+$/.test(order)) kind = "work";
    else if (/^w$/i.test(order)) kind = "warmup";
    else if (/^d$/i.test(order)) kind = "drop";
    else if (/^f$/i.test(order)) kind = "failure";
    else if (order === "") throw new ImportParseError(r.line, label("setOrder"), "the set order is empty");
    else {
      // Strong's own rows that are not sets, named in the file's language: a rest timer (only its
      // seconds) and a note (only its note). Any other order is a mistake, not a row to drop.
      const none = (f: Field) => /^(0+([.,]0+)?)?$/.test(cell(f));
      const noLoad = none("weight") && none("reps") && none("distance") && none("rpe");
      if (/^rest timer$/i.test(order) || (noLoad && !note && !none("seconds"))) {
        skips.add("rest-timer", r.line);
        continue;
      }
      if (/^note$/i.test(order) || (noLoad && note && none("seconds"))) {
        rows.push({ ...base, kind: "note", weight: null, reps: null, seconds: null, distance: null, rpe: null, note });
        continue;
      }
      throw new ImportParseError(
        r.line,
        label("setOrder"),
        `${JSON.stringify(order)} is not a set order (a number, W, D, F, or Strong's Rest Timer or Note row)`,
      );
    }
    rows.push({
      ...base,
      kind,
      weight: numberCell(cell("weight"), r.line, label("weight")),
      reps: countCell(cell("reps"), r.line, label("reps")),
      seconds: numberCell(cell("seconds"), r.line, label("seconds")),
      distance: numberCell(cell("distance"), r.line, label("distance")),
      distanceUnit: cell("distanceUnit") !== "" ? distanceUnitOf(cell("distanceUnit")) : headerDistanceUnit,
      rpe: numberCell(cell("rpe"), r.line, label("rpe")),
      note,
    });
  }
  return { rows, unitStated };
}
