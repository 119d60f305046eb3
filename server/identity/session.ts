// A request's session, resolved once per request on the identity pool, except on /api/graphql: there
// SQL resolves it in the request's own transaction (server/graphql/request-transaction.ts).
import type { Request, Response, NextFunction } from "express";
import type pg from "pg";
import { sendError } from "../http/http-error.ts";
import { OAUTH_PATH } from "../http/paths.ts";
import { readCredential, sha256 } from "./credential.ts";
import type { Identity } from "./identity.ts";

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
