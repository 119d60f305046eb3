/**
 * Offline validation and canonical form of routine and workout documents.
 *
 * The walk (the database implementation follows the same one):
 * - at each object: if it is not a JSON object, that is the problem (root path `document`);
 *   then the unknown property whose key comes first in Unicode code point order (SQL:
 *   `order by key collate "C"`), reported at `<path>.<key>`; then the known fields in the order
 *   of the spec's tables, each checked completely (type, then limits, then the inner walk)
 *   before the next field;
 * - at each array: its type, then its size, then the items by index, depth first;
 * - a field that is absent (or `undefined` from JavaScript) is not checked unless required;
 *   `null` is a value: allowed only where the spec says "or null".
 *
 * The canonical document has a fixed key order (the table order) and one form per field:
 * see the Canonical* types below and the summary in index.ts.
 */
import { REASONS } from "./reasons.ts";
import { compareCodePoints, firstBadJsonValue } from "./json-values.ts";
import {
  MAX_DURATION_SECONDS,
  MAX_REPS,
  MAX_REST_SECONDS,
  MAX_WEIGHT,
  formatPercentSet,
  formatReset,
  formatSet,
  formatStage,
  parseDuration,
  parsePercentSet,
  parseRepsRange,
  parseReset,
  parseSet,
  parseStage,
  type EffortScale,
} from "./text.ts";
import type { Unit } from "./units.ts";

export type Progression = "linear" | "greyskull" | "double" | "time" | "none";
export const PROGRESSIONS: readonly Progression[] = ["linear", "greyskull", "double", "time", "none"];
export const UNITS = ["kg", "lb"] as const satisfies readonly Unit[];
export const EFFORT_SCALES: readonly EffortScale[] = ["rir", "rpe"];

/** The user's defaults, used where the document does not say. */
export type ValidateOptions = { unit?: Unit; effort?: EffortScale };

export type ValidationResult<T> = { valid: true; document: T } | { valid: false; path: string; reason: string };

/** Canonical routine exercise (keys in this order; optional ones omitted when absent/default). */
export type CanonicalRoutineExercise = {
  exercise: string;
  sets: number;
  /** Integer, or `"<low>-<high>"` with low < high (a range with low = high becomes the integer). */
  reps?: number | string;
  /** Integer seconds. */
  time?: number;
  /** Omitted when null. */
  weight?: number;
  /** Integer seconds. */
  rest?: number;
  superset?: string;
  progression?: Progression;
  /** Omitted when 0. */
  warmups?: number;
  drops?: number;
  bursts?: number;
  /** Training max the cycle's percentages are of, in the routine's unit. */
  trainingMax?: number;
  /** Weeks of percentage sets (`85%x5`, `95%x1+`), as many per week as `sets`, canonical text. */
  cycle?: string[][];
  /** Stages (`5x3+`, `6x2+`, `10x1+`): the first is `sets`x`reps`; a miss moves to the next. */
  stages?: string[];
  /** What a miss at the last stage starts stage 1 at: `85%` of the weight missed, or `+7.5` on the last stage-1 weight. */
  reset?: string;
  /** The last set is as many reps as possible; the weight rises by `increment` when it reaches this many reps. */
  amrapTarget?: number;
  /** This exercise's progression step, overriding 2.5 kg / 5 lb (lower body 5 kg / 10 lb). */
  increment?: number;
  /** The step planned and percentage weights round to (nearest, ties down): default 2.5 kg / 5 lb, or `increment` when smaller. */
  rounding?: number;
};

export type CanonicalRoutine = {
  /** Lower case. */
  id?: string;
  name: string;
  icon?: string;
  /** Always present (default `linear`). */
  progression: Progression;
  /** Always present (default: the options' unit, else `kg`). */
  unit: Unit;
  /** Present only when true. */
  deload?: true;
  exercises: CanonicalRoutineExercise[];
  /** The program this routine is a day of: routines of one program share each lift's progression. */
  program?: string;
  /** The folder the lifter keeps this routine in (the Routines page groups by it). */
  folder?: string;
  /** The version it was read at (only with `id`): saved only over that version. */
  version?: number;
};

/** A set: canonical text when done, `{ set, done: false }` when planned and not done. */
export type CanonicalSet = string | { set: string; done: false };

export type CanonicalWorkoutExercise = {
  exercise: string;
  superset?: string;
  note?: string;
  pinned?: true;
  skipProgression?: true;
  sets: CanonicalSet[];
};

