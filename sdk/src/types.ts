/**
 * The data the client returns, each type the result of the fragment or operation that reads it
 * (see fragments.ts), so it follows schema.graphql. Only the auth routes' bodies, which are REST
 * and not in the schema, are written out here.
 */
import type { ResultOf, VariablesOf } from "./graphql.ts";
import type * as fragments from "./fragments.ts";
import type * as ops from "./operations.ts";

/** A weight unit as the client takes it: the schema's `Unit` enum, in lower case. */
export type Unit = Lowercase<NonNullable<VariablesOf<typeof ops.ROUTINE_DOCUMENT>["unit"]>>;
/** How `@` ratings in set text are read (the server checks the value). */
export type EffortScale = "rpe" | "rir";
/** The languages an account may choose (User.language; null follows the browser), as the server checks them. */
export type Language = "en" | "de" | "es" | "fr" | "pt-BR" | "ar";
export type JsonObject = Record<string, unknown>;

export type User = ResultOf<typeof fragments.ViewerFields>;
export type Bodyweight = ResultOf<typeof fragments.BodyweightFields>;
/** A day's body measurements: body fat (percent) and lengths in `unit` (cm or in); null where not measured. */
export type Measurement = ResultOf<typeof fragments.MeasurementFields>;
export type MeasurementsInput = VariablesOf<typeof ops.LOG_MEASUREMENTS>["input"];
/** Work sets one muscle group got in one week: a primary muscle counts a set, a secondary one half. */
export type MuscleWeek = ResultOf<typeof fragments.MuscleWeekFields>;
/** A change of a routine, workout, bodyweight or body measurement (the feed, the history, an Undo). */
export type Change = ResultOf<typeof fragments.ChangeFields>;
/** A page of changes: `endCursor` continues it. */
export type ChangesPage = { changes: Change[]; endCursor: string | null; hasNextPage: boolean };
export type RoutineSummary = ResultOf<typeof fragments.RoutineFields>;
export type WorkoutSummary = ResultOf<typeof fragments.WorkoutFields>;
/** An exercise as a search finds it. */
export type Exercise = ResultOf<typeof fragments.SearchedExerciseFields>;
/** An exercise with what `svc exercise list` shows; `custom` marks the user's own. */
export type ExerciseDetails = ResultOf<typeof fragments.ExerciseFields>;
export type CustomExerciseInput = VariablesOf<typeof ops.CREATE_CUSTOM_EXERCISE>["input"];
/** One record set (the heaviest, or the best estimated one-rep max), in the user's unit. */
export type ExerciseRecord = ResultOf<typeof fragments.ExerciseRecordFields>;
export type ExerciseRecords = ResultOf<typeof fragments.ExerciseRecordsFields>;
/** The most reps done at one weight. */
export type ExerciseRepsRecord = ExerciseRecords["repsAtWeight"][number];
/** One row of the rep-max table (1, 3, 5, 8, 10 reps): the heaviest set of at least that many reps, and the estimate. */
export type ExerciseRepMax = ExerciseRecords["repMaxes"][number];
/** How a typed exercise name resolves: `match` (id, name, alias, words, typo, ambiguous, none), the exercise, the choices. */
export type ExerciseResolution = ResultOf<typeof fragments.ExerciseResolutionFields>;
/**
 * A payload whose `K` fields the client checked are there (the schema types a mutation's payload
 * fields as nullable), with an applied document as the JSON object the server returns.
 */
type Present<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: P extends "document" ? JsonObject : NonNullable<T[P]> };
type Payload<T> = NonNullable<T>;
export type RoutineApplied = Present<
  Payload<ResultOf<typeof ops.APPLY_ROUTINE_DOCUMENT>["applyRoutineDocument"]>,
  "routine" | "document"
>;
export type WorkoutApplied = Present<
  Payload<ResultOf<typeof ops.APPLY_WORKOUT_DOCUMENT>["applyWorkoutDocument"]>,
  "workout" | "document"
>;
type ProgramLibraryRow = NonNullable<NonNullable<ResultOf<typeof ops.PROGRAM_LIBRARY>["programLibrary"]>[number]>;
/**
 * A built-in program as `programLibrary` lists it: `days` are routine documents whose exercises
 * may name an `input` lift (see ProgramTemplate.days in the schema); `inputs` are those lifts.
 */
export type ProgramTemplate = Omit<ProgramLibraryRow, "inputs" | "assistance" | "days"> & {
  inputs: string[];
  /** Its loaded assistance lifts (5/3/1's Dumbbell Row): a start may give their weights too. */
  assistance: string[];
  days: JsonObject[];
};
/** One lift of a program start as `programStartPreview` shows it: the weight it would take and where from. */
export type ProgramStartLift = NonNullable<
  NonNullable<ResultOf<typeof ops.PROGRAM_START_PREVIEW>["programStartPreview"]>[number]
>;
/** A lift's weight for `startProgram`, in the start's unit: its training max in a cycle program, else its first work weight. */
export type ProgramLift = { lift: string; weight: number };
export type ApiKeyAccess = VariablesOf<typeof ops.CREATE_API_KEY>["input"]["access"];
export type ApiKeyExpiry = VariablesOf<typeof ops.CREATE_API_KEY>["input"]["expiresIn"];
export type ApiKey = ResultOf<typeof fragments.ApiKeyFields>;
export type CreatedApiKey = Present<Payload<ResultOf<typeof ops.CREATE_API_KEY>["createApiKey"]>, "apiKey">;
export type Session = ResultOf<typeof fragments.SessionFields>;
/** An app (an AI assistant through MCP) connected to the account. */
export type ConnectedApp = ResultOf<typeof fragments.ConnectedAppFields>;
/** A workout with its exercises and sets, as `workoutsWithSets` reads them. */
export type WorkoutWithSets = ResultOf<typeof fragments.WorkoutWithSetsFields>;
/** A user as an admin sees them (`adminUsers`). */
export type AdminUser = ResultOf<typeof fragments.AdminUserFields>;
/** One exercise asked for: its sets in the latest workout where one was done (nulls and no sets when never done). */
export type LastPerformance = ResultOf<typeof fragments.LastPerformanceFields>;
/** One set as `lastPerformance` returns it: as logged, weight in the workout's unit. */
export type LastPerformanceSet = LastPerformance["sets"][number];
/** One session of an exercise: the best estimated 1RM (null without a set of 1 to 12 reps) and its set, and the heaviest set; weights in `unit` (the user's). */
export type E1rmSession = ResultOf<typeof fragments.E1rmSessionFields>;
/** Volume of one ISO week (its Monday) in `unit` (the user's). */
export type VolumeWeek = ResultOf<typeof fragments.VolumeWeekFields>;

/** The user record of the auth routes (spec 2.5). */
export type UserRecord = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: string;
  updatedAt: string;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: string | null;
  isAnonymous?: boolean | null;
  lastLoginMethod?: string | null;
};

export type AuthResult = { token: string; user: UserRecord };
export type SessionInfo = {
  session: { id: string; client: string; createdAt: string; lastActiveAt: string; userId: string };
  user: UserRecord;
};
