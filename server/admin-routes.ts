// /api/auth/admin/*: ban-user and unban-user (spec 4.2, 7.3). A signed-in admin session only:
// API keys get 401 before this router runs (server/app.ts). Every call of a session is counted in
// app_private.rate_counters (subject `admin:<session id>`, committed on its own); the effects run in
// one transaction inside a security definer SQL function. Every error body is {message, code}.
import express, { type Request, type Response } from "express";
import type pg from "pg";
import { isSameOriginBrowserRequest } from "./cross-site-guard.ts";

export const ADMIN_CALLS_PER_MINUTE = 60;
/** Longest ban with an end: 10 years, in seconds. */
export const BAN_EXPIRES_MAX_SECONDS = 10 * 365 * 24 * 3600;
export const BAN_REASON_MAX = 1000;

type Fail = { status: number; code: string; message: string };

function send(res: Response, { status, code, message }: Fail) {
  res.status(status).json({ message, code });
}

const bad = (message: string, code = "BAD_REQUEST"): Fail => ({ status: 400, code, message });

type BanBody = { userId: string; banReason: string | null; banExpiresIn: number | null };

/** Reads {userId, banReason?, banExpiresIn?}: the values, or the first problem as a 400. */
export function readBanBody(body: unknown, withBanFields: boolean): BanBody | Fail {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    return bad("The request body must be a JSON object (Content-Type: application/json)");
  }
  const b = body as Record<string, unknown>;
  if (b.userId === undefined || b.userId === null) return bad("userId is required");
  if (typeof b.userId !== "string") return bad("userId must be a string");
  if (b.userId.length === 0) return bad("userId must not be empty");
  if (b.userId.includes("\u0000")) return bad("userId must not contain the character U+0000");
  const out: BanBody = { userId: b.userId, banReason: null, banExpiresIn: null };
  if (!withBanFields) return out;
  if (b.banReason !== undefined && b.banReason !== null) {
    if (typeof b.banReason !== "string") return bad("banReason must be a string");
    if ([...b.banReason].length > BAN_REASON_MAX) return bad(`banReason must be at most ${BAN_REASON_MAX} characters`);
    if (b.banReason.includes("\u0000")) return bad("banReason must not contain the character U+0000");
    out.banReason = b.banReason;
  }
  if (b.banExpiresIn !== undefined && b.banExpiresIn !== null) {
    if (typeof b.banExpiresIn !== "number" || !Number.isFinite(b.banExpiresIn)) return bad("banExpiresIn must be a number of seconds");
    if (b.banExpiresIn <= 0) return bad("banExpiresIn must be a positive number of seconds");
    if (b.banExpiresIn > BAN_EXPIRES_MAX_SECONDS) {
      return bad(`banExpiresIn must be at most ${BAN_EXPIRES_MAX_SECONDS} seconds (10 years); leave it out for a ban without end`);
    }
    out.banExpiresIn = b.banExpiresIn;
  }
  return out;
}

/** SQLSTATEs the ban functions raise on purpose, as HTTP. Anything else is a 500 (masked by the app). */
function sqlFailure(error: unknown): Fail | null {
  const e = error as { code?: string; message?: string; hint?: string };
  switch (e.code) {
    case "SVBAD":
      return bad(e.message ?? "Bad request", e.hint || "BAD_REQUEST");
    case "SVFBD":
      return { status: 403, code: "FORBIDDEN", message: "Only an admin may do this" };
    case "SVNFD":
      return { status: 404, code: "USER_NOT_FOUND", message: "No user with this id" };
    default:
      return null;
  }
}

export function adminRoutes(ownerPool: pg.Pool) {
  const router = express.Router();

  const handler = (action: "ban" | "unban") => async (req: Request, res: Response) => {
    const identity = req.identity;
    // The bearer header, or the cookie of the web app's own page (the browser vouches for the
    // origin, server/cross-site-guard.ts): a browser attaches the cookie to other sites' requests.
    // (A malformed header never gets here: sessionIdentity answers 401 first.)
    const bearer = req.credential?.kind === "session" && req.credential.source === "header";
    if (identity?.kind !== "session" || !(bearer || isSameOriginBrowserRequest(req))) {
      return send(res, {
        status: 401,
        code: "UNAUTHORIZED",
        message: "Sign in as an admin: send Authorization: Bearer <session token> (API keys are not accepted)",
      });
    }
    const { rows } = await ownerPool.query(
      "select request_count, window_end, is_admin from app_private.count_admin_call($1)",
      [identity.sessionId],
    );
    const { request_count: count, window_end: windowEnd, is_admin: isAdmin } = rows[0];
    const resetSeconds = Math.max(1, Math.ceil((new Date(windowEnd).getTime() - Date.now()) / 1000));
    res.set("RateLimit-Limit", String(ADMIN_CALLS_PER_MINUTE));
    res.set("RateLimit-Remaining", String(Math.max(0, ADMIN_CALLS_PER_MINUTE - count)));
    res.set("RateLimit-Reset", String(resetSeconds));
    if (count > ADMIN_CALLS_PER_MINUTE) {
      res.set("Retry-After", String(resetSeconds));
      return send(res, {
        status: 429,
        code: "RATE_LIMITED",
        message: `More than ${ADMIN_CALLS_PER_MINUTE} admin calls this minute for this session; retry in ${resetSeconds} s`,
      });
    }
    if (!isAdmin) return send(res, { status: 403, code: "FORBIDDEN", message: "Only an admin may do this" });
    const body = readBanBody(req.body, action === "ban");
    if ("status" in body) return send(res, body);
    try {
      const result = action === "ban"
        ? await ownerPool.query("select app_private.ban_user($1, $2, $3, $4) as user", [
          identity.sessionId, body.userId, body.banReason, body.banExpiresIn,
        ])
        : await ownerPool.query("select app_private.unban_user($1, $2) as user", [identity.sessionId, body.userId]);
      res.json({ user: result.rows[0].user });
    } catch (error) {
      const failure = sqlFailure(error);
      if (failure) return send(res, failure);
      throw error;
    }
  };

  router.post("/ban-user", handler("ban"));
  router.post("/unban-user", handler("unban"));
  return router;
}
