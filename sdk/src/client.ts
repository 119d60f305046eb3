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
  errorFromCode,
} from "./errors.ts";
import * as ops from "./operations.ts";

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

export type Unit = "kg" | "lb";
export type EffortScale = "rpe" | "rir";
export type JsonObject = Record<string, unknown>;

export type User = {
  id: string;
  name: string;
  email: string;
  role: string;
  unit: Unit;
  effort: EffortScale;
  createdAt: string;
};

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

export type Bodyweight = { id: string; date: string; weight: number; unit: Unit };
export type RoutineSummary = { id: string; name: string };
export type WorkoutSummary = { id: string; date: string; name: string | null };
export type Exercise = {
  id: string;
  name: string;
  aliases: string[];
  equipment: string;
  region: string;
  kind: string;
};
/** One record set (the heaviest, or the best estimated one-rep max), in the user's unit. */
export type ExerciseRecord = {
  /** The heaviest weight, or the estimated one-rep max (Epley: w * (1 + r/30)), 2 decimals. */
  weight: number;
  unit: Unit;
  reps: number;
  /** The weight of the set that holds the record. */
  setWeight: number;
  date: string;
  workoutId: string;
};
/** The most reps done at one weight. */
export type ExerciseRepsRecord = { weight: number; unit: Unit; reps: number; date: string; workoutId: string };
export type ExerciseRecords = {
  heaviest: ExerciseRecord | null;
  bestE1rm: ExerciseRecord | null;
  /** Lightest weight first. */
  repsAtWeight: ExerciseRepsRecord[];
};
export type ApplyResult<K extends string, T> = { [P in K]: T } & { document: JsonObject; created: boolean };
export type ApiKeyAccess = "READ_ONLY" | "READ_WRITE";
export type ApiKeyExpiry = "DAYS_30" | "DAYS_90" | "YEAR_1" | "NEVER";
export type ApiKey = {
  id: string;
  name: string;
  start: string;
  access: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  expired: boolean;
};
export type Session = { id: string; client: string; createdAt: string; lastActiveAt: string; current: boolean | null };
/** An exercise with what `svc exercise list` shows; `custom` marks the user's own. */
export type ExerciseDetails = Exercise & { custom: boolean; muscles: string[]; createdAt: string };
export type CustomExerciseInput = { name: string; equipment?: string; muscles?: string[]; region?: string; kind?: string };
/** A workout with its exercises and sets, as `workoutsWithSets` reads them. */
export type WorkoutWithSets = {
  id: string;
  date: string;
  start: string;
  name: string | null;
  unit: Unit;
  routineId: string | null;
  exercises: {
    exercise: { id: string; name: string };
    sets: { kind: string; text: string; weight: number | null; reps: number | null; done: boolean; volumeKg: number; volumeLb: number }[];
  }[];
};
/** A user as an admin sees them (`adminUsers`). */
export type AdminUser = {
  id: string;
  name: string;
  email: string;
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  createdAt: string;
};
/** One set as `lastPerformance` returns it: as logged, weight in the workout's unit. */
export type LastPerformanceSet = {
  id: string;
  kind: "work" | "warmup" | "drop" | "burst";
  text: string;
  weight: number | null;
  bodyweight: boolean;
  reps: number | null;
  seconds: number | null;
  effort: number | null;
  done: boolean;
};
/** One exercise asked for: its sets in the latest workout where one was done (nulls and no sets when never done). */
export type LastPerformance = {
  /** The reference as asked. */
  exercise: string;
  /** The exercise it names; null when it names none. */
  exerciseId: string | null;
  workoutId: string | null;
  date: string | null;
  /** The unit of the sets' weights (that workout's). */
  unit: Unit | null;
  sets: LastPerformanceSet[];
};
/** One session of an exercise: the best estimated 1RM (null without a set of 1 to 12 reps) and its set, and the heaviest set; weights in `unit` (the user's). */
export type E1rmSession = {
  workoutId: string;
  date: string;
  unit: Unit;
  e1rm: number | null;
  e1rmSetId: string | null;
  e1rmSetWeight: number | null;
  e1rmSetReps: number | null;
  bestSetId: string;
  bestSetWeight: number;
  bestSetReps: number;
};
/** Volume of one ISO week (its Monday) in `unit` (the user's). */
export type VolumeWeek = { week: string; volume: number; unit: Unit; workSets: number; workouts: number };
type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export type SvcClient = ReturnType<typeof createClient>;

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

