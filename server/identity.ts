// Who is calling: a session (cookie or bearer token) or an API key (bearer `svc_...` or x-api-key).
// Resolved once per request on the owner pool; only hashes of the secrets go to the database.
import { createHash } from "node:crypto";
import type { Request, Response, NextFunction } from "express";
import { parse as parseCookie } from "cookie";
import type pg from "pg";

export const SESSION_COOKIE = "svc_session";
export const KEY_PREFIX = "svc_";
export const RATE_LIMIT_PER_MINUTE = 120;

export type Identity =
  | { kind: "anonymous" }
  | { kind: "session"; userId: string; sessionId: string; tokenHash: string }
  | { kind: "key"; userId: string; keyId: string; access: "read_only" | "read_write"; keyHash: string }
  // A key that was presented but is unknown, revoked or expired: answered as signed out.
  | { kind: "dead-key" };

declare module "express-serve-static-core" {
  interface Request {
    identity: Identity;
    credential: Credential | null;
    presentedCredential: "none" | "session" | "key";
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
  if (auth !== undefined && !bearer) return { kind: "malformed", problem: "Authorization must be `Bearer <token>` with one token" };
  if (apiKey !== undefined) return { kind: "key", value: apiKey };
  if (bearer) return bearer.startsWith(KEY_PREFIX) ? { kind: "key", value: bearer } : { kind: "session", value: bearer, source: "header" };
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
 * API keys are resolved (and counted) only on /api/graphql, by `apiKeyGate`, because a key works
 * nowhere else.
 */
export function sessionIdentity(ownerPool: pg.Pool, graphqlPath: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const credential = readCredential(req);
      if (credential?.kind === "malformed") {
        const message = `${credential.problem} (a malformed credential is refused, never ignored)`;
        res.set("WWW-Authenticate", 'Bearer error="invalid_request"');
        if (req.path.startsWith(graphqlPath)) res.status(401).json({ errors: [{ message, extensions: { code: "UNAUTHORIZED" } }] });
        else res.status(401).json({ code: "UNAUTHORIZED", message });
        return;
      }
      req.credential = credential;
      req.presentedCredential = credential?.kind ?? "none";
      req.identity = credential?.kind === "session" ? await resolveSession(ownerPool, credential.value) : { kind: "anonymous" };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * On /api/graphql: look the key up, count the request (committed on its own, so it counts even if
 * the GraphQL request fails) and answer 429 past the limit.
 */
export function apiKeyGate(ownerPool: pg.Pool) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const credential = readCredential(req);
    if (credential?.kind !== "key") return next();
    try {
      const hash = sha256(credential.value);
      const { rows } = await ownerPool.query(
        "select api_key_id, user_id, access, request_count, window_end from app_private.use_api_key($1)",
        [hash],
      );
      const row = rows[0];
      if (!row?.api_key_id) {
        req.identity = { kind: "dead-key" };
        return next();
      }
      const resetSeconds = Math.max(1, Math.ceil((new Date(row.window_end).getTime() - Date.now()) / 1000));
      res.set("RateLimit-Limit", String(RATE_LIMIT_PER_MINUTE));
      res.set("RateLimit-Remaining", String(Math.max(0, RATE_LIMIT_PER_MINUTE - row.request_count)));
      res.set("RateLimit-Reset", String(resetSeconds));
      if (row.request_count > RATE_LIMIT_PER_MINUTE) {
        res.set("Retry-After", String(resetSeconds));
        return res.status(429).json({
          errors: [{
            message: `Rate limit of ${RATE_LIMIT_PER_MINUTE} requests a minute reached for this key; retry in ${resetSeconds} s`,
            extensions: { code: "RATE_LIMITED", retryAfter: resetSeconds },
          }],
        });
      }
      req.identity = { kind: "key", userId: row.user_id, keyId: row.api_key_id, access: row.access, keyHash: hash.toString("hex") };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The pgSettings for a request: the role to switch to and the hashed credential. */
export function pgSettingsFor(identity: Identity): Record<string, string> {
  switch (identity.kind) {
    case "session":
      return { role: "svc_visitor", "svc.session_hash": identity.tokenHash };
    case "key":
      return identity.access === "read_write"
        ? { role: "svc_visitor", "svc.key_hash": identity.keyHash }
        : { role: "svc_reader", "svc.key_hash": identity.keyHash };
    default:
      return { role: "svc_reader" };
  }
}
