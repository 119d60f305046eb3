/**
 * `@svc/sdk/export`: a whole history out of the service, in parts (exportHistory: everything but
 * the workouts, then a page of workout documents at a time) and the Strong CSV form of workout
 * documents. No CSV parser here, so browsers load it as it is (the web app's Export button).
 */
import type { ImportRequester } from "./client.ts";

export type { ImportRequester } from "./client.ts";
import { SvcError } from "../errors.ts";
import { graphql, type ResultOf } from "../graphql.ts";
import { parseSet, convertDistance, convertWeight, type ParsedSet, type Unit } from "../documents/index.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, type SvcExport, type ExportMeasurement } from "./svc.ts";
import { zoneOffsetAt } from "./time-zone.ts";
import { csvCell, startsLikeFormula } from "./csv-cell.ts";

export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type SvcExport,
  type ExportSettings,
  type ExportCustomExercise,
  type ExportBodyweight,
  type ExportMeasurement,
  type MeasurementField,
} from "./svc.ts";

export const EXPORT_ACCOUNT = graphql(`
  query ExportAccount {
    exportAccount
  }
`);

export const EXPORT_WORKOUTS = graphql(`
  query ExportWorkouts($after: String, $first: Int) {
    exportWorkouts(after: $after, first: $first) {
      documents
      hasNextPage
      endCursor
    }
  }
`);

export const WORKOUT_FIT = graphql(`
  query WorkoutFit($id: UUID!) {
    workoutFit(id: $id) {
      workoutId
      date
      fileName
      data
    }
  }
`);

export const WORKOUTS_FIT = graphql(`
  query WorkoutsFit($from: Date!, $to: Date!, $first: Int, $after: String) {
    workoutsFit(from: $from, to: $to, first: $first, after: $after) {
      files {
        workoutId
        date
        fileName
        data
      }
      hasNextPage
      endCursor
    }
  }
`);

/** A workout's FIT activity file as the server writes it (@svc/sdk/fit's workoutFit). */
export type FitFileExport = { workoutId: string; date: string; fileName: string; bytes: Uint8Array };

function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** One workout as a FIT file, or null when the account has no workout of that id. */
export async function exportWorkoutFit(client: ImportRequester, id: string): Promise<FitFileExport | null> {
  const { workoutFit } = await client.request(WORKOUT_FIT, { id });
  return workoutFit && { ...workoutFit, bytes: fromBase64(workoutFit.data) };
}

/** The workouts of a range of days (both included) as FIT files, oldest first, a page at a time. */
export async function* exportFitFiles(
  client: ImportRequester,
  range: { from: string; to: string; pageSize?: number },
): AsyncGenerator<FitFileExport> {
  let after: string | null = null;
  for (;;) {
    const data: ResultOf<typeof WORKOUTS_FIT> = await client.request(WORKOUTS_FIT, {
      from: range.from,
      to: range.to,
      first: range.pageSize ?? null,
      after,
    });
    const page = data.workoutsFit;
    if (!page) throw new SvcError("BAD_RESPONSE", "workoutsFit returned nothing");
    for (const f of page.files) yield { ...f, bytes: fromBase64(f.data) };
    if (!page.hasNextPage) return;
    after = page.endCursor;
  }
}

export type ExportHead = Omit<SvcExport, "workouts" | "measurements"> & {
  /** Always present in a new export (an empty list when none). */
  measurements: ExportMeasurement[];
  workoutCount: number;
};

/**
 * An export in parts: first everything but the workouts (`head`), then the workouts a page at a
 * time (`pages`), so a long history is never held whole.
 */
