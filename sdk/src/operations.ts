/**
 * The GraphQL operations the typed client functions send, one typed document each (gql.tada,
 * checked against `schema.graphql`), so other clients can reuse them: `client.request(OPERATION,
 * variables)` gives data typed from the schema; `print(OPERATION)` (from `graphql`) gives the text.
 */
import { graphql } from "./graphql.ts";
import {
  AdminUserFields,
  ApiKeyFields,
  ConnectedAppFields,
  BodyweightFields,
  MeasurementFields,
  MuscleWeekFields,
  ChangeFields,
  E1rmSessionFields,
  ExerciseFields,
  ExerciseRecordsFields,
  ExerciseResolutionFields,
  LastPerformanceFields,
  PageInfoFields,
  RoutineFields,
  SearchedExerciseFields,
  SessionFields,
  ViewerFields,
  VolumeWeekFields,
  WorkoutFields,
  WorkoutWithSetsFields,
} from "./fragments.ts";

/** Whether this client's credential may only read (a read-only key); null signed out. */
export const VIEWER_READ_ONLY = graphql(`
  query ViewerReadOnly {
    viewerReadOnly
  }
`);

export const VIEWER = graphql(
  `
    query Viewer {
      viewer {
        ...ViewerFields
      }
    }
  `,
  [ViewerFields],
);

export const VIEWER_ID = graphql(`
  query ViewerId {
    viewer {
      id
    }
  }
`);

export const UPDATE_USER = graphql(
  `
    mutation UpdateUser($id: UUID!, $patch: UserPatch!) {
      updateUserById(input: { id: $id, userPatch: $patch }) {
        user {
          ...ViewerFields
        }
      }
    }
  `,
  [ViewerFields],
);

export const LOG_BODYWEIGHT = graphql(
  `
    mutation LogBodyweight($input: BodyweightInput!) {
      logBodyweight(input: $input) {
        ...BodyweightFields
      }
    }
  `,
  [BodyweightFields],
);

export const BODYWEIGHTS = graphql(
  `
    query Bodyweights($first: Int) {
      viewer {
        bodyweightsByUserId(orderBy: [DATE_DESC], first: $first) {
          nodes {
            ...BodyweightFields
          }
        }
      }
    }
  `,
  [BodyweightFields],
);

export const LOG_MEASUREMENTS = graphql(
  `
    mutation LogMeasurements($input: LogMeasurementsInput!) {
      logMeasurements(input: $input) {
        measurement {
          ...MeasurementFields
        }
      }
    }
  `,
  [MeasurementFields],
);

export const MEASUREMENTS = graphql(
  `
    query Measurements($first: Int) {
      viewer {
        id
        measurementUnit
        measurementsByUserId(orderBy: [DATE_DESC], first: $first) {
          nodes {
            ...MeasurementFields
          }
        }
      }
    }
  `,
  [MeasurementFields],
);

export const DELETE_MEASUREMENT = graphql(
  `
    mutation DeleteMeasurement($id: UUID!) {
      deleteMeasurementById(input: { id: $id }) {
        measurement {
          ...MeasurementFields
        }
      }
    }
  `,
  [MeasurementFields],
);

export const WEEKLY_MUSCLE_SETS = graphql(
  `
    query WeeklyMuscleSets($weeks: Int, $until: String) {
      weeklyMuscleSets(weeks: $weeks, until: $until) {
        ...MuscleWeekFields
      }
    }
  `,
  [MuscleWeekFields],
);

export const ROUTINES = graphql(
  `
    query Routines {
      viewer {
        routines {
          ...RoutineFields
        }
      }
    }
  `,
  [RoutineFields],
);

export const ROUTINE_DOCUMENT = graphql(`
  query RoutineDocument($ref: String!, $unit: Unit) {
    routineDocument(ref: $ref, unit: $unit)
  }
`);

export const APPLY_ROUTINE_DOCUMENT = graphql(
  `
    mutation ApplyRoutineDocument($document: JSON) {
      applyRoutineDocument(input: { document: $document }) {
        routine {
          ...RoutineFields
        }
        document
        created
      }
    }
  `,
  [RoutineFields],
);

export const PROGRAM_LIBRARY = graphql(`
  query ProgramLibrary {
    programLibrary {
      slug
      name
      description
      inputKind
      inputs
      assistance
      days
    }
  }
`);

