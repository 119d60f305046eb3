/**
 * What every importer turns a file into: rows in one neutral shape (ImportRow), then workouts in the
 * document model (buildWorkouts), with every row either landing as a set or counted under a reason.
 * Exercise names stay as the file wrote them: the server maps them (catalog names, aliases, the
 * table of other apps' names, the user's choices).
 */
import { DOCUMENT_LIMITS, MAX_WEIGHT } from "../documents/index.ts";
import type { introspection } from "../graphql-env.d.ts";
import type { Unit } from "../types.ts";

/** A file's format: the schema's ImportFormat, in lower case as flags and summaries write it. */
export type ImportFormat = Lowercase<introspection["types"]["ImportFormat"]["enumValues"]>;
/** The unit of a file's weights: the schema's Unit. */
export type ImportUnit = Unit;

/** One set row of a file, as its importer read it. */
export type ImportRow = {
  /** Line of the file the row starts on (1 = the header). */
  line: number;
  /** Rows with the same key belong to one workout. */
  workoutKey: string;
  workoutName: string | null;
  /** The day, YYYY-MM-DD. */
  date: string;
  /** ISO 8601 with an offset; null when the file gives only a day (FitNotes). */
  start: string | null;
  minutes: number | null;
  workoutNotes: string | null;
  exercise: string;
  /** `note`: a row that only carries a note for its exercise (Strong's `Note` rows). */
  kind: "work" | "warmup" | "drop" | "failure" | "note";
  /** Load in `unit`; null when none. */
  weight: number | null;
  unit: ImportUnit;
  reps: number | null;
  seconds: number | null;
  distance: number | null;
  /** Unit of `distance` (the file's, else the caller's: km with kg, mi with lb); a distance in another unit is dropped. */
  distanceUnit?: ImportDistanceUnit | null;
  rpe: number | null;
  /** A note on this set or exercise. */
  note: string | null;
  /** The file's superset id: entries sharing it in one workout alternate. */
  superset: string | null;
  /** The weight is a load added to the body (`bw+20x5`) whatever the exercise is called (a FIT `weighted...` exercise). */
  addedLoad?: boolean;
};

export type ImportDistanceUnit = "km" | "mi" | "m";

/** The distance unit a file's cell or header names (`km`, `Distance (meters)`, `miles`), or null for another (ft, yd). */
export function distanceUnitOf(text: string): ImportDistanceUnit | null {
  const t = text.toLowerCase();
  if (/\b(km|kms|kilomet(er|re)s?)\b/.test(t)) return "km";
  if (/\b(mi|mile|miles)\b/.test(t)) return "mi";
  if (/\b(m|meters?|metres?)\b/.test(t)) return "m";
  return null;
}

/** A row (or part of one) not imported, or imported with something left out, and why. */
export type SkipReason =
  | "rest-timer"
  | "empty-set"
  | "distance-without-time"
  | "distance-dropped"
  | "reps-duration-dropped"
  | "rpe-out-of-range"
  | "reps-out-of-range"
  | "weight-out-of-range"
  | "weight-negative"
  | "duration-out-of-range"
  | "failure-as-rpe-10"
  | "failure-mark-dropped"
  | "zero-weight-as-bodyweight"
  | "unit-converted"
  | "note-shortened"
  | "note-without-sets"
  | "over-workout-limits"
  | "workout-every-set-refused"
  | "measurement-column-left-out"
  | "measurement-row-empty"
  | "measurement-date-repeated";

/**
 * What each reason means, as the summaries write it after a count: `text` after a count other
 * than 1, `one` after 1 (`1 set heavier than 10000`, `2 sets heavier than 10000`).
 */