export type CanonicalWorkout = {
  id?: string;
  name?: string;
  date: string;
  /** Always present: UTC, `YYYY-MM-DDTHH:MM:SS[.fraction]Z` (default `<date>T12:00:00Z`). */
  start: string;
  minutes?: number;
  bodyweight?: number;
  unit: Unit;
  effort: EffortScale;
  routine?: string;
  notes?: string;
  skipProgression?: true;
  exercises: CanonicalWorkoutExercise[];
  /** The version it was read at (only with `id`): saved only over that version. */
  version?: number;
};

export const ROUTINE_FIELDS = [
  "id",
  "name",
  "icon",
  "progression",
  "unit",
  "deload",
  "exercises",
  "program",
  "folder",
  "version",
] as const;
export const ROUTINE_EXERCISE_FIELDS = [
  "exercise",
  "sets",
  "reps",
  "time",
  "weight",
  "rest",
  "superset",
  "progression",
  "warmups",
  "drops",
  "bursts",
  "trainingMax",
  "cycle",
  "stages",
  "reset",
  "amrapTarget",
  "increment",
  "rounding",
] as const;
export const WORKOUT_FIELDS = [
  "id",
  "name",
  "date",
  "start",
  "minutes",
  "bodyweight",
  "unit",
  "effort",
  "routine",
  "notes",
  "skipProgression",
  "exercises",
  "version",
] as const;
export const WORKOUT_EXERCISE_FIELDS = ["exercise", "superset", "note", "pinned", "skipProgression", "sets"] as const;
export const SET_FIELDS = ["set", "done"] as const;

/** The highest version a document may name (PostgreSQL's integer). */
export const MAX_VERSION = 2147483647;
export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
export const DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
/** Groups: 1 year, 2 month, 3 day, 4 hour, 5 minute, 6 second, 7 fraction, 8 zone, 9 sign, 10 offset hours, 11 offset minutes. */
export const DATE_TIME_PATTERN =
  "^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$";
const UUID_RE = new RegExp(UUID_PATTERN);
const DATE_RE = new RegExp(DATE_PATTERN);
const DATE_TIME_RE = new RegExp(DATE_TIME_PATTERN);

/**
 * Size limits of documents. The last three bound the work of saving a workout (a few times the
 * largest real session); they are checked before any entry is looked at.
 */
export const DOCUMENT_LIMITS = {
  name: 80,
  icon: 40,
  exercise: 100,
  superset: 8,
  notes: 2000,
  note: 500,
  routineExercises: 100,
  workoutExercises: 100,
  setsPerExercise: 50,
  setsPerWorkout: 500,
} as const;
const LIMITS = DOCUMENT_LIMITS;

/** Largest bodyweight, in kg or lb (above the heaviest person ever weighed). Bodyweights are above 0. */
export const MAX_BODYWEIGHT = 1500;
/** Workout dates, inclusive. */
export const FIRST_DATE = "1900-01-01";
export const LAST_DATE = "2099-12-31";
/** Control characters (Unicode Cc): refused in one-line text (names, icon, exercise, superset). U+0000 is refused before the walk with its own reason; the class holds it too so the published JSON Schemas refuse it. */
export const CONTROL_CHARACTER_PATTERN = "[\\u0000-\\u001f\\u007f-\\u009f]";
const CONTROL_RE = new RegExp(CONTROL_CHARACTER_PATTERN);

class Problem {
  path: string;
  reason: string;
  constructor(path: string, reason: string) {
    this.path = path;
    this.reason = reason;
  }
}

function fail(path: string, reason: string): never {
  throw new Problem(path, reason);
}

type Json = Record<string, unknown>;

export { compareCodePoints };

/** Number of Unicode code points (PostgreSQL `char_length`). */
function chars(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function child(base: string, key: string): string {
  return base === "" ? key : `${base}.${key}`;
}

/**
 * Checks that `value` is an object with no unknown keys. `self` is the path used for the object
 * itself, `base` the prefix of its children's paths (both differ only at the root).
 */
function objectAt(value: unknown, self: string, base: string, known: readonly string[]): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(self, REASONS.object);
  const unknown = Object.keys(value)
    .filter((k) => !known.includes(k))
    .sort(compareCodePoints);
  if (unknown.length > 0) fail(child(base, unknown[0]), REASONS.unknownProperty);
  return value as Json;
}

