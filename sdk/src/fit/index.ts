/**
 * `@svc/sdk/fit`: workouts as FIT activity files for Garmin Connect, Strava and the other apps that
 * take them (workoutFit), and a watch's strength session read back into workout documents
 * (parseFit, then stageImport/importStaged as for any other file). Garmin's own FIT SDK does the
 * encoding and decoding; its profile is large, so the web app loads this module only when asked.
 */
export {
  workoutFit,
  fitFileName,
  setTimes,
  SECONDS_PER_REP,
  DEFAULT_REST_SECONDS,
  type FitWorkoutDocument,
} from "./encode.ts";
export { parseFit, FIT_WORKOUT_NAME, type FitParseOptions } from "./decode.ts";
export { isFitFile } from "./header.ts";
export { FIT_EXERCISES, fitExerciseOf, catalogNameOf, fitWords, type FitExercise } from "./exercises.ts";
