// The workout being logged on the gym floor: what each set row holds, kept in localStorage on every
// change (per user) so a reload, a closed tab or a lost connection loses nothing; turned into a
// workout document only when saved. The idempotency key is made once, when the workout starts, and
// sent with every save of it, so a retried save never logs it twice.
import {
  formatSet,
  parseSet,
  type CanonicalWorkout,
  type DistanceUnit,
  type ParsedSet,
  type SetKind,
  type Unit as UnitName,
} from "@svc/sdk/documents";
import { localDate } from "../../components/documentValues.ts";
import { decimalText, parseAmount } from "../../decimal.ts";
import { draftKey, hasEnded } from "./inProgress.ts";
import { cardTitles, type SetCount } from "./occurrences.ts";
import { distanceSetText, formatTime } from "./distanceSet.ts";

export type { SetKind };

export type LogSet = {
  key: string;
  kind: SetKind;
  /** As typed: a weight in the workout's unit, or empty (unloaded: `x12`). */
  weight: string;
  /** A bodyweight set (`bw x 8`): the weight box reads "BW". */
  bodyweight: boolean;
  /** Reps as typed, for reps sets. */
  reps: string;
  /** Seconds as typed, for timed sets (holds). */
  seconds: string;
  /** The `@` effort as typed (RPE or RIR, the workout's scale). */
  effort: string;
  /** What the row's boxes hold: reps, a time (holds), or a distance and its time (cardio: distanceSet.ts). */
  measure: "reps" | "time" | "distance";
  /** A cardio row's distance as typed, in `distanceUnit` (the lifter's distance unit for a new row). */
  distance?: string;
  distanceUnit?: DistanceUnit;
  /** A cardio row's time as typed (`25:00`, `1:05:00`). */
  time?: string;
  /** As many reps as possible, at least `reps` (the plan's `5+`): saved with its `+`. */
  amrap: boolean;
  done: boolean;
};

export type LogExercise = {
  key: string;
  exercise: string;
  /** Why the plan's target is what it is (from the routine's next workout); never saved as the user's note. */
  explanation: string;
  /** The user's own note on this exercise. */
  note: string;
  pinned: boolean;
  superset: string;
  skipProgression: boolean;
  /** Rest after a set, seconds (the routine's rest for this exercise); null: the default. */
  rest: number | null;
  /** Weight stepper step in the workout's unit. */
  increment: number;
  /** A 5/3/1 lift's training max in the workout's unit (its warm-ups are percentages of it). */
  trainingMax?: number | null;
  /** The card's title when the exercise is in the workout twice, from the plan's sets (`Overhead Press: 5x10`). */
  title?: string;
  sets: LogSet[];
};

export type SaveState =
  | { status: "logging" }
  | { status: "saving" }
  /** The last attempt did not reach the server: saved again when the connection is back. */
  | { status: "waiting"; message: string }
  | { status: "failed"; message: string; path?: string };

/** The version a workout is at when first logged (the server counts one more at every save). */
export const FIRST_VERSION = 1;

/** The draft's format: 1 had no AMRAP mark on its sets (migrateDraft reads it). */
export const DRAFT_VERSION = 2;

export type LogWorkout = {
  version: typeof DRAFT_VERSION;
  idempotencyKey: string;
  /** Set once a save answered CONFLICT (the key logged this workout already): later saves replace it. */
  workoutId: string | null;
  /** The version of `workoutId` this device's saves started from: later saves go over it only (else merged). */
  workoutVersion?: number | null;
  routine: string | null;
  routineName: string | null;
  name: string;
  date: string;
  /** When the workout started, ISO UTC. */
  start: string;
  /** When Finish was first pressed: the duration saved, the same on every retry of the save. */
  finishedAt?: string | null;
  unit: UnitName;
  effort: "rpe" | "rir";
  bodyweight: string;
  notes: string;
  exercises: LogExercise[];
  save: SaveState;
  /** Started with no connection from the routine's plan fetched then (ISO time); null: planned now. */
  plannedOffline?: string | null;
};

export const DEFAULT_REST_SECONDS = 90;
/** The rest after a warm-up set unless the user set another (Settings). */
export const DEFAULT_WARMUP_REST_SECONDS = 60;
/** The weight step when the exercise has none of its own: the smallest pair of common plates. */
export const DEFAULT_INCREMENT: Readonly<Record<UnitName, number>> = { kg: 2.5, lb: 5 };

