/**
 * Every reason a routine or workout document can be refused with, word for word.
 *
 * The SDK (offline) and the database (plpgsql, online) report the same first problem as a
 * `path` plus one of these strings. Keep this list small and stable: changing a string is a
 * breaking change for scripts that match on it and for the SQL implementation.
 *
 * The last two (`unknownExercise`, `notFound`) are only ever produced by the server: the SDK
 * cannot see the exercise catalog or the user's routines and workouts.
 */
export const REASONS = {
  /** The root, or a routine/workout exercise entry, is not a JSON object. */
  object: "must be an object",
  /** An object or array nested deeper than 16 levels (the root object is level 1). */
  depth: "must not nest objects and arrays more than 16 deep",
  /** A string or key holding U+0000, which PostgreSQL text cannot store. */
  nul: "must not contain the character U+0000",
  /** A string or key holding an unpaired UTF-16 surrogate (such as `"\ud800"`): not Unicode text. */
  surrogate: "must not contain an unpaired surrogate (invalid Unicode)",
  /** A property that the document format does not know (reported at `<path>.<key>`). */
  unknownProperty: "unknown property",
  /** A required field is absent. `null` is a value, not an absence. */
  required: "is required",
  /** name, icon, exercise, superset, notes, note, a set object's `set`: wrong JSON type. */
  string: "must be a string",
  /** deload, skipProgression, pinned, done: wrong JSON type. */
  boolean: "must be a boolean",
  /** exercises, a workout exercise's sets: wrong JSON type. */
  array: "must be an array",
  /** id, routine: not a string of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hex digits). */
  uuid: "must be a uuid",
  /** Routine or workout name: not 1 to 80 characters (Unicode code points). */
  name: "must be 1 to 80 characters",
  /** Routine icon: not 1 to 40 characters. */
  icon: "must be 1 to 40 characters",
  /** Exercise reference: not 1 to 100 characters. */
  exercise: "must be 1 to 100 characters",
  /** Superset letter: not 1 to 8 characters. */
  superset: "must be 1 to 8 characters",
  /** Workout notes: more than 2000 characters. */
  notes: "must be at most 2000 characters",
  /** Workout exercise note: more than 500 characters. */
  note: "must be at most 500 characters",
  /** name, icon, exercise, superset (one-line text): a control character such as a newline or tab. */
  controlCharacter: "must not contain control characters such as a newline or tab",
  /** Routine or routine-exercise progression: not one of the values (any type). */
  progression: "must be one of linear, greyskull, double, time, none",
  /** unit: not one of the values (any type). */
  unit: "must be one of kg, lb",
  /** Workout effort scale: not one of the values (any type). */
  effort: "must be one of rir, rpe",
  /** Routine exercises: more than 100 entries. */
  routineExercises: "must have at most 100 entries",
  /** Workout exercises: more than 100 entries. */
  workoutExercises: "must have at most 100 entries",
  /** Workout exercises: more than 500 sets in all (counted before any entry is checked). */
  workoutSets: "must have at most 500 sets in all",
  /** A workout exercise's sets: more than 50 entries. */
  setsMax: "must have at most 50 entries",
  /** Routine exercise sets: not an integer from 1 to 20 (any type). */
  setCount: "must be an integer from 1 to 20",
  /** warmups, drops, bursts: not an integer from 0 to 5 (any type). */
  extraSets: "must be an integer from 0 to 5",
  /** Routine exercise trainingMax given without a cycle of percentage sets. */
  trainingMaxWithoutCycle: "needs a cycle of percentage sets",
  /** Routine exercise cycle: not an array of 1 to 6 weeks. */
  cycle: "must be an array of 1 to 6 weeks",
  /** A week of a cycle: not an array of as many percentage sets as the exercise's sets. */
  cycleWeek: "must be an array of as many percentage sets as sets",
  /** A percentage set of a cycle: not `<percent>%x<reps>` with an optional `+`, percent above 0 and at most 200 (2 decimals), reps at most 500. */
  percentSet: "must be a percentage set like 85%x5 or 95%x1+",
  /** A cycle given without a trainingMax. */
  cycleWithoutTrainingMax: "needs a trainingMax",
  /** A cycle given with reps or time (the cycle sets them). */
  cycleWithReps: "must not be given with reps or time",
  /** Routine exercise stages: not an array of 2 to 5 stages. */
  stages: "must be an array of 2 to 5 stages like 5x3+",
  /** A stage: not `<sets>x<reps>` with an optional `+`, 1 to 20 sets, at most 500 reps. */
  stage: "must be a stage like 5x3 or 5x3+",
  /** The first stage is not the exercise's own sets and reps. */
  firstStage: "must be the exercise's sets and reps",
  /** Stages given with a cycle. */
  stagesWithCycle: "must not be given with a cycle",
  /** Routine exercise increment: not a number above 0 and at most 100 with at most 2 decimals. */
  increment: "must be a number above 0 and at most 100 with at most 2 decimals",
  /** Routine exercise rounding: not a number above 0 and at most 100 with at most 2 decimals. */
  rounding: "must be a number above 0 and at most 100 with at most 2 decimals",
  /** Routine exercise reset: not `<percent>%` or `+<amount>`, above 0 and at most 100, 2 decimals at most. */
  reset: "must be a reset like 85% or +7.5 (above 0, at most 100, at most 2 decimals)",
  /** A reset given without stages. */
  resetWithoutStages: "needs stages",
  /** Routine exercise amrapTarget: not an integer from 1 to 500. */
  amrapTarget: "must be an integer from 1 to 500",
  /** An amrapTarget given with a cycle or stages. */
  amrapTargetWith: "must not be given with a cycle or stages",
  /** An amrapTarget without reps as one number at most the target. */
  amrapTargetReps: "needs reps as one number, at most amrapTarget",
  /** Workout minutes: not an integer from 0 to 1440 (any type). */
  minutes: "must be an integer from 0 to 1440",
  /** Routine reps: wrong type, integer outside 0..500, or a string that is not a range. */
  reps: "must be an integer from 0 to 500 or a range like 8-12",
  /** Routine reps range: an end above 500. */
  repsRangeBounds: "range must be within 0 to 500",
  /** Routine reps range: low end above the high end. */
  repsRangeOrder: "range must go from low to high",
  /** time, rest: wrong type, negative or fractional number, or a string in no duration format. */
  duration: "must be seconds or a duration like 1:30 or 1m30s",
  /** Routine exercise time: above 86400 seconds (one day). */
  timeMax: "must be at most 86400 seconds",
  /** Routine exercise rest: above 900 seconds. */
  restMax: "must be at most 900 seconds",
  /** Routine exercise time given together with reps (time is used instead of reps). */
  timeWithReps: "cannot be used together with reps",
  /** Routine weight: not a number from 0 to 10000 with at most 2 decimals (null is allowed). */
  weight: "must be a number from 0 to 10000 with at most 2 decimals",
  /** Workout bodyweight: not a number above 0 and at most 1500 with at most 2 decimals (null is allowed). */
  bodyweight: "must be a number above 0 and at most 1500 with at most 2 decimals",
  /** Workout date: not a string of the form YYYY-MM-DD. */
  date: "must be a date like 2024-05-31",
  /** Workout date: the form is right but the day does not exist (2023-02-29, 2024-13-01, 0000-01-01). */
  calendarDate: "not a real calendar date",
  /** Workout date: a real day, but before 1900-01-01 or after 2099-12-31. */
  dateRange: "must be from 1900-01-01 to 2099-12-31",
  /** Workout start: not an ISO 8601 date-time with an offset. */
  dateTime: "must be a date-time with offset like 2024-05-31T18:30:00+02:00",
  /** Workout start: the form is right but a part is out of range. */
  realDateTime: "not a real date-time",
  /** Workout start: its UTC day is not the day before, the day of, or the day after `date`. */
  startNearDate: "must be within a day of date",
  /** Workout exercise sets: empty array. */
  setsMin: "must have at least 1 entry",
  /** A workout set that is neither a string nor an object. */
  setItem: "must be a string or an object",
  /** Set text that matches no set form. */
  setText: "must be a set like 100x5, x12, bw x 8, 45s or 1:30",
  /** Set text weight above 10000 or with more than 2 significant decimals. */
  setWeight: "weight must be from 0 to 10000 with at most 2 decimals",
  /** Set text reps above 500. */
  setReps: "reps must be at most 500",
  /** Set text: a distance of 0, above 1000 km or mi (3 decimals at most) or above 1000000 m. */
  setDistance: "distance must be above 0 and at most 1000 km, 1000 mi or 1000000 m, with at most 3 decimals",
  /** Set text duration above 86400 seconds. */
  setDuration: "duration must be at most 86400 seconds",
  /** Set text effort on the RPE scale: not 1 to 10 in half steps. */
  rpe: "rpe must be from 1 to 10 in half steps",
  /** Set text effort on the RIR scale: not 0 to 10 in half steps. */
  rir: "rir must be from 0 to 10 in half steps",
  /** A document's version: not an integer from 1 to 2147483647 (any type). */
  version: "must be an integer from 1 to 2147483647",
  /** Server only: an exercise reference that matches no exercise (the server may append the name). */
  unknownExercise: "unknown exercise",
  /** Server only: an `id` (path `id`) or `routine` (path `routine`) that is not one of the user's. */
  notFound: "not found",
} as const;

export type ReasonKey = keyof typeof REASONS;
export type Reason = (typeof REASONS)[ReasonKey];