export const PROGRAM_START_PREVIEW = graphql(`
  query ProgramStartPreview($slug: String!, $unit: String, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
    programStartPreview(slug: $slug, unit: $unit, lifts: $lifts, fromHistory: $fromHistory) {
      lift
      role
      required
      weight
      unit
      source
      historyFrom
      historyTo
      historySets
      bestSet
      bestDate
      bestEstimate
      basis
    }
  }
`);

export const START_PROGRAM = graphql(
  `
    mutation StartProgram($slug: String!, $unit: String, $lifts: [ProgramLiftInput], $fromHistory: Boolean) {
      startProgram(input: { slug: $slug, unit: $unit, lifts: $lifts, fromHistory: $fromHistory }) {
        routines {
          ...RoutineFields
        }
      }
    }
  `,
  [RoutineFields],
);

export const DELETE_ROUTINE = graphql(
  `
    mutation DeleteRoutine($id: UUID!) {
      deleteRoutineById(input: { id: $id }) {
        routine {
          ...RoutineFields
        }
      }
    }
  `,
  [RoutineFields],
);

export const WORKOUTS = graphql(
  `
    query Workouts($limit: Int, $since: Date, $until: Date) {
      viewer {
        workouts(limit: $limit, since: $since, until: $until) {
          ...WorkoutFields
        }
      }
    }
  `,
  [WorkoutFields],
);

export const WORKOUT = graphql(
  `
    query Workout($id: UUID!) {
      workoutById(id: $id) {
        ...WorkoutFields
      }
    }
  `,
  [WorkoutFields],
);

/** The caller's workouts on one day (at most 20), earliest start first. */
export const WORKOUTS_ON_DATE = graphql(
  `
    query WorkoutsOnDate($date: Date!) {
      allWorkouts(condition: { date: $date }, orderBy: [START_ASC, ID_ASC], first: 20) {
        nodes {
          ...WorkoutFields
        }
      }
    }
  `,
  [WorkoutFields],
);

export const WORKOUT_DOCUMENT = graphql(`
  query WorkoutDocument($id: UUID!, $unit: Unit) {
    workoutDocument(id: $id, unit: $unit)
  }
`);

export const APPLY_WORKOUT_DOCUMENT = graphql(
  `
    mutation ApplyWorkoutDocument($document: JSON, $idempotencyKey: UUID) {
      applyWorkoutDocument(input: { document: $document, idempotencyKey: $idempotencyKey }) {
        workout {
          ...WorkoutFields
        }
        document
        created
        replayed
      }
    }
  `,
  [WorkoutFields],
);

export const DELETE_WORKOUT = graphql(
  `
    mutation DeleteWorkout($id: UUID!) {
      deleteWorkoutById(input: { id: $id }) {
        workout {
          ...WorkoutFields
        }
      }
    }
  `,
  [WorkoutFields],
);

export const SEARCH_EXERCISES = graphql(
  `
    query SearchExercises($words: String!, $limit: Int) {
      searchExercises(words: $words, limit: $limit) {
        ...SearchedExerciseFields
      }
    }
  `,
  [SearchedExerciseFields],
);

export const NEXT_WORKOUT = graphql(`
  query NextWorkout($routine: String!, $date: String) {
    nextWorkout(routine: $routine, date: $date)
  }
`);

export const NEXT_TARGETS = graphql(`
  query NextTargets($id: UUID!, $date: String) {
    routineById(id: $id) {
      nextTargets(date: $date) {
        position
        exercise
        rule
        weight
        unit
        reps
        seconds
        sessions
        explanation
        amrap
      }
    }
  }
`);

export const RESOLVE_EXERCISES = graphql(
  `
    query ResolveExercises($names: [String!]!) {
      resolveExercises(names: $names) {
        ...ExerciseResolutionFields
      }
    }
  `,
  [ExerciseResolutionFields],
);

export const EXERCISE_RECORDS = graphql(
  `
    query ExerciseRecords($words: String!) {
      viewer {
        id
      }
      resolveExercise(name: $words) {
        match
        exercise {
          id
          name
          records {
            ...ExerciseRecordsFields
          }
        }
        candidates {
          name
        }
      }
    }
  `,
  [ExerciseRecordsFields],
);

export const EXERCISE_DETAILS = graphql(
  `
    query ExerciseDetails($words: String!) {
      resolveExercise(name: $words) {
        match
        exercise {
          ...ExerciseFields
        }
        candidates {
          name
        }
      }
    }
  `,
  [ExerciseFields],
);

