/**
 * `@svc/sdk/export`: a whole history out of the service, in parts (exportHistory: everything but
 * the workouts, then a page of workout documents at a time) and the Strong CSV form of workout
 * documents. No CSV parser here, so browsers load it as it is (the web app's Export button).
 */
import type { ImportRequester } from "./client.ts";
import { SvcError } from "../errors.ts";
import { graphql, type ResultOf } from "../graphql.ts";
import { parseSet, convertWeight, type Unit } from "../documents/index.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, type SvcExport } from "./svc.ts";
import { zoneOffsetAt } from "./time-zone.ts";

export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type SvcExport,
  type ExportSettings,
  type ExportCustomExercise,
  type ExportBodyweight,
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

export type ExportHead = Omit<SvcExport, "workouts"> & { workoutCount: number };

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
  options: { format: "json" | "csv"; unit?: Unit; timeZone?: string; onPage?: (written: number) => void },
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
    const lines = exportStrongCsv(page, { timeZone: options.timeZone, unit });
    if (lines.length) yield `${lines.join("\n")}\n`;
    written += page.length;
    options.onPage?.(written);
  }
}

export const STRONG_CSV_HEADER =
  "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE";

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
 * The wall-clock time a workout was done at, for a file without zones: its start in `timeZone`
 * when that falls on the workout's date (the lifter's own date, as logged); else the offset nearest
 * to that zone's (whole hours, -12 to +14) that keeps the workout's date; noon on the date when
 * it has no start.
 */
export function workoutWallTime(w: { date?: string; start?: string }, timeZone: string): string {
  const instant = typeof w.start === "string" ? Date.parse(w.start) : NaN;
  if (!Number.isFinite(instant)) return `${w.date} 12:00:00`;
  const zone = zoneOffset(timeZone, instant) ?? 0;
  const wall = wallAt(instant, zone);
  if (!w.date || wall.startsWith(w.date)) return wall;
  let best: string | null = null;
  let distance = Infinity;
  for (let hours = -12; hours <= 14; hours++) {
    const candidate = wallAt(instant, hours * 60);
    if (candidate.startsWith(w.date) && Math.abs(hours * 60 - zone) < distance) {
      best = candidate;
      distance = Math.abs(hours * 60 - zone);
    }
  }
  return best ?? wall;
}

export type StrongCsvOptions = {
  /** The zone the wall-clock times are written in (the lifter's; default this process's or browser's). */
  timeZone?: string;
  /** Every weight is written in this unit (Strong's comma format has no unit column); default each workout's own. */
  unit?: Unit;
};

/**
 * Workout documents as rows of Strong's comma format (no header; see STRONG_CSV_HEADER): weights
 * converted to `unit` (convertWeight), `W` warm-ups, `D` drops and rest-pause bursts, RPE when the
 * scale is RPE, planned sets not done left out. Dates are the wall-clock time the lifter trained
 * (workoutWallTime), never UTC's.
 */
// Workout documents as the server shows them (JSON scalars of the workouts' canonical form).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function exportStrongCsv(documents: Record<string, any>[], options: StrongCsvOptions = {}): string[] {
  const timeZone = options.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  const lines: string[] = [];
  for (const w of documents) {
    const date = workoutWallTime(w, timeZone);
    const unit: Unit = options.unit ?? w.unit ?? "kg";
    for (const e of w.exercises ?? []) {
      let n = 0;
      for (const s of e.sets ?? []) {
        const text = typeof s === "string" ? s : s.set;
        if (typeof s === "object" && s.done === false) continue;
        const p = parseSet(text, { effort: w.effort ?? "rpe" });
        if (!p.ok) continue;
        const set = p.value;
        const order = set.kind === "warmup" ? "W" : set.kind === "drop" || set.kind === "burst" ? "D" : String(++n);
        const weight = set.weight === null ? 0 : convertWeight(set.weight, w.unit ?? unit, unit);
        lines.push(
          [
            date,
            w.name ?? "Workout",
            strongDuration(w.minutes),
            e.exercise,
            order,
            weight,
            set.reps ?? 0,
            0,
            set.seconds ?? 0,
            e.note ?? "",
            w.notes ?? "",
            w.effort === "rir" ? "" : (set.effort ?? ""),
          ]
            .map(csvCell)
            .join(","),
        );
      }
    }
  }
  return lines;
}
