/**
 * FitNotes' export: Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time, or the
 * older Date,Exercise,Category,Weight (kgs)|Weight (lbs),Reps,Distance,Distance Unit,Time; an optional
 * Comment column at the end. Exercise names may hold commas without quotes: a row with more
 * fields than the header gives the extra ones to the exercise name. One workout per day.
 */
import { readCsv, normalizeHeader, numberCell, countCell, durationCell, wallTimeCell } from "./csv.ts";
import { distanceUnitOf, ImportParseError, type ImportRow, type ImportUnit, type SkipCounter } from "./model.ts";
import { unitInHeader } from "./strong.ts";

export function isFitNotesHeader(cells: string[]): boolean {
  const names = cells.map(normalizeHeader);
  return names[0] === "date" && names[1] === "exercise" && names[2] === "category";
}

/** A header in another language with FitNotes' shape: 8 to 10 columns and a date first below it. */
export function looksLikeFitNotesByPosition(header: string[], first: string[] | undefined): boolean {
  return (
    header.length >= 8 &&
    header.length <= 10 &&
    /^\d{4}-\d{2}-\d{2}$/.test(first?.[0]?.trim() ?? "") &&
    !/^\d/.test(first?.[1]?.trim() ?? "")
  );
}

export function parseFitNotes(
  text: string,
  options: { unit: ImportUnit },
  _skips: SkipCounter,
): { rows: ImportRow[]; unitStated: boolean } {
  const records = readCsv(text, ",");
  if (records.length === 0) throw new ImportParseError(1, null, "the file is empty");
  const header = records[0].fields.map((c) => c.trim());
  const names = header.map(normalizeHeader);
  // Positions: by name when the header is FitNotes' English one, else its layout by position.
  // The older layout states the unit in the weight header (`Weight (kgs)`), in any language.
  const newer = isFitNotesHeader(header) ? names[4] === "weight unit" : !unitInHeader(header[3] ?? "");
  const layout = newer
    ? { weight: 3, weightUnit: 4, reps: 5, distance: 6, distanceUnit: 7, time: 8, comment: 9 }
    : { weight: 3, weightUnit: -1, reps: 4, distance: 5, distanceUnit: 6, time: 7, comment: 8 };
  const width = newer ? 9 : 8;
  const hasComment = header.length > width;
  const headerUnit = unitInHeader(header[3] ?? "");
  const rows: ImportRow[] = [];
  for (const r of records.slice(1)) {
    if (r.fields.every((x) => x.trim() === "")) continue;
    const extra = r.fields.length - header.length;
    // Unquoted commas: in the exercise name (its fields rejoined), or, with a Comment column (the
    // last), in the comment, or some in each. Every split is tried, the name's first; the first
    // whose cells read (numbers, unit) is the row, else the error of the split that read furthest.
    const placements: string[][] = [];
    for (let inName = Math.max(extra, 0); inName >= 0; inName--) {
      const inComment = Math.max(extra, 0) - inName;
      if (inComment > 0 && !hasComment) break;
      const named = [r.fields[0], r.fields.slice(1, 2 + inName).join(","), ...r.fields.slice(2 + inName)];
      placements.push(
        inComment > 0 ? [...named.slice(0, header.length - 1), named.slice(header.length - 1).join(",")] : named,
      );
    }
    let furthest: ImportParseError | null = null;
    let row: ImportRow | null = null;
    for (const fields of placements) {
      try {
        row = readRow(r.line, fields);
        break;
      } catch (error) {
        if (!(error instanceof ImportParseError)) throw error;
        if (!furthest || header.indexOf(error.column ?? "") > header.indexOf(furthest.column ?? "")) furthest = error;
      }
    }
    if (!row) throw furthest;
    rows.push(row);
  }
  function readRow(line: number, fields: string[]): ImportRow {
    const cell = (i: number) => (i < 0 ? "" : (fields[i] ?? "").trim());
    const wall = wallTimeCell(cell(0), line, header[0] || "Date");
    const exercise = cell(1);
    if (!exercise) throw new ImportParseError(line, header[1] || "Exercise", "the exercise name is empty");
    // Cells read left to right, so the split that reads furthest is the one that got furthest.
    const weight = numberCell(cell(layout.weight), line, header[layout.weight]);
    let unit: ImportUnit = headerUnit ?? options.unit;
    if (layout.weightUnit >= 0 && cell(layout.weightUnit)) {
      const u = cell(layout.weightUnit).toLowerCase();
      if (/^kgs?$/.test(u)) unit = "kg";
      else if (/^lbs?$/.test(u)) unit = "lb";
      else
        throw new ImportParseError(
          line,
          header[layout.weightUnit],
          `${JSON.stringify(cell(layout.weightUnit))} is not kgs or lbs`,
        );
    }
    return {
      line,
      workoutKey: wall.date,
      workoutName: null,
      date: wall.date,
      start: null,
      minutes: null,
      workoutNotes: null,
      exercise,
      kind: "work",
      weight,
      unit,
      reps: countCell(cell(layout.reps), line, header[layout.reps]),
      distance: numberCell(cell(layout.distance), line, header[layout.distance]),
      distanceUnit: cell(layout.distanceUnit) !== "" ? distanceUnitOf(cell(layout.distanceUnit)) : undefined,
      seconds: durationCell(cell(layout.time), line, header[layout.time]),
      rpe: null,
      note: hasComment ? cell(layout.comment) || null : null,
      superset: null,
    };
  }
  return { rows, unitStated: layout.weightUnit >= 0 || headerUnit !== null };
}
