// Records of cardio sets with a distance (User.distanceRecords) against values computed by hand:
// the longest distance, the fastest time at each distance (5km and 5000m are one distance) and
// the best pace, in km for a kg lifter and in mi for a lb one; warm-ups and sets not done never
// count, and no one sees another's.
import { useTestServer, gql, logWorkout, signUpWithUnit, type SignedUpUser } from "../support/harness.ts";

const s = useTestServer();

const RECORDS = `query($id: UUID) { viewer { distanceRecords(exerciseId: $id) {
  exerciseName record distance distanceUnit distanceM seconds pace setText date } } }`;

async function records(u: SignedUpUser | null, id: string | null = null) {
  const res = await gql(s.url, RECORDS, { id }, u ? { token: u.token } : {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data.viewer?.distanceRecords ?? null;
}

const run = (sets: unknown[]) => [{ exercise: "Running", sets }];

test("longest, fastest at each distance and best pace in km, then in mi", async () => {
  const km = await signUpWithUnit(s, "kg", "Km Runner");
  await logWorkout(s.url, km.token, {
    date: "2026-01-05",
    unit: "kg",
    // 5 km in 1500 s: 300 s/km. A warm-up faster than everything never counts.
    exercises: [...run(["5km 25:00", "w:2km 4:00"]), { exercise: "Bench Press", sets: ["100x5"] }],
  });
  await logWorkout(s.url, km.token, {
    date: "2026-01-12",
    unit: "kg",
    // 5000 m in 1440 s: the same distance as 5km, faster (288 s/km); 10 km in 3300 s: 330 s/km.
    exercises: run(["5000m 24:00", "10km 55:00", { set: "21.1km 100:00", done: false }]),
  });
  await logWorkout(s.url, km.token, {
    date: "2026-01-19",
    unit: "kg",
    // 3 mi = 4828.032 m, in 1440 s: 1440000 / 4828.032 = 298.26 s/km; 12 km with no time: the longest.
    exercises: run(["3mi 24:00", "12km"]),
  });
  expect(await records(km)).toEqual([
    {
      exerciseName: "Running",
      record: "longest distance",
      distance: 12,
      distanceUnit: "km",
      distanceM: 12000,
      seconds: null,
      pace: null,
      setText: "12km",
      date: "2026-01-19",
    },
    {
      exerciseName: "Running",
      record: "fastest time",
      distance: 10,
      distanceUnit: "km",
      distanceM: 10000,
      seconds: 3300,
      pace: 330,
      setText: "10km 55:00",
      date: "2026-01-12",
    },
    {
      exerciseName: "Running",
      record: "fastest time",
      distance: 5,
      distanceUnit: "km",
      distanceM: 5000,
      seconds: 1440,
      pace: 288,
      setText: "5000m 24:00",
      date: "2026-01-12",
    },
    {
      exerciseName: "Running",
      record: "fastest time",
      distance: 4.828,
      distanceUnit: "km",
      distanceM: 4828.03,
      seconds: 1440,
      pace: 298.3,
      setText: "3mi 24:00",
      date: "2026-01-19",
    },
    {
      exerciseName: "Running",
      record: "best pace",
      distance: 5,
      distanceUnit: "km",
      distanceM: 5000,
      seconds: 1440,
      pace: 288,
      setText: "5000m 24:00",
      date: "2026-01-12",
    },
  ]);

  const mi = await signUpWithUnit(s, "lb", "Mile Runner");
  await logWorkout(s.url, mi.token, { date: "2026-02-02", unit: "lb", exercises: run(["5km 25:00", "3mi 24:00"]) });
  // 5 km = 5000 / 1609.344 = 3.10686 mi, in 1500 s: 1500 * 1609.344 / 5000 = 482.80 s/mi; 3 mi in 1440 s: 480 s/mi.
  expect(await records(mi)).toEqual([
    {
      exerciseName: "Running",
      record: "longest distance",
      distance: 3.107,
      distanceUnit: "mi",
      distanceM: 5000,
      seconds: 1500,
      pace: 482.8,
      setText: "5km 25:00",
      date: "2026-02-02",
    },
    {
      exerciseName: "Running",
      record: "fastest time",
      distance: 3.107,
      distanceUnit: "mi",
      distanceM: 5000,
      seconds: 1500,
      pace: 482.8,
      setText: "5km 25:00",
      date: "2026-02-02",
    },
    {
      exerciseName: "Running",
      record: "fastest time",
      distance: 3,
      distanceUnit: "mi",
      distanceM: 4828.03,
      seconds: 1440,
      pace: 480,
      setText: "3mi 24:00",
      date: "2026-02-02",
    },
    {
      exerciseName: "Running",
      record: "best pace",
      distance: 3,
      distanceUnit: "mi",
      distanceM: 4828.03,
      seconds: 1440,
      pace: 480,
      setText: "3mi 24:00",
      date: "2026-02-02",
    },
  ]);

  // One exercise's only; another exercise's none; signed out, no viewer.
  const ids = await gql(
    s.url,
    `{ searchExercises(words: "Running", limit: 1) { id } bench: searchExercises(words: "Bench Press", limit: 1) { id } }`,
    {},
    { token: km.token },
  );
  expect((await records(km, ids.body.data.searchExercises[0].id)).length).toBe(5);
  expect(await records(km, ids.body.data.bench[0].id)).toEqual([]);
  expect(await records(null)).toBeNull();
});
