// Who is calling: a session (cookie or bearer token) or an API key (bearer `svc_...` or x-api-key).
// Resolved once per request on the owner pool, except on /api/graphql: there SQL resolves a session
// in the request's own transaction (server/graphql/request-transaction.ts), and a key is looked up and
// counted once its operation's cost is known (deferApiKey, server/graphql/operation-guard.ts). Only hashes
// of the secrets go to the database.
import { createHash } from "node:crypto";
import type { Request, Response, NextFunction } from "express";
import { parse as parseCookie } from "cookie";
import type pg from "pg";
import { sendError } from "../http/http-error.ts";
import { secondsUntil, setRateLimitHeaders } from "../limits/rate-limit-headers.ts";
import { OPERATION_LIMITS } from "../graphql/operation-cost.ts";
import { OAUTH_PATH } from "../oauth/urls.ts";

export const SESSION_COOKIE = "svc_session";
export const KEY_PREFIX = "svc_";
export const RATE_LIMIT_PER_MINUTE = 120;

export type Identity =
  | { kind: "anonymous" }
  | { kind: "session"; userId: string; sessionId: string; tokenHash: string }
  // A session token on /api/graphql not looked up yet: the request's transaction resolves it in SQL
  // (RLS reads it there anyway), or `resolveIdentity` looks it up for the log when no SQL did.
  | { kind: "unresolved-session"; tokenHash: string }
  | { kind: "key"; userId: string; keyId: string; access: "read_only" | "read_write"; keyHash: string }
  // A key not looked up yet: the operation guard looks it up and counts it (`req.useApiKey`).
  | { kind: "unresolved-key"; keyHash: string }
  // A key that was presented but is unknown, revoked or expired: answered as signed out.
  | { kind: "dead-key" }
  // A connected app's OAuth access token on /api/mcp (server/mcp/), checked before any tool runs.
  | { kind: "oauth"; userId: string; connectionId: string; access: "read_only" | "read_write"; tokenHash: string };

declare module "express-serve-static-core" {
  interface Request {
    identity: Identity;
    credential: Credential | null;
    presentedCredential: "none" | "session" | "key";
    /** The identity, an unresolved session looked up (once) if SQL has not resolved it yet. */
    resolveIdentity: () => Promise<Identity>;
    /** Records what SQL answered for an unresolved session (its user and id, or nulls). */
    settleSession: (row: { user_id: string | null; session_id: string | null }) => void;
    /**
     * Set by deferApiKey for a request with a key: looks the key up, counts the request and spends
     * `cost` when it fits (`write`: a mutation, which a read-only key may not make). Once per request.
     */
    useApiKey?: (cost: number, write: boolean) => Promise<KeyUse>;
  }
}

export function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export type Credential =
  | { kind: "session"; value: string; source: "header" | "cookie" }
  | { kind: "key"; value: string }
  // A credential header that is present but not well formed: always 401, never a fallback.
  | { kind: "malformed"; problem: string };

// RFC 6750: `Bearer` then one b64token; keys and session tokens both fit it.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const KEY_VALUE = /^[\x21-\x7e]+$/;

/**
 * The one parser of credentials, used by every route: `x-api-key`, else `Authorization: Bearer`,
 * else the session cookie. A malformed header (either one) is reported as such, never skipped for
 * another credential.
 */
export function readCredential(req: Request): Credential | null {
  const apiKey = req.get("x-api-key")?.trim();
  const auth = req.get("authorization")?.trim();
  if (apiKey !== undefined && !KEY_VALUE.test(apiKey)) {
    return { kind: "malformed", problem: "x-api-key must be one key: visible characters without spaces" };
  }
  const bearer = auth === undefined ? undefined : BEARER.exec(auth)?.[1];
  if (auth !== undefined && !bearer)
    return { kind: "malformed", problem: "Authorization must be `Bearer <token>` with one token" };
  if (apiKey !== undefined) return { kind: "key", value: apiKey };
  if (bearer)
    return bearer.startsWith(KEY_PREFIX)
      ? { kind: "key", value: bearer }
      : { kind: "session", value: bearer, source: "header" };
  const cookie = req.get("cookie") ? parseCookie(req.get("cookie")!)[SESSION_COOKIE] : undefined;
  if (cookie) return { kind: "session", value: cookie, source: "cookie" };
  return null;
}

