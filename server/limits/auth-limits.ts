// How many sign-ins and sign-ups a client address may make, counted in PostgreSQL (shared by every
// server process; app_private.claim_address_attempt). The 15-minute failure window, the
// session cap and the bcrypt cost live in SQL beside the functions that apply them.
import type pg from "pg";
import type { Response } from "express";
import { sendError } from "../http/http-error.ts";
import { setRetryAfter } from "./rate-limit-headers.ts";

export type AuthLimits = {
  /** Failed sign-ins for one email from one address in 15 minutes; then that pair gets 429. */
  failuresPerAccountAndAddress: number;
  /** Failed sign-ins from one address over all emails in 15 minutes; then the address gets 429. */
  failuresPerAddress: number;
  /** Sign-in attempts (any outcome) from one address in a sliding minute. */
  signInsPerAddressPerMinute: number;
  /** Sign-up attempts from one address in a sliding hour. */
  signUpsPerAddressPerHour: number;
};

// A sign-in costs one bcrypt (about 85 ms at cost 11): 20 a minute is under 3 % of a core per
// address, and more than a person or a script with an API key needs.
export const AUTH_LIMITS: AuthLimits = {
  failuresPerAccountAndAddress: 10,
  failuresPerAddress: 30,
  signInsPerAddressPerMinute: 20,
  signUpsPerAddressPerHour: 10,
};

type Action = "sign-in" | "sign-up";

const RULES: Record<Action, { limit: (l: AuthLimits) => number; windowSeconds: number; say: (n: number) => string }> = {
  "sign-in": {
    limit: (l) => l.signInsPerAddressPerMinute,
    windowSeconds: 60,
    say: (n) => `${n} sign-in attempts a minute`,
  },
  "sign-up": { limit: (l) => l.signUpsPerAddressPerHour, windowSeconds: 3600, say: (n) => `${n} sign-ups an hour` },
};

/**
 * Claims one attempt for the client address (its own statement, so concurrent requests count
 * exactly); past the limit answers 429 RATE_LIMITED with Retry-After and returns false.
 */
export async function claimAttempt(
  pool: pg.Pool,
  limits: AuthLimits,
  action: Action,
  address: string,
  res: Response,
): Promise<boolean> {
  const rule = RULES[action];
  const limit = rule.limit(limits);
  const { rows } = await pool.query(
    "select allowed, retry_after from app_private.claim_address_attempt($1, $2, $3, $4)",
    [action, address, limit, rule.windowSeconds],
  );
  if (rows[0].allowed) return true;
  setRetryAfter(res, rows[0].retry_after);
  sendError(
    res,
    "RATE_LIMITED",
    `Too many attempts from your address (at most ${rule.say(limit)}); try again in ${rows[0].retry_after} seconds`,
  );
  return false;
}
