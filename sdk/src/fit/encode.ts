/**
 * A workout document as a FIT activity file (strength training), written with Garmin's own encoder
 * (@garmin/fitsdk): a session of sport `training`, sub-sport `strengthTraining`, at the workout's
 * start; each set done as an `active` set message (exercise category and name, reps, weight in kg
 * with the display unit, duration) followed by a `rest` set message before the next set; one
 * `exerciseTitle` per exercise entry naming it as the document does (what reads back on import).
 * Documents keep no per-set times, so they are spread over the workout (setTimes).
 */
import { Encoder, Profile, Utils, type Encodable, type Mesg } from "@garmin/fitsdk";

/** A FIT message as written: its fields by the profile's names. */
type FitMessage = Record<string, unknown>;
import { parseSet, type ParsedSet } from "../documents/index.ts";
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
    duration: s.active,
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

/** The FIT activity file of one workout document. */
export function workoutFit(doc: FitWorkoutDocument): Uint8Array {
  const start = doc.start ?? `${doc.date}T12:00:00Z`;
  const startTime = Utils.convertDateToDateTime(new Date(start));
  const timed = setTimes(setsDone(doc), doc.minutes);
  const last = timed[timed.length - 1];
  const worked = last ? last.start + last.active : 0;
  const elapsed = Math.max(worked, (doc.minutes ?? 0) * 60);
  const end = startTime + elapsed;
  const encoder = new Encoder();
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
  // The workout message names the session (what Garmin writes when a planned workout was followed).
  if (doc.name)
    write({ mesgNum: Profile.MesgNum.WORKOUT, wktName: doc.name, sport: "training", subSport: "strengthTraining" });
  write({ mesgNum: Profile.MesgNum.EVENT, timestamp: startTime, event: "timer", eventType: "start" });
  write({ mesgNum: Profile.MesgNum.RECORD, timestamp: startTime });
  for (const mesg of setMessages(doc, timed, startTime)) write(mesg);
  write({ mesgNum: Profile.MesgNum.RECORD, timestamp: end });
  write({ mesgNum: Profile.MesgNum.EVENT, timestamp: end, event: "timer", eventType: "stop" });
  const span = { timestamp: end, startTime, totalElapsedTime: elapsed, totalTimerTime: elapsed };
  write({ mesgNum: Profile.MesgNum.LAP, messageIndex: 0, ...span, sport: "training", subSport: "strengthTraining" });
  write({
    mesgNum: Profile.MesgNum.SESSION,
    messageIndex: 0,
    ...span,
    sport: "training",
    subSport: "strengthTraining",
    firstLapIndex: 0,
    numLaps: 1,
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
