/**
 * A workout document as a FIT activity file (strength training), written with Garmin's own encoder
 * (@garmin/fitsdk): a session of sport `training`, sub-sport `strengthTraining`, at the workout's
 * start; each set done as an `active` set message (exercise category and name, reps, weight in kg
 * with the display unit, duration) followed by a `rest` set message before the next set; one
 * `exerciseTitle` per exercise entry naming it as the document does (what reads back on import).
 * Documents keep no per-set times, so they are spread over the workout (setTimes).
 * A cardio set (`5km 25:00`, `2000m 7:30`) is also a lap of its own, as a watch records a run or a
 * row: total_distance in metres (FIT keeps 1/100 m) and total_timer_time its time, with the unit
 * it was written in as the developer field `distance_unit`; the time between cardio sets is a lap
 * without distance. A workout of cardio sets of one sport only is a session of that sport.
 */
import { Encoder, Profile, Utils, type Encodable, type Mesg } from "@garmin/fitsdk";

/** A FIT message as written: its fields by the profile's names. */
type FitMessage = Record<string, unknown>;
import { METERS_PER_UNIT, parseSet, type DistanceUnit, type ParsedSet } from "../documents/index.ts";
import { fitExerciseOf, type FitExercise } from "./exercises.ts";

/** A workout as workout_document / exportWorkouts show it (the fields a FIT file can hold). */
export type FitWorkoutDocument = {
  name?: string;
  date: string;
  start?: string;
  minutes?: number;
  unit?: "kg" | "lb";
  effort?: "rpe" | "rir";
  exercises: { exercise: string; sets: (string | { set: string; done?: boolean })[] }[];
};

/** Seconds a set of reps is taken to last when the document gives no time (a steady 3 s a rep). */
export const SECONDS_PER_REP = 3;
/** Rest between sets when the workout gives no duration to spread them over. */
export const DEFAULT_REST_SECONDS = 90;

const KG_PER_LB = 0.45359237;

/** The developer field naming a cardio lap's distance unit as the document wrote it (km, mi or m). */
export const FIT_DISTANCE_UNIT_FIELD = "distance_unit";
const DEVELOPER_DATA_ID = {
  mesgNum: Profile.MesgNum.DEVELOPER_DATA_ID,
  developerDataIndex: 0,
  // This service's application id (16 bytes, fixed: the same in every file it writes).
  applicationId: [0x53, 0x56, 0x43, 0x2d, 0x74, 0x72, 0x61, 0x69, 0x6e, 0x69, 0x6e, 0x67, 0x2d, 0x6c, 0x6f, 0x67],
  applicationVersion: 1,
};
const DISTANCE_UNIT_DESCRIPTION = {
  mesgNum: Profile.MesgNum.FIELD_DESCRIPTION,
  developerDataIndex: 0,
  fieldDefinitionNumber: 0,
  fitBaseTypeId: 7, // string
  fieldName: FIT_DISTANCE_UNIT_FIELD,
  nativeMesgNum: Profile.MesgNum.LAP,
};

type Sport = { sport: string; subSport: string };
const STRENGTH: Sport = { sport: "training", subSport: "strengthTraining" };
/** FIT's sport of a cardio exercise by its FIT category; other categories' cardio is cardio training. */
const CARDIO_SPORTS: Record<string, Sport> = {
  run: { sport: "running", subSport: "generic" },
  runIndoor: { sport: "running", subSport: "treadmill" },
  bike: { sport: "cycling", subSport: "generic" },
  bikeOutdoor: { sport: "cycling", subSport: "generic" },
  indoorBike: { sport: "cycling", subSport: "indoorCycling" },
  indoorRow: { sport: "rowing", subSport: "indoorRowing" },
  elliptical: { sport: "fitnessEquipment", subSport: "elliptical" },
  stairStepper: { sport: "fitnessEquipment", subSport: "stairClimbing" },
};
const CARDIO_TRAINING: Sport = { sport: "training", subSport: "cardioTraining" };

type FitSet = { entry: number; exercise: FitExercise; parsed: ParsedSet };
type Timed = FitSet & { start: number; active: number; rest: number };

/** The sets done, in order (planned sets not done are left out), with the entry each belongs to. */
function setsDone(doc: FitWorkoutDocument): FitSet[] {
  const sets: FitSet[] = [];
  doc.exercises.forEach((e, entry) => {
    const exercise = fitExerciseOf(e.exercise);
    for (const s of e.sets) {
      if (typeof s === "object" && s.done === false) continue;
      const parsed = parseSet(typeof s === "string" ? s : s.set, { effort: doc.effort ?? "rpe" });
      if (parsed.ok) sets.push({ entry, exercise, parsed: parsed.value });
    }
  });
  return sets;
}

function activeSeconds(set: ParsedSet): number {
  return set.seconds ?? Math.max(1, (set.reps ?? 0) * SECONDS_PER_REP);
}