function has(obj: Json, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

function isInteger(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

function integerIn(v: unknown, min: number, max: number, path: string, reason: string): number {
  if (!isInteger(v) || v < min || v > max) fail(path, reason);
  return v + 0;
}

function text(v: unknown, min: number, max: number, path: string, reason: string): string {
  if (typeof v !== "string") fail(path, REASONS.string);
  const n = chars(v);
  if (n < min || n > max) fail(path, reason);
  return v;
}

/** One-line text (a name, icon, exercise reference or superset): `text` without control characters. */
function line(v: unknown, min: number, max: number, path: string, reason: string): string {
  const s = text(v, min, max, path, reason);
  if (CONTROL_RE.test(s)) fail(path, REASONS.controlCharacter);
  return s;
}

function bool(v: unknown, path: string): boolean {
  if (typeof v !== "boolean") fail(path, REASONS.boolean);
  return v;
}

function oneOf<T extends string>(v: unknown, values: readonly T[], path: string, reason: string): T {
  if (typeof v !== "string" || !(values as readonly string[]).includes(v)) fail(path, reason);
  return v as T;
}

function uuid(v: unknown, path: string): string {
  if (typeof v !== "string" || !UUID_RE.test(v)) fail(path, REASONS.uuid);
  return v.toLowerCase();
}

/**
 * A weight: a number from 0 to 10000 with at most 2 decimals. The decimals are checked as
 * `round(v * 100) / 100 === v`, which holds exactly for the doubles of 2-decimal numbers.
 */
function weight(v: unknown, path: string): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > MAX_WEIGHT || Math.round(v * 100) / 100 !== v) {
    fail(path, REASONS.weight);
  }
  return v + 0;
}

/** A bodyweight: above 0, at most MAX_BODYWEIGHT, at most 2 decimals (checked as in `weight`). */
export function isBodyweight(v: unknown): v is number {
  return typeof v === "number" && v > 0 && v <= MAX_BODYWEIGHT && Math.round(v * 100) / 100 === v;
}

function duration(v: unknown, max: number, path: string, maxReason: string): number {
  // JSON numbers beyond a double (1e400) parse as Infinity: a whole number over any maximum.
  if (v === Infinity) fail(path, maxReason);
  const r = parseDuration(v);
  if (!r.ok) fail(path, r.reason);
  if (r.value > max) fail(path, maxReason);
  return r.value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Year 1 to 9999, month 1 to 12, day within the month (proleptic Gregorian calendar). */
function isRealDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * Canonical start: the instant in UTC, `YYYY-MM-DDTHH:MM:SS` plus the given fraction without
 * trailing zeros (dropped when zero), plus `Z`. Parts must be real: a real date, hour 0-23,
 * minute 0-59, second 0-59, offset hours 0-14 and minutes 0-59, and the UTC year 1 to 9999.
 */
function startTime(v: unknown, path: string, day: string): string {
  const m = typeof v === "string" ? DATE_TIME_RE.exec(v) : null;
  if (!m) fail(path, REASONS.dateTime);
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const s = m[6] === undefined ? 0 : Number(m[6]);
  const oh = m[10] === undefined ? 0 : Number(m[10]);
  const om = m[11] === undefined ? 0 : Number(m[11]);
  if (!isRealDate(y, mo, d) || h > 23 || mi > 59 || s > 59 || oh > 14 || om > 59) fail(path, REASONS.realDateTime);
  const offset = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi - offset, s, 0);
  const year = t.getUTCFullYear();
  if (year < 1 || year > 9999) fail(path, REASONS.realDateTime);
  // Within a day: the start's UTC day is the day before, of or after `date`.
  const [dy, dm, dd] = day.split("-").map(Number);
  const dayStart = new Date(0);
  dayStart.setUTCFullYear(dy, dm - 1, dd);
  const days = Math.floor((t.getTime() - dayStart.getTime()) / 86400000);
  if (days < -1 || days > 1) fail(path, REASONS.startNearDate);
  const fraction = (m[7] ?? "").replace(/0+$/, "");
  return (
    `${pad(year, 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}` +
    `T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}` +
    `${fraction ? `.${fraction}` : ""}Z`
  );
}

function date(v: unknown, path: string): string {
  if (typeof v !== "string" || !DATE_RE.test(v)) fail(path, REASONS.date);
  const [y, m, d] = v.split("-").map(Number);
  if (!isRealDate(y, m, d)) fail(path, REASONS.calendarDate);
  if (v < FIRST_DATE || v > LAST_DATE) fail(path, REASONS.dateRange);
  return v;
}