export async function exportHistory(
  client: ImportRequester,
  options: { pageSize?: number } = {},
): Promise<{ head: ExportHead; pages: AsyncGenerator<Record<string, unknown>[]> }> {
  // A JSON scalar: the account part of the export as the server writes it (import/model.ts checks it on the way back).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const exportAccount = (await client.request(EXPORT_ACCOUNT, {})).exportAccount as Record<string, any> | null;
  if (!exportAccount) throw new SvcError("BAD_RESPONSE", "exportAccount returned nothing");
  const head: ExportHead = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    settings: exportAccount.settings,
    customExercises: exportAccount.customExercises,
    routines: exportAccount.routines,
    bodyweights: exportAccount.bodyweights,
    measurements: exportAccount.measurements ?? [],
    workoutCount: exportAccount.workouts,
  };
  async function* pages() {
    let after: string | null = null;
    for (;;) {
      const data: ResultOf<typeof EXPORT_WORKOUTS> = await client.request(EXPORT_WORKOUTS, {
        after,
        first: options.pageSize ?? null,
      });
      const { exportWorkouts } = data;
      if (!exportWorkouts) throw new SvcError("BAD_RESPONSE", "exportWorkouts returned nothing");
      if (exportWorkouts.documents.length) yield exportWorkouts.documents as Record<string, unknown>[];
      if (!exportWorkouts.hasNextPage) return;
      after = exportWorkouts.endCursor;
    }
  }
  return { head, pages: pages() };
}

/** The unit a CSV export writes every weight in: the one asked, else the account's. */
export function exportUnit(head: Pick<ExportHead, "settings">, unit?: Unit): Unit {
  return unit ?? (head.settings?.unit === "lb" ? "lb" : "kg");
}

/**
 * An export as text, a chunk at a time (what the CLI writes to its file and the web app puts in
 * its download): `json`, everything but the workouts and then each workout on its own line inside
 * the empty list (importable back), or `csv`, Strong's comma format with every weight in
 * exportUnit(head, unit). onPage after each page with the workouts written so far.
 */
export async function* exportText(
  history: { head: ExportHead; pages: AsyncIterable<Record<string, unknown>[]> },
  options: {
    format: "json" | "csv";
    unit?: Unit;
    timeZone?: string;
    onPage?: (written: number) => void;
    /** CSV: counts what the file leaves out or changes (csvChangeLines says it). */
    changes?: CsvChanges;
  },
): AsyncGenerator<string> {
  const { head, pages } = history;
  let written = 0;
  if (options.format === "json") {
    const { workoutCount: _count, ...rest } = head;
    const opening = JSON.stringify({ ...rest, workouts: [] }, null, 2);
    yield `${opening.slice(0, opening.lastIndexOf("[]"))}[`;
    for await (const page of pages) {
      yield page.map((doc, i) => `${written + i ? "," : ""}\n    ${JSON.stringify(doc)}`).join("");
      written += page.length;
      options.onPage?.(written);
    }
    yield `${written ? "\n  " : ""}]\n}\n`;
    return;
  }
  const unit = exportUnit(head, options.unit);
  yield `${STRONG_CSV_HEADER}\n`;
  for await (const page of pages) {
    const lines = exportStrongCsv(page, { timeZone: options.timeZone, unit, changes: options.changes });
    if (lines.length) yield `${lines.join("\n")}\n`;
    written += page.length;
    options.onPage?.(written);
  }
}

export const STRONG_CSV_HEADER =
  "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE";

