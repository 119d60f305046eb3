/**
 * `@svc/sdk`: a typed client for the Training Log API (`createClient`), its typed errors and the
 * GraphQL operations it sends. The document tools (schemas, offline validation, set text) are in
 * `@svc/sdk/documents`; the GraphQL schema file is `@svc/sdk/schema.graphql`.
 */
export {
  createClient,
  type ClientOptions,
  type SvcClient,
  type Unit,
  type EffortScale,
  type JsonObject,
  type User,
  type UserRecord,
  type AuthResult,
  type SessionInfo,
  type Bodyweight,
  type RoutineSummary,
  type WorkoutSummary,
  type Exercise,
  type ExerciseRecord,
  type ExerciseRepsRecord,
  type ExerciseRecords,
  type ApplyResult,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyExpiry,
  type Session,
  type ExerciseDetails,
  type CustomExerciseInput,
  type WorkoutWithSets,
  type AdminUser,
  type LastPerformance,
  type LastPerformanceSet,
  type E1rmSession,
  type VolumeWeek,
} from "./client.ts";
export {
  SvcError,
  InvalidDocumentError,
  RateLimitedError,
  ForbiddenError,
  NotFoundError,
  NetworkError,
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
