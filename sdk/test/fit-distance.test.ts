// Cardio sets in FIT files (@svc/sdk/fit) with Garmin's own encoder and decoder, no server: a run
// `5km 25:00`, a row `2000m 7:30` and `3mi 24:00` are laps of their own with total_distance in
// metres and total_timer_time, the rest of the workout laps between them, the session the sum;
// parseFit reads each back as the set it was (FIT keeps 1/100 m: km and mi to 3 decimals and whole
// metres come back exactly). A workout of runs only is a running session.
import { Decoder, Stream } from "@garmin/fitsdk";
import { workoutFit, parseFit, type FitWorkoutDocument } from "@svc/sdk/fit";

function decode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages as unknown as Record<string, Record<string, any>[]>;
}

const MIXED: FitWorkoutDocument = {
  name: "Legs and Cardio",
  date: "2026-06-02",
  start: "2026-06-02T07:00:00Z",
  minutes: 60,
  unit: "kg",
  exercises: [
    { exercise: "Running", sets: ["5km 25:00"] },
    { exercise: "Squat", sets: ["100x5", "100x5"] },
    { exercise: "Rowing Machine", sets: ["2000m 7:30"] },
  ],
};

test("a run and a row are laps with total_distance in metres and their time; the strength between is a lap without", () => {
  const m = decode(workoutFit(MIXED));
  const laps = m.lapMesgs.map((l) => ({
    sport: l.sport,
    metres: l.totalDistance,
    timer: l.totalTimerTime,
    unit: l.developerFields?.[0],
  }));
  expect(laps).toEqual([
    { sport: "running", metres: 5000, timer: 1500, unit: "km" },
    { sport: "training", metres: undefined, timer: expect.any(Number), unit: undefined },
    { sport: "rowing", metres: 2000, timer: 450, unit: "m" },
  ]);
  // The laps cover the session end to end, in order (the row, the last set, ends the hour).
  const start = (l: Record<string, any>) => (l.startTime as Date).getTime();
  for (let i = 1; i < m.lapMesgs.length; i++) expect(start(m.lapMesgs[i])).toBe(m.lapMesgs[i - 1].timestamp.getTime());
  const [session] = m.sessionMesgs;
  expect(session).toMatchObject({
    sport: "training",
    subSport: "strengthTraining",
    totalDistance: 7000,
    totalElapsedTime: 3600,
    numLaps: 3,
  });
  expect(m.fieldDescriptionMesgs).toEqual([expect.objectContaining({ fieldName: "distance_unit", nativeMesgNum: 19 })]);
  // The run's set message starts where its lap does and lasts its time.
  const run = m.setMesgs[0];
  expect(run).toMatchObject({ setType: "active", duration: 1500 });
  expect(run.startTime).toEqual(m.lapMesgs[0].startTime);
});

test("exported and read back: every cardio set as written, the strength sets as before", () => {
  const parsed = parseFit(workoutFit(MIXED), { timeZone: "UTC" });
  expect(parsed.workouts.map((w) => w.exercises.map((e) => [e.exercise, e.sets]))).toEqual([
    [
      ["Running", ["5km 25:00"]],
      ["Squat", ["100x5", "100x5"]],
      ["Rowing Machine", ["2000m 7:30"]],
    ],
  ]);
});

test("km and mi to 3 decimals, whole metres, a distance without a time; a runs-only workout is a running session", () => {
  const doc: FitWorkoutDocument = {
    date: "2026-06-03",
    start: "2026-06-03T18:00:00-04:00",
    unit: "lb",
    exercises: [
      { exercise: "Running", sets: ["3mi 24:00", "0.001mi 0:01", "999.999mi 200:00", "3mi"] },
      { exercise: "Trail Running", sets: ["42.195km 185:00", "1m 0:01", "1000000m 1440:00"] },
    ],
  };
  const bytes = workoutFit(doc);
  const m = decode(bytes);
  expect(m.sessionMesgs[0]).toMatchObject({ sport: "running", subSport: "generic" });
  // FIT's precision: total_distance in 1/100 m.
  expect(m.lapMesgs[0].totalDistance).toBe(4828.03);
  // A distance written without a time has a set message without a duration and a lap timer of 0.
  const noTime = m.setMesgs.filter((s) => s.setType === "active")[3];
  expect(noTime.duration).toBeUndefined();
  const parsed = parseFit(bytes, { timeZone: "UTC" });
  expect(parsed.workouts[0].exercises.map((e) => e.sets)).toEqual([
    ["3mi 24:00", "0.001mi 0:01", "999.999mi 200:00", "3mi"],
    ["42.195km 185:00", "1m 0:01", "1000000m 1440:00"],
  ]);
  expect(parsed.skipped).toEqual([expect.objectContaining({ reason: "rest-timer" })]);
});

test("a lap's distance without this service's unit field reads in km (mi for a set shown in pounds)", async () => {
  const { Encoder, Profile, Utils } = await import("@garmin/fitsdk");
  const t0 = Utils.convertDateToDateTime(new Date("2026-06-04T06:00:00Z"));
  const fileOf = (displayUnit: "kilogram" | "pound") => {
    const e = new Encoder();
    e.writeMesg({
      mesgNum: Profile.MesgNum.FILE_ID,
      type: "activity",
      manufacturer: "garmin",
      product: 1,
      timeCreated: t0,
    } as any);
    e.writeMesg({
      mesgNum: Profile.MesgNum.SET,
      messageIndex: 0,
      timestamp: t0 + 600,
      startTime: t0,
      duration: 600,
      setType: "active",
      category: ["run"],
      weightDisplayUnit: displayUnit,
    } as any);
    e.writeMesg({
      mesgNum: Profile.MesgNum.LAP,
      messageIndex: 0,
      timestamp: t0 + 600,
      startTime: t0,
      totalElapsedTime: 600,
      totalTimerTime: 600,
      totalDistance: 2414.02,
    } as any);
    e.writeMesg({
      mesgNum: Profile.MesgNum.SESSION,
      messageIndex: 0,
      timestamp: t0 + 600,
      startTime: t0,
      totalElapsedTime: 600,
      totalTimerTime: 600,
    } as any);
    return e.close();
  };
  const setsOf = (bytes: Uint8Array) => parseFit(bytes, { timeZone: "UTC" }).workouts[0].exercises[0].sets;
  expect(setsOf(fileOf("kilogram"))).toEqual(["2.414km 10:00"]);
  expect(setsOf(fileOf("pound"))).toEqual(["1.5mi 10:00"]);
});
