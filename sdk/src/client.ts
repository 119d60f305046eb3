/**
 * `createClient({ url, apiKey?, token? })`: a small typed client for the Training Log API. It talks
 * to `/api/graphql` and `/api/auth/*` with `fetch`, like any other client, and throws the typed
 * errors of `./errors.ts`.
 */
import {
  SvcError,
  NetworkError,
  RateLimitedError,
  ForbiddenError,
  NotFoundError,
  AmbiguousExerciseError,
  errorFromCode,
} from "./errors.ts";
import { enumUnit, operationText, rows, type ResultOf, type TadaDocumentNode } from "./graphql.ts";
import * as ops from "./operations.ts";
import type { PageInfoFields } from "./fragments.ts";
import { UUID_PATTERN } from "./documents/validate.ts";
import type {
  AdminUser,
  ApiKeyAccess,
  ApiKeyExpiry,
  AuthResult,
  Bodyweight,
  CreatedApiKey,
  CustomExerciseInput,
  EffortScale,
  ExerciseDetails,
  JsonObject,
  ProgramLift,
  ProgramTemplate,
  RoutineApplied,
  RoutineSummary,
  SessionInfo,
  Unit,
  User,
  UserRecord,
  WorkoutApplied,
  WorkoutSummary,
  WorkoutWithSets,
} from "./types.ts";

export type ClientOptions = {
  /** Base address of the instance, e.g. `https://log.example.com` (no `/api` suffix). */
  url: string;
  /** A personal API key (`svc_...`). */
  apiKey?: string;
  /** A session token from `auth.signIn` / `auth.signUp`. */
  token?: string;
  /** Sent as `x-client-name`: how this client appears in the owner's signed-in devices. */
  clientName?: string;
  /** Milliseconds before a request is abandoned with a `NetworkError`; default 30000. */
  timeoutMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * How many times a GraphQL request refused with `RATE_LIMITED` is sent again after waiting the
   * server's `Retry-After`; default 2. 0 throws `RateLimitedError` at once.
   */
  rateLimitRetries?: number;
  /** A `Retry-After` longer than this many seconds is not waited for (the error is thrown); default 60. */
  maxRetryWaitSeconds?: number;
  /** Called before each wait for `Retry-After` (e.g. to tell a user why nothing happens). */
  onRateLimitWait?: (info: { seconds: number; attempt: number }) => void;
};

/** A connection's page; the schema types its nodes as nullable. */
type Page<T> = { nodes: readonly (T | null)[]; pageInfo: ResultOf<typeof PageInfoFields> };

export type SvcClient = ReturnType<typeof createClient>;

type GraphQLBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

function describeFetchFailure(url: string, error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `The server at ${url} did not answer in time`;
  const code = e?.cause?.code;
  const why =
    code === "ECONNREFUSED"
      ? "connection refused"
      : code === "ENOTFOUND" || code === "EAI_AGAIN"
        ? "host not found"
        : code === "ECONNRESET"
          ? "connection reset"
          : code === "CERT_HAS_EXPIRED" || code?.startsWith("ERR_TLS") || code?.includes("CERT")
            ? "TLS certificate problem"
            : (code ?? e?.cause?.message ?? (error as Error)?.message ?? "unknown error");
  return `Could not reach the Training Log server at ${url} (${why})`;
}

function authError(status: number, body: unknown, retryAfterHeader: string | null): SvcError {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === "string" ? record.message : `The server answered HTTP ${status}`;
  const code = typeof record.code === "string" ? record.code : undefined;
  const options = { status, extensions: record, retryAfterHeader };
  if (status === 429) return errorFromCode(code ?? "RATE_LIMITED", message, options);
  if (status === 401) {
    return code === "INVALID_EMAIL_OR_PASSWORD"
      ? new SvcError(code, message, options)
      : new ForbiddenError(code ?? "UNAUTHORIZED", message, options);
  }
  if (status === 403) return new ForbiddenError(code ?? "FORBIDDEN", message, options);
  if (status === 404) return new NotFoundError(message, options);
  if (code) return errorFromCode(code, message, options);
  return new SvcError(status >= 500 ? "INTERNAL_ERROR" : "INVALID_INPUT", message, options);
}

type DocumentNode = TadaDocumentNode<unknown, unknown>;
/** No argument for an operation without variables; its variables otherwise. */
type VariablesArgument<Variables> =
  Variables extends Record<string, never> ? [variables?: Variables] : [variables: Variables];