export const SKIP_REASONS: Record<SkipReason, { skipsRow: boolean; text: string; one: string }> = {
  "rest-timer": {
    skipsRow: true,
    text: "rest timer rows (the time between sets is not kept per set)",
    one: "rest timer row (the time between sets is not kept per set)",
  },
  "empty-set": { skipsRow: true, text: "sets with no weight, reps or time", one: "set with no weight, reps or time" },
  "distance-without-time": {
    skipsRow: true,
    text: "rows with a distance and no time that a set cannot hold (with a load, in a unit other than km, mi or m, or over 1000 km)",
    one: "row with a distance and no time that a set cannot hold (with a load, in a unit other than km, mi or m, or over 1000 km)",
  },
  "distance-dropped": {
    skipsRow: false,
    text: "distances left out (of sets with reps or a load, or in a unit other than km, mi or m; the rest of the set is kept)",
    one: "distance left out (of a set with reps or a load, or in a unit other than km, mi or m; the rest of the set is kept)",
  },
  "reps-duration-dropped": {
    skipsRow: false,
    text: "durations of reps sets left out (the reps are kept)",
    one: "duration of a reps set left out (the reps are kept)",
  },
  "rpe-out-of-range": {
    skipsRow: false,
    text: "RPEs outside 1 to 10 left out (the sets are kept)",
    one: "RPE outside 1 to 10 left out (the set is kept)",
  },
  "reps-out-of-range": { skipsRow: true, text: "sets of more than 500 reps", one: "set of more than 500 reps" },
  "weight-out-of-range": { skipsRow: true, text: "sets heavier than 10000", one: "set heavier than 10000" },
  "weight-negative": {
    skipsRow: true,
    text: "sets with a negative weight (an assisted lift's help: the model holds no negative load)",
    one: "set with a negative weight (an assisted lift's help: the model holds no negative load)",
  },
  "duration-out-of-range": { skipsRow: true, text: "sets longer than a day", one: "set longer than a day" },
  "failure-as-rpe-10": {
    skipsRow: false,
    text: "failure sets kept as work sets at RPE 10",
    one: "failure set kept as a work set at RPE 10",
  },
  "failure-mark-dropped": {
    skipsRow: false,
    text: "failure sets kept as work sets at the RPE the file gives (the failure mark is not kept)",
    one: "failure set kept as a work set at the RPE the file gives (the failure mark is not kept)",
  },
  "zero-weight-as-bodyweight": {
    skipsRow: false,
    text: "sets at weight 0 read as bodyweight sets (`bw x 10`; a machine at its lightest is `0x10`: edit those)",
    one: "set at weight 0 read as a bodyweight set (`bw x 10`; a machine at its lightest is `0x10`: edit it)",
  },
  "unit-converted": {
    skipsRow: false,
    text: "sets in another unit than their workout's first, converted to it",
    one: "set in another unit than its workout's first, converted to it",
  },
  "note-shortened": {
    skipsRow: false,
    text: "notes shortened to the model's limit (500 per exercise, 2000 per workout)",
    one: "note shortened to the model's limit (500 per exercise, 2000 per workout)",
  },
  "note-without-sets": {
    skipsRow: true,
    text: "notes left out: their exercise has no set kept in the workout",
    one: "note left out: its exercise has no set kept in the workout",
  },
  "over-workout-limits": {
    skipsRow: true,
    text: "sets beyond a workout's limits (100 exercises, 500 sets)",
    one: "set beyond a workout's limits (100 exercises, 500 sets)",
  },
  "workout-every-set-refused": {
    skipsRow: false,
    text: "workouts left out: every set refused",
    one: "workout left out: every set refused",
  },
  "measurement-column-left-out": {
    skipsRow: false,
    text: "measurements left out: their columns are no measurement this service keeps",
    one: "measurement left out: its column is no measurement this service keeps",
  },
  "measurement-row-empty": {
    skipsRow: true,
    text: "rows with no weight or body measurement",
    one: "row with no weight or body measurement",
  },
  "measurement-date-repeated": {
    skipsRow: true,
    text: "rows of a day that a later row of the file replaces",
    one: "row of a day that a later row of the file replaces",
  },
};

/**
 * `rows` is the count of rows, or of workouts for workout-every-set-refused, or of values for
 * measurement-column-left-out (whose `columns` name the file's columns left out).
 */
export type SkipCount = { reason: SkipReason; text: string; rows: number; firstLine: number; columns?: string[] };

