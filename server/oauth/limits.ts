// How long OAuth grants live, and the scopes a connected app may ask for.

export const OAUTH_LIMITS = {
  /** An authorization code is exchanged at once by the client that asked for it. */
  codeSeconds: 60,
  /** Short-lived: a disconnect or a ban is also checked on every request, but a leaked token dies soon anyway. */
  accessTokenSeconds: 15 * 60,
  /** Each refresh token is used once (rotation); a connection unused this long must sign in again. */
  refreshTokenSeconds: 30 * 24 * 3600,
} as const;

/** `read`: reading only; `write`: saving and deleting too. */
export const SCOPES = ["read", "write"];

/** The access a request asks for: read and write unless it asks for `read` alone. */
export function accessForScopes(scopes: string[] | undefined): "read_only" | "read_write" {
  return scopes?.length && !scopes.includes("write") ? "read_only" : "read_write";
}
