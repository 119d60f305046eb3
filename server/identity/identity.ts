// Who is calling, as every part of the server reads it: the identity a request carries and the
// request fields the credential parser, the session and the API-key meter set. A session (cookie or
// bearer token) or an API key (bearer `svc_...` or x-api-key); only hashes of the secrets go to the
// database.
export type Identity =
  | { kind: "anonymous" }
  | { kind: "session"; userId: string; sessionId: string; tokenHash: string }
  // A session token on /api/graphql not looked up yet: the request's transaction resolves it in SQL
  // (RLS reads it there anyway), or `resolveIdentity` looks it up for the log when no SQL did.
  | { kind: "unresolved-session"; tokenHash: string }
  | { kind: "key"; userId: string; keyId: string; access: "read_only" | "read_write"; keyHash: string }
  // A key not looked up yet: the operation guard looks it up and counts it (`req.useApiKey`).
  | { kind: "unresolved-key"; keyHash: string }
  // A key that was presented but is unknown, revoked or expired: answered as signed out.
  | { kind: "dead-key" }
  // A connected app's OAuth access token on /api/mcp (server/mcp/), checked before any tool runs.
  | { kind: "oauth"; userId: string; connectionId: string; access: "read_only" | "read_write"; tokenHash: string };

export type Credential =
  | { kind: "session"; value: string; source: "header" | "cookie" }
  | { kind: "key"; value: string }
  // A credential header that is present but not well formed: always 401, never a fallback.
  | { kind: "malformed"; problem: string };

/** A key past one of its per-minute limits: every request is refused (429) until the minute ends. */
export type KeyLimitReached = { limit: "requests" | "cost" | "concurrency"; retryAfter: number; message: string };

/** What one keyed request got from app_private.use_api_key. */
export type KeyUse =
  | { kind: "dead" }
  | ({ kind: "limited" } & KeyLimitReached)
  // A live key within both limits: its operation's cost was spent, or `costRefused` says why not.
  | { kind: "live"; identity: KeyIdentity; costRefused: KeyLimitReached | null };

export type KeyIdentity = Extract<Identity, { kind: "key" }>;

declare module "express-serve-static-core" {
  interface Request {
    identity: Identity;
    credential: Credential | null;
    presentedCredential: "none" | "session" | "key";
    /** The identity, an unresolved session looked up (once) if SQL has not resolved it yet. */
    resolveIdentity: () => Promise<Identity>;
    /** Records what SQL answered for an unresolved session (its user and id, or nulls). */
    settleSession: (row: { user_id: string | null; session_id: string | null }) => void;
    /**
     * Set by deferApiKey for a request with a key: looks the key up, counts the request and spends
     * `cost` when it fits (`write`: a mutation, which a read-only key may not make). Once per request.
     */
    useApiKey?: (cost: number, write: boolean) => Promise<KeyUse>;
  }
}
