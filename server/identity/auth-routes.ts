// /api/auth/*: sign-up, sign-in, sign-out and the current session. Passwords are hashed in
// Postgres (pgcrypto bcrypt) and failures counted there; this file checks shapes, claims the
// per-address attempt (server/limits/auth-limits.ts) and turns results into HTTP.
import express, { type Request, type Response } from "express";
import type pg from "pg";
import { UAParser } from "ua-parser-js";
import { parse as parseCookie } from "cookie";
import { SESSION_COOKIE, sha256, readCredential } from "./credential.ts";
import { recentSessions } from "./recent-sessions.ts";
import { publicOrigin } from "../process/public-url.ts";
import { AUTH_PATH } from "../http/paths.ts";
import { clientAddress } from "../http/client-address.ts";
import { claimAttempt, type AuthLimits } from "../limits/auth-limits.ts";
import { HttpError, badRequest, sendError } from "../http/http-error.ts";
import { STANDARD_MESSAGES, inputRule } from "../../db/errors.ts";
import { readBody } from "../http/request-body.ts";
import { setRetryAfter } from "../limits/rate-limit-headers.ts";
import type { PasswordChecks } from "../limits/password-checks.ts";
import { mayAdminister } from "./setup-code.ts";

export const PASSWORD_MIN = 8;
/** bcrypt reads only the first 72 bytes of a password; a longer one would be checked only in part. */
export const PASSWORD_MAX_BYTES = 72;
const COOKIE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

// users_email_check's length, counted in code points as char_length does (test/server/auth.test.ts checks
// they agree at 254 and 255): checked here too so that sign-in never counts a longer email as a failure.
const EMAIL = { type: "string", min: 1, max: 254 } as const;
const SIGN_UP = {
  // Whether a name is blank is SQL's to say (app_hidden.tg_users_name_check): see signUpRefusal.
  name: { type: "string", min: 1, max: 100 },
  email: EMAIL,
  password: { type: "string", min: PASSWORD_MIN, maxBytes: PASSWORD_MAX_BYTES },
  // Which units exist is SQL's to say (users_unit_check); missing: kg.
  unit: { type: "string", optional: true },
  // Only for the first account of an instance reachable from elsewhere (server/identity/setup-code.ts).
  setupCode: { type: "string", optional: true, max: 100 },
} as const;
const SIGN_IN = { email: EMAIL, password: { type: "string", min: 1, maxBytes: PASSWORD_MAX_BYTES } } as const;

/** What the devices list shows: the name a client sends, else the browser named from its user agent. */
export function clientName(req: Request): string {
  const sent = req.get("x-client-name");
  if (sent?.trim()) return sent.trim().slice(0, 200);
  const ua = req.get("user-agent");
  if (!ua) return "Unknown client";
  const { browser, os } = UAParser(ua);
  if (browser.name)
    return `${browser.name}${browser.major ? ` ${browser.major}` : ""}${os.name ? ` on ${os.name}` : ""}`;
  return ua.slice(0, 200);
}

/**
 * The device cookie (docs/security.md, "A shared address does not lock out its tenants"): set at a
 * successful sign-in, a random token whose SHA-256 SQL keeps; its device's correct password passes
 * its address's lockouts. Read only by the sign-in route.
 */
export const DEVICE_COOKIE = "svc_device";
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

function setDeviceCookie(req: Request, res: Response, token: string) {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: req.secure || publicOrigin(req).startsWith("https:"),
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    path: `${AUTH_PATH}/sign-in`,
  });
}

/** The device cookie's hash, when the request carries a well-formed one. */
function deviceHash(req: Request): Buffer | null {
  const header = req.get("cookie");
  const token = header ? parseCookie(header)[DEVICE_COOKIE] : undefined;
  return token && /^[0-9a-f]{64}$/.test(token) ? sha256(token) : null;
}

/** Whether the device cookie is of a device that signed in to this account before: its check goes ahead of strangers'. */
async function signedInBefore(pool: pg.Pool, device: Buffer | null, email: string): Promise<boolean> {
  if (!device) return false;
  const { rows } = await pool.query("select app_private.sign_in_device_known($1, $2) as known", [device, email]);
  return rows[0].known;
}

function setSessionCookie(req: Request, res: Response, token: string) {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    // Over TLS, or the public URL is https (TLS ended by a proxy that TRUST_PROXY does not name).
    secure: req.secure || publicOrigin(req).startsWith("https:"),
    maxAge: COOKIE_MAX_AGE_MS,
    path: "/",
  });
}

async function userRecord(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query("select app_private.user_record($1) as user", [userId]);
  return rows[0].user;
}

// Characters that control a terminal or print nothing (zero-width spaces and joiners, bidi marks,
// fillers, variation selectors, unassigned code points): an address holding one looks exactly
// like another account's, or hides in logs.
// Each code point is refused on its own, combining ones included: that is the point of the class.
const CONTROL_OR_INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u2800\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/**
 * An email without control or invisible characters, or a 400 naming the first one. Whether it is an
 * address is SQL's to say (users_email_check): sign-up answers its refusal as a 400, and sign-in
 * finds no account with an email SQL would refuse.
 */
export function checkEmail(email: string): void {
  const hidden = CONTROL_OR_INVISIBLE.exec(email)?.[0];
  if (hidden) {
    const codePoint = hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw badRequest(`email must not contain control or invisible characters (found U+${codePoint})`);
  }
}