function resolveOptions(options: ValidateOptions | undefined): { unit: Unit; effort: EffortScale } {
  const unit = options?.unit ?? "kg";
  const effort = options?.effort ?? "rpe";
  if (!UNITS.includes(unit)) throw new TypeError(`options.unit must be kg or lb, got ${String(unit)}`);
  if (!EFFORT_SCALES.includes(effort)) throw new TypeError(`options.effort must be rpe or rir, got ${String(effort)}`);
  return { unit, effort };
}

function routineExercise(value: unknown, path: string): CanonicalRoutineExercise {
  const o = objectAt(value, path, path, ROUTINE_EXERCISE_FIELDS);
  const p = (k: string) => child(path, k);
  if (!has(o, "exercise")) fail(p("exercise"), REASONS.required);
  const out: CanonicalRoutineExercise = {
    exercise: line(o.exercise, 1, LIMITS.exercise, p("exercise"), REASONS.exercise),
    sets: 0,
  };
  if (!has(o, "sets")) fail(p("sets"), REASONS.required);
  out.sets = integerIn(o.sets, 1, 20, p("sets"), REASONS.setCount);
  if (has(o, "reps")) {
    if (typeof o.reps === "string") {
      const r = parseRepsRange(o.reps);
      if (!r.ok) fail(p("reps"), r.reason);
      out.reps = r.value.low === r.value.high ? r.value.low : `${r.value.low}-${r.value.high}`;
    } else {
      out.reps = integerIn(o.reps, 0, MAX_REPS, p("reps"), REASONS.reps);
    }
  }
  if (has(o, "time")) {
    out.time = duration(o.time, MAX_DURATION_SECONDS, p("time"), REASONS.timeMax);
    if (has(o, "reps")) fail(p("time"), REASONS.timeWithReps);
  }
  if (has(o, "weight") && o.weight !== null) out.weight = weight(o.weight, p("weight"));
  if (has(o, "rest")) out.rest = duration(o.rest, MAX_REST_SECONDS, p("rest"), REASONS.restMax);
  if (has(o, "superset") && o.superset !== null) {
    out.superset = line(o.superset, 1, LIMITS.superset, p("superset"), REASONS.superset);
  }
  if (has(o, "progression") && o.progression !== null) {
    out.progression = oneOf(o.progression, PROGRESSIONS, p("progression"), REASONS.progression);
  }
  for (const k of ["warmups", "drops", "bursts"] as const) {
    if (has(o, k)) {
      const n = integerIn(o[k], 0, 5, p(k), REASONS.extraSets);
      if (n > 0) out[k] = n;
    }
  }
  if (has(o, "trainingMax")) {
    out.trainingMax = weight(o.trainingMax, p("trainingMax"));
    if (!has(o, "cycle")) fail(p("trainingMax"), REASONS.trainingMaxWithoutCycle);
  }
  if (has(o, "cycle")) {
    out.cycle = cycle(o.cycle, out.sets, p("cycle"));
    if (!has(o, "trainingMax")) fail(p("cycle"), REASONS.cycleWithoutTrainingMax);
    if (has(o, "reps") || has(o, "time")) fail(p("cycle"), REASONS.cycleWithReps);
  }
  if (has(o, "stages")) {
    if (has(o, "cycle")) fail(p("stages"), REASONS.stagesWithCycle);
    out.stages = stages(o.stages, out.sets, out.reps, p("stages"));
  }
  if (has(o, "reset")) {
    const r = parseReset(o.reset);
    if (!r.ok) fail(p("reset"), r.reason);
    if (!has(o, "stages")) fail(p("reset"), REASONS.resetWithoutStages);
    out.reset = formatReset(r.value);
  }
  if (has(o, "amrapTarget")) {
    out.amrapTarget = integerIn(o.amrapTarget, 1, MAX_REPS, p("amrapTarget"), REASONS.amrapTarget);
    if (has(o, "cycle") || has(o, "stages")) fail(p("amrapTarget"), REASONS.amrapTargetWith);
    if (typeof out.reps !== "number" || out.reps > out.amrapTarget) fail(p("amrapTarget"), REASONS.amrapTargetReps);
  }
  if (has(o, "increment")) out.increment = step(o.increment, p("increment"), REASONS.increment);
  if (has(o, "rounding")) out.rounding = step(o.rounding, p("rounding"), REASONS.rounding);
  return out;
}

/** An increment or rounding step: above 0, at most 100, at most 2 decimals. */
function step(v: unknown, path: string, reason: string): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || v > 100 || Math.round(v * 100) / 100 !== v)
    fail(path, reason);
  return v + 0;
}