/**
 * Start (seconds after the workout's start), active and rest seconds of each set: the workout's
 * minutes, when they hold the sets, are spread evenly as rest between them; otherwise
 * DEFAULT_REST_SECONDS between sets.
 */
export function setTimes(sets: FitSet[], minutes: number | undefined): Timed[] {
  const active = sets.map((s) => activeSeconds(s.parsed));
  const working = active.reduce((a, b) => a + b, 0);
  const gaps = Math.max(sets.length - 1, 0);
  const total = minutes !== undefined ? minutes * 60 : 0;
  const rest = gaps && total > working ? Math.floor((total - working) / gaps) : DEFAULT_REST_SECONDS;
  let at = 0;
  return sets.map((s, i) => {
    const timed = { ...s, start: at, active: active[i], rest: i < gaps ? rest : 0 };
    at += timed.active + timed.rest;
    return timed;
  });
}

/** Seconds east of UTC that an ISO start's offset says (`+02:00` -> 7200; `Z` -> 0). */
function offsetSeconds(start: string): number {
  const m = /([+-])(\d\d):(\d\d)$/.exec(start);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
}

/** The number of a FIT exercise name within its category, or undefined when the profile has none. */
function exerciseNameNumber(exercise: FitExercise, weighted: boolean): number | undefined {
  const names = Profile.types[`${exercise.category}ExerciseName`];
  if (!names || !exercise.name) return undefined;
  const wanted = weighted ? `weighted${exercise.name[0].toUpperCase()}${exercise.name.slice(1)}` : exercise.name;
  const find = (n: string) => Object.entries(names).find(([, v]) => v === n)?.[0];
  const found = (weighted ? find(wanted) : undefined) ?? find(exercise.name);
  return found === undefined ? undefined : Number(found);
}

function activeSetMesg(
  s: Timed,
  index: number,
  startTime: number,
  unit: "kg" | "lb",
): FitMessage & { mesgNum: number } {
  const { parsed } = s;
  // A load added to the body (`bw+20x5`) is the weight of FIT's `weighted...` exercise when it has one.
  const weighted = parsed.bodyweight && parsed.weight !== null;
  const subtype = exerciseNameNumber(s.exercise, weighted);
  return {
    mesgNum: Profile.MesgNum.SET,
    messageIndex: index,
    timestamp: startTime + s.start + s.active,
    startTime: startTime + s.start,
    // A distance written without a time (`3mi`) has none to give.
    ...(parsed.distance === null || parsed.seconds !== null ? { duration: s.active } : {}),
    setType: "active",
    category: [s.exercise.category],
    ...(subtype !== undefined ? { categorySubtype: [subtype] } : {}),
    ...(parsed.reps !== null ? { repetitions: parsed.reps } : {}),
    ...(parsed.weight !== null ? { weight: unit === "lb" ? parsed.weight * KG_PER_LB : parsed.weight } : {}),
    weightDisplayUnit: unit === "lb" ? "pound" : "kilogram",
    wktStepIndex: s.entry,
  };
}

function restSetMesg(s: Timed, index: number, startTime: number): FitMessage & { mesgNum: number } {
  const begins = startTime + s.start + s.active;
  return {
    mesgNum: Profile.MesgNum.SET,
    messageIndex: index,
    timestamp: begins + s.rest,
    startTime: begins,
    duration: s.rest,
    setType: "rest",
    wktStepIndex: s.entry,
  };
}

/** The messages of the file between its header messages and its summary (lap, session, activity). */
function setMessages(doc: FitWorkoutDocument, timed: Timed[], startTime: number): (FitMessage & { mesgNum: number })[] {
  const unit = doc.unit ?? "kg";
  const titles = doc.exercises.map((e, i) => {
    const exercise = fitExerciseOf(e.exercise);
    const name = exerciseNameNumber(exercise, false);
    return {
      mesgNum: Profile.MesgNum.EXERCISE_TITLE,
      messageIndex: i,
      exerciseCategory: exercise.category,
      ...(name !== undefined ? { exerciseName: name } : {}),
      wktStepName: e.exercise,
    };
  });
  const sets = timed.flatMap((s) => (s.rest ? [s, { ...s, isRest: true as const }] : [s]));
  return [
    ...titles,
    ...sets.map((s, i) => ("isRest" in s ? restSetMesg(s, i, startTime) : activeSetMesg(s, i, startTime, unit))),
  ];
}

/** A lap: seconds after the workout's start, its timer time, and a cardio set's distance in metres with its unit. */
type Lap = Sport & { start: number; end: number; timer: number; metres?: number; unit?: DistanceUnit };

function sportOf(s: Timed): Sport {
  return CARDIO_SPORTS[s.exercise.category] ?? CARDIO_TRAINING;
}

/** The session's sport: the one sport of a workout of cardio sets only, else strength training. */
function sessionSport(timed: Timed[]): Sport {
  const sports = new Set(timed.map((s) => (s.parsed.distance === null ? STRENGTH : sportOf(s))));
  const [only] = sports;
  return sports.size === 1 && only ? only : STRENGTH;
}