/** A random UUID (v4); crypto.randomUUID only exists on https and localhost, this works on a LAN address too. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let keyCounter = 0;
export function rowKey(): string {
  keyCounter += 1;
  return `r${Date.now().toString(36)}${keyCounter}`;
}

export function emptySet(previous?: LogSet): LogSet {
  return previous
    ? { ...previous, key: rowKey(), done: false }
    : {
        key: rowKey(),
        kind: "work",
        weight: "",
        bodyweight: false,
        reps: "",
        seconds: "",
        effort: "",
        measure: "reps",
        amrap: false,
        done: false,
      };
}

export function newExercise(name: string, unit: UnitName, kind = "reps", equipment = ""): LogExercise {
  const set = emptySet();
  if (kind === "time") set.measure = "time";
  else if (kind === "cardio") set.measure = "distance";
  else if (equipment === "bodyweight") set.bodyweight = true;
  return {
    key: rowKey(),
    exercise: name,
    explanation: "",
    note: "",
    pinned: false,
    superset: "",
    skipProgression: false,
    rest: null,
    increment: DEFAULT_INCREMENT[unit],
    sets: [set],
  };
}

export function emptyWorkout(unit: UnitName, effort: "rpe" | "rir", now = new Date()): LogWorkout {
  return {
    version: DRAFT_VERSION,
    idempotencyKey: uuid(),
    workoutId: null,
    routine: null,
    routineName: null,
    name: "",
    date: localDate(now),
    start: now.toISOString(),
    unit,
    effort,
    bodyweight: "",
    notes: "",
    exercises: [],
    save: { status: "logging" },
  };
}

/** A number of a set as its box shows it, in the app locale (`62,5` in German). */
const numberText = decimalText;

/** A row from a set of a document (`100x5@8`, `{ set: "w:60x5", done: false }`). */
export function setFromDocument(value: unknown, effort: "rpe" | "rir"): LogSet {
  const text =
    typeof value === "string"
      ? value
      : typeof value === "object" && value !== null
        ? String((value as { set?: unknown }).set ?? "")
        : "";
  const done = typeof value === "string" ? true : (value as { done?: unknown } | null)?.done !== false;
  const parsed = parseSet(text, { effort });
  const row = emptySet();
  row.done = done;
  if (!parsed.ok) return row;
  const p = parsed.value;
  return {
    ...row,
    kind: p.kind,
    weight: numberText(p.weight),
    bodyweight: p.bodyweight,
    reps: numberText(p.reps),
    seconds: numberText(p.seconds),
    effort: numberText(p.effort),
    measure: p.seconds !== null ? "time" : "reps",
    amrap: p.amrap,
    ...(p.distance !== null && p.distanceUnit !== null
      ? {
          measure: "distance" as const,
          distance: decimalText(p.distance),
          distanceUnit: p.distanceUnit,
          time: p.seconds === null ? "" : formatTime(p.seconds),
          seconds: "",
        }
      : {}),
  };
}

/** The workout to log from a routine's next workout (every set planned), with each exercise's rest from the routine and why its target is what it is. */
export function workoutFromPlan(
  plan: CanonicalWorkout,
  options: {
    routineName: string;
    /** Per plan exercise, from the routine: its rest (seconds) and its weight increment, when it has them. */
    rests: (number | null)[];
    increments?: (number | null)[];
    /** Per plan exercise: its training max in the plan's unit (5/3/1), when it has one. */
    trainingMaxes?: (number | null)[];
    explanations: (string | null)[];
    now?: Date;
    /** `3 sets` in a repeated exercise's title, in the logger's language. */
    setCount?: SetCount;
  },
): LogWorkout {
  const unit: UnitName = plan.unit === "lb" ? "lb" : "kg";
  const effort = plan.effort === "rir" ? "rir" : "rpe";
  const base = emptyWorkout(unit, effort, options.now);
  const raw = plan as unknown as {
    routine?: unknown;
    name?: unknown;
    notes?: unknown;
    exercises: Record<string, unknown>[];
  };
  const exercises = raw.exercises.map((x, i) => planExercise(x, i, unit, effort, options));
  const titles = cardTitles(exercises, options.setCount);
  return {
    ...base,
    routine: typeof raw.routine === "string" ? raw.routine : null,
    routineName: options.routineName,
    name: typeof raw.name === "string" ? raw.name : "",
    notes: typeof raw.notes === "string" ? raw.notes : "",
    exercises: exercises.map((x, i) => (titles[i] === x.exercise ? x : { ...x, title: titles[i] })),
  };
}