/** A cycle: 1 to 6 weeks, each as many percentage sets as the exercise's sets, in canonical text. */
function cycle(v: unknown, sets: number, path: string): string[][] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 6) fail(path, REASONS.cycle);
  return v.map((week, w) => {
    const wp = `${path}[${w}]`;
    if (!Array.isArray(week) || week.length !== sets) fail(wp, REASONS.cycleWeek);
    return week.map((x, k) => {
      const r = parsePercentSet(x);
      if (!r.ok) fail(`${wp}[${k}]`, r.reason);
      return formatPercentSet(r.value);
    });
  });
}

/** Stages: 2 to 5, the first the exercise's own sets and reps (an integer), in canonical text. */
function stages(v: unknown, sets: number, reps: number | string | undefined, path: string): string[] {
  if (!Array.isArray(v) || v.length < 2 || v.length > 5) fail(path, REASONS.stages);
  return v.map((x, i) => {
    const r = parseStage(x);
    if (!r.ok) fail(`${path}[${i}]`, r.reason);
    if (i === 0 && (r.value.sets !== sets || r.value.reps !== reps)) fail(`${path}[0]`, REASONS.firstStage);
    return formatStage(r.value);
  });
}

function routine(value: unknown, options: { unit: Unit }): CanonicalRoutine {
  const o = objectAt(value, "document", "", ROUTINE_FIELDS);
  const out: Partial<CanonicalRoutine> = {};
  if (has(o, "id")) out.id = uuid(o.id, "id");
  if (!has(o, "name")) fail("name", REASONS.required);
  out.name = line(o.name, 1, LIMITS.name, "name", REASONS.name);
  if (has(o, "icon")) out.icon = line(o.icon, 1, LIMITS.icon, "icon", REASONS.icon);
  out.progression = has(o, "progression")
    ? oneOf(o.progression, PROGRESSIONS, "progression", REASONS.progression)
    : "linear";
  out.unit = has(o, "unit") ? oneOf(o.unit, UNITS, "unit", REASONS.unit) : options.unit;
  if (has(o, "deload") && bool(o.deload, "deload")) out.deload = true;
  if (!has(o, "exercises")) fail("exercises", REASONS.required);
  if (!Array.isArray(o.exercises)) fail("exercises", REASONS.array);
  if (o.exercises.length > LIMITS.routineExercises) fail("exercises", REASONS.routineExercises);
  out.exercises = o.exercises.map((e, i) => routineExercise(e, `exercises[${i}]`));
  if (has(o, "program") && o.program !== null) out.program = line(o.program, 1, LIMITS.name, "program", REASONS.name);
  if (has(o, "folder") && o.folder !== null) out.folder = line(o.folder, 1, LIMITS.name, "folder", REASONS.name);
  readVersion(o, out);
  return out as CanonicalRoutine;
}

function setText(v: unknown, path: string, effort: EffortScale): string {
  if (typeof v !== "string") fail(path, REASONS.string);
  const r = parseSet(v, { effort });
  if (!r.ok) fail(path, r.reason);
  return formatSet(r.value);
}

function workoutSet(value: unknown, path: string, effort: EffortScale): CanonicalSet {
  if (typeof value === "string") return setText(value, path, effort);
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, REASONS.setItem);
  const o = objectAt(value, path, path, SET_FIELDS);
  if (!has(o, "set")) fail(child(path, "set"), REASONS.required);
  const set = setText(o.set, child(path, "set"), effort);
  const done = has(o, "done") ? bool(o.done, child(path, "done")) : true;
  return done ? set : { set, done: false };
}

function workoutExercise(value: unknown, path: string, effort: EffortScale): CanonicalWorkoutExercise {
  const o = objectAt(value, path, path, WORKOUT_EXERCISE_FIELDS);
  const p = (k: string) => child(path, k);
  if (!has(o, "exercise")) fail(p("exercise"), REASONS.required);
  const out: Partial<CanonicalWorkoutExercise> = {
    exercise: line(o.exercise, 1, LIMITS.exercise, p("exercise"), REASONS.exercise),
  };
  if (has(o, "superset") && o.superset !== null) {
    out.superset = line(o.superset, 1, LIMITS.superset, p("superset"), REASONS.superset);
  }
  if (has(o, "note") && o.note !== null) out.note = text(o.note, 0, LIMITS.note, p("note"), REASONS.note);
  if (has(o, "pinned") && bool(o.pinned, p("pinned"))) out.pinned = true;
  if (has(o, "skipProgression") && bool(o.skipProgression, p("skipProgression"))) out.skipProgression = true;
  if (!has(o, "sets")) fail(p("sets"), REASONS.required);
  if (!Array.isArray(o.sets)) fail(p("sets"), REASONS.array);
  if (o.sets.length < 1) fail(p("sets"), REASONS.setsMin);
  if (o.sets.length > LIMITS.setsPerExercise) fail(p("sets"), REASONS.setsMax);
  out.sets = o.sets.map((s, i) => workoutSet(s, `${p("sets")}[${i}]`, effort));
  return out as CanonicalWorkoutExercise;
}

