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
    presentedCredential: "none" | "session" | "key";
  }
}

export function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The raw credential on a request, without checking it. */
export function readCredential(req: Request): { kind: "session" | "key"; value: string } | null {
  const apiKey = req.get("x-api-key");
  if (apiKey) return { kind: "key", value: apiKey.trim() };
  const auth = req.get("authorization");
  const bearer = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return { kind: bearer.startsWith(KEY_PREFIX) ? "key" : "session", value: bearer };
  const cookie = req.get("cookie") ? parseCookie(req.get("cookie")!)[SESSION_COOKIE] : undefined;
  if (cookie) return { kind: "session", value: cookie };
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
 * Session identity for every route. API keys are resolved (and counted) only on /api/graphql,
 * by `apiKeyGate`, because a key works nowhere else.
 */
export function sessionIdentity(ownerPool: pg.Pool) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const credential = readCredential(req);
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
