// The one parser of credentials, used by every route, and the hash under which a secret is stored.
import { createHash } from "node:crypto";
import type { Request } from "express";
import { parse as parseCookie } from "cookie";
import type { Credential } from "./identity.ts";

export const SESSION_COOKIE = "svc_session";
export const KEY_PREFIX = "svc_";

export function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

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
