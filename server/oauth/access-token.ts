// A connected app's access token (`mcpa_...`) checked in SQL: its live connection (the user not
// banned, the token not expired), marked used at most once a minute. The MCP route checks every
// request's token so (provider.ts); the caller gate asks first (as `appTokenIdentity`) when a token
// it has not seen comes from an address with no slot free, so an app on a shared address runs as its
// account from its first request.
import type pg from "pg";
import { sha256 } from "../identity/credential.ts";
import type { Identity } from "../identity/identity.ts";

export const ACCESS_TOKEN_PREFIX = "mcpa_";

export type LiveAccessToken = {
  connection_id: string;
  user_id: string;
  access: "read_only" | "read_write";
  resource: string;
  expires_at: string;
  tokenHash: Buffer;
};

/** The live connection of `token`, or null for anything else (made up, expired, revoked, banned). */
export async function liveAccessToken(pool: pg.Pool, token: string): Promise<LiveAccessToken | null> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
  const tokenHash = sha256(token);
  const { rows } = await pool.query("select * from app_private.oauth_use_token($1)", [tokenHash]);
  return rows[0]?.connection_id ? { ...rows[0], tokenHash } : null;
}

/** The identity a token stands for: its connected app, or signed out. */
export async function appTokenIdentity(pool: pg.Pool, token: string): Promise<Identity> {
  const live = await liveAccessToken(pool, token);
  if (!live) return { kind: "anonymous" };
  return {
    kind: "oauth",
    userId: live.user_id,
    connectionId: live.connection_id,
    access: live.access,
    tokenHash: live.tokenHash.toString("hex"),
  };
}