type PlanOptions = Parameters<typeof workoutFromPlan>[1];

/** One exercise of a plan as the logger's card, every set planned. */
function planExercise(
  x: Record<string, unknown>,
  i: number,
  unit: UnitName,
  effort: "rpe" | "rir",
  options: PlanOptions,
): LogExercise {
  // The plan's notes are the user's own, pinned on an earlier workout; the explanation comes apart.
  const note = typeof x.note === "string" ? x.note : "";
  const explanation = options.explanations[i] ?? "";
  const own = options.increments?.[i];
  const increment = typeof own === "number" && own > 0 ? own : DEFAULT_INCREMENT[unit];
  return {
    key: rowKey(),
    exercise: String(x.exercise),
    explanation,
    note,
    pinned: x.pinned === true,
    superset: typeof x.superset === "string" ? x.superset : "",
    skipProgression: x.skipProgression === true,
    rest: options.rests[i] ?? null,
    increment,
    trainingMax: options.trainingMaxes?.[i] ?? null,
    sets: (Array.isArray(x.sets) ? x.sets : []).map((s) => setFromDocument(s, effort)),
  };
}

/** A number as typed (`102,5` too), or null. */
export function typedNumber(text: string): number | null {
  return parseAmount(text);
}

/** `value` moved by `step` (never below 0), rounded to the hundredth weights are kept in. */
export function stepped(value: string, step: number): string {
  const n = typedNumber(value) ?? 0;
  return decimalText(Math.max(0, Math.round((n + step) * 100) / 100));
}

/** The set text of a row, or null when it holds nothing to log yet (no reps and no time). */
export function setText(set: LogSet): string | null {
  if (set.measure === "distance") return distanceSetText(set);
  const timed = set.measure === "time";
  if (timed ? set.seconds.trim() === "" : set.reps.trim() === "") return null;
  const reps = typedNumber(set.reps);
  const seconds = typedNumber(set.seconds);
  // The load: on the bar, held (`20x45s`) or added to bodyweight (`bw+20x5`); empty for none.
  const weight = set.weight.trim() === "" ? null : typedNumber(set.weight);
  const effort = set.effort.trim() === "" ? null : typedNumber(set.effort);
  const count = timed ? seconds : reps;
  const typedWrong =
    count === null ||
    !Number.isInteger(count) ||
    (set.weight.trim() !== "" && weight === null) ||
    (set.effort.trim() !== "" && effort === null);
  if (typedWrong) {
    // Text the SDK cannot read stays as typed, so validation names the set and why.
    const load = set.bodyweight ? `bw+${set.weight}` : set.weight;
    const plus = set.amrap && !timed && set.reps.trim() !== "0" ? "+" : "";
    return `${load}x${timed ? `${set.seconds}s` : set.reps}${plus}${set.effort.trim() ? `@${set.effort}` : ""}`;
  }
  const parsed: ParsedSet & { amrap: boolean } = {
    kind: set.kind,
    weight,
    bodyweight: !timed && set.bodyweight,
    reps: timed ? null : reps,
    seconds: timed ? seconds : null,
    effort,
    // "At least 0 reps" says nothing: an AMRAP set done for 0 is saved as 0 reps done (`190x0`).
    amrap: set.amrap && !timed && reps !== 0,
    distance: null,
    distanceUnit: null,
  };
  return formatSet(parsed);
}

/** Where each document set came from: [exercise row, set row] per document path index. */
export type SetOrigin = { exercise: number; set: number };

