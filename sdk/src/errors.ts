/**
 * Typed errors of the `@svc/sdk` client. Every error the client throws is an `SvcError`; its `code`
 * is the GraphQL `extensions.code` (or the auth route's `code`), so callers can branch on it:
 *
 * - `InvalidDocumentError` (`INVALID_DOCUMENT`): `path` and `reason` of the first problem.
 * - `RateLimitedError` (`RATE_LIMITED`, or HTTP 429): `retryAfter`, seconds to wait.
 * - `ForbiddenError` (`FORBIDDEN`, `UNAUTHORIZED`, `BANNED_USER`): not signed in, a read-only or
 *   revoked key, or not allowed.
 * - `NotFoundError` (`NOT_FOUND`).
 * - `NetworkError` (`NETWORK_ERROR`): the server could not be reached.
 * - `ServiceUnavailableError` (`SERVICE_UNAVAILABLE`, or HTTP 502/503/504 from a proxy): the
 *   service is out of order for now (its database down, read-only or restarting); `retryAfter`.
 * - `VersionConflictError` (`CONFLICT` with `currentVersion`): a routine or workout saved over a
 *   version it is no longer at; nothing was saved. `currentVersion`, `differences` (paths such as
 *   `exercises[1]`) and `current` (its document now).
 * - `AmbiguousExerciseError` (`AMBIGUOUS_EXERCISE`, thrown by the client itself): an exercise name
 *   that fits several exercises; `candidates` are the choices.
 * - `SvcError` itself for anything else (`INVALID_INPUT`, `CONFLICT`, `INTERNAL_ERROR`, ...).
 */

export type SvcErrorOptions = {
  /** HTTP status of the response, when there was one. */
  status?: number;
  /** The GraphQL error's `extensions`, or the auth route's JSON body. */
  extensions?: Record<string, unknown>;
  cause?: unknown;
};

export class SvcError extends Error {
  /** Stable error code, e.g. `FORBIDDEN`, `INVALID_INPUT`, `NOT_FOUND`. */
  readonly code: string;
  readonly status: number | undefined;
  readonly extensions: Record<string, unknown>;

  constructor(code: string, message: string, options: SvcErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "SvcError";
    this.code = code;
    this.status = options.status;
    this.extensions = options.extensions ?? {};
  }
}

/** A routine or workout document was refused; nothing was saved. */
export class InvalidDocumentError extends SvcError {
  /** Path of the first problem, e.g. `exercises[2].reps` (empty for the document itself). */
  readonly path: string;
  readonly reason: string;

  constructor(path: string, reason: string, options: SvcErrorOptions = {}) {
    super("INVALID_DOCUMENT", path ? `${path}: ${reason}` : reason, options);
    this.name = "InvalidDocumentError";
    this.path = path;
    this.reason = reason;
  }
}

/** Too many requests: wait `retryAfter` seconds. */
export class RateLimitedError extends SvcError {
  /** Seconds to wait before retrying (at least 1). */
  readonly retryAfter: number;

  constructor(message: string, retryAfter: number, options: SvcErrorOptions & { code?: string } = {}) {
    super(options.code ?? "RATE_LIMITED", message, options);
    this.name = "RateLimitedError";
    this.retryAfter = retryAfter;
  }
}

/** Not signed in (or a revoked, expired or unknown key), a read-only key, or not allowed. */
export class ForbiddenError extends SvcError {
  constructor(code: string, message: string, options: SvcErrorOptions = {}) {
    super(code, message, options);
    this.name = "ForbiddenError";
  }
}

export class NotFoundError extends SvcError {
  constructor(message: string, options: SvcErrorOptions = {}) {
    super("NOT_FOUND", message, options);
    this.name = "NotFoundError";
  }
}

/** A save over a version the routine or workout is no longer at: nothing was saved. */
export class VersionConflictError extends SvcError {
  /** The version it is at now. */
  readonly currentVersion: number;
  /** What the document sent and the current one differ in: `name`, `exercises[2]`, ... */
  readonly differences: string[];
  /** The current document (in the unit sent), to merge with and save again with `currentVersion`. */
  readonly current: Record<string, unknown> | null;