/** A workout document (without id) whose `exercise` fields are the file's names. */
export type ImportWorkout = {
  /** An svc export's id of the workout: two workouts sharing a start and a name stay two (never saved). */
  id?: string;
  name?: string;
  date: string;
  start?: string;
  minutes?: number;
  unit: ImportUnit;
  effort: "rpe";
  notes?: string;
  exercises: { exercise: string; superset?: string; note?: string; sets: string[] }[];
};

/** Where a workout and each of its sets came from in the file (to name a line in an error). */
export type ImportSource = { line: number; sets: number[][] };

/** A problem in the file: its line and column (1-based) and what is wrong. */
export class ImportParseError extends Error {
  readonly line: number;
  readonly column: string | null;
  readonly reason: string;
  constructor(line: number, column: string | null, reason: string) {
    super(`line ${line}${column ? `, column ${column}` : ""}: ${reason}`);
    this.name = "ImportParseError";
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}

/** Rounds float noise away (`149.99999999999997` -> 150): weights keep at most 2 decimals. */
export function cleanNumber(value: number, places = 2): number {
  const f = 10 ** places;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f + 0;
}

/** A number's shortest text (no exponent, no trailing zeros). */
function numberText(value: number): string {
  return String(cleanNumber(value));
}

const MAX_EXERCISE_NOTE = DOCUMENT_LIMITS.note;
const MAX_WORKOUT_NOTES = DOCUMENT_LIMITS.notes;

export class SkipCounter {
  private counts = new Map<SkipReason, SkipCount>();
  add(reason: SkipReason, line: number, n = 1, column?: string): void {
    let c = this.counts.get(reason);
    if (c) {
      c.rows += n;
      c.firstLine = Math.min(c.firstLine, line);
    } else this.counts.set(reason, (c = { reason, text: SKIP_REASONS[reason].text, rows: n, firstLine: line }));
    if (column !== undefined && !c.columns?.includes(column)) c.columns = [...(c.columns ?? []), column];
  }
  list(): SkipCount[] {
    return [...this.counts.values()].sort((a, b) => a.firstLine - b.firstLine);
  }
}

/** A count and its reason as the summaries write it: `1 set heavier than 10000`, `2 sets ...`. */
export function skipCountText(count: Pick<SkipCount, "reason" | "rows" | "columns">): string {
  const reason = SKIP_REASONS[count.reason];
  const columns = count.columns?.length ? ` (${count.columns.join(", ")})` : "";
  return `${count.rows} ${count.rows === 1 ? reason.one : reason.text}${columns}`;
}

function shorten(text: string, max: number, skips: SkipCounter, line: number): string {
  if (text.length <= max) return text;
  skips.add("note-shortened", line);
  return `${text.slice(0, max - 1)}…`;
}

/** Names the other apps give a bodyweight lift done with a load added (a belt, a vest). */
const WEIGHTED_BODYWEIGHT = /\bweighted\b/i;

/** The set text of a row, or null (with the reason counted) when the model cannot hold it. */
export function setText(row: ImportRow, skips: SkipCounter): string | null {
  const reps = row.reps !== null && row.reps > 0 ? row.reps : null;
  const seconds = row.seconds !== null && row.seconds > 0 ? Math.round(row.seconds) : null;
  const weight = row.weight !== null && row.weight !== 0 ? cleanNumber(row.weight) : null;
  const distance = row.distance !== null && row.distance > 0 ? row.distance : null;
  const distanceUnit = row.distanceUnit ?? (row.unit === "lb" ? "mi" : "km");
  if (weight !== null && weight < 0) return skip(skips, "weight-negative", row.line);
  if (weight !== null && weight > MAX_WEIGHT) return skip(skips, "weight-out-of-range", row.line);
  let body: string;
  if (reps !== null) {
    if (reps > 500) return skip(skips, "reps-out-of-range", row.line);
    if (seconds !== null) skips.add("reps-duration-dropped", row.line);
    if (distance !== null) skips.add("distance-dropped", row.line);
    // The other apps' weighted bodyweight lifts ("Pull Up (Weighted)") give the load added to the body: `bw+20x5`.
    const added = weight !== null && (row.addedLoad === true || WEIGHTED_BODYWEIGHT.test(row.exercise));
    // A written 0 (Strong's `0.0`) is a bodyweight lift or a machine at its lightest: said, not guessed.
    if (row.weight === 0) skips.add("zero-weight-as-bodyweight", row.line);
    body =
      weight === null ? `bw x ${reps}` : added ? `bw+${numberText(weight)}x${reps}` : `${numberText(weight)}x${reps}`;
  } else if (
    distance !== null &&
    weight === null &&
    row.distanceUnit !== null &&
    distanceFits(distance, distanceUnit)
  ) {
    if (seconds !== null && seconds > 86400) return skip(skips, "duration-out-of-range", row.line);
    body = distanceText(distance, distanceUnit, seconds);
  } else if (seconds !== null) {
    if (seconds > 86400) return skip(skips, "duration-out-of-range", row.line);
    if (distance !== null) skips.add("distance-dropped", row.line);
    // A weighted hold keeps its load (`20x45s`).
    body = weight !== null ? `${numberText(weight)}x${seconds}s` : `${seconds}s`;
  } else if (distance !== null) {
    return skip(skips, "distance-without-time", row.line);
  } else if (row.reps === 0 && weight !== null) {
    // A set written with its weight and 0 reps (a missed lift): kept as written.
    body = `${numberText(weight)}x0`;
  } else {
    return skip(skips, "empty-set", row.line);
  }
  let rpe = row.rpe !== null && row.rpe > 0 ? Math.round(row.rpe * 2) / 2 : null;
  if (rpe !== null && (rpe < 1 || rpe > 10)) {
    skips.add("rpe-out-of-range", row.line);
    rpe = null;
  }
  if (row.kind === "failure" && rpe === null) {
    skips.add("failure-as-rpe-10", row.line);
    rpe = 10;
  } else if (row.kind === "failure") skips.add("failure-mark-dropped", row.line);
  const prefix = row.kind === "warmup" ? "w:" : row.kind === "drop" ? "d:" : "";
  return `${prefix}${body}${rpe !== null ? `@${rpe}` : ""}`;
}

/**
 * A cardio set's text (`5km 30:00`, `1500m 6:00`, `3.1mi`): km and mi to 3 decimals; meters in whole
 * meters with a time, else as km (`1500m` alone would read as minutes: `1.5km`).
 */
function distanceText(distance: number, unit: ImportDistanceUnit, seconds: number | null): string {
  const time = seconds === null ? "" : ` ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  if (unit === "m" && (seconds === null || !Number.isInteger(distance)))
    return `${cleanNumber(distance / 1000, 3)}km${time}`;
  return `${cleanNumber(distance, unit === "m" ? 0 : 3)}${unit}${time}`;
}

/** Within set text's limits once written: at most 1000 km or mi, 1000000 m; not 0 once rounded. */
function distanceFits(distance: number, unit: ImportDistanceUnit): boolean {
  const value = unit === "m" ? distance / 1000 : distance;
  return cleanNumber(value, 3) > 0 && value <= 1000;
}

function skip(skips: SkipCounter, reason: SkipReason, line: number): null {
  skips.add(reason, line);
  return null;
}

const SUPERSET_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Groups rows into workouts (in file order of their first row), each exercise's consecutive rows
 * into one entry (an exercise done again later in the session is a second entry), and keeps the
 * workout limits (100 exercises, 50 sets an entry: a longer run continues in a next entry of the
 * same exercise, 500 sets).
 */
export function buildWorkouts(
  rows: ImportRow[],
  skips: SkipCounter,
): { workouts: ImportWorkout[]; sources: ImportSource[] } {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const g = groups.get(row.workoutKey);
    if (g) g.push(row);
    else groups.set(row.workoutKey, [row]);
  }
  const limits = {
    exercises: DOCUMENT_LIMITS.workoutExercises,
    setsPerExercise: DOCUMENT_LIMITS.setsPerExercise,
    sets: DOCUMENT_LIMITS.setsPerWorkout,
  };
  const workouts: ImportWorkout[] = [];
  const sources: ImportSource[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    const w: ImportWorkout = { date: first.date, unit: first.unit, effort: "rpe", exercises: [] };
    if (first.workoutName) w.name = first.workoutName.slice(0, 80);
    if (first.start) w.start = first.start;
    if (first.minutes !== null && first.minutes >= 0 && first.minutes <= 1440) w.minutes = first.minutes;
    const notes = group.find((r) => r.workoutNotes)?.workoutNotes;
    if (notes) w.notes = shorten(notes, MAX_WORKOUT_NOTES, skips, first.line);
    const source: ImportSource = { line: first.line, sets: [] };
    // A workout has one unit: rows in another convert (rare: a file mixing units in one session).
    const supersets = new Map<string, string>();
    type Entry = ImportWorkout["exercises"][number];
    let entry: Entry | null = null;
    let entryKey = "";
    const entryNotes = new Map<Entry, string[]>();
    // An exercise's last entry so far: a note row after other exercises' sets still belongs to it.
    const lastEntryOf = new Map<string, Entry>();
    // Note rows before any set of their exercise: they go to its next entry.
    const pendingNotes = new Map<string, { note: string; line: number }[]>();
    const addNote = (e: Entry, note: string) => {
      const list = entryNotes.get(e);
      if (list) list.push(note);
      else entryNotes.set(e, [note]);
    };
    let total = 0;
    let firstRefused = 0;
    for (const row of group) {
      const key = `${row.exercise}\u0000${row.superset ?? ""}`;
      if (row.kind === "note") {
        if (!row.note) continue;
        const owner = entry && key === entryKey ? entry : lastEntryOf.get(key);
        if (owner) addNote(owner, row.note);
        else {
          const pending = pendingNotes.get(key);
          if (pending) pending.push({ note: row.note, line: row.line });
          else pendingNotes.set(key, [{ note: row.note, line: row.line }]);
        }
        continue;
      }
      const converted =
        row.unit === w.unit || row.weight === null ? row : { ...row, weight: convert(row.weight, row.unit, w.unit) };
      if (converted !== row && row.weight !== 0) skips.add("unit-converted", row.line);
      const text = setText(converted, skips);
      if (text === null) {
        firstRefused ||= row.line;
        continue;
      }
      if (total >= limits.sets) {
        skips.add("over-workout-limits", row.line);
        continue;
      }
      if (!entry || key !== entryKey || entry.sets.length >= limits.setsPerExercise) {
        if (w.exercises.length >= limits.exercises) {
          skips.add("over-workout-limits", row.line);
          continue;
        }
        entry = { exercise: row.exercise, sets: [] };
        if (row.superset) {
          if (!supersets.has(row.superset)) supersets.set(row.superset, SUPERSET_LETTERS[supersets.size % 26]);
          entry.superset = supersets.get(row.superset);
        }
        entryKey = key;
        lastEntryOf.set(key, entry);
        for (const p of pendingNotes.get(key) ?? []) addNote(entry, p.note);
        pendingNotes.delete(key);
        w.exercises.push(entry);
        source.sets.push([]);
      }
      if (row.note) addNote(entry, row.note);
      entry.sets.push(text);
      source.sets[source.sets.length - 1].push(row.line);
      total++;
    }
    for (const [e, notes] of entryNotes)
      e.note = shorten([...new Set(notes)].join("\n"), MAX_EXERCISE_NOTE, skips, first.line);
    // A note whose exercise kept no set in the workout has no entry to go in.
    for (const pending of pendingNotes.values()) for (const p of pending) skips.add("note-without-sets", p.line);
    if (w.exercises.length === 0 && !w.notes) {
      // Every set refused (each counted by its reason): the workout is named by its first refused set.
      if (firstRefused) skips.add("workout-every-set-refused", firstRefused);
      continue;
    }
    workouts.push(w);
    sources.push(source);
  }
  return { workouts, sources };
}

function convert(weight: number, from: ImportUnit, to: ImportUnit): number {
  if (from === to) return weight;
  return cleanNumber(from === "lb" ? weight * 0.45359237 : weight / 0.45359237);
}