/** The workout document to save, and for each document set the row it came from (to show a problem at its row). */
export function toDocument(
  w: LogWorkout,
  now = new Date(),
): { document: Record<string, unknown>; origins: SetOrigin[][] } {
  const origins: SetOrigin[][] = [];
  const started = new Date(w.start);
  const end = w.finishedAt ? new Date(w.finishedAt) : now;
  const minutes = Math.max(0, Math.round((end.getTime() - started.getTime()) / 60000));
  const exercises = w.exercises.map((x, i) => {
    const sets: unknown[] = [];
    const from: SetOrigin[] = [];
    x.sets.forEach((s, j) => {
      const text = setText(s);
      if (text === null) return;
      sets.push(s.done ? text : { set: text, done: false });
      from.push({ exercise: i, set: j });
    });
    origins.push(from);
    return {
      exercise: x.exercise,
      ...(x.superset ? { superset: x.superset } : {}),
      ...(x.note.trim() ? { note: x.note } : {}),
      ...(x.pinned && x.note.trim() ? { pinned: true } : {}),
      ...(x.skipProgression ? { skipProgression: true } : {}),
      sets,
    };
  });
  const document: Record<string, unknown> = {
    ...(w.workoutId ? { id: w.workoutId, ...(w.workoutVersion ? { version: w.workoutVersion } : {}) } : {}),
    ...(w.name.trim() ? { name: w.name.trim() } : {}),
    date: w.date,
    start: w.start,
    minutes: Math.min(minutes, 1440),
    unit: w.unit,
    effort: w.effort,
    ...(w.routine ? { routine: w.routine } : {}),
    ...(w.notes.trim() ? { notes: w.notes } : {}),
    ...(typedNumber(w.bodyweight) !== null
      ? { bodyweight: typedNumber(w.bodyweight) }
      : w.bodyweight.trim()
        ? { bodyweight: w.bodyweight }
        : {}),
    exercises,
  };
  return { document, origins };
}

// ---- Keeping it in the browser ----

/** The waiting message of a save a reload cut off (the page shows it in its language: LoggingParts' SaveStatus). */
export const INTERRUPTED_SAVE = "The last save did not finish; it is tried again.";

/**
 * A stored draft in the current format, or null when it is not a draft. Format 1 (no AMRAP mark)
 * is read as 2 with every set unmarked: a draft is never dropped for its age.
 */
export function migrateDraft(value: unknown): LogWorkout | null {
  const v = value as { version?: unknown; exercises?: unknown; save?: SaveState } | null;
  if (!v || typeof v !== "object" || !Array.isArray(v.exercises)) return null;
  if (v.version !== 1 && v.version !== DRAFT_VERSION) return null;
  const workout = v as LogWorkout;
  const exercises = workout.exercises.map((x) => ({
    ...x,
    sets: (Array.isArray(x.sets) ? x.sets : []).map((s) => ({ ...s, amrap: s.amrap === true })),
  }));
  // A save cut off by a reload is not running any more: it is tried again from the page.
  const save: SaveState =
    v.save?.status === "saving" ? { status: "waiting", message: INTERRUPTED_SAVE } : (v.save ?? { status: "logging" });
  return { ...workout, version: DRAFT_VERSION, exercises, save };
}

/** What is kept under the user's draft key: a workout, nothing, or a draft this version cannot read (kept as it is). */
export type StoredDraft = { workout: LogWorkout | null; unreadable: boolean };

export function readDraft(userId: string): StoredDraft {
  try {
    const text = localStorage.getItem(draftKey(userId));
    if (!text) return { workout: null, unreadable: false };
    const workout = migrateDraft(JSON.parse(text));
    // A saved or discarded workout written back by a tab that still held it: gone.
    if (workout && hasEnded(userId, workout.idempotencyKey)) {
      localStorage.removeItem(draftKey(userId));
      return { workout: null, unreadable: false };
    }
    return { workout, unreadable: workout === null };
  } catch {
    return { workout: null, unreadable: false };
  }
}

export function loadDraft(userId: string): LogWorkout | null {
  return readDraft(userId).workout;
}

/** Writes (or clears) the draft, never one that ended; false when the browser refused (storage full or disabled). */
export function storeDraft(userId: string, workout: LogWorkout | null): boolean {
  try {
    if (workout && hasEnded(userId, workout.idempotencyKey)) return true;
    if (workout) localStorage.setItem(draftKey(userId), JSON.stringify(workout));
    else localStorage.removeItem(draftKey(userId));
    return true;
  } catch {
    return false;
  }
}

/** Counts for the page: sets ticked of sets planned. */
export function progressOf(w: LogWorkout): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const x of w.exercises)
    for (const s of x.sets) {
      total += 1;
      if (s.done) done += 1;
    }
  return { done, total };
}