  constructor(message: string, options: SvcErrorOptions = {}) {
    super("CONFLICT", message, options);
    this.name = "VersionConflictError";
    const extensions = options.extensions ?? {};
    this.currentVersion = Number(extensions.currentVersion);
    this.differences = Array.isArray(extensions.differences) ? extensions.differences.map(String) : [];
    const current = extensions.current;
    this.current = current && typeof current === "object" ? (current as Record<string, unknown>) : null;
  }
}

/**
 * A name that fits several exercises equally well (`press`): never guessed. `candidates` are the
 * choices' names, likeliest first.
 */
export class AmbiguousExerciseError extends SvcError {
  /** The name as given. */
  readonly exercise: string;
  readonly candidates: string[];

  constructor(exercise: string, candidates: string[], options: SvcErrorOptions = {}) {
    super("AMBIGUOUS_EXERCISE", `"${exercise}" could be ${candidates.join(", ")}`, options);
    this.name = "AmbiguousExerciseError";
    this.exercise = exercise;
    this.candidates = candidates;
  }
}

/** The server could not be reached, or did not answer in time. */
export class NetworkError extends SvcError {
  readonly url: string;

  constructor(url: string, message: string, options: SvcErrorOptions = {}) {
    super("NETWORK_ERROR", message, options);
    this.name = "NetworkError";
    this.url = url;
  }
}

/** The service is unavailable for now (its database is down, read-only or restarting): retry after `retryAfter` seconds. */
export class ServiceUnavailableError extends SvcError {
  /** Seconds to wait before retrying (at least 1). */
  readonly retryAfter: number;

  constructor(message: string, retryAfter: number, options: SvcErrorOptions = {}) {
    super("SERVICE_UNAVAILABLE", message, options);
    this.name = "ServiceUnavailableError";
    this.retryAfter = retryAfter;
  }
}

/** Seconds from `extensions.retryAfter`, else the `Retry-After` header, else `fallback`. */
function retryAfterOf(
  extensions: Record<string, unknown>,
  header: string | null | undefined,
  fallback: number,
): number {
  const fromExtensions = Number(extensions.retryAfter);
  const fromHeader = Number(header);
  if (Number.isFinite(fromExtensions) && fromExtensions > 0) return Math.ceil(fromExtensions);
  if (Number.isFinite(fromHeader) && fromHeader > 0) return Math.ceil(fromHeader);
  return fallback;
}

const FORBIDDEN_CODES = new Set(["FORBIDDEN", "UNAUTHORIZED", "BANNED_USER"]);

/** The typed error for a code and message (from GraphQL `extensions` or an auth route's body). */
export function errorFromCode(
  code: string,
  message: string,
  options: SvcErrorOptions & { retryAfterHeader?: string | null } = {},
): SvcError {
  const extensions = options.extensions ?? {};
  if (code === "INVALID_DOCUMENT") {
    const path = typeof extensions.path === "string" ? extensions.path : "";
    const reason = typeof extensions.reason === "string" ? extensions.reason : message;
    return new InvalidDocumentError(path, reason, options);
  }
  if (code === "RATE_LIMITED" || code === "TOO_MANY_ATTEMPTS" || options.status === 429) {
    const retryAfter = retryAfterOf(extensions, options.retryAfterHeader, 60);
    return new RateLimitedError(message, retryAfter, { ...options, code });
  }
  if (code === "SERVICE_UNAVAILABLE")
    return new ServiceUnavailableError(message, retryAfterOf(extensions, options.retryAfterHeader, 2), options);
  if (FORBIDDEN_CODES.has(code)) return new ForbiddenError(code, message, options);
  if (code === "NOT_FOUND") return new NotFoundError(message, options);
  if (code === "CONFLICT" && extensions.currentVersion !== undefined) return new VersionConflictError(message, options);
  return new SvcError(code, message, options);
}
