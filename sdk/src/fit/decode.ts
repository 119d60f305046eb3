/**
 * A FIT activity file (a watch's strength session) read into workout documents with Garmin's own
 * decoder (@garmin/fitsdk), the same way the CSV importers read a file: each `active` set message
 * becomes a row (reps, weight where recorded, duration), `rest` set messages are counted as rest
 * timers, and buildWorkouts makes the documents. Each session is a workout. The rows' `line` is the
 * set message's place among the file's set messages (1 = its first). A set that starts a lap with a
 * total_distance is a cardio set of that distance (`5km 25:00`): in the unit the lap's
 * `distance_unit` developer field names (files this service writes), else km (mi for a set shown
 * in pounds), to 3 decimals (whole metres in m).
 */
import { Decoder, Profile, Stream, Utils } from "@garmin/fitsdk";

/** A FIT message as decoded: its fields by the profile's names. */
type FitMessage = Record<string, unknown>;
import {
  buildWorkouts,
  cleanNumber,
  ImportParseError,
  SkipCounter,
  type ImportDistanceUnit,
  type ImportRow,
} from "../import/model.ts";
import { METERS_PER_UNIT } from "../documents/index.ts";
import type { ParsedImport } from "../import/index.ts";
import { zoneOffsetAt } from "../import/time-zone.ts";
import { catalogNameOf, fitWords } from "./exercises.ts";
import { isFitFile } from "./header.ts";
import { FIT_DISTANCE_UNIT_FIELD } from "./encode.ts";

export type FitParseOptions = {
  /** The zone the workout's date and start are given in when the file does not say its offset; default this process's or browser's. */
  timeZone?: string;
};

/** What a session is called when the file names no workout (Garmin's own name for these). */
export const FIT_WORKOUT_NAME = "Strength";

const LB_PER_KG = 1 / 0.45359237;
/** FIT keeps weights in 1/16 kg. */
const FIT_WEIGHT_STEP_KG = 1 / 16;

function readMessages(bytes: Uint8Array): Record<string, FitMessage[] | undefined> {
  if (!isFitFile(bytes)) throw new ImportParseError(1, null, "not a FIT file (its header does not say .FIT)");
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  if (!decoder.checkIntegrity())
    throw new ImportParseError(1, null, "the FIT file is damaged (its size or CRC does not match)");
  const { messages, errors } = decoder.read();
  if (errors.length) throw new ImportParseError(1, null, `the FIT file cannot be read: ${errors[0].message}`);
  return messages as unknown as Record<string, FitMessage[] | undefined>;
}

function seconds(value: unknown): number | null {
  if (value instanceof Date) return Utils.convertDateToDateTime(value);
  return typeof value === "number" ? value : null;
}

