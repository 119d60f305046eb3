/**
 * The GraphQL operations the typed client functions send, one constant each, so other clients can
 * reuse them with `client.request(OPERATION, variables)`. Written against `schema.graphql`.
 */

const VIEWER_FIELDS = "id name email role unit effort createdAt";

export const VIEWER = /* GraphQL */ `query Viewer { viewer { ${VIEWER_FIELDS} } }`;

export const VIEWER_ID = /* GraphQL */ `query ViewerId { viewer { id } }`;

export const UPDATE_USER = /* GraphQL */ `
  mutation UpdateUser($id: UUID!, $patch: UserPatch!) {
    updateUserById(input: { id: $id, userPatch: $patch }) { user { ${VIEWER_FIELDS} } }
  }`;

export const LOG_BODYWEIGHT = /* GraphQL */ `
  mutation LogBodyweight($input: BodyweightInput!) {
    logBodyweight(input: $input) { id date weight unit }
  }`;

export const BODYWEIGHTS = /* GraphQL */ `
  query Bodyweights($first: Int) {
    viewer { bodyweightsByUserId(orderBy: [DATE_DESC], first: $first) { nodes { id date weight unit } } }
  }`;

export const ROUTINES = /* GraphQL */ `query Routines { viewer { routines { id name } } }`;

export const ROUTINE_DOCUMENT = /* GraphQL */ `
  query RoutineDocument($ref: String!, $unit: Unit) { routineDocument(ref: $ref, unit: $unit) }`;

export const APPLY_ROUTINE_DOCUMENT = /* GraphQL */ `
  mutation ApplyRoutineDocument($document: JSON) {
    applyRoutineDocument(input: { document: $document }) { routine { id name } document created }
  }`;

export const DELETE_ROUTINE = /* GraphQL */ `
  mutation DeleteRoutine($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id name } } }`;

export const WORKOUTS = /* GraphQL */ `
  query Workouts($limit: Int) { viewer { workouts(limit: $limit) { id date name } } }`;

export const WORKOUT = /* GraphQL */ `query Workout($id: UUID!) { workoutById(id: $id) { id date name } }`;

export const WORKOUT_DOCUMENT = /* GraphQL */ `
  query WorkoutDocument($id: String!, $unit: Unit) { workoutDocument(id: $id, unit: $unit) }`;

export const APPLY_WORKOUT_DOCUMENT = /* GraphQL */ `
  mutation ApplyWorkoutDocument($document: JSON, $idempotencyKey: UUID) {
    applyWorkoutDocument(input: { document: $document, idempotencyKey: $idempotencyKey }) { workout { id date name } document created replayed }
  }`;

export const DELETE_WORKOUT = /* GraphQL */ `
  mutation DeleteWorkout($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id date name } } }`;

export const SEARCH_EXERCISES = /* GraphQL */ `
  query SearchExercises($words: String!, $limit: Int) {
    searchExercises(words: $words, limit: $limit) { id name aliases equipment region kind }
  }`;

export const NEXT_WORKOUT = /* GraphQL */ `
  query NextWorkout($routine: String!, $date: String) { nextWorkout(routine: $routine, date: $date) }`;

const RECORD_FIELDS = "weight unit reps setWeight date workoutId";

export const EXERCISE_RECORDS = /* GraphQL */ `
  query ExerciseRecords($words: String!) {
    viewer { id }
    searchExercises(words: $words, limit: 1) {
      id name
      records {
        heaviest { ${RECORD_FIELDS} }
        bestE1rm { ${RECORD_FIELDS} }
        repsAtWeight { weight unit reps date workoutId }
      }
    }
  }`;

const API_KEY_FIELDS = "id name start access createdAt lastUsedAt expiresAt expired";

export const API_KEYS = /* GraphQL */ `query ApiKeys { viewer { apiKeys { ${API_KEY_FIELDS} } } }`;

export const CREATE_API_KEY = /* GraphQL */ `
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) { apiKey { ${API_KEY_FIELDS} } key }
  }`;

export const REVOKE_API_KEY = /* GraphQL */ `
  mutation RevokeApiKey($input: RevokeApiKeyInput!) { revokeApiKey(input: $input) { id } }`;

export const SESSIONS = /* GraphQL */ `
  query Sessions { viewer { sessions { id client createdAt lastActiveAt current } } }`;

export const SIGN_OUT_SESSION = /* GraphQL */ `
  mutation SignOutSession($input: SignOutSessionInput!) { signOutSession(input: $input) { id } }`;

export const SIGN_OUT_OTHER_SESSIONS = /* GraphQL */ `
  mutation SignOutOtherSessions { signOutOtherSessions(input: {}) { count } }`;

export const DELETE_BODYWEIGHT = /* GraphQL */ `
  mutation DeleteBodyweight($id: UUID!) { deleteBodyweightById(input: { id: $id }) { bodyweight { id date weight unit } } }`;