function describeFetchFailure(url: string, error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `The server at ${url} did not answer in time`;
  const code = e?.cause?.code;
  const why =
    code === "ECONNREFUSED" ? "connection refused"
      : code === "ENOTFOUND" || code === "EAI_AGAIN" ? "host not found"
        : code === "ECONNRESET" ? "connection reset"
          : code === "CERT_HAS_EXPIRED" || code?.startsWith("ERR_TLS") || code?.includes("CERT") ? "TLS certificate problem"
            : code ?? e?.cause?.message ?? (error as Error)?.message ?? "unknown error";
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

/** Every node of a connection, following its cursor page by page. */
async function collect<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchPage(after);
    out.push(...page.nodes);
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

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
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
   * Runs any GraphQL operation; returns `data` or throws the first error as a typed error. A key
   * over its rate limit is answered before anything runs, so waiting `Retry-After` and sending the
   * same request again is safe, also for a mutation; at most `rateLimitRetries` times.
   */
  async function request<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await requestOnce<T>(query, variables);
      } catch (error) {
        const wait = error instanceof RateLimitedError && error.code === "RATE_LIMITED" ? error.retryAfter : Infinity;
        if (attempt > retries || wait > maxWaitSeconds) throw error;
        options.onRateLimitWait?.({ seconds: wait, attempt });
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  }

  async function requestOnce<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const { status, body, retryAfter } = await send("/api/graphql", {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ query, variables }),
    });
    const result = (body ?? {}) as GraphQLBody;
    const first = Array.isArray(result.errors) ? result.errors[0] : undefined;
    if (first) {
      const extensions = first.extensions ?? {};
      const code = typeof extensions.code === "string" ? extensions.code : status === 429 ? "RATE_LIMITED" : "GRAPHQL_ERROR";
      throw errorFromCode(code, first.message ?? "Request failed", { status, extensions, retryAfterHeader: retryAfter });
    }
    if (status === 429) throw new RateLimitedError("Too many requests", Number(retryAfter) || 60, { status });
    if (status < 200 || status >= 300 || !result.data || typeof result.data !== "object") {
      throw new SvcError("BAD_RESPONSE", `The server at ${base} did not answer like a Training Log server (HTTP ${status}, no GraphQL data)`, { status });
    }
    return result.data as T;
  }

  async function auth<T>(path: string, payload?: Record<string, unknown>, extraHeaders?: Record<string, string>): Promise<T> {
    const { status, body, retryAfter } = await send(`/api/auth${path}`, payload === undefined
      ? { method: "GET", headers: headers(extraHeaders) }
      : { method: "POST", headers: headers(extraHeaders), body: JSON.stringify(payload) });
    if (status < 200 || status >= 300) throw authError(status, body, retryAfter);
    return body as T;
  }

  async function viewerId(): Promise<string> {
    const { viewer } = await request<{ viewer: { id: string } | null }>(ops.VIEWER_ID);
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
    async viewer(): Promise<User | null> {
      return (await request<{ viewer: User | null }>(ops.VIEWER)).viewer;
    },

    /** Changes the signed-in user's default unit and effort scale. */
    async updateSettings(patch: { unit?: Unit; effort?: EffortScale; name?: string }): Promise<User> {
      const id = await viewerId();
      const data = await request<{ updateUserById: { user: User } }>(ops.UPDATE_USER, { id, patch });
      return data.updateUserById.user;
    },

    async logBodyweight(input: { date: string; weight: number; unit?: Unit }): Promise<Bodyweight> {
      const variables = { input: { date: input.date, weight: input.weight, ...(input.unit ? { unit: input.unit.toUpperCase() } : {}) } };
      return (await request<{ logBodyweight: Bodyweight }>(ops.LOG_BODYWEIGHT, variables)).logBodyweight;
    },

    /** Bodyweights, newest first. */
    async bodyweights(options: { limit?: number } = {}): Promise<Bodyweight[]> {
      const data = await request<{ viewer: { bodyweightsByUserId: { nodes: Bodyweight[] } } | null }>(ops.BODYWEIGHTS, { first: options.limit ?? null });
      return signedIn(data.viewer).bodyweightsByUserId.nodes;
    },

    async routines(): Promise<RoutineSummary[]> {
      return signedIn((await request<{ viewer: { routines: RoutineSummary[] } | null }>(ops.ROUTINES)).viewer).routines;
    },

    /** A routine as a document, by id or name; null when there is none. */
    async routineDocument(ref: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request<{ routineDocument: JsonObject | null }>(ops.ROUTINE_DOCUMENT, { ref, unit: options.unit?.toUpperCase() ?? null });
      return data.routineDocument;
    },

    /**
     * The next workout of a routine (by id or name, any case) for a date (YYYY-MM-DD, default today
     * on the server) as a workout document with every set planned; null when there is no such routine.
     */
    async nextWorkout(routine: string, options: { date?: string } = {}): Promise<JsonObject | null> {
      const data = await request<{ nextWorkout: JsonObject | null }>(ops.NEXT_WORKOUT, { routine, date: options.date ?? null });
      return data.nextWorkout;
    },

    /** Creates (no `id`) or replaces (with `id`) a routine from a document. */
    async applyRoutineDocument(document: unknown): Promise<ApplyResult<"routine", RoutineSummary>> {
      return (await request<{ applyRoutineDocument: ApplyResult<"routine", RoutineSummary> }>(ops.APPLY_ROUTINE_DOCUMENT, { document })).applyRoutineDocument;
    },

    async deleteRoutine(id: string): Promise<RoutineSummary> {
      const data = await request<{ deleteRoutineById: { routine: RoutineSummary | null } | null }>(ops.DELETE_ROUTINE, { id });
      const routine = data.deleteRoutineById?.routine;
      if (!routine) throw new NotFoundError("No such routine");
      return routine;
    },

    /** Workouts, newest first; limit 1 to 1000 (default 50). */
    async workouts(options: { limit?: number } = {}): Promise<WorkoutSummary[]> {
      const data = await request<{ viewer: { workouts: WorkoutSummary[] } | null }>(ops.WORKOUTS, { limit: options.limit ?? null });
      return signedIn(data.viewer).workouts;
    },

    /** One of the user's workouts; null when there is none with this id. */
    async workout(id: string): Promise<WorkoutSummary | null> {
      return (await request<{ workoutById: WorkoutSummary | null }>(ops.WORKOUT, { id })).workoutById;
    },

    /** A workout as a document; null when there is none. */
    async workoutDocument(id: string, options: { unit?: Unit } = {}): Promise<JsonObject | null> {
      const data = await request<{ workoutDocument: JsonObject | null }>(ops.WORKOUT_DOCUMENT, { id, unit: options.unit?.toUpperCase() ?? null });
      return data.workoutDocument;
    },

    /**
     * Logs (no `id`) or replaces (with `id`) a workout from a document. `idempotencyKey`: a UUID made
     * once per workout (`crypto.randomUUID()` when it starts) and sent with every save of it, so a
     * retry after a lost answer returns the workout already saved (`replayed: true`) instead of
     * logging it twice; the same key with another document is a `CONFLICT` (replace by `id`).
     */
    async applyWorkoutDocument(document: unknown, options: { idempotencyKey?: string } = {}): Promise<ApplyResult<"workout", WorkoutSummary> & { replayed: boolean }> {
      const variables = { document, idempotencyKey: options.idempotencyKey ?? null };
      return (await request<{ applyWorkoutDocument: ApplyResult<"workout", WorkoutSummary> & { replayed: boolean } }>(ops.APPLY_WORKOUT_DOCUMENT, variables)).applyWorkoutDocument;
    },

    async deleteWorkout(id: string): Promise<WorkoutSummary> {
      const data = await request<{ deleteWorkoutById: { workout: WorkoutSummary | null } | null }>(ops.DELETE_WORKOUT, { id });
      const workout = data.deleteWorkoutById?.workout;
      if (!workout) throw new NotFoundError("No such workout");
      return workout;
    },

    /** Exercises matching some words, best first (catalog and the user's own). */
    async searchExercises(words: string, options: { limit?: number } = {}): Promise<Exercise[]> {
      return (await request<{ searchExercises: Exercise[] }>(ops.SEARCH_EXERCISES, { words, limit: options.limit ?? null })).searchExercises;
    },

    /**
     * The exercise that best matches some words, with the signed-in user's records on it; null when
     * none matches. Records are personal, so signed out (anonymous) it throws `ForbiddenError`.
     */
    async exerciseRecords(words: string): Promise<{ id: string; name: string; records: ExerciseRecords } | null> {
      const data = await request<{ viewer: { id: string } | null; searchExercises: { id: string; name: string; records: ExerciseRecords }[] }>(ops.EXERCISE_RECORDS, { words });
      signedIn(data.viewer);
      return data.searchExercises[0] ?? null;
    },

    /** The signed-in user's API keys (needs a session, not a key). */
    async apiKeys(): Promise<ApiKey[]> {
      return signedIn((await request<{ viewer: { apiKeys: ApiKey[] } | null }>(ops.API_KEYS)).viewer).apiKeys;
    },

    /** Creates an API key; `key` is the full value, shown only this once. */
    async createApiKey(input: { name: string; access: ApiKeyAccess; expiresIn: ApiKeyExpiry }): Promise<{ apiKey: ApiKey; key: string }> {
      return (await request<{ createApiKey: { apiKey: ApiKey; key: string } }>(ops.CREATE_API_KEY, { input })).createApiKey;
    },

    async revokeApiKey(id: string): Promise<void> {
      await request(ops.REVOKE_API_KEY, { input: { id } });
    },

    /** Signed-in devices (sessions) of the user (needs a session, not a key). */
    async sessions(): Promise<Session[]> {
      return signedIn((await request<{ viewer: { sessions: Session[] } | null }>(ops.SESSIONS)).viewer).sessions;
    },

    async signOutSession(id: string): Promise<void> {
      await request(ops.SIGN_OUT_SESSION, { input: { id } });
    },

    /** Ends every other session of the user; returns how many ended. */
    async signOutOtherSessions(): Promise<number> {
      return (await request<{ signOutOtherSessions: { count: number } }>(ops.SIGN_OUT_OTHER_SESSIONS)).signOutOtherSessions.count;
    },

    /** Deletes one of the user's bodyweights; `NotFoundError` when there is none with this id. */
    async deleteBodyweight(id: string): Promise<Bodyweight> {
      const data = await request<{ deleteBodyweightById: { bodyweight: Bodyweight | null } | null }>(ops.DELETE_BODYWEIGHT, { id });
      const deleted = data.deleteBodyweightById?.bodyweight;
      if (!deleted) throw new NotFoundError("No such bodyweight");
      return deleted;
    },

    /** Every exercise the user can use (the catalog and their own), by name; paged under the hood. */
    async exercises(): Promise<ExerciseDetails[]> {
      return collect((after) => request<{ allExercises: Page<ExerciseDetails> }>(ops.EXERCISES_PAGE, { after }).then((d) => d.allExercises));
    },

    /** The signed-in user's custom exercises, by name. */
    async customExercises(): Promise<ExerciseDetails[]> {
      return collect((after) => request<{ viewer: { customExercises: Page<ExerciseDetails> } | null }>(ops.CUSTOM_EXERCISES_PAGE, { after })
        .then((d) => signedIn(d.viewer).customExercises));
    },

    /** Adds a custom exercise (`CONFLICT` when the user has one of that name). */
    async createCustomExercise(input: CustomExerciseInput): Promise<ExerciseDetails> {
      return (await request<{ createCustomExercise: { exercise: ExerciseDetails } }>(ops.CREATE_CUSTOM_EXERCISE, { input })).createCustomExercise.exercise;
    },

    /** Renames or changes a custom exercise; fields left out stay as they are. */
    async updateCustomExercise(id: string, patch: Partial<CustomExerciseInput>): Promise<ExerciseDetails> {
      return (await request<{ updateCustomExercise: { exercise: ExerciseDetails } }>(ops.UPDATE_CUSTOM_EXERCISE, { input: { id, ...patch } })).updateCustomExercise.exercise;
    },

    /** Deletes a custom exercise (`CONFLICT` while a routine or workout uses it). */
    async deleteCustomExercise(id: string): Promise<ExerciseDetails> {
      return (await request<{ deleteCustomExercise: { exercise: ExerciseDetails } }>(ops.DELETE_CUSTOM_EXERCISE, { id })).deleteCustomExercise.exercise;
    },

    /**
     * Pages of workouts with their exercises and sets, newest first: one request per 20 workouts
     * (what fits the server's per-request cost budget).
     */
    async *workoutPages(): AsyncGenerator<WorkoutWithSets[]> {
      let after: string | null = null;
      for (;;) {
        const data: { viewer: { workoutsByUserId: Page<WorkoutWithSets> } | null } = await request(ops.WORKOUTS_WITH_SETS_PAGE, { after });
        const page: Page<WorkoutWithSets> = signedIn(data.viewer).workoutsByUserId;
        if (page.nodes.length) yield page.nodes;
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
    async lastPerformance(exercises: string[], options: { exceptWorkoutId?: string } = {}): Promise<LastPerformance[]> {
      const data = await request<{ lastPerformance: LastPerformance[] }>(ops.LAST_PERFORMANCE, {
        exercises, exceptWorkoutId: options.exceptWorkoutId ?? null,
      });
      return data.lastPerformance;
    },

    /** Per session on one exercise (oldest first): the best estimated 1RM and its set, and the heaviest set; weights in the user's unit. */
    async e1rmSeries(exerciseId: string): Promise<E1rmSession[]> {
      return (await request<{ e1rmSeries: E1rmSession[] }>(ops.E1RM_SERIES, { exerciseId })).e1rmSeries;
    },

    /** Volume per ISO week (Monday) in the user's unit, oldest first: of one exercise, or overall. */
    async volumePerWeek(options: { exerciseId?: string } = {}): Promise<VolumeWeek[]> {
      return (await request<{ weeklyVolume: VolumeWeek[] }>(ops.VOLUME_PER_WEEK, { exerciseId: options.exerciseId ?? null })).weeklyVolume;
    },

    /** An exercise's progress page in one request: its e1RM series and its weekly volume. */
    async exerciseProgress(exerciseId: string): Promise<{ e1rmSeries: E1rmSession[]; weeklyVolume: VolumeWeek[] }> {
      const data = await request<{ e1rmSeries: E1rmSession[]; weeklyVolume: VolumeWeek[] }>(ops.EXERCISE_PROGRESS, { exerciseId });
      return { e1rmSeries: data.e1rmSeries, weeklyVolume: data.weeklyVolume };
    },

    /** Admin tools (`/api/auth/admin/*`); they need an admin's session token. */
    admin: {
      /** Users whose name or email contains `search` (all without it), oldest first; every page. */
      users: (search?: string): Promise<AdminUser[]> =>
        collect((after) => request<{ adminUsers: Page<AdminUser> | null }>(ops.ADMIN_USERS, { search: search?.trim() || null, after })
          .then((d) => d.adminUsers ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } })),
      /** Bans a user; `banExpiresIn` in seconds (omit for a ban without end). */
      banUser: (input: { userId: string; banReason?: string; banExpiresIn?: number }) =>
        auth<{ user: UserRecord }>("/admin/ban-user", input),
      unbanUser: (input: { userId: string }) => auth<{ user: UserRecord }>("/admin/unban-user", input),
    },
  };
}
