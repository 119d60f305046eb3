/**
 * `@svc/sdk`: a typed client for the Training Log API (`createClient`), its typed errors and the
 * GraphQL operations it sends (typed documents; the data types below are their results). The
 * document tools (schemas, offline validation, set text) are in `@svc/sdk/documents`; the GraphQL
 * schema file is `@svc/sdk/schema.graphql`.
 */
export { createClient, type ClientOptions, type SvcClient } from "./client.ts";
export type {
  Unit,
  EffortScale,
  JsonObject,
  User,
  UserRecord,
  AuthResult,
  SessionInfo,
  Bodyweight,
  Measurement,
  MeasurementsInput,
  MuscleWeek,
  Change,
  ChangesPage,
  RoutineSummary,
  WorkoutSummary,
  Exercise,
  ExerciseRecord,
  ExerciseRepsRecord,
  ExerciseRecords,
  ExerciseRepMax,
  ExerciseResolution,
  ProgramLift,
  ProgramStartLift,
  ProgramTemplate,
  RoutineApplied,
  WorkoutApplied,
  ApiKey,
  ApiKeyAccess,
  ApiKeyExpiry,
  CreatedApiKey,
  Session,
  ConnectedApp,
  ExerciseDetails,
  CustomExerciseInput,
  WorkoutWithSets,
  AdminUser,
  LastPerformance,
  LastPerformanceSet,
  E1rmSession,
  VolumeWeek,
  Language,
} from "./types.ts";
export type { ResultOf, VariablesOf, TadaDocumentNode } from "./graphql.ts";
export {
  SvcError,
  InvalidDocumentError,
  RateLimitedError,
  ServiceUnavailableError,
  ForbiddenError,
  NotFoundError,
  NetworkError,
  AmbiguousExerciseError,
  VersionConflictError,
  errorFromCode,
  type SvcErrorOptions,
} from "./errors.ts";
export * as operations from "./operations.ts";
export {
  plates,
  DEFAULT_BARS,
  DEFAULT_PLATES,
  MAX_PLATE_WEIGHT,
  type PlateUnit,
  type OwnedPlate,
  type PlateOptions,
  type PlateLoad,
  type PlateResult,
} from "./plates.ts";
export { EXERCISE_EQUIPMENT, EXERCISE_REGIONS, EXERCISE_KINDS } from "./exercise-values.ts";
