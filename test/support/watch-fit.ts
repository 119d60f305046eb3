// A FIT file as a Garmin watch writes a strength session, encoded with Garmin's own SDK: file id
// and device of a Garmin product, timer events, set messages alternating `active` (category and
// exercise name, reps, weight in kg where the lifter entered one, its display unit) and `rest`,
// then lap, session (training / strength training) and activity with the watch's local time.
// No exercise titles and no workout name: a watch writes those only for a planned workout.
import { Encoder, Profile, Utils, type Encodable, type Mesg } from "@garmin/fitsdk";

export type WatchSet = {
  category: string;
  /** The FIT exercise name within the category; absent when the watch recorded only a category. */
  name?: string;
  reps?: number;
  kg?: number;
  unit?: "kilogram" | "pound";
  seconds: number;
  rest?: number;
};

/** The number of a FIT exercise name in its category (what a watch writes as categorySubtype). */
export function exerciseNumber(category: string, name: string): number {
  const entry = Object.entries(Profile.types[`${category}ExerciseName`]).find(([, n]) => n === name);
  if (!entry) throw new Error(`no FIT exercise ${category}/${name}`);
  return Number(entry[0]);
}

/** The bytes of a watch's strength activity starting at `start`, its clock `offsetHours` from UTC. */
export function watchFit(start: Date, offsetHours: number, sets: WatchSet[]): Uint8Array {
  const encoder = new Encoder();
  const writer = {
    writeMesg: (mesg: Record<string, unknown> & { mesgNum: number }) => encoder.writeMesg(mesg as Encodable<Mesg>),
  };
  const t0 = Utils.convertDateToDateTime(start);
  writer.writeMesg({
    mesgNum: Profile.MesgNum.FILE_ID,
    type: "activity",
    manufacturer: "garmin",
    product: 3113,
    serialNumber: 3400001234,
    timeCreated: t0,
  });
  writer.writeMesg({
    mesgNum: Profile.MesgNum.DEVICE_INFO,
    deviceIndex: "creator",
    manufacturer: "garmin",
    product: 3113,
    softwareVersion: 21.19,
    timestamp: t0,
  });
  writer.writeMesg({ mesgNum: Profile.MesgNum.EVENT, timestamp: t0, event: "timer", eventType: "start" });
  let t = t0;
  let index = 0;
  for (const set of sets) {
    writer.writeMesg({
      mesgNum: Profile.MesgNum.SET,
      messageIndex: index++,
      timestamp: t + set.seconds,
      startTime: t,
      duration: set.seconds,
      setType: "active",
      category: [set.category],
      ...(set.name ? { categorySubtype: [exerciseNumber(set.category, set.name)] } : {}),
      ...(set.reps !== undefined ? { repetitions: set.reps } : {}),
      ...(set.kg !== undefined ? { weight: set.kg } : {}),
      weightDisplayUnit: set.unit ?? "kilogram",
    });
    t += set.seconds;
    if (set.rest) {
      writer.writeMesg({
        mesgNum: Profile.MesgNum.SET,
        messageIndex: index++,
        timestamp: t + set.rest,
        startTime: t,
        duration: set.rest,
        setType: "rest",
      });
      t += set.rest;
    }
  }
  writer.writeMesg({ mesgNum: Profile.MesgNum.EVENT, timestamp: t, event: "timer", eventType: "stop" });
  const span = { timestamp: t, startTime: t0, totalElapsedTime: t - t0, totalTimerTime: t - t0 };
  writer.writeMesg({ mesgNum: Profile.MesgNum.LAP, messageIndex: 0, ...span });
  writer.writeMesg({
    mesgNum: Profile.MesgNum.SESSION,
    messageIndex: 0,
    ...span,
    sport: "training",
    subSport: "strengthTraining",
    firstLapIndex: 0,
    numLaps: 1,
  });
  writer.writeMesg({
    mesgNum: Profile.MesgNum.ACTIVITY,
    timestamp: t,
    numSessions: 1,
    totalTimerTime: t - t0,
    localTimestamp: t + offsetHours * 3600,
  });
  return encoder.close();
}

/** A strength session of the kinds a watch records: weights in kg and in pounds, none, a category only, an exercise the watch does not know. */
export const WATCH_SESSION: WatchSet[] = [
  { category: "squat", name: "barbellBackSquat", reps: 5, kg: 100, seconds: 25, rest: 120 },
  { category: "squat", name: "barbellBackSquat", reps: 5, kg: 100, seconds: 27, rest: 120 },
  { category: "squat", name: "barbellBackSquat", reps: 4, kg: 102.5, seconds: 24, rest: 150 },
  { category: "pullUp", name: "pullUp", reps: 10, seconds: 30, rest: 90 },
  { category: "pullUp", name: "weightedPullUp", reps: 6, kg: 20, seconds: 25, rest: 90 },
  { category: "curl", name: "dumbbellBicepsCurl", reps: 12, kg: 30 * 0.45359237, unit: "pound", seconds: 35, rest: 60 },
  { category: "lunge", reps: 10, kg: 40, seconds: 40, rest: 60 },
  { category: "plank", name: "plank", seconds: 60, rest: 60 },
  { category: "unknown", reps: 15, seconds: 30 },
];