const EMPTY_PAGE: Page<never> = { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };

/** A mutation's payload with the fields `keys` there (the schema types them as nullable). */
function present<T extends object, K extends keyof T>(
  payload: T | null,
  ...keys: K[]
): Omit<T, K> & { [P in K]-?: NonNullable<T[P]> } {
  if (!payload || keys.some((key) => payload[key] === null || payload[key] === undefined)) {
    throw new SvcError("BAD_RESPONSE", "The server's answer lacks what the mutation returns");
  }
  return payload as Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
}

/** The exercise of a custom exercise mutation's payload. */
function exercise(payload: { exercise: ExerciseDetails | null } | null): ExerciseDetails {
  if (!payload?.exercise) throw new NotFoundError("No such custom exercise");
  return payload.exercise;
}

/** Every node of a connection, following its cursor page by page. */
async function collect<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<T> = await fetchPage(after);
    out.push(...rows(page.nodes));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return out;
    after = page.pageInfo.endCursor;
  }
}

export function createClient(options: ClientOptions) {
  if (typeof options?.url !== "string" || !/^https?:\/\/[^/]/i.test(options.url)) {
    throw new SvcError("INVALID_INPUT", "url must be an http:// or https:// address");
  }
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const secret = options.apiKey ?? options.token;

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { "content-type": "application/json", accept: "application/json", ...extra };
    if (secret) h.authorization = `Bearer ${secret}`;
    if (options.clientName) h["x-client-name"] = options.clientName;
    return h;
  }

  async function send(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new NetworkError(base, describeFetchFailure(base, error), { cause: error });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new NetworkError(base, describeFetchFailure(base, error), { cause: error });
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new SvcError(
          "BAD_RESPONSE",
          `The server at ${base} did not answer like a Training Log server (HTTP ${res.status}, not JSON)`,
          { status: res.status },
        );
      }
    }
    return { status: res.status, body, retryAfter: res.headers.get("retry-after") };
  }

  const retries = Math.max(0, Math.floor(options.rateLimitRetries ?? 2));
  const maxWaitSeconds = options.maxRetryWaitSeconds ?? 60;

  /**
   * Runs any GraphQL operation: a typed document (see `operations`) gives data typed from the
   * schema; a query text gives `T`. Returns `data` or throws the first error as a typed error. A
   * key over its rate limit is answered before anything runs, so waiting `Retry-After` and sending
   * the same request again is safe, also for a mutation; at most `rateLimitRetries` times.
   */
  function request<Result, Variables>(
    document: TadaDocumentNode<Result, Variables>,
    ...rest: VariablesArgument<Variables>
  ): Promise<Result>;
  function request<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>;
  async function request(operation: string | DocumentNode, variables: unknown = {}): Promise<unknown> {
    const query = typeof operation === "string" ? operation : operationText(operation);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await requestOnce(query, variables ?? {});
      } catch (error) {
        const wait = error instanceof RateLimitedError && error.code === "RATE_LIMITED" ? error.retryAfter : Infinity;
        if (attempt > retries || wait > maxWaitSeconds) throw error;
        options.onRateLimitWait?.({ seconds: wait, attempt });
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  }

  async function requestOnce(query: string, variables: unknown): Promise<unknown> {
    const { status, body, retryAfter } = await send("/api/graphql", {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ query, variables }),
    });
    const result = (body ?? {}) as GraphQLBody;
    const first = Array.isArray(result.errors) ? result.errors[0] : undefined;
    if (first) {
      const extensions = first.extensions ?? {};
      const code =
        typeof extensions.code === "string" ? extensions.code : status === 429 ? "RATE_LIMITED" : "GRAPHQL_ERROR";
      throw errorFromCode(code, first.message ?? "Request failed", {
        status,
        extensions,
        retryAfterHeader: retryAfter,
      });
    }
    if (status === 429) throw new RateLimitedError("Too many requests", Number(retryAfter) || 60, { status });
    if (status < 200 || status >= 300 || !result.data || typeof result.data !== "object") {
      throw new SvcError(
        "BAD_RESPONSE",
        `The server at ${base} did not answer like a Training Log server (HTTP ${status}, no GraphQL data)`,
        { status },
      );
    }
    return result.data;
  }

  async function auth<T>(
    path: string,
    payload?: Record<string, unknown>,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const { status, body, retryAfter } = await send(
      `/api/auth${path}`,
      payload === undefined
        ? { method: "GET", headers: headers(extraHeaders) }
        : { method: "POST", headers: headers(extraHeaders), body: JSON.stringify(payload) },
    );
    if (status < 200 || status >= 300) throw authError(status, body, retryAfter);
    return body as T;
  }

  async function viewerId(): Promise<string> {
    const { viewer } = await request(ops.VIEWER_ID);
    if (!viewer) throw new ForbiddenError("FORBIDDEN", "Not signed in");
    return viewer.id;
  }

  function signedIn<T>(viewer: T | null): T {
    if (!viewer) throw new ForbiddenError("FORBIDDEN", "Not signed in");
    return viewer;
  }

  return {
    /** The instance address this client talks to. */
    url: base,
    request,

    /** `/api/auth/*`: sessions by email and password. */
    auth: {
      signUp: (input: { name: string; email: string; password: string }) => auth<AuthResult>("/sign-up/email", input),
      signIn: (input: { email: string; password: string }) => auth<AuthResult>("/sign-in/email", input),
      /** Ends the session of this client's token on the server. */
      signOut: () => auth<{ success: boolean }>("/sign-out", {}),
      /** The current session and user, or null when signed out (API keys have no session). */
      getSession: () => auth<SessionInfo | null>("/get-session"),
    },

    /** The signed-in user, or null when signed out or with a revoked, expired or unknown key. */
    async viewer() {
      return (await request(ops.VIEWER)).viewer;
    },

    /** Whether this client's credential may only read (a read-only API key): every save is refused. Null signed out. */
    async readOnly() {
      return (await request(ops.VIEWER_READ_ONLY)).viewerReadOnly;
    },

    /** Changes the signed-in user's default unit and effort scale. */
    async updateSettings(patch: { unit?: Unit; effort?: EffortScale; name?: string }): Promise<User> {
      const id = await viewerId();
      const updated = (await request(ops.UPDATE_USER, { id, patch })).updateUserById?.user;
      if (!updated) throw new NotFoundError("No such user");
      return updated;
    },

    async logBodyweight(input: { date: string; weight: number; unit?: Unit }): Promise<Bodyweight> {
      const logged = (
        await request(ops.LOG_BODYWEIGHT, {
          input: { date: input.date, weight: input.weight, unit: enumUnit(input.unit) },
        })
      ).logBodyweight;
      if (!logged) throw new SvcError("BAD_RESPONSE", "logBodyweight returned nothing");
      return logged;
    },

    /** Bodyweights, newest first. */
    async bodyweights(options: { limit?: number } = {}) {
      const data = await request(ops.BODYWEIGHTS, { first: options.limit ?? null });
      return rows(signedIn(data.viewer).bodyweightsByUserId.nodes);
    },

    async routines() {
      return signedIn((await request(ops.ROUTINES)).viewer).routines;
    },

    /** A routine as a document, by id or name; null when there is none. */
    async routineDocument(ref: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request(ops.ROUTINE_DOCUMENT, { ref, unit: enumUnit(options.unit) ?? null });
      return data.routineDocument as JsonObject | null;
    },

    /**
     * The next workout of a routine (by id or name, any case) for a date (YYYY-MM-DD, default today
     * on the server) as a workout document with every set planned; null when there is no such routine.
     */
    async nextWorkout(routine: string, options: { date?: string } = {}): Promise<JsonObject | null> {
      const data = await request(ops.NEXT_WORKOUT, { routine, date: options.date ?? null });
      return data.nextWorkout as JsonObject | null;
    },

    /**
     * The targets of a routine's next workout (by routine id) for a date, one per exercise in the
     * plan's order, each with the explanation of how your history led to it (never part of the
     * plan's notes); null when there is no such routine.
     */
    async nextTargets(routineId: string, options: { date?: string } = {}) {
      const data = await request(ops.NEXT_TARGETS, { id: routineId, date: options.date ?? null });
      return data.routineById?.nextTargets ?? null;
    },

    /** Creates (no `id`) or replaces (with `id`) a routine from a document. */
    async applyRoutineDocument(document: unknown): Promise<RoutineApplied> {
      return present(
        (await request(ops.APPLY_ROUTINE_DOCUMENT, { document })).applyRoutineDocument,
        "routine",
        "document",
      ) as RoutineApplied;
    },

    /**
     * The built-in programs (GZCLP, 5/3/1, Starting Strength, ...), in the library's order: slug,
     * name, description, days (routine documents) and the lifts each needs a weight for (`inputKind`
     * says whether that is a training max or a first work weight).
     */
    async programLibrary(): Promise<ProgramTemplate[]> {
      return rows((await request(ops.PROGRAM_LIBRARY)).programLibrary).map((t) => ({
        ...t,
        inputs: rows(t.inputs),
        days: t.days as JsonObject[],
      }));
    },

    /**
     * Starts a built-in program by slug: its days become your routines (one transaction), returned in
     * day order. `lifts` gives weights in `unit` (default yours); `fromHistory` takes every other lift
     * from 90 % of its best estimated 1RM of the last 12 weeks. A lift left without a weight throws
     * `MISSING_INPUT` (`extensions.lifts` names them) and saves nothing; starting again makes a copy.
     */
    async startProgram(
      slug: string,
      options: { unit?: Unit; lifts?: ProgramLift[]; fromHistory?: boolean } = {},
    ): Promise<RoutineSummary[]> {
      const started = await request(ops.START_PROGRAM, {
        slug,
        unit: options.unit ?? null,
        lifts: options.lifts ?? null,
        fromHistory: options.fromHistory ?? false,
      });
      if (!started.startProgram) throw new SvcError("BAD_RESPONSE", "startProgram returned nothing");
      return rows(started.startProgram.routines);
    },

    async deleteRoutine(id: string): Promise<RoutineSummary> {
      const routine = (await request(ops.DELETE_ROUTINE, { id })).deleteRoutineById?.routine;
      if (!routine) throw new NotFoundError("No such routine");
      return routine;
    },

    /** Workouts, newest first; limit 1 to 1000 (default 50). */
    async workouts(options: { limit?: number } = {}) {
      const data = await request(ops.WORKOUTS, { limit: options.limit ?? null });
      return signedIn(data.viewer).workouts;
    },

    /** One of the user's workouts; null when there is none with this id. */
    async workout(id: string) {
      return (await request(ops.WORKOUT, { id })).workoutById;
    },

    /** A workout as a document; null when there is none. */
    async workoutDocument(id: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request(ops.WORKOUT_DOCUMENT, { id, unit: enumUnit(options.unit) ?? null });
      return data.workoutDocument as JsonObject | null;
    },

    /**
     * Logs (no `id`) or replaces (with `id`) a workout from a document. `idempotencyKey`: a UUID made
     * once per workout (`crypto.randomUUID()` when it starts) and sent with every save of it, so a
     * retry after a lost answer returns the workout already saved (`replayed: true`) instead of
     * logging it twice; the same key with another document is a `CONFLICT` (replace by `id`).
     */
    async applyWorkoutDocument(document: unknown, options: { idempotencyKey?: string } = {}): Promise<WorkoutApplied> {
      const variables = { document, idempotencyKey: options.idempotencyKey ?? null };
      return present(
        (await request(ops.APPLY_WORKOUT_DOCUMENT, variables)).applyWorkoutDocument,
        "workout",
        "document",
      ) as WorkoutApplied;
    },

    async deleteWorkout(id: string): Promise<WorkoutSummary> {
      const workout = (await request(ops.DELETE_WORKOUT, { id })).deleteWorkoutById?.workout;
      if (!workout) throw new NotFoundError("No such workout");
      return workout;
    },

    /** Exercises matching some words, best first (catalog and the user's own). */
    async searchExercises(words: string, options: { limit?: number } = {}) {
      return (await request(ops.SEARCH_EXERCISES, { words, limit: options.limit ?? null })).searchExercises;
    },

    /**
     * How each typed exercise name resolves (at most 100 names, in order), as documents read them:
     * `match` is `id`, `name`, `alias`, `words` (abbreviations, plurals, word order), `typo`,
     * `ambiguous` (several fit: `candidates`, likeliest first) or `none` (`candidates`: the closest).
     */
    async resolveExercises(names: string[]) {
      return (await request(ops.RESOLVE_EXERCISES, { names })).resolveExercises;
    },

    /**
     * The exercise some words mean (the resolver of documents), with the signed-in user's records on
     * it; null when none. Words that fit several exercises throw `AmbiguousExerciseError` with the
     * choices. Records are personal, so signed out (anonymous) it throws `ForbiddenError`.
     */
    async exerciseRecords(words: string) {
      const data = await request(ops.EXERCISE_RECORDS, { words });
      signedIn(data.viewer);
      const { match, exercise, candidates } = data.resolveExercise;
      if (match === "ambiguous")
        throw new AmbiguousExerciseError(
          words,
          candidates.map((c) => c.name),
        );
      return exercise ?? null;
    },

    /** The signed-in user's API keys (needs a session, not a key). */
    async apiKeys() {
      return signedIn((await request(ops.API_KEYS)).viewer).apiKeys;
    },

    /** Creates an API key; `key` is the full value, shown only this once. */
    async createApiKey(input: { name: string; access: ApiKeyAccess; expiresIn: ApiKeyExpiry }): Promise<CreatedApiKey> {
      return present((await request(ops.CREATE_API_KEY, { input })).createApiKey, "apiKey");
    },

    async revokeApiKey(id: string): Promise<void> {
      await request(ops.REVOKE_API_KEY, { input: { id } });
    },

    /** Signed-in devices (sessions) of the user (needs a session, not a key). */
    async sessions() {
      return signedIn((await request(ops.SESSIONS)).viewer).sessions;
    },

    async signOutSession(id: string): Promise<void> {
      await request(ops.SIGN_OUT_SESSION, { input: { id } });
    },

    /** Apps (AI assistants through MCP) connected to the account (needs a session, not a key). */
    async connectedApps() {
      return signedIn((await request(ops.CONNECTED_APPS)).viewer).connectedApps;
    },

    /** Ends a connected app's access at once; returns its connection's id. */
    async disconnectApp(id: string): Promise<string> {
      const disconnected = (await request(ops.DISCONNECT_APP, { id })).disconnectApp;
      if (!disconnected) throw new NotFoundError("No such connected app");
      return disconnected.id;
    },

    /** Ends every other session of the user; returns how many ended. */
    async signOutOtherSessions(): Promise<number> {
      return (await request(ops.SIGN_OUT_OTHER_SESSIONS)).signOutOtherSessions?.count ?? 0;
    },

    /** Deletes one of the user's bodyweights; `NotFoundError` when there is none with this id. */
    async deleteBodyweight(id: string): Promise<Bodyweight> {
      const deleted = (await request(ops.DELETE_BODYWEIGHT, { id })).deleteBodyweightById?.bodyweight;
      if (!deleted) throw new NotFoundError("No such bodyweight");
      return deleted;
    },

    /** Every exercise the user can use (the catalog and their own), by name; paged under the hood. */
    async exercises(): Promise<ExerciseDetails[]> {
      return collect(async (after) => (await request(ops.EXERCISES_PAGE, { after })).allExercises ?? EMPTY_PAGE);
    },

    /** The signed-in user's custom exercises, by name. */
    async customExercises(): Promise<ExerciseDetails[]> {
      return collect(
        async (after) => signedIn((await request(ops.CUSTOM_EXERCISES_PAGE, { after })).viewer).customExercises,
      );
    },

    /** Adds a custom exercise (`CONFLICT` when the user has one of that name). */
    async createCustomExercise(input: CustomExerciseInput): Promise<ExerciseDetails> {
      return exercise((await request(ops.CREATE_CUSTOM_EXERCISE, { input })).createCustomExercise);
    },

    /** Renames or changes a custom exercise; fields left out stay as they are. */
    async updateCustomExercise(id: string, patch: Partial<CustomExerciseInput>): Promise<ExerciseDetails> {
      return exercise((await request(ops.UPDATE_CUSTOM_EXERCISE, { input: { id, ...patch } })).updateCustomExercise);
    },

    /** Deletes a custom exercise (`CONFLICT` while a routine or workout uses it). */
    async deleteCustomExercise(id: string): Promise<ExerciseDetails> {
      return exercise((await request(ops.DELETE_CUSTOM_EXERCISE, { id })).deleteCustomExercise);
    },

    /**
     * Pages of workouts with their exercises and sets, newest first: one request per 20 workouts
     * (what fits the server's per-request cost budget).
     */
    async *workoutPages(): AsyncGenerator<WorkoutWithSets[]> {
      let after: string | null = null;
      for (;;) {
        const data: ResultOf<typeof ops.WORKOUTS_WITH_SETS_PAGE> = await request(ops.WORKOUTS_WITH_SETS_PAGE, {
          after,
        });
        const page: Page<WorkoutWithSets> = signedIn(data.viewer).workoutsByUserId;
        const workouts = rows(page.nodes);
        if (workouts.length) yield workouts;
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
        after = page.pageInfo.endCursor;
      }
    },

    /**
     * Workouts with their sets, newest first, through every page (or down to `since`, a date
     * YYYY-MM-DD, or at most `limit` workouts). A long history takes several requests; a key over
     * its rate limit waits `Retry-After` between them (see `rateLimitRetries`).
     */
    async workoutsWithSets(listOptions: { since?: string; limit?: number } = {}): Promise<WorkoutWithSets[]> {
      const out: WorkoutWithSets[] = [];
      const limit = listOptions.limit ?? Infinity;
      for await (const page of this.workoutPages()) {
        for (const workout of page) {
          if (listOptions.since !== undefined && workout.date < listOptions.since) return out;
          out.push(workout);
          if (out.length >= limit) return out;
        }
      }
      return out;
    },

    /**
     * What the user did last time on each exercise (at most 100; each a name, alias, custom name or
     * id, as in documents): one entry per exercise, in the order asked, with its sets (as logged, in
     * that workout's unit) in the latest workout where one was done; no workout and no sets for an
     * exercise never done. `exceptWorkoutId` leaves out one workout (the one being logged, once saved).
     */
    async lastPerformance(exercises: string[], options: { exceptWorkoutId?: string } = {}) {
      const data = await request(ops.LAST_PERFORMANCE, { exercises, exceptWorkoutId: options.exceptWorkoutId ?? null });
      return rows(data.lastPerformance);
    },

    /** Per session on one exercise (oldest first): the best estimated 1RM and its set, and the heaviest set; weights in the user's unit. */
    async e1rmSeries(exerciseId: string) {
      return rows((await request(ops.E1RM_SERIES, { exerciseId })).e1rmSeries);
    },

    /** Volume per ISO week (Monday) in the user's unit, oldest first: of one exercise, or overall. */
    async volumePerWeek(options: { exerciseId?: string } = {}) {
      return rows((await request(ops.VOLUME_PER_WEEK, { exerciseId: options.exerciseId ?? null })).weeklyVolume);
    },

    /**
     * An exercise's progress page: its e1RM series and its weekly volume. The exercise is its id, or
     * a name as documents take it (`"Bench Press"`, an alias, `"bench"`): a name that fits several
     * throws `AmbiguousExerciseError`, one that fits none `NotFoundError`.
     */
    async exerciseProgress(exercise: string) {
      let exerciseId = exercise;
      if (!new RegExp(UUID_PATTERN).test(exercise)) {
        const [{ match, exercise: found, candidates }] = (await request(ops.RESOLVE_EXERCISES, { names: [exercise] }))
          .resolveExercises;
        if (match === "ambiguous")
          throw new AmbiguousExerciseError(
            exercise,
            candidates.map((c) => c.name),
          );
        if (!found) throw new NotFoundError(`No exercise matches ${JSON.stringify(exercise)}`);
        exerciseId = found.id;
      }
      const { e1rmSeries, weeklyVolume } = await request(ops.EXERCISE_PROGRESS, { exerciseId });
      return { e1rmSeries: rows(e1rmSeries), weeklyVolume: rows(weeklyVolume) };
    },

    /** Admin tools (`/api/auth/admin/*`); they need an admin's session token. */
    admin: {
      /** Users whose name or email contains `search` (all without it), oldest first; every page. */
      users: (search?: string): Promise<AdminUser[]> =>
        collect(
          async (after) =>
            (await request(ops.ADMIN_USERS, { search: search?.trim() || null, after })).adminUsers ?? EMPTY_PAGE,
        ),
      /** Bans a user; `banExpiresIn` in seconds (omit for a ban without end). */
      banUser: (input: { userId: string; banReason?: string; banExpiresIn?: number }) =>
        auth<{ user: UserRecord }>("/admin/ban-user", input),
      unbanUser: (input: { userId: string }) => auth<{ user: UserRecord }>("/admin/unban-user", input),
    },
  };
}
