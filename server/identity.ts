// Who is calling: a session (cookie or bearer token) or an API key (bearer `svc_...` or x-api-key).
// Resolved once per request on the owner pool; only hashes of the secrets go to the database.
import { createHash } from "node:crypto";
import type { Request, Response, NextFunction } from "express";
import { parse as parseCookie } from "cookie";
import type pg from "pg";
import { OPERATION_LIMITS } from "../plugins/operation-cost.ts";

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
    /** Set by apiKeyGate for a live key: spends an operation's cost from the key's budget. */
    chargeKeyCost?: (cost: number) => Promise<KeyCostCharge>;
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

/** The outcome of charging an operation's cost to a key. */
export type KeyCostCharge = { allowed: true } | { allowed: false; retryAfter: number; message: string };

const secondsUntil = (windowEnd: Date | string) => Math.max(1, Math.ceil((new Date(windowEnd).getTime() - Date.now()) / 1000));

/**
 * The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) naming both of a key's limits,
 * requests and cost per minute, beside the older RateLimit-Limit/-Remaining/-Reset for requests.
 */
function setKeyLimitHeaders(res: Response, requestCount: number, costUsed: number, resetSeconds: number) {
  res.set("RateLimit-Limit", String(RATE_LIMIT_PER_MINUTE));
  res.set("RateLimit-Remaining", String(Math.max(0, RATE_LIMIT_PER_MINUTE - requestCount)));
  res.set("RateLimit-Reset", String(resetSeconds));
  res.set("RateLimit-Policy", `"requests";q=${RATE_LIMIT_PER_MINUTE};w=60, "cost";q=${OPERATION_LIMITS.keyCostPerMinute};w=60`);
  res.set(
    "RateLimit",
    `"requests";r=${Math.max(0, RATE_LIMIT_PER_MINUTE - requestCount)};t=${resetSeconds}, "cost";r=${Math.max(0, OPERATION_LIMITS.keyCostPerMinute - costUsed)};t=${resetSeconds}`,
  );
}

function rateLimited(res: Response, limit: "requests" | "cost", resetSeconds: number) {
  res.set("Retry-After", String(resetSeconds));
  const what = limit === "requests" ? `${RATE_LIMIT_PER_MINUTE} requests` : `GraphQL cost of ${OPERATION_LIMITS.keyCostPerMinute}`;
  return res.status(429).json({
    errors: [{
      message: `Rate limit of ${what} a minute reached for this key; retry in ${resetSeconds} s`,
      extensions: { code: "RATE_LIMITED", retryAfter: resetSeconds, limit },
    }],
  });
}

/**
 * On /api/graphql: look the key up, count the request (committed on its own, so it counts even if
 * the GraphQL request fails) and answer 429 past either limit. The operation's cost is charged
 * later, once the GraphQL guard has measured it, through `req.chargeKeyCost`.
 */
export function apiKeyGate(ownerPool: pg.Pool) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const credential = readCredential(req);
    if (credential?.kind !== "key") return next();
    try {
      const hash = sha256(credential.value);
      const { rows } = await ownerPool.query(
        "select api_key_id, user_id, access, request_count, cost_used, window_end from app_private.use_api_key($1)",
        [hash],
      );
      const row = rows[0];
      if (!row?.api_key_id) {
        req.identity = { kind: "dead-key" };
        return next();
      }
      const resetSeconds = secondsUntil(row.window_end);
      setKeyLimitHeaders(res, row.request_count, row.cost_used, resetSeconds);
      if (row.request_count > RATE_LIMIT_PER_MINUTE) return rateLimited(res, "requests", resetSeconds);
      if (row.cost_used >= OPERATION_LIMITS.keyCostPerMinute) return rateLimited(res, "cost", resetSeconds);
      req.identity = { kind: "key", userId: row.user_id, keyId: row.api_key_id, access: row.access, keyHash: hash.toString("hex") };
      req.chargeKeyCost = async (cost: number): Promise<KeyCostCharge> => {
        const { rows: [charge] } = await ownerPool.query(
          "select allowed, cost_used, window_end from app_private.charge_api_key_cost($1, $2, $3)",
          // More than the whole budget never fits; capped, it stays a SQL int.
          [row.api_key_id, Math.min(Math.ceil(cost), OPERATION_LIMITS.keyCostPerMinute + 1), OPERATION_LIMITS.keyCostPerMinute],
        );
        const reset = secondsUntil(charge.window_end);
        setKeyLimitHeaders(res, row.request_count, charge.cost_used, reset);
        if (charge.allowed) return { allowed: true };
        const left = Math.max(0, OPERATION_LIMITS.keyCostPerMinute - charge.cost_used);
        return {
          allowed: false,
          retryAfter: reset,
          message: `This operation costs ${Math.ceil(cost)}, more than the ${left} left of this key's GraphQL cost budget (${OPERATION_LIMITS.keyCostPerMinute} a minute); retry in ${reset} s`,
        };
      };
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