const EXERCISE_FIELDS = "id name custom equipment region kind muscles aliases createdAt";

/** One page (500) of the exercises the caller can use (the catalog and their own), by name. */
export const EXERCISES_PAGE = /* GraphQL */ `
  query ExercisesPage($after: Cursor) {
    allExercises(first: 500, after: $after, orderBy: [NAME_ASC, ID_ASC]) {
      nodes { ${EXERCISE_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }`;

/** One page (500) of the signed-in user's custom exercises, by name. */
export const CUSTOM_EXERCISES_PAGE = /* GraphQL */ `
  query CustomExercisesPage($after: Cursor) {
    viewer {
      customExercises(first: 500, after: $after) {
        nodes { ${EXERCISE_FIELDS} }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

export const CREATE_CUSTOM_EXERCISE = /* GraphQL */ `
  mutation CreateCustomExercise($input: CreateCustomExerciseInput!) {
    createCustomExercise(input: $input) { exercise { ${EXERCISE_FIELDS} } }
  }`;

export const UPDATE_CUSTOM_EXERCISE = /* GraphQL */ `
  mutation UpdateCustomExercise($input: UpdateCustomExerciseInput!) {
    updateCustomExercise(input: $input) { exercise { ${EXERCISE_FIELDS} } }
  }`;

export const DELETE_CUSTOM_EXERCISE = /* GraphQL */ `
  mutation DeleteCustomExercise($id: UUID!) {
    deleteCustomExercise(input: { id: $id }) { exercise { ${EXERCISE_FIELDS} } }
  }`;

/**
 * One page (20) of workouts with their exercises and sets, newest first (by date, then start): what
 * an export or a per-workout summary needs, in one request per page instead of one per workout.
 * The page size is what fits the per-request cost budget (each workout counts as 10 exercises of
 * 10 sets).
 */
export const WORKOUTS_WITH_SETS_PAGE = /* GraphQL */ `
  query WorkoutsWithSetsPage($after: Cursor) {
    viewer {
      workoutsByUserId(first: 20, after: $after, orderBy: [DATE_DESC, START_DESC, ID_DESC]) {
        nodes {
          id date start name unit routineId
          exercises {
            exercise { id name }
            sets { kind text weight reps done volumeKg volumeLb }
          }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

const ADMIN_USER_FIELDS = "id name email role banned banReason banExpires createdAt";

/** Admins only, with a session: a page (100) of users whose name or email contains the words, oldest first. */
export const ADMIN_USERS = /* GraphQL */ `
  query AdminUsers($search: String, $after: Cursor) {
    adminUsers(search: $search, first: 100, after: $after) {
      nodes { ${ADMIN_USER_FIELDS} }
      totalCount
      pageInfo { hasNextPage endCursor }
    }
  }`;


const LAST_SET_FIELDS = "id kind text weight bodyweight reps seconds effort done";

/**
 * What the caller did last time on each exercise (at most 100; names, aliases or ids, as in
 * documents): one entry per exercise asked, its sets in the latest workout where one was done.
 */
export const LAST_PERFORMANCE = /* GraphQL */ `
  query LastPerformance($exercises: [String], $exceptWorkoutId: UUID) {
    lastPerformance(exercises: $exercises, exceptWorkoutId: $exceptWorkoutId) {
      exercise exerciseId workoutId date unit sets { ${LAST_SET_FIELDS} }
    }
  }`;

const E1RM_SESSION_FIELDS = "workoutId date unit e1rm e1rmSetId e1rmSetWeight e1rmSetReps bestSetId bestSetWeight bestSetReps";
const VOLUME_WEEK_FIELDS = "week volume unit workSets workouts";

/** Per session on one exercise, oldest first: the best estimated 1RM and its set, and the heaviest set. */
export const E1RM_SERIES = /* GraphQL */ `
  query E1rmSeries($exerciseId: UUID!) {
    e1rmSeries(exerciseId: $exerciseId) { ${E1RM_SESSION_FIELDS} }
  }`;

/** Volume per ISO week in the caller's unit, oldest first: of one exercise, or overall without exerciseId. */
export const VOLUME_PER_WEEK = /* GraphQL */ `
  query VolumePerWeek($exerciseId: UUID) {
    weeklyVolume(exerciseId: $exerciseId) { ${VOLUME_WEEK_FIELDS} }
  }`;

/** An exercise's progress page in one request: its e1RM series and its weekly volume. */
export const EXERCISE_PROGRESS = /* GraphQL */ `
  query ExerciseProgress($exerciseId: UUID!) {
    e1rmSeries(exerciseId: $exerciseId) { ${E1RM_SESSION_FIELDS} }
    weeklyVolume(exerciseId: $exerciseId) { ${VOLUME_WEEK_FIELDS} }
  }`;