export const API_KEYS = graphql(
  `
    query ApiKeys {
      viewer {
        apiKeys {
          ...ApiKeyFields
        }
      }
    }
  `,
  [ApiKeyFields],
);

export const CREATE_API_KEY = graphql(
  `
    mutation CreateApiKey($input: CreateApiKeyInput!) {
      createApiKey(input: $input) {
        apiKey {
          ...ApiKeyFields
        }
        key
      }
    }
  `,
  [ApiKeyFields],
);

export const REVOKE_API_KEY = graphql(`
  mutation RevokeApiKey($input: RevokeApiKeyInput!) {
    revokeApiKey(input: $input) {
      id
    }
  }
`);

export const SESSIONS = graphql(
  `
    query Sessions {
      viewer {
        sessions {
          ...SessionFields
        }
      }
    }
  `,
  [SessionFields],
);

export const SIGN_OUT_SESSION = graphql(`
  mutation SignOutSession($input: SignOutSessionInput!) {
    signOutSession(input: $input) {
      id
    }
  }
`);

export const SIGN_OUT_OTHER_SESSIONS = graphql(`
  mutation SignOutOtherSessions {
    signOutOtherSessions(input: {}) {
      count
    }
  }
`);

export const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(input: { currentPassword: $currentPassword, newPassword: $newPassword }) {
      signedOutSessions
    }
  }
`);

export const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($password: String) {
    deleteAccount(input: { password: $password }) {
      id
    }
  }
`);

export const DELETE_BODYWEIGHT = graphql(
  `
    mutation DeleteBodyweight($id: UUID!) {
      deleteBodyweightById(input: { id: $id }) {
        bodyweight {
          ...BodyweightFields
        }
      }
    }
  `,
  [BodyweightFields],
);

