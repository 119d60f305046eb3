// The one place errors leave the API: expected errors keep a stable extensions.code (see
// db/errors.ts); anything else is logged with an id and masked.
import { GraphQLError } from "postgraphile/graphql";
import { isSafeError } from "postgraphile/grafast";
import { randomUUID } from "node:crypto";
import { ERROR_CODES, STANDARD_MESSAGES, inputRule } from "../../db/errors.ts";
import { UUID_PATTERN } from "@svc/sdk/documents";
import { log } from "../observability/logger.ts";
import { statementTimeouts } from "../observability/metrics.ts";
import { isOutage, OUTAGE_CODE, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "../../db/outage.ts";

/** Where a refused document's path is in a file sent as text: only the import knows (it read the file). */
export type LineOfPath = (path: string) => { line: number; field: string } | null;
const LINE_OF_PATH = Symbol("line of path");

type PgError = Error & { code?: string; detail?: string; hint?: string; [LINE_OF_PATH]?: LineOfPath };

/** Gives an error from SQL the file's lines, so that a refused document is named by its line. */
export function withLineOfPath(error: unknown, lineOfPath: LineOfPath): unknown {
  return error instanceof Error ? Object.assign(error, { [LINE_OF_PATH]: lineOfPath }) : error;
}

const UUID_RE = new RegExp(UUID_PATTERN);

function rebuild(error: GraphQLError, message: string, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

/** A limit's numbers (max, wouldMake) from the JSON its SQL gives as detail; none when it is not that. */
function limitNumbers(detail: string | undefined): Record<string, number> {
  try {
    const parsed = JSON.parse(detail ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(
      ["max", "wouldMake"].flatMap((key) => (typeof parsed[key] === "number" ? [[key, parsed[key]]] : [])),
    );
  } catch {
    return {};
  }
}

/** The extensions of a version conflict, from the JSON its SQL gives as detail. */
function versionConflict(detail: string | undefined): Record<string, unknown> {
  try {
    const { kind, currentVersion, sentVersion, differences, current } = JSON.parse(detail ?? "{}") as Record<
      string,
      unknown
    >;
    return { kind, currentVersion, sentVersion, differences, current };
  } catch {
    return {};
  }
}

export function maskError(error: GraphQLError): GraphQLError {
  const original = error.originalError as PgError | undefined;
  // Validation and syntax errors, and errors we raised deliberately as GraphQLErrors.
  if (!original || original instanceof GraphQLError) return error;
  // The database out of service: retryable, said without its address (the log has PostgreSQL's words).
  if (isOutage(original)) {
    log("warn", "database unavailable", { error: original.message, code: original.code });
    return rebuild(error, OUTAGE_MESSAGE, { code: OUTAGE_CODE, retryAfter: OUTAGE_RETRY_AFTER_SECONDS });
  }
  if (isSafeError(original)) {
    const extensions: Record<string, unknown> = { ...(original.extensions ?? {}) };
    // A pagination cursor that does not decode (@dataplan/pg says so without a code): a bad argument.
    if (!extensions.code && /^Invalid (cursor|'(after|before)' cursor)\b/.test(original.message))
      extensions.code = "INVALID_INPUT";
    return rebuild(error, original.message, extensions);
  }
  // PostGraphile's generated delete/update mutations find no row the caller may change: to the
  // caller that is simply "not found" (whether it exists for someone else is not said).
  if (/^No values were (deleted|updated) in collection/.test(original.message)) {
    return rebuild(error, "Not found", { code: "NOT_FOUND" });
  }
  const code = original.code ? ERROR_CODES[original.code as keyof typeof ERROR_CODES] : undefined;
  if (code) {
    if (code === "TIMEOUT") statementTimeouts.inc();
    if (code === "INVALID_DOCUMENT") {
      const path = original.detail ?? "";
      const reason = original.hint ?? original.message;
      const at = original[LINE_OF_PATH]?.(path);
      if (at) return rebuild(error, `line ${at.line} (${at.field}): ${reason}`, { code, path, reason, line: at.line });
      return rebuild(error, `${path}: ${reason}`, { code, path, reason });
    }
    // An import naming exercises with neither a mapping nor a choice: detail = the names, one a line.
    if (code === "UNMAPPED_EXERCISES") {
      const names = (original.detail ?? "").split("\n").filter(Boolean);
      return rebuild(error, original.message, { code, names });
    }
    // A program start leaving lifts with no weight: detail = the lifts, one a line.
    if (code === "MISSING_INPUT") {
      const lifts = (original.detail ?? "").split("\n").filter(Boolean);
      return rebuild(error, original.message, { code, lifts });
    }
    // A limit reached: hint = which limit, detail = its numbers as JSON ({max, wouldMake}).
    if (code === "LIMIT_REACHED" && original.hint)
      return rebuild(error, original.message, { code, limit: original.hint, ...limitNumbers(original.detail) });
    // An argument refused by a named rule: hint = the rule, detail = JSON {field, ...its values}.
    const input = original.code === "SVBAD" ? inputRule(original.hint, original.detail) : null;
    if (input) return rebuild(error, original.message, { code, ...input });
    // A save over a stale version: detail = the current version, what differs and the current document.
    if (original.code === "SVVER")
      return rebuild(error, original.message, { code, ...versionConflict(original.detail) });
    const custom = original.code!.startsWith("SV");
    // An idempotency key already used (app_public.apply_workout_document): detail = its workout.
    const workoutId = original.code === "SVDUP" && UUID_RE.test(original.detail ?? "") ? original.detail : undefined;
    return rebuild(error, custom ? original.message : (STANDARD_MESSAGES[original.code!] ?? "Invalid request"), {
      code,
      ...(workoutId ? { workoutId } : {}),
    });
  }
  const errorId = randomUUID();
  log("error", "unexpected GraphQL error", { errorId, error: original.message, code: original.code, path: error.path });
  return rebuild(error, `An unexpected error occurred (error id ${errorId})`, { code: "INTERNAL_ERROR", errorId });
}