/**
 * What sign-up's SQL refuses in the body, as a 400: a name with no visible character or with a
 * control character (SVBAD, its message naming `name`, with its rule), or a value a users check refuses; null for
 * anything else.
 */
function signUpRefusal(error: unknown): HttpError | null {
  const e = error as { code?: string; message?: string; constraint?: string; hint?: string; detail?: string };
  // Its rule and values beside the message (field, rule, ...), as GraphQL's INVALID_INPUT has them.
  if (e.code === "SVBAD")
    return new HttpError("BAD_REQUEST", e.message ?? "Bad request", inputRule(e.hint, e.detail) ?? {});
  if (e.code === "23514") {
    if (e.constraint === "users_email_check") return badRequest("email must be an email address");
    if (e.constraint === "users_unit_check") return badRequest("unit must be kg or lb");
    return badRequest(STANDARD_MESSAGES["23514"]);
  }
  return null;
}

/**
 * `ownerPool` serves sessions, sign-out and the user record; every bcrypt (sign-up's hash, sign-in's
 * check) runs through `checks`, on a pool of its own, so a flood of them never makes the rest wait.
 */
export function authRoutes(
  ownerPool: pg.Pool,
  limits: AuthLimits,
  checks: PasswordChecks,
  setupCode: string | undefined,
) {
  const router = express.Router();

  router.post("/sign-up/email", async (req, res) => {
    const { name, email, password, unit, setupCode: givenCode } = readBody(req, SIGN_UP);
    checkEmail(email);
    if (!(await claimAttempt(ownerPool, limits, "sign-up", clientAddress(req), res))) return;
    try {
      const { rows } = await checks.run(res, (pool) =>
        pool.query("select user_id, token from app_private.sign_up($1, $2, $3, $4, $5, $6)", [
          name,
          email,
          password,
          clientName(req),
          unit,
          mayAdminister(setupCode, givenCode),
        ]),
      );
      setSessionCookie(req, res, rows[0].token);
      res.json({ token: rows[0].token, user: await userRecord(ownerPool, rows[0].user_id) });
    } catch (error) {
      if ((error as { code?: string }).code === "SVDUP" || (error as { code?: string }).code === "23505") {
        return sendError(res, "USER_ALREADY_EXISTS", "An account with this email already exists");
      }
      if ((error as { code?: string }).code === "SVSET")
        return sendError(
          res,
          "SETUP_CODE_REQUIRED",
          !givenCode
            ? "The first account administers this instance: give the setup code the server printed in its log (setupCode)"
            : "setupCode: not the setup code the server printed in its log",
        );
      throw signUpRefusal(error) ?? error;
    }
  });

  router.post("/sign-in/email", async (req, res) => {
    const { email, password } = readBody(req, SIGN_IN);
    checkEmail(email);
    const address = clientAddress(req);
    if (!(await claimAttempt(ownerPool, limits, "sign-in", address, res))) return;
    const device = deviceHash(req);
    const knownDevice = await signedInBefore(ownerPool, device, email);
    const { rows } = await checks.run(
      res,
      (pool) =>
        pool.query(
          "select status, user_id, token, retry_after, device_token from app_private.sign_in($1, $2, $3, $4, $5, $6, $7)",
          [
            email,
            password,
            clientName(req),
            address,
            limits.failuresPerAccountAndAddress,
            limits.failuresPerAddress,
            device,
          ],
        ),
      { knownDevice },
    );
    const result = rows[0];
    switch (result.status) {
      case "ok":
        setSessionCookie(req, res, result.token);
        if (result.device_token) setDeviceCookie(req, res, result.device_token);
        res.json({ token: result.token, user: await userRecord(ownerPool, result.user_id) });
        return;
      case "banned": {
        // Only after the right password: the person may learn why and until when.
        // The ban as the user record shows it (user_record: the one home of its date-time format).
        const { rows: ban } = await ownerPool.query(
          "select app_private.user_record(id) as user from app_public.users where email = $1::citext",
          [email],
        );
        return sendError(res, "BANNED_USER", "This account is banned", {
          banReason: ban[0]?.user.banReason ?? null,
          banExpires: ban[0]?.user.banExpires ?? null,
        });
      }
      case "locked":
      case "address-locked":
        setRetryAfter(res, result.retry_after);
        return sendError(
          res,
          "TOO_MANY_ATTEMPTS",
          result.status === "locked"
            ? `Too many failed sign-in attempts for this email from your address; try again in ${result.retry_after} seconds`
            : `Too many failed sign-in attempts from your address; try again in ${result.retry_after} seconds`,
        );
      default:
        sendError(res, "INVALID_EMAIL_OR_PASSWORD", "Wrong email or password");
    }
  });

  router.post("/sign-out", async (req, res) => {
    const credential = readCredential(req);
    if (credential?.kind === "session") {
      const hash = sha256(credential.value);
      await ownerPool.query("select app_private.end_session($1)", [hash]);
      recentSessions.forget(hash.toString("hex"));
    }
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.json({ success: true });
  });

  router.get("/get-session", async (req, res) => {
    const identity = req.identity;
    if (identity.kind !== "session") {
      res.json(null);
      return;
    }
    const { rows } = await ownerPool.query(
      `select id, client, created_at as "createdAt", last_active_at as "lastActiveAt" from app_public.sessions where id = $1`,
      [identity.sessionId],
    );
    res.json({ session: { ...rows[0], userId: identity.userId }, user: await userRecord(ownerPool, identity.userId) });
  });

  return router;
}
