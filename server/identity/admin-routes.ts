// /api/auth/admin/*: ban-user and unban-user (spec 4.2, 7.3). A signed-in admin session only:
// API keys get 401 before this router runs (server/app.ts). Every call of a session is counted in
// app_private.rate_counters (subject `admin:<session id>`, committed on its own); the effects run in
// one transaction inside a security definer SQL function. Every error body is {code, message}.
import express, { type Request, type Response } from "express";
import type pg from "pg";
import { isSameOriginBrowserRequest } from "../http/cross-site-guard.ts";
import { HttpError, sendError } from "../http/http-error.ts";
import { readBody } from "../http/request-body.ts";
import { secondsUntil, setRateLimitHeaders, setRetryAfter } from "../limits/rate-limit-headers.ts";
import { ROUTE_CODES, type RouteCode } from "../../db/errors.ts";

export const ADMIN_CALLS_PER_MINUTE = 60;
/** Longest ban with an end: 10 years, in seconds. */
export const BAN_EXPIRES_MAX_SECONDS = 10 * 365 * 24 * 3600;
export const BAN_REASON_MAX = 1000;

const USER_ID = { userId: { type: "string", min: 1 } } as const;
const BAN = {
  ...USER_ID,
  banReason: { type: "string", max: BAN_REASON_MAX, optional: true },
  banExpiresIn: {
    type: "number",
    unit: "seconds",
    positive: true,
    max: BAN_EXPIRES_MAX_SECONDS,
    maxNote: "(10 years); leave it out for a ban without end",
    optional: true,
  },
} as const;

/** SQLSTATEs the ban functions raise on purpose, as HTTP; anything else is a 500 (masked by the app). */
function sqlFailure(error: unknown): HttpError | null {
  const e = error as { code?: string; message?: string; hint?: string };
  switch (e.code) {
    case "SVBAD": {
      // The hint names the refusal (CANNOT_BAN_YOURSELF) when it has a code of its own.
      const code = e.hint && e.hint in ROUTE_CODES ? (e.hint as RouteCode) : "BAD_REQUEST";
      return new HttpError(code, e.message ?? "Bad request");
    }
    case "SVFBD":
      return new HttpError("FORBIDDEN", "Only an admin may do this");
    case "SVNFD":
      return new HttpError("USER_NOT_FOUND", "No user with this id");
    default:
      return null;
  }
}

export function adminRoutes(ownerPool: pg.Pool) {
  const router = express.Router();

  const handler = (action: "ban" | "unban") => async (req: Request, res: Response) => {
    const identity = req.identity;
    // The bearer header, or the cookie of the web app's own page (the browser vouches for the
    // origin, server/http/cross-site-guard.ts): a browser attaches the cookie to other sites' requests.
    // (A malformed header never gets here: sessionIdentity answers 401 first.)
    const bearer = req.credential?.kind === "session" && req.credential.source === "header";
    if (identity?.kind !== "session" || !(bearer || isSameOriginBrowserRequest(req))) {
      return sendError(
        res,
        "UNAUTHORIZED",
        "Sign in as an admin: send Authorization: Bearer <session token> (API keys are not accepted)",
      );
    }
    const { rows } = await ownerPool.query(
      "select request_count, window_end, is_admin from app_private.count_admin_call($1)",
      [identity.sessionId],
    );
    const { request_count: count, window_end: windowEnd, is_admin: isAdmin } = rows[0];
    const resetSeconds = secondsUntil(windowEnd);
    setRateLimitHeaders(res, [{ name: "admin", limit: ADMIN_CALLS_PER_MINUTE, used: count }], resetSeconds);
    if (count > ADMIN_CALLS_PER_MINUTE) {
      setRetryAfter(res, resetSeconds);
      return sendError(
        res,
        "RATE_LIMITED",
        `More than ${ADMIN_CALLS_PER_MINUTE} admin calls this minute for this session; retry in ${resetSeconds} s`,
      );
    }
    if (!isAdmin) return sendError(res, "FORBIDDEN", "Only an admin may do this");
    let query: { text: string; values: unknown[] };
    if (action === "ban") {
      const { userId, banReason, banExpiresIn } = readBody(req, BAN);
      query = {
        text: "select app_private.ban_user($1, $2, $3, $4) as user",
        values: [identity.sessionId, userId, banReason, banExpiresIn],
      };
    } else {
      query = {
        text: "select app_private.unban_user($1, $2) as user",
        values: [identity.sessionId, readBody(req, USER_ID).userId],
      };
    }
    const {
      rows: [answer],
    } = await ownerPool.query(query).catch((error: unknown) => {
      throw sqlFailure(error) ?? error;
    });
    res.json({ user: answer.user });
  };

  router.post("/ban-user", handler("ban"));
  router.post("/unban-user", handler("unban"));
  return router;
}