export async function resolveSession(pool: pg.Pool, token: string): Promise<Identity> {
  const hash = sha256(token);
  const { rows } = await pool.query("select session_id, user_id from app_private.session_for_token($1)", [hash]);
  const row = rows[0];
  if (!row?.session_id) return { kind: "anonymous" };
  return { kind: "session", userId: row.user_id, sessionId: row.session_id, tokenHash: hash.toString("hex") };
}

/**
 * Session identity for every route; a malformed credential header is a 401 here, before any route
 * (in the GraphQL error shape on `graphqlPath`).
 * API keys are resolved (and counted) only on /api/graphql, by `deferApiKey` and the operation guard, because a key works
 * nowhere else.
 */
export function sessionIdentity(ownerPool: pg.Pool, graphqlPath: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // At the token and revocation endpoints `Authorization: Basic` is an OAuth client's
      // credential (client_secret_basic), checked there, and no user's.
      const credential = isOAuthClientBasic(req) ? null : readCredential(req);
      if (credential?.kind === "malformed") {
        res.set("WWW-Authenticate", 'Bearer error="invalid_request"');
        const shape = req.path.startsWith(graphqlPath) ? "graphql" : "route";
        return sendError(
          res,
          "UNAUTHORIZED",
          `${credential.problem} (a malformed credential is refused, never ignored)`,
          {},
          shape,
        );
      }
      req.credential = credential;
      req.presentedCredential = credential?.kind ?? "none";
      if (credential?.kind === "session" && req.path.startsWith(graphqlPath)) {
        deferSession(req, ownerPool, credential.value);
      } else {
        req.identity =
          credential?.kind === "session" ? await resolveSession(ownerPool, credential.value) : { kind: "anonymous" };
        req.resolveIdentity = async () => req.identity;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

function isOAuthClientBasic(req: Request): boolean {
  return OAUTH_CLIENT_PATHS.has(req.path) && /^Basic\b/i.test(req.get("authorization")?.trim() ?? "");
}
const OAUTH_CLIENT_PATHS = new Set([`${OAUTH_PATH}/token`, `${OAUTH_PATH}/revoke`]);

/**
 * A GraphQL request's session, left to SQL: the request's transaction resolves (and touches) it in
 * its set-up round trip and reports it through `settleSession` (a mutation's set-up refuses one that
 * is no live sign-in); `resolveIdentity` looks it up on the owner pool only if the log needs it and
 * no SQL resolved it (an operation that queried nothing, or was refused).
 */
function deferSession(req: Request, ownerPool: pg.Pool, token: string) {
  const tokenHash = sha256(token).toString("hex");
  req.identity = { kind: "unresolved-session", tokenHash };
  let lookup: Promise<Identity> | undefined;
  req.settleSession = (row) => {
    if (req.identity.kind !== "unresolved-session") return;
    req.identity =
      row.session_id && row.user_id
        ? { kind: "session", userId: row.user_id, sessionId: row.session_id, tokenHash }
        : { kind: "anonymous" };
  };
  req.resolveIdentity = () => {
    if (req.identity.kind !== "unresolved-session") return Promise.resolve(req.identity);
    lookup ??= resolveSession(ownerPool, token).then((identity) => {
      if (req.identity.kind === "unresolved-session") req.identity = identity;
      return req.identity;
    });
    return lookup;
  };
}

/** Both of a key's per-minute limits, requests and GraphQL cost, in the rate-limit headers. */
function setKeyLimitHeaders(res: Response, requestCount: number, costUsed: number, resetSeconds: number) {
  setRateLimitHeaders(
    res,
    [
      { name: "requests", limit: RATE_LIMIT_PER_MINUTE, used: requestCount },
      { name: "cost", limit: OPERATION_LIMITS.keyCostPerMinute, used: costUsed },
    ],
    resetSeconds,
  );
}

/** A key past one of its per-minute limits: every request is refused (429) until the minute ends. */
export type KeyLimitReached = { limit: "requests" | "cost"; retryAfter: number; message: string };

/** What one keyed request got from app_private.use_api_key. */
export type KeyUse =
  | { kind: "dead" }
  | ({ kind: "limited" } & KeyLimitReached)
  // A live key within both limits: its operation's cost was spent, or `costRefused` says why not.
  | { kind: "live"; identity: KeyIdentity; costRefused: KeyLimitReached | null };

export type KeyIdentity = Extract<Identity, { kind: "key" }>;

function limitReached(limit: KeyLimitReached["limit"], resetSeconds: number): KeyLimitReached {
  const what =
    limit === "requests" ? `${RATE_LIMIT_PER_MINUTE} requests` : `GraphQL cost of ${OPERATION_LIMITS.keyCostPerMinute}`;
  return {
    limit,
    retryAfter: resetSeconds,
    message: `Rate limit of ${what} a minute reached for this key; retry in ${resetSeconds} s`,
  };
}

/**
 * On /api/graphql: a key is neither looked up nor counted here, but once the operation guard has
 * measured the operation (`req.useApiKey`), in one statement that looks the key up, counts the
 * request and spends the operation's cost (committed on its own, so it counts even if the request
 * fails). A request refused before its operation is measured (a syntax error, a body that is no
 * GraphQL request) is counted with no cost before its answer goes out (OperationGuardPlugin), or
 * when the response closes for anything that never reached GraphQL.
 */
export function deferApiKey(ownerPool: pg.Pool) {
  return (req: Request, res: Response, next: NextFunction) => {
    const credential = readCredential(req);
    if (credential?.kind !== "key") return next();
    const hash = sha256(credential.value);
    const unresolved = { kind: "unresolved-key", keyHash: hash.toString("hex") } as const;
    req.identity = unresolved;
    let used: Promise<KeyUse> | undefined;
    req.useApiKey = (cost: number, write: boolean) => {
      used ??= useApiKey(ownerPool, req, res, { hash, keyHash: unresolved.keyHash }, cost, write);
      return used;
    };
    // Answered (or given up by the client) without reaching GraphQL: counted all the same.
    res.on("close", () => {
      if (!used) req.useApiKey!(0, false).catch(() => {});
    });
    next();
  };
}

async function useApiKey(
  ownerPool: pg.Pool,
  req: Request,
  res: Response,
  { hash, keyHash }: { hash: Buffer; keyHash: string },
  cost: number,
  write: boolean,
): Promise<KeyUse> {
  const budget = OPERATION_LIMITS.keyCostPerMinute;
  const charged = Math.min(Math.ceil(cost), budget + 1); // more than the budget never fits; stays a SQL int
  const { rows } = await ownerPool.query({
    // Prepared once per connection: PostgreSQL neither parses nor plans it again (66 vs 95 µs a call).
    name: "svc_use_api_key",
    text: `select api_key_id, user_id, access, request_count, cost_before, cost_used, cost_fits, window_end
             from app_private.use_api_key($1, $2, $3, $4, $5)`,
    values: [hash, charged, RATE_LIMIT_PER_MINUTE, budget, write],
  });
  const row = rows[0];
  if (!row?.api_key_id) {
    req.identity = { kind: "dead-key" };
    return { kind: "dead" };
  }
  const identity: KeyIdentity = {
    kind: "key",
    userId: row.user_id,
    keyId: row.api_key_id,
    access: row.access,
    keyHash,
  };
  req.identity = identity;
  const resetSeconds = secondsUntil(row.window_end);
  if (!res.headersSent) setKeyLimitHeaders(res, row.request_count, row.cost_used, resetSeconds);
  if (row.request_count > RATE_LIMIT_PER_MINUTE) return { kind: "limited", ...limitReached("requests", resetSeconds) };
  if (row.cost_before >= budget) return { kind: "limited", ...limitReached("cost", resetSeconds) };
  if (row.cost_fits) return { kind: "live", identity, costRefused: null };
  // Judged on what was spent when this request was counted: concurrent requests of one key cannot
  // together pass the budget (the spend is part of the count's statement).
  const left = Math.max(0, budget - row.cost_before);
  return {
    kind: "live",
    identity,
    costRefused: {
      limit: "cost",
      retryAfter: resetSeconds,
      message: `This operation costs ${charged}, more than the ${left} left of this key's GraphQL cost budget (${budget} a minute); retry in ${resetSeconds} s`,
    },
  };
}

/** The pgSettings for a request: the role to switch to and the hashed credential. */
export function pgSettingsFor(identity: Identity): Record<string, string> {
  switch (identity.kind) {
    case "session":
    case "unresolved-session":
      return { role: "svc_visitor", "svc.session_hash": identity.tokenHash };
    case "key":
      return identity.access === "read_write"
        ? { role: "svc_visitor", "svc.key_hash": identity.keyHash }
        : { role: "svc_reader", "svc.key_hash": identity.keyHash };
    case "oauth":
      return {
        role: identity.access === "read_write" ? "svc_visitor" : "svc_reader",
        "svc.oauth_hash": identity.tokenHash,
      };
    default:
      return { role: "svc_reader" };
  }
}