function strongDuration(minutes: number | undefined): string {
  if (minutes === undefined) return "";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${m}m` : `${m}m`;
}

/** The wall-clock date and time (`YYYY-MM-DD HH:MM:SS`) of an instant at an offset in minutes. */
function wallAt(instant: number, offsetMinutes: number): string {
  return new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19).replace("T", " ");
}

/** A zone's offset from UTC (minutes) at an instant; null for a zone Intl does not know. */
function zoneOffset(timeZone: string, instant: number): number | null {
  try {
    return zoneOffsetAt(timeZone, instant);
  } catch {
    return null;
  }
}

/**
 * The wall-clock time a workout was done at in `timeZone` (every workout of a file in the one zone
 * the file states); noon on the workout's date when it has no start.
 */
export function workoutWallTime(w: { date?: string; start?: string }, timeZone: string): string {
  const instant = typeof w.start === "string" ? Date.parse(w.start) : NaN;
  if (!Number.isFinite(instant)) return `${w.date} 12:00:00`;
  return wallAt(instant, zoneOffset(timeZone, instant) ?? 0);
}

/** What Strong's comma format cannot hold of a workout document, as read back by svc or another app. */
export const CSV_CHANGES = {
  weighted: {
    one: "weighted bodyweight set (`bw+10x12`) written under `<exercise> (Weighted)` with the added load (read back as it was)",
    text: "weighted bodyweight sets (`bw+10x12`) written under `<exercise> (Weighted)` with the added load (read back as they were)",
  },
  weightedSplit: {
    one: "exercise entry mixing weighted bodyweight and loaded sets written under two names (read back as separate entries)",
    text: "exercise entries mixing weighted bodyweight and loaded sets written under two names (read back as separate entries)",
  },
  unnamed: { one: "unnamed workout named `Workout`", text: "unnamed workouts named `Workout`" },
  sharedStart: {
    one: "workout sharing its name and time with the one before (read back as one workout with both's sets)",
    text: "workouts sharing their name and time with one before (read back as one workout with their sets)",
  },
  otherDate: {
    one: "workout whose start falls on another date in the file's time zone (read back on that date)",
    text: "workouts whose start falls on another date in the file's time zone (read back on that date)",
  },
  planned: { one: "planned set not done left out", text: "planned sets not done left out" },
  repsOnly: {
    one: "set of reps without a weight (`x12`) written at weight 0 (read back as `bw x 12`)",
    text: "sets of reps without a weight (`x12`) written at weight 0 (read back as `bw x 12`)",
  },
  zeroWeight: {
    one: "set at weight 0 (`0x10`) read back as a bodyweight set (`bw x 10`)",
    text: "sets at weight 0 (`0x10`) read back as bodyweight sets (`bw x 10`)",
  },
  burst: {
    one: "rest-pause burst (`rp:`) written as a drop set (read back as `d:`)",
    text: "rest-pause bursts (`rp:`) written as drop sets (read back as `d:`)",
  },
  amrap: {
    one: "AMRAP mark (`5+`) left out (the reps are kept)",
    text: "AMRAP marks (`5+`) left out (the reps are kept)",
  },
  rir: {
    one: "RIR rating left out (the RPE column holds RPE only)",
    text: "RIR ratings left out (the RPE column holds RPE only)",
  },
  marks: {
    one: "routine link, workout bodyweight, superset, pin or skip-progression mark left out",
    text: "routine links, workout bodyweights, supersets, pins or skip-progression marks left out",
  },
  formula: {
    one: "name or note starting with =, +, -, @, a tab or a return written with a leading ' so spreadsheets show it as text (svc reads it back without the ', other apps keep it)",
    text: "names or notes starting with =, +, -, @, a tab or a return written with a leading ' so spreadsheets show them as text (svc reads them back without the ', other apps keep it)",
  },
} as const;
export type CsvChange = keyof typeof CSV_CHANGES;

/** Counts, for one CSV export, what the format left out or changed. */
export class CsvChanges {
  readonly counts = new Map<CsvChange, number>();
  private readonly seen = new Set<string>();
  add(change: CsvChange): void {
    this.counts.set(change, (this.counts.get(change) ?? 0) + 1);
  }
  /** Whether a workout of this wall time and name was written before (a second becomes one with it). */
  repeated(key: string): boolean {
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }
  /** One line per change, `3 planned sets not done left out`, in CSV_CHANGES' order. */
  lines(): string[] {
    return (Object.keys(CSV_CHANGES) as CsvChange[])
      .filter((c) => this.counts.has(c))
      .map((c) => {
        const n = this.counts.get(c)!;
        return `${n} ${n === 1 ? CSV_CHANGES[c].one : CSV_CHANGES[c].text}`;
      });
  }
}

export type StrongCsvOptions = {
  /** The zone the wall-clock times are written in (the lifter's; default this process's or browser's). */
  timeZone?: string;
  /** Every weight is written in this unit (Strong's comma format has no unit column); default each workout's own. */
  unit?: Unit;
  /** Counts what the format leaves out or changes. */
  changes?: CsvChanges;
};

/**
 * Workout documents as rows of Strong's comma format (no header; see STRONG_CSV_HEADER): weights
 * converted to `unit` (convertWeight), distances to km (kg) or mi (lb), `W` warm-ups, `D` drops and rest-pause bursts, RPE when the
 * scale is RPE, planned sets not done left out. Dates are the wall-clock time the lifter trained
 * (workoutWallTime), never UTC's.
 */
// Workout documents as the server shows them (JSON scalars of the workouts' canonical form).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function exportStrongCsv(documents: Record<string, any>[], options: StrongCsvOptions = {}): string[] {
  const timeZone = options.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  const changes = options.changes ?? new CsvChanges();
  const lines: string[] = [];
  for (const w of documents) {
    const date = workoutWallTime(w, timeZone);
    noteWorkoutChanges(w, date, changes);
    const unit: Unit = options.unit ?? w.unit ?? "kg";
    for (const e of w.exercises ?? []) {
      if (e.superset || e.pinned || e.skipProgression) changes.add("marks");
      const sets: ParsedSet[] = [];
      for (const s of e.sets ?? []) {
        if (typeof s === "object" && s.done === false) {
          changes.add("planned");
          continue;
        }
        const p = parseSet(typeof s === "string" ? s : s.set, { effort: w.effort ?? "rpe" });
        if (p.ok) sets.push(p.value);
      }
      // A set with a load added to the body is written under `<name> (Weighted)`, the other apps' name
      // for it: the whole entry when it has no plain loaded set (`bw x 8` reads back the same under
      // it), else only those rows (the entry then reads back as more than one).
      const added = (set: ParsedSet) => set.bodyweight && set.weight !== null;
      const loaded = (set: ParsedSet) => !set.bodyweight && set.weight !== null;
      const mixed = sets.some(added) && sets.some(loaded);
      if (mixed) changes.add("weightedSplit");
      let n = 0;
      for (const set of sets) {
        const exercise = (mixed ? added(set) : sets.some(added)) ? `${e.exercise} (Weighted)` : e.exercise;
        noteSetChanges(set, w.effort, changes);
        const order = set.kind === "warmup" ? "W" : set.kind === "drop" || set.kind === "burst" ? "D" : String(++n);
        const weight = set.weight === null ? 0 : convertWeight(set.weight, w.unit ?? unit, unit);
        // Distances in the export's unit: km with kg, mi with lb (Strong's comma format has no unit column).
        const distance =
          set.distance === null || set.distanceUnit === null
            ? 0
            : convertDistance(set.distance, set.distanceUnit, unit === "lb" ? "mi" : "km");
        const row = [
          date,
          w.name ?? "Workout",
          strongDuration(w.minutes),
          exercise,
          order,
          weight,
          set.reps ?? 0,
          distance,
        ];
        row.push(set.seconds ?? 0, e.note ?? "", w.notes ?? "", w.effort === "rir" ? "" : (set.effort ?? ""));
        for (const cell of row) if (typeof cell === "string" && startsLikeFormula(cell)) changes.add("formula");
        lines.push(row.map(csvCell).join(","));
      }
    }
  }
  return lines;
}

/** Counts what the CSV form changes of a workout as a whole. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function noteWorkoutChanges(w: Record<string, any>, wallTime: string, changes: CsvChanges): void {
  if (w.name === undefined) changes.add("unnamed");
  if (w.date && !wallTime.startsWith(w.date)) changes.add("otherDate");
  if (changes.repeated(`${wallTime}|${w.name ?? "Workout"}`)) changes.add("sharedStart");
  if (w.routine || w.bodyweight !== undefined || w.skipProgression) changes.add("marks");
}

/** Counts what the CSV form changes of one set. */
function noteSetChanges(set: ParsedSet, effort: string | undefined, changes: CsvChanges): void {
  if (set.bodyweight && set.weight !== null) changes.add("weighted");
  if (!set.bodyweight && set.weight === null && set.reps !== null) changes.add("repsOnly");
  if (!set.bodyweight && set.weight === 0 && set.reps) changes.add("zeroWeight");
  if (set.kind === "burst") changes.add("burst");
  if ((set as ParsedSet & { amrap?: boolean }).amrap) changes.add("amrap");
  if (effort === "rir" && set.effort !== null) changes.add("rir");
}