function workout(value: unknown, options: { unit: Unit; effort: EffortScale }): CanonicalWorkout {
  const o = objectAt(value, "document", "", WORKOUT_FIELDS);
  const out: Partial<CanonicalWorkout> = {};
  if (has(o, "id")) out.id = uuid(o.id, "id");
  if (has(o, "name")) out.name = line(o.name, 1, LIMITS.name, "name", REASONS.name);
  if (!has(o, "date")) fail("date", REASONS.required);
  out.date = date(o.date, "date");
  out.start = has(o, "start") ? startTime(o.start, "start", out.date) : `${out.date}T12:00:00Z`;
  if (has(o, "minutes")) out.minutes = integerIn(o.minutes, 0, 1440, "minutes", REASONS.minutes);
  if (has(o, "bodyweight") && o.bodyweight !== null) {
    if (!isBodyweight(o.bodyweight)) fail("bodyweight", REASONS.bodyweight);
    out.bodyweight = o.bodyweight + 0;
  }
  out.unit = has(o, "unit") ? oneOf(o.unit, UNITS, "unit", REASONS.unit) : options.unit;
  out.effort = has(o, "effort") ? oneOf(o.effort, EFFORT_SCALES, "effort", REASONS.effort) : options.effort;
  if (has(o, "routine") && o.routine !== null) out.routine = uuid(o.routine, "routine");
  if (has(o, "notes") && o.notes !== null) out.notes = text(o.notes, 0, LIMITS.notes, "notes", REASONS.notes);
  if (has(o, "skipProgression") && bool(o.skipProgression, "skipProgression")) out.skipProgression = true;
  if (!has(o, "exercises")) fail("exercises", REASONS.required);
  if (!Array.isArray(o.exercises)) fail("exercises", REASONS.array);
  if (o.exercises.length > LIMITS.workoutExercises) fail("exercises", REASONS.workoutExercises);
  if (setsInAll(o.exercises) > LIMITS.setsPerWorkout) fail("exercises", REASONS.workoutSets);
  const effort = out.effort;
  out.exercises = o.exercises.map((e, i) => workoutExercise(e, `exercises[${i}]`, effort));
  readVersion(o, out);
  return out as CanonicalWorkout;
}

/** The last field: `version`, kept only with an `id` (a new routine or workout has none to compare). */
function readVersion(o: Json, out: { id?: string; version?: number }): void {
  if (!has(o, "version")) return;
  const version = integerIn(o.version, 1, MAX_VERSION, "version", REASONS.version);
  if (out.id !== undefined) out.version = version;
}

/** Sets in all: the lengths of the `sets` arrays of the entries that are objects. */
function setsInAll(exercises: unknown[]): number {
  let n = 0;
  for (const e of exercises) {
    const sets = typeof e === "object" && e !== null && !Array.isArray(e) ? (e as Json).sets : undefined;
    if (Array.isArray(sets)) n += sets.length;
  }
  return n;
}

function run<T>(doc: unknown, walk: () => T): ValidationResult<T> {
  const bad = firstBadJsonValue(doc);
  if (bad) return { valid: false, path: bad.path, reason: bad.reason };
  try {
    return { valid: true, document: walk() };
  } catch (e) {
    if (e instanceof Problem) return { valid: false, path: e.path, reason: e.reason };
    throw e;
  }
}

/** Validates a routine document; on success returns its canonical form. */
export function validateRoutineDocument(doc: unknown, options?: ValidateOptions): ValidationResult<CanonicalRoutine> {
  const opts = resolveOptions(options);
  return run(doc, () => routine(doc, opts));
}

/** Validates a workout document; on success returns its canonical form. */
export function validateWorkoutDocument(doc: unknown, options?: ValidateOptions): ValidationResult<CanonicalWorkout> {
  const opts = resolveOptions(options);
  return run(doc, () => workout(doc, opts));
}
