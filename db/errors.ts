// The one list of expected errors: custom SQLSTATEs raised by our SQL, and the standard ones we
// expect, each with the stable GraphQL `extensions.code` a client can rely on.
// SQL raises them with `raise exception '...' using errcode = 'SV...'`; maskError maps them here.

export const ERROR_CODES = {
  // Custom SQLSTATEs (class SV: Training Log)
  SVFBD: "FORBIDDEN", // not signed in, a key where a sign-in is needed, or not allowed
  SVNFD: "NOT_FOUND", // no such row for this caller (never says whether it exists for someone else)
  SVBAD: "INVALID_INPUT", // an argument is out of range; the message names it; hint = its rule, detail = JSON {field, ...values} (extensions.field, rule, values)
  SVDOC: "INVALID_DOCUMENT", // a routine or workout document is invalid: detail = path, hint = reason
  SVDUP: "CONFLICT", // a unique value is taken (email, routine name); an idempotency key: detail = its workout (extensions.workoutId)
  SVVER: "CONFLICT", // a routine or workout saved over a version it is no longer at: detail = JSON {kind, currentVersion, sentVersion, differences, current}
  SVRLM: "RATE_LIMITED", // too many requests in this window
  SVLIM: "LIMIT_REACHED", // a per-user maximum is reached (e.g. 50 API keys); the message names it
  SVMAP: "UNMAPPED_EXERCISES", // an import names exercises with no mapping and no choice; detail = the names, one a line
  SVINP: "MISSING_INPUT", // a program start with a lift given no weight and none from history; detail = the lifts, one a line
  SVREA: "PASSWORD_REQUIRED", // deleteAccount without a password from a session that signed in over 5 minutes ago
  SVATT: "TOO_MANY_ATTEMPTS", // deleteAccount's password check locked out like sign-in's (the message gives the seconds)
  SVADM: "LAST_ADMIN", // deleteAccount by the only admin: promote another admin first
  SVSET: "SETUP_CODE_REQUIRED", // sign-up of an instance's first account (its admin) without the setup code the server printed (server/identity/setup-code.ts)
  SVCPX: "QUERY_TOO_COMPLEX", // an answer over a bound found only while running (groupedAggregates' groups); the message names it
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
  "57014": "TIMEOUT", // query_canceled: over statement_timeout, or its request's time ran out (server/graphql/database-time.ts)
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * What an SVBAD says of its rule, for an app to say it in its own language: hint = the rule
 * (dateRange, bodyweight, blank, ...), detail = JSON {field, ...its values}; as extensions (GraphQL)
 * or body fields (the auth routes) field, rule and those values (numbers, text or lists of text).
 * Null when the detail is not that (SVBAD's other hints, such as CANNOT_BAN_YOURSELF).
 */
export function inputRule(rule: string | undefined, detail: string | undefined): Record<string, unknown> | null {
  if (!rule) return null;
  try {
    const { field, ...values } = JSON.parse(detail ?? "") as Record<string, unknown>;
    if (typeof field !== "string") return null;
    const kept = Object.entries(values).filter(
      ([, v]) =>
        typeof v === "number" || typeof v === "string" || (Array.isArray(v) && v.every((x) => typeof x === "string")),
    );
    return { field, rule, ...Object.fromEntries(kept) };
  } catch {
    return null;
  }
}

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
 * Codes the GraphQL plugins give themselves: the operation guard before any SQL runs
 * (server/graphql/operation-guard.ts), besides FORBIDDEN and RATE_LIMITED above, and deleteAccount's
 * wrong password once its SQL has counted the failure (server/graphql/schema/account.ts).
 */
export const REQUEST_CODES = {
  QUERY_TOO_COMPLEX: "QUERY_TOO_COMPLEX", // over the depth, field, root-field or cost bounds of one operation
  UNSUPPORTED_OPERATION: "UNSUPPORTED_OPERATION", // a subscription: the API answers queries and mutations only
  WRONG_PASSWORD: "WRONG_PASSWORD", // deleteAccount or changePassword with a wrong password: nothing deleted or changed, counted as a failed sign-in
  INVALID_INPUT: "INVALID_INPUT", // a negative list size (first, last, limit, offset) or one over the maximum page, or a UUID argument that is not one; the message names it
  RESPONSE_TOO_LARGE: "RESPONSE_TOO_LARGE", // an answer longer than GRAPHQL_MAX_RESPONSE_BYTES: sent instead of it, naming the cap
  CONCURRENCY_LIMITED: "CONCURRENCY_LIMITED", // sent before GraphQL runs (server/caller-concurrency.ts): a request past its caller's cap of requests at once found its queue full or got no slot within the wait
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE", // the database out of service (db/outage.ts): HTTP 503, Retry-After and extensions.retryAfter
  GRAPHQL_PARSE_FAILED: "GRAPHQL_PARSE_FAILED", // the operation's text is not GraphQL (a syntax error, with its line and column)
  GRAPHQL_VALIDATION_FAILED: "GRAPHQL_VALIDATION_FAILED", // the operation does not fit the schema (an unknown field, a missing argument, a variable of the wrong type)
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED", // /api/graphql asked with a method other than POST: HTTP 405 with Allow: POST
  NOT_ACCEPTABLE: "NOT_ACCEPTABLE", // an Accept header naming neither application/json nor application/graphql-response+json: HTTP 406
} as const;

/**
 * What the REST routes answer (/api/auth/*, /api/auth/admin/*, an unknown route, a body that cannot
 * be read), as `{code, message}` with this HTTP status (server/http/http-error.ts sends them). On
 * /api/graphql the same refusals before GraphQL runs (a malformed credential, a key over its rate,
 * an unreadable body) keep the GraphQL shape: `{errors: [{message, extensions: {code}}]}`.
 */
export const ROUTE_CODES = {
  BAD_REQUEST: 400, // the body is not JSON or not an object, or a field is missing or wrong; the message names it
  CANNOT_BAN_YOURSELF: 400, // an admin banning their own account (raised by SQL as SVBAD with this hint)
  CANNOT_UNBAN_YOURSELF: 400, // likewise for unban
  UNAUTHORIZED: 401, // a malformed credential header; an API key or no session where a signed-in session is needed
  INVALID_EMAIL_OR_PASSWORD: 401, // sign-in: no such account, or the wrong password (never says which)
  FORBIDDEN: 403, // signed in, but not an admin
  BANNED_USER: 403, // sign-in with the right password to a banned account; the body says why and until when
  CROSS_SITE_REQUEST: 403, // an unsafe request from another site riding on the session cookie
  NOT_FOUND: 404, // no such route
  USER_NOT_FOUND: 404, // ban or unban of a user id that names nobody
  USER_ALREADY_EXISTS: 409, // sign-up with an email already taken
  SETUP_CODE_REQUIRED: 403, // sign-up of the first account (the admin) on an instance reachable from elsewhere, without its setup code or with a wrong one
  PAYLOAD_TOO_LARGE: 413, // a body over the app's limit (1 MB)
  UNSUPPORTED_MEDIA_TYPE: 415, // a JSON body in a charset or content encoding the server does not read
  RATE_LIMITED: 429, // too many requests (Retry-After says when to try again)
  CONCURRENCY_LIMITED: 429, // a caller's requests past its cap of requests at once waited their turn in vain (its queue full, or no slot within the wait); Retry-After
  TOO_MANY_ATTEMPTS: 429, // too many failed sign-ins for an account or an address (Retry-After)
  INTERNAL_ERROR: 500, // anything unexpected: logged with the error id the message gives
  SERVICE_UNAVAILABLE: 503, // the database is out of service (down, shutting down, read-only, refusing logins): retry after Retry-After (db/outage.ts)
} as const;

export type RouteCode = keyof typeof ROUTE_CODES;

/**
 * JSON-RPC error codes of the MCP endpoint (/api/mcp), sent in JSON-RPC's shape
 * `{jsonrpc, id, error: {code, message}}`; a tool's own refusals are tool results with isError and
 * one of the codes above (NOT_FOUND, INVALID_DOCUMENT, ...), not JSON-RPC errors.
 */
export const JSON_RPC_CODES = {
  PARSE_ERROR: -32700, // the body is not a JSON-RPC message
  INVALID_REQUEST: -32600, // a batch too large or empty, two requests with one id, a second initialize
  SERVER_ERROR: -32000, // a method, media type or Accept header this stateless server does not serve
  REQUEST_TIMEOUT: -32001, // a request over the transport's time bound (its tool call is cancelled)
} as const;

/**
 * OAuth 2.1 errors of /api/oauth (RFC 6749 5.2, RFC 7591, RFC 8707), sent in OAuth's shape
 * `{error, error_description}` or as an error redirect; most are written by the MCP SDK's handlers
 * from the errors server/oauth throws.
 */
export const OAUTH_ERRORS = [
  "invalid_request", // a parameter missing or malformed (PKCE other than S256 included)
  "invalid_client", // unknown client or wrong secret at the token endpoint: 401, so clients register again
  "invalid_grant", // a code or refresh token unknown, used, expired, for another client or redirect URI, or a wrong PKCE verifier
  "invalid_target", // a resource other than this server's /api/mcp
  "invalid_scope", // a scope other than read / read write, or more than granted
  "invalid_token", // a bearer token unknown, expired, revoked or of a banned user
  "invalid_redirect_uri", // registration with a redirect URI other than https, loopback or a private-use scheme
  "invalid_client_metadata", // registration metadata the SDK refuses
  "access_denied", // the user chose Deny on the consent page
  "too_many_requests", // the per-address limits of the SDK's handlers
  "server_error", // anything unexpected
] as const;

/** Every `extensions.code` and route `code` the service sends: the codes above, and the masked error's. */
export const SERVICE_CODES: ReadonlySet<string> = new Set([
  ...Object.values(ERROR_CODES),
  ...Object.values(REQUEST_CODES),
  ...Object.keys(ROUTE_CODES),
  "CONFLICT", // an idempotency key already used for another document (extensions.workoutId names its workout)
  "INTERNAL_ERROR",
]);