/** One page (500) of the exercises the caller can use (the catalog and their own), by name. */
export const EXERCISES_PAGE = graphql(
  `
    query ExercisesPage($after: Cursor) {
      allExercises(first: 500, after: $after, orderBy: [NAME_ASC, ID_ASC]) {
        nodes {
          ...ExerciseFields
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [ExerciseFields, PageInfoFields],
);

/** One page (500) of the signed-in user's custom exercises, by name. */
export const CUSTOM_EXERCISES_PAGE = graphql(
  `
    query CustomExercisesPage($after: Cursor) {
      viewer {
        customExercises(first: 500, after: $after) {
          nodes {
            ...ExerciseFields
          }
          pageInfo {
            ...PageInfoFields
          }
        }
      }
    }
  `,
  [ExerciseFields, PageInfoFields],
);

export const CREATE_CUSTOM_EXERCISE = graphql(
  `
    mutation CreateCustomExercise($input: CreateCustomExerciseInput!) {
      createCustomExercise(input: $input) {
        exercise {
          ...ExerciseFields
        }
      }
    }
  `,
  [ExerciseFields],
);

export const UPDATE_CUSTOM_EXERCISE = graphql(
  `
    mutation UpdateCustomExercise($input: UpdateCustomExerciseInput!) {
      updateCustomExercise(input: $input) {
        exercise {
          ...ExerciseFields
        }
      }
    }
  `,
  [ExerciseFields],
);

export const DELETE_CUSTOM_EXERCISE = graphql(
  `
    mutation DeleteCustomExercise($id: UUID!) {
      deleteCustomExercise(input: { id: $id }) {
        exercise {
          ...ExerciseFields
        }
      }
    }
  `,
  [ExerciseFields],
);

/**
 * One page (20) of workouts with their exercises and sets, newest first (by date, then start): what
 * an export or a per-workout summary needs, in one request per page instead of one per workout.
 * The page size is what fits the per-request cost budget (each workout counts as 10 exercises of
 * 10 sets).
 */
export const WORKOUTS_WITH_SETS_PAGE = graphql(
  `
    query WorkoutsWithSetsPage($after: Cursor) {
      viewer {
        workoutsByUserId(first: 20, after: $after, orderBy: [DATE_DESC, START_DESC, ID_DESC]) {
          nodes {
            ...WorkoutWithSetsFields
          }
          pageInfo {
            ...PageInfoFields
          }
        }
      }
    }
  `,
  [WorkoutWithSetsFields, PageInfoFields],
);

/** Admins only, with a session: a page (100) of users whose name or email contains the words, oldest first. */
export const ADMIN_USERS = graphql(
  `
    query AdminUsers($search: String, $after: Cursor) {
      adminUsers(search: $search, first: 100, after: $after) {
        nodes {
          ...AdminUserFields
        }
        totalCount
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [AdminUserFields, PageInfoFields],
);

/**
 * What the caller did last time on each exercise (at most 100; names, aliases or ids, as in
 * documents): one entry per exercise asked, its sets in the latest workout where one was done.
 */
export const LAST_PERFORMANCE = graphql(
  `
    query LastPerformance($exercises: [String], $exceptWorkoutId: UUID) {
      lastPerformance(exercises: $exercises, exceptWorkoutId: $exceptWorkoutId) {
        ...LastPerformanceFields
      }
    }
  `,
  [LastPerformanceFields],
);

/** Per session on one exercise, oldest first: the best estimated 1RM and its set, and the heaviest set. */
export const E1RM_SERIES = graphql(
  `
    query E1rmSeries($exerciseId: UUID!) {
      e1rmSeries(exerciseId: $exerciseId) {
        ...E1rmSessionFields
      }
    }
  `,
  [E1rmSessionFields],
);

/** Volume per ISO week in the caller's unit, oldest first: of one exercise, or overall without exerciseId. */
export const VOLUME_PER_WEEK = graphql(
  `
    query VolumePerWeek($exerciseId: UUID) {
      weeklyVolume(exerciseId: $exerciseId) {
        ...VolumeWeekFields
      }
    }
  `,
  [VolumeWeekFields],
);

/** An exercise's progress page in one request: its e1RM series and its weekly volume. */
export const EXERCISE_PROGRESS = graphql(
  `
    query ExerciseProgress($exerciseId: UUID!) {
      e1rmSeries(exerciseId: $exerciseId) {
        ...E1rmSessionFields
      }
      weeklyVolume(exerciseId: $exerciseId) {
        ...VolumeWeekFields
      }
    }
  `,
  [E1rmSessionFields, VolumeWeekFields],
);

/** With a session: the apps (AI assistants through MCP) connected to the account. */
export const CONNECTED_APPS = graphql(
  `
    query ConnectedApps {
      viewer {
        connectedApps {
          ...ConnectedAppFields
        }
      }
    }
  `,
  [ConnectedAppFields],
);

/** With a session: ends a connected app's access at once. */
export const DISCONNECT_APP = graphql(`
  mutation DisconnectApp($id: UUID!) {
    disconnectApp(input: { id: $id }) {
      id
    }
  }
`);

/** Share links of routines (sdk/src/client/shares.ts). */
export const SHARE_ROUTINE = graphql(`
  mutation ShareRoutine($routine: String!, $showName: Boolean) {
    shareRoutine(input: { routine: $routine, showName: $showName }) {
      link {
        shareId
        token
      }
    }
  }
`);

export const ROUTINE_SHARES = graphql(`
  query RoutineShares {
    viewer {
      id
      routineSharesByUserId {
        nodes {
          id
          showName
          createdAt
          routine: routineByRoutineId {
            id
            name
          }
        }
      }
    }
  }
`);

export const REVOKE_ROUTINE_SHARE = graphql(`
  mutation RevokeRoutineShare($id: UUID!) {
    deleteRoutineShareById(input: { id: $id }) {
      routineShare {
        id
      }
    }
  }
`);

export const SHARED_ROUTINE = graphql(`
  query SharedRoutine($token: String!) {
    sharedRoutine(token: $token)
  }
`);

export const ADD_SHARED_ROUTINE = graphql(`
  mutation AddSharedRoutine($token: String!, $name: String) {
    addSharedRoutine(input: { token: $token, name: $name }) {
      routine {
        id
        name
      }
    }
  }
`);
/** The changes feed: what was created, updated or deleted after a cursor, in commit order. */
export const CHANGES = graphql(
  `
    query Changes($after: String, $first: Int) {
      changes(after: $after, first: $first) {
        changes {
          ...ChangeFields
        }
        endCursor
        hasNextPage
      }
    }
  `,
  [ChangeFields],
);

/** The change history of the last 90 days, newest first. */
export const HISTORY = graphql(
  `
    query History($before: String, $first: Int) {
      history(before: $before, first: $first) {
        changes {
          ...ChangeFields
        }
        endCursor
        hasNextPage
      }
    }
  `,
  [ChangeFields],
);

/** Undoes a change: the state before it restored, as a new change. */
export const UNDO_CHANGE = graphql(
  `
    mutation UndoChange($id: UUID!) {
      undoChange(input: { id: $id }) {
        change {
          ...ChangeFields
        }
      }
    }
  `,
  [ChangeFields],
);
