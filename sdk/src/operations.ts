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
  mutation ApplyWorkoutDocument($document: JSON) {
    applyWorkoutDocument(input: { document: $document }) { workout { id date name } document created }
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