/** Seconds east of UTC the file's activity message says (local time minus UTC), rounded to 15 minutes; null when absent. */
function fileOffset(messages: Record<string, FitMessage[] | undefined>): number | null {
  const activity = messages.activityMesgs?.[0];
  const local = seconds(activity?.localTimestamp);
  const utc = seconds(activity?.timestamp);
  if (local === null || utc === null) return null;
  return Math.round((local - utc) / 900) * 900;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The local date and the ISO start (with its offset) of an instant at an offset in seconds. */
function localStart(instant: Date, offset: number): { date: string; start: string } {
  const wall = new Date(instant.getTime() + offset * 1000).toISOString();
  const abs = Math.abs(offset) / 60;
  const sign = offset < 0 ? "-" : "+";
  return { date: wall.slice(0, 10), start: `${wall.slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}

/** A weight from FIT's kg in the unit the set was shown in: quarter units when the file's 1/16 kg allows, else 2 decimals. */
function displayWeight(kg: number, unit: "kg" | "lb"): number {
  const value = unit === "lb" ? kg * LB_PER_KG : kg;
  const step = unit === "lb" ? FIT_WEIGHT_STEP_KG * LB_PER_KG : FIT_WEIGHT_STEP_KG;
  const quarter = Math.round(value * 4) / 4;
  return Math.abs(value - quarter) <= step / 2 ? quarter : cleanNumber(value);
}

/** The FIT exercise name a set's category and subtype stand for (`barbellBenchPress`), or null. */
function fitName(category: string | null, subtype: unknown): string | null {
  if (!category || typeof subtype !== "number") return null;
  return Profile.types[`${category}ExerciseName`]?.[subtype] ?? null;
}

/** A set's FIT category and exercise name (`benchPress`, `barbellBenchPress`), each null when absent. */
function fitExercise(set: FitMessage): { category: string | null; name: string | null } {
  const category = Array.isArray(set.category) && typeof set.category[0] === "string" ? set.category[0] : null;
  return { category, name: fitName(category, Array.isArray(set.categorySubtype) ? set.categorySubtype[0] : null) };
}

/** Whether a set is FIT's `weighted...` exercise with a weight: a load added to the body (`bw+20x5`). */
function addedLoad(set: FitMessage): boolean {
  const { name } = fitExercise(set);
  return name !== null && /^weighted[A-Z]/.test(name) && typeof set.weight === "number" && set.weight > 0;
}

/**
 * The exercise a set names: the exercise title its step gives (files this service writes name
 * every exercise so), else the catalog exercise its FIT category and name map to (a `weighted...`
 * name as its bodyweight exercise), else the FIT name in words (`Barbell Hack Squat`) for the
 * server's resolver to map or the lifter to choose.
 */
function exerciseOf(set: FitMessage, titles: Map<number, string>): string {
  const { category, name } = fitExercise(set);
  const plain = name && /^weighted[A-Z]/.test(name) ? `${name[8].toLowerCase()}${name.slice(9)}` : name;
  const title = typeof set.wktStepIndex === "number" ? titles.get(set.wktStepIndex) : undefined;
  if (title) return title;
  if (category && plain) return catalogNameOf(category, plain) ?? catalogNameOf(category, name) ?? fitWords(plain);
  return category && category !== "unknown" ? fitWords(category) : "Unknown exercise";
}

/** A cardio lap's distance: metres as FIT keeps them and the unit to write them in. */
type LapDistance = { metres: number; unit: ImportDistanceUnit | null };

/** The distance of each lap that has one, by its start (FIT seconds). */
function lapDistances(messages: Record<string, FitMessage[] | undefined>): Map<number, LapDistance> {
  const unitKey = messages.fieldDescriptionMesgs?.find((d) => d.fieldName === FIT_DISTANCE_UNIT_FIELD)?.key;
  const laps = new Map<number, LapDistance>();
  for (const lap of messages.lapMesgs ?? []) {
    const start = seconds(lap.startTime);
    if (start === null || typeof lap.totalDistance !== "number" || lap.totalDistance <= 0) continue;
    const named = (lap.developerFields as Record<string, unknown> | undefined)?.[String(unitKey)];
    const unit = named === "km" || named === "mi" || named === "m" ? named : null;
    laps.set(start, { metres: lap.totalDistance, unit });
  }
  return laps;
}

/** A lap's distance in its unit (else km, or mi with pounds): 3 decimals, whole metres in m. */
function distanceOf(lap: LapDistance, weightUnit: "kg" | "lb"): { distance: number; unit: ImportDistanceUnit } {
  const unit = lap.unit ?? (weightUnit === "lb" ? "mi" : "km");
  const value = lap.metres / METERS_PER_UNIT[unit];
  return { distance: unit === "m" ? Math.round(value) : cleanNumber(value, 3), unit };
}

type Session = { name: string; date: string; start: string; minutes: number | null; from: number; to: number };

function sessionsOf(messages: Record<string, FitMessage[] | undefined>, options: FitParseOptions): Session[] {
  const name = messages.workoutMesgs?.find((w) => typeof w.wktName === "string")?.wktName as string | undefined;
  const offsetOf = (instant: Date) =>
    fileOffset(messages) ??
    zoneOffsetAt(options.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), instant.getTime()) *
      60;
  const sessions = (messages.sessionMesgs ?? []).filter((s) => s.startTime instanceof Date);
  const firstSet = messages.setMesgs?.find((s) => s.startTime instanceof Date || s.timestamp instanceof Date);
  const spans = sessions.length
    ? sessions.map((s) => ({ startTime: s.startTime as Date, elapsed: Number(s.totalElapsedTime) || 0 }))
    : [{ startTime: (firstSet?.startTime ?? firstSet?.timestamp ?? new Date(0)) as Date, elapsed: 0 }];
  return spans.map(({ startTime, elapsed }, i) => ({
    name: name ?? FIT_WORKOUT_NAME,
    ...localStart(startTime, offsetOf(startTime)),
    minutes: elapsed ? Math.round(elapsed / 60) : null,
    from: i === 0 ? -Infinity : startTime.getTime(),
    to: i + 1 < spans.length ? spans[i + 1].startTime.getTime() : Infinity,
  }));
}

function rowOf(
  set: FitMessage,
  line: number,
  session: Session,
  key: string,
  titles: Map<number, string>,
  laps: Map<number, LapDistance>,
): ImportRow {
  const unit = set.weightDisplayUnit === "pound" ? "lb" : "kg";
  const reps = typeof set.repetitions === "number" ? set.repetitions : null;
  const lap = laps.get(seconds(set.startTime) ?? NaN);
  const cardio = lap ? distanceOf(lap, unit) : null;
  return {
    line,
    workoutKey: key,
    workoutName: session.name,
    date: session.date,
    start: session.start,
    minutes: session.minutes,
    workoutNotes: null,
    exercise: exerciseOf(set, titles),
    kind: "work",
    weight: typeof set.weight === "number" ? displayWeight(set.weight, unit) : null,
    unit,
    reps,
    seconds: typeof set.duration === "number" && set.duration > 0 ? set.duration : null,
    distance: cardio?.distance ?? null,
    distanceUnit: cardio?.unit ?? null,
    rpe: null,
    note: null,
    superset: null,
    addedLoad: addedLoad(set),
  };
}

/** Reads a FIT activity file's strength and cardio sets into workout documents (exercise names for the server to map). */
export function parseFit(bytes: Uint8Array, options: FitParseOptions = {}): ParsedImport {
  const messages = readMessages(bytes);
  const sets = messages.setMesgs ?? [];
  if (!sets.length) throw new ImportParseError(1, null, "the FIT file holds no strength sets (no set messages)");
  const sessions = sessionsOf(messages, options);
  const titles = new Map<number, string>();
  for (const t of messages.exerciseTitleMesgs ?? [])
    if (typeof t.messageIndex === "number" && typeof t.wktStepName === "string")
      titles.set(t.messageIndex, t.wktStepName);
  const laps = lapDistances(messages);
  const skips = new SkipCounter();
  const rows: ImportRow[] = [];
  sets.forEach((set, i) => {
    if (set.setType === "rest") return skips.add("rest-timer", i + 1);
    const at = set.startTime instanceof Date ? set.startTime.getTime() : 0;
    const index = Math.max(
      0,
      sessions.findIndex((s) => at >= s.from && at < s.to),
    );
    rows.push(rowOf(set, i + 1, sessions[index], String(index), titles, laps));
  });
  const { workouts, sources } = buildWorkouts(rows, skips);
  const units = new Set(rows.filter((r) => r.weight !== null).map((r) => r.unit));
  return {
    format: "fit",
    unitStated: true,
    unit: units.has("lb") && !units.has("kg") ? "lb" : "kg",
    rows: sets.length,
    workouts,
    sources,
    skipped: skips.list(),
    extras: undefined,
  };
}
