// The one list of expected errors: custom SQLSTATEs raised by our SQL, and the standard ones we
// expect, each with the stable GraphQL `extensions.code` a client can rely on.
// SQL raises them with `raise exception '...' using errcode = 'SV...'`; maskError maps them here.

export const ERROR_CODES = {
  // Custom SQLSTATEs (class SV: Training Log)
  SVFBD: "FORBIDDEN", // not signed in, a key where a sign-in is needed, or not allowed
  SVNFD: "NOT_FOUND", // no such row for this caller (never says whether it exists for someone else)
  SVBAD: "INVALID_INPUT", // an argument is out of range; the message names it
  SVDOC: "INVALID_DOCUMENT", // a routine or workout document is invalid: detail = path, hint = reason
  SVDUP: "CONFLICT", // a unique value is taken (email, routine name)
  SVRLM: "RATE_LIMITED", // too many requests in this window
  SVLIM: "LIMIT_REACHED", // a per-user maximum is reached (e.g. 50 API keys); the message names it
  SVMAP: "UNMAPPED_EXERCISES", // an import names exercises with no mapping and no choice; detail = the names, one a line
  // Standard SQLSTATEs we expect to see
  "42501": "FORBIDDEN", // insufficient_privilege: a write through the read-only role, or an RLS check
  "23505": "CONFLICT", // unique_violation
  "23514": "INVALID_INPUT", // check_violation
  "23502": "INVALID_INPUT", // not_null_violation
  "22P02": "INVALID_INPUT", // invalid_text_representation (a malformed id)
  "22007": "INVALID_INPUT", // invalid_datetime_format
  "22008": "INVALID_INPUT", // datetime_field_overflow
  "22003": "INVALID_INPUT", // numeric_value_out_of_range
  "23503": "NOT_FOUND", // foreign_key_violation: the referenced row is not there
  "22021": "INVALID_INPUT", // character_not_in_repertoire: a text value holds U+0000
  "57014": "TIMEOUT", // query_canceled: over statement_timeout, or its request's time ran out (server/database-time.ts)
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Messages for standard SQLSTATEs, whose own text may name internals. */
export const STANDARD_MESSAGES: Record<string, string> = {
  "42501": "You are not allowed to do this",
  "23505": "That value is already taken",
  "23514": "A value is out of range",
  "23502": "A required value is missing",
  "22P02": "A value has the wrong format",
  "22007": "A date or time has the wrong format",
  "22008": "A date or time is out of range",
  "22003": "A number is out of range",
  "23503": "Not found",
  "22021": "A text value contains the character U+0000, which cannot be stored",
  "57014": "The request took longer than the database time limit and was cancelled",
};

/**
 * Codes given before any SQL runs: by the GraphQL operation guard (plugins/operation-guard.ts),
 * UNAUTHORIZED by the credential check on every route (server/identity.ts), and CROSS_SITE_REQUEST
 * by the cross-site check on every route (server/cross-site-guard.ts).
 */
export const REQUEST_CODES = {
  UNAUTHORIZED: "UNAUTHORIZED", // a malformed Authorization or x-api-key header: 401, never read as signed out
  QUERY_TOO_COMPLEX: "QUERY_TOO_COMPLEX", // over the depth, field, root-field or cost bounds of one operation
  UNSUPPORTED_OPERATION: "UNSUPPORTED_OPERATION", // a subscription: the API answers queries and mutations only
  INVALID_INPUT: "INVALID_INPUT", // a negative list size (first, last, limit, offset); the message names it
  CROSS_SITE_REQUEST: "CROSS_SITE_REQUEST", // 403: an unsafe request from another site riding on the session cookie
} as const;
