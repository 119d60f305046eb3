/**
 * `@svc/sdk/documents`: routine and workout documents offline.
 *
 * - `routineSchema`, `workoutSchema`: the JSON Schemas (draft 2020-12). They refuse unknown
 *   properties and carry every rule a schema can express; `validate*Document` is stricter (it also
 *   checks real dates, reps ranges going from low to high, set text limits and effort scales).
 *   To compile them with Ajv: `new Ajv2020({ validateFormats: false })` or add `ajv-formats`.
 * - `validateRoutineDocument`, `validateWorkoutDocument`: the same first problem (path, reason)
 *   as the server, for everything the server can judge without its database; on success the
 *   canonical document.
 * - `parseSet` / `formatSet`, `parseDuration` / `formatDuration`, `parseRepsRange` /
 *   `formatRepsRange`: the text languages inside documents.
 * - `convertWeight`: kg <-> lb, 2 decimals.
 * - `firstBadJsonValue`: the checks made before the walk (nesting at most MAX_DEPTH deep, no
 *   U+0000, no unpaired surrogate); the server makes them with this function too.
 * - `likelySwappedSets`: sets such as `5x100` that read as weight and reps swapped (a warning).
 *
 * Canonical document (what the server's `show` returns, before it resolves exercise references
 * to catalog names and adds the `id` of a new document), keys in the spec's table order:
 * - routine: `id` (lower case, if given), `name`, `icon` (if given), `progression` (always;
 *   default `linear`), `unit` (always; default the user's unit), `deload` (only when true),
 *   `exercises`;
 * - routine exercise: `exercise` (as given), `sets`, `reps` (integer, or `"<low>-<high>"`; a
 *   range with low = high becomes the integer), `time` and `rest` (integer seconds), `weight`
 *   (number; omitted when null), `superset` and `progression` (omitted when null), `warmups`,
 *   `drops`, `bursts` (omitted when 0);
 * - workout: `id`, `name` (if given), `date`, `start` (always; in UTC as
 *   `YYYY-MM-DDTHH:MM:SS[.f]Z`, default `<date>T12:00:00Z`), `minutes`, `bodyweight` (omitted when
 *   null), `unit` and `effort` (always; defaults from options, else kg and rpe), `routine` (lower
 *   case; omitted when null), `notes` (omitted when null; `""` kept), `skipProgression` (only when
 *   true), `exercises`;
 * - workout exercise: `exercise`, `superset`, `note` (omitted when null), `pinned`,
 *   `skipProgression` (only when true), `sets`: each set as its canonical text (`formatSet`), or
 *   `{ "set": "<text>", "done": false }` for a planned set not done.
 * Validating a canonical document returns it unchanged.
 */
import routineSchemaJson from "./routine.schema.json" with { type: "json" };
import workoutSchemaJson from "./workout.schema.json" with { type: "json" };

export { REASONS, type Reason, type ReasonKey } from "./reasons.ts";
export {
  validateRoutineDocument,
  validateWorkoutDocument,
  compareCodePoints,
  isBodyweight,
  DOCUMENT_LIMITS,
  MAX_BODYWEIGHT,
  FIRST_DATE,
  LAST_DATE,
  CONTROL_CHARACTER_PATTERN,
  PROGRESSIONS,
  UNITS,
  EFFORT_SCALES,
  ROUTINE_FIELDS,
  ROUTINE_EXERCISE_FIELDS,
  WORKOUT_FIELDS,
  WORKOUT_EXERCISE_FIELDS,
  SET_FIELDS,
  UUID_PATTERN,
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  type ValidateOptions,
  type ValidationResult,
  type Progression,
  type CanonicalRoutine,
  type CanonicalRoutineExercise,
  type CanonicalWorkout,
  type CanonicalWorkoutExercise,
  type CanonicalSet,
} from "./validate.ts";
export {
  parseSet,
  formatSet,
  parseDuration,
  formatDuration,
  parseRepsRange,
  formatRepsRange,
  parsePercentSet,
  formatPercentSet,
  parseStage,
  formatStage,
  parseReset,
  formatReset,
  SET_TEXT_PATTERN,
  PERCENT_SET_PATTERN,
  STAGE_PATTERN,
  RESET_PATTERN,
  MAX_PERCENT,
  DURATION_PATTERN,
  REPS_RANGE_PATTERN,
  MAX_DURATION_SECONDS,
  MAX_REST_SECONDS,
  MAX_REPS,
  MAX_WEIGHT,
  MAX_DISTANCE,
  MAX_DISTANCE_METERS,
  METERS_PER_UNIT,
  type DistanceUnit,
  type ParsedSet,
  type SetParts,
  type SetKind,
  type EffortScale,
  type RepsRange,
  type PercentSet,
  type Stage,
  type Reset,
  type Result,
} from "./text.ts";
export { firstBadJsonValue, MAX_DEPTH, type ValueProblem } from "./json-values.ts";
export { likelySwappedSets, type SwappedSet } from "./warnings.ts";
export { convertWeight, KG_PER_LB, type Unit } from "./units.ts";
export { convertDistance, distanceUnitOf, formatPace, paceSeconds, speedOf, type PaceUnit } from "./distance.ts";

/** JSON Schema (draft 2020-12) of a routine document; `svc routine schema` prints it. */
export const routineSchema: Record<string, unknown> = routineSchemaJson;
/** JSON Schema (draft 2020-12) of a workout document; `svc workout schema` prints it. */
export const workoutSchema: Record<string, unknown> = workoutSchemaJson;
