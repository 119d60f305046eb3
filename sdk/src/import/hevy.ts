/**
 * Hevy's export: title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,
 * set_index,set_type,weight_kg|weight_lbs,reps,distance_km|distance_miles|distance_meters,duration_seconds,rpe.
 * Times like `6 Apr 2026, 17:18` (month names in the app's language); set_type normal, warmup,
 * dropset or failure; the weight column's name says the unit.
 */
import { readCsv, normalizeHeader, numberCell, countCell, wallTimeCell, startInZone } from "./csv.ts";
import { ImportParseError, type ImportRow, type ImportUnit, type SkipCounter } from "./model.ts";

export function isHevyHeader(cells: string[]): boolean {
  const names = cells.map(normalizeHeader);
  return names.includes("exercise_title") && names.includes("set_index");
}

export function parseHevy(
  text: string,
  options: { timeZone: string },
  _skips: SkipCounter,
): { rows: ImportRow[]; unitStated: boolean } {
  const records = readCsv(text);
  if (records.length === 0) throw new ImportParseError(1, null, "the file is empty");
  const header = records[0].fields.map(normalizeHeader);
  const col = (name: string) => header.indexOf(name);
  const weightCol = col("weight_kg") >= 0 ? col("weight_kg") : col("weight_lbs");
  const unit: ImportUnit = col("weight_kg") >= 0 ? "kg" : "lb";
  for (const required of ["title", "start_time", "exercise_title", "set_type", "reps"]) {
    if (col(required) < 0)
      throw new ImportParseError(1, null, `this does not look like a Hevy file (no ${required} column)`);
  }
  if (weightCol < 0)
    throw new ImportParseError(1, null, "this does not look like a Hevy file (no weight_kg or weight_lbs column)");
  // distance_km, distance_miles or (newer files) distance_meters: the column's name says the unit.
  const distanceName = ["distance_km", "distance_miles", "distance_meters"].find((n) => col(n) >= 0);
  const distanceCol = distanceName ? col(distanceName) : -1;
  const distanceUnit = distanceName === "distance_miles" ? "mi" : distanceName === "distance_meters" ? "m" : "km";
  const rows: ImportRow[] = [];
  for (const r of records.slice(1)) {
    const cell = (i: number) => (i < 0 ? "" : (r.fields[i] ?? "").trim());
    const named = (name: string) => cell(col(name));
    if (r.fields.every((x) => x.trim() === "")) continue;
    const started = wallTimeCell(named("start_time"), r.line, "start_time");
    let minutes: number | null = null;
    if (named("end_time")) {
      const ended = wallTimeCell(named("end_time"), r.line, "end_time");
      minutes = Math.max(
        0,
        Math.round(
          (Date.parse(`${ended.date}T${ended.time}Z`) - Date.parse(`${started.date}T${started.time}Z`)) / 60000,
        ),
      );
    }
    const type = named("set_type").toLowerCase();
    const kind: ImportRow["kind"] =
      type === "warmup"
        ? "warmup"
        : type === "dropset"
          ? "drop"
          : type === "failure"
            ? "failure"
            : type === "normal" || type === ""
              ? "work"
              : "work";
    const exercise = named("exercise_title");
    if (!exercise) throw new ImportParseError(r.line, "exercise_title", "the exercise name is empty");
    rows.push({
      line: r.line,
      workoutKey: `${named("title")}\u0000${named("start_time")}`,
      workoutName: named("title") || null,
      date: started.date,
      start: startInZone(started, options.timeZone),
      minutes,
      workoutNotes: named("description") || null,
      exercise,
      kind,
      weight: numberCell(cell(weightCol), r.line, records[0].fields[weightCol].trim()),
      unit,
      reps: countCell(named("reps"), r.line, "reps"),
      seconds: numberCell(named("duration_seconds"), r.line, "duration_seconds"),
      distance: numberCell(
        cell(distanceCol),
        r.line,
        distanceCol >= 0 ? records[0].fields[distanceCol].trim() : "distance",
      ),
      distanceUnit,
      rpe: numberCell(named("rpe"), r.line, "rpe"),
      note: named("exercise_notes") || null,
      superset: named("superset_id") || null,
    });
  }
  return { rows, unitStated: true };
}