/**
 * The laps of the workout: one for the whole of it when no set has a distance; else a lap per
 * cardio set (its distance and time) and one for each stretch between them.
 */
function lapsOf(timed: Timed[], elapsed: number, base: Sport): Lap[] {
  const laps: Lap[] = [];
  let at = 0;
  for (const s of timed) {
    const { distance, distanceUnit, seconds } = s.parsed;
    if (distance === null || distanceUnit === null) continue;
    if (s.start > at) laps.push({ ...base, start: at, end: s.start, timer: s.start - at });
    const metres = distance * METERS_PER_UNIT[distanceUnit];
    laps.push({
      ...sportOf(s),
      start: s.start,
      end: s.start + s.active,
      timer: seconds ?? 0,
      metres,
      unit: distanceUnit,
    });
    at = s.start + s.active;
  }
  if (elapsed > at || !laps.length) laps.push({ ...base, start: at, end: elapsed, timer: elapsed - at });
  return laps;
}

function lapMesg(lap: Lap, index: number, startTime: number): FitMessage & { mesgNum: number } {
  return {
    mesgNum: Profile.MesgNum.LAP,
    messageIndex: index,
    timestamp: startTime + lap.end,
    startTime: startTime + lap.start,
    totalElapsedTime: lap.end - lap.start,
    totalTimerTime: lap.timer,
    sport: lap.sport,
    subSport: lap.subSport,
    ...(lap.metres !== undefined ? { totalDistance: lap.metres, developerFields: { 0: lap.unit } } : {}),
  };
}

/** The FIT activity file of one workout document. */
export function workoutFit(doc: FitWorkoutDocument): Uint8Array {
  const start = doc.start ?? `${doc.date}T12:00:00Z`;
  const startTime = Utils.convertDateToDateTime(new Date(start));
  const timed = setTimes(setsDone(doc), doc.minutes);
  const last = timed[timed.length - 1];
  const worked = last ? last.start + last.active : 0;
  const elapsed = Math.max(worked, (doc.minutes ?? 0) * 60);
  const end = startTime + elapsed;
  const base = sessionSport(timed);
  const laps = lapsOf(timed, elapsed, base);
  const cardio = laps.filter((l) => l.metres !== undefined);
  const encoder = new Encoder({
    fieldDescriptions: {
      0: { developerDataIdMesg: DEVELOPER_DATA_ID, fieldDescriptionMesg: DISTANCE_UNIT_DESCRIPTION },
    },
  });
  const write = (mesg: FitMessage & { mesgNum: number }) => encoder.writeMesg(mesg as Encodable<Mesg>);
  write({
    mesgNum: Profile.MesgNum.FILE_ID,
    type: "activity",
    manufacturer: "development",
    product: 0,
    timeCreated: startTime,
  });
  write({
    mesgNum: Profile.MesgNum.DEVICE_INFO,
    deviceIndex: "creator",
    manufacturer: "development",
    product: 0,
    productName: "Training Log",
    timestamp: startTime,
  });
  if (cardio.length) {
    write(DEVELOPER_DATA_ID);
    write(DISTANCE_UNIT_DESCRIPTION);
  }
  // The workout message names the session (what Garmin writes when a planned workout was followed).
  if (doc.name) write({ mesgNum: Profile.MesgNum.WORKOUT, wktName: doc.name, ...base });
  write({ mesgNum: Profile.MesgNum.EVENT, timestamp: startTime, event: "timer", eventType: "start" });
  write({ mesgNum: Profile.MesgNum.RECORD, timestamp: startTime });
  for (const mesg of setMessages(doc, timed, startTime)) write(mesg);
  write({ mesgNum: Profile.MesgNum.RECORD, timestamp: end });
  write({ mesgNum: Profile.MesgNum.EVENT, timestamp: end, event: "timer", eventType: "stop" });
  laps.forEach((lap, i) => write(lapMesg(lap, i, startTime)));
  const metres = cardio.reduce((sum, l) => sum + (l.metres ?? 0), 0);
  write({
    mesgNum: Profile.MesgNum.SESSION,
    messageIndex: 0,
    timestamp: end,
    startTime,
    totalElapsedTime: elapsed,
    totalTimerTime: elapsed,
    ...(cardio.length ? { totalDistance: metres } : {}),
    ...base,
    firstLapIndex: 0,
    numLaps: laps.length,
  });
  write({
    mesgNum: Profile.MesgNum.ACTIVITY,
    timestamp: end,
    numSessions: 1,
    totalTimerTime: elapsed,
    localTimestamp: end + offsetSeconds(start),
  });
  return encoder.close();
}

/** A file name for a workout's FIT file: `2026-05-31-1830-push-day.fit`. */
export function fitFileName(doc: Pick<FitWorkoutDocument, "name" | "date" | "start">): string {
  const time = /T(\d\d):(\d\d)/.exec(doc.start ?? "");
  const slug = (doc.name ?? "workout")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${doc.date}${time ? `-${time[1]}${time[2]}` : ""}-${slug || "workout"}.fit`;
}
