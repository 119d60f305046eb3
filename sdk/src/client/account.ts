/** The account: sessions by email and password, the viewer and their settings, API keys, signed-in devices and connected apps. */
import { NotFoundError } from "../errors.ts";
import * as ops from "../operations.ts";
import { present } from "./results.ts";
import type {
  ApiKeyAccess,
  ApiKeyExpiry,
  AuthResult,
  CreatedApiKey,
  EffortScale,
  Language,
  SessionInfo,
  Unit,
  User,
} from "../types.ts";
import type { RequestCore } from "./core.ts";

export function accountOperations({ request, auth, viewerId, signedIn }: RequestCore) {
  return {
    /** `/api/auth/*`: sessions by email and password. */
    auth: {
      signUp: (input: { name: string; email: string; password: string; setupCode?: string }) =>
        auth<AuthResult>("/sign-up/email", input),
      signIn: (input: { email: string; password: string }) => auth<AuthResult>("/sign-in/email", input),
      /** Ends the session of this client's token on the server. */
      signOut: () => auth<{ success: boolean }>("/sign-out", {}),
      /** The current session and user, or null when signed out (API keys have no session). */
      getSession: () => auth<SessionInfo | null>("/get-session"),
    },

    /** The signed-in user, or null when signed out or with a revoked, expired or unknown key. */
    async viewer() {
      return (await request(ops.VIEWER)).viewer;
    },

    /** Whether this client's credential may only read (a read-only API key): every save is refused. Null signed out. */
    async readOnly() {
      return (await request(ops.VIEWER_READ_ONLY)).viewerReadOnly;
    },

    /**
     * Changes settings; `lengthUnit: null` makes body measurements follow the weight unit again (kg: cm, lb: in),
     * `language: null` makes the apps follow the browser's language again.
     */
    async updateSettings(patch: {
      unit?: Unit;
      effort?: EffortScale;
      name?: string;
      lengthUnit?: "cm" | "in" | null;
      language?: Language | null;
    }): Promise<User> {
      const id = await viewerId();
      const updated = (await request(ops.UPDATE_USER, { id, patch })).updateUserById?.user;
      if (!updated) throw new NotFoundError("No such user");
      return updated;
    },

    /** The signed-in user's API keys (needs a session, not a key). */
    async apiKeys() {
      return signedIn((await request(ops.API_KEYS)).viewer).apiKeys;
    },

    /** Creates an API key; `key` is the full value, shown only this once. */
    async createApiKey(input: { name: string; access: ApiKeyAccess; expiresIn: ApiKeyExpiry }): Promise<CreatedApiKey> {
      return present((await request(ops.CREATE_API_KEY, { input })).createApiKey, "apiKey");
    },

    async revokeApiKey(id: string): Promise<void> {
      await request(ops.REVOKE_API_KEY, { input: { id } });
    },

    /** Signed-in devices (sessions) of the user (needs a session, not a key). */
    async sessions() {
      return signedIn((await request(ops.SESSIONS)).viewer).sessions;
    },

    async signOutSession(id: string): Promise<void> {
      await request(ops.SIGN_OUT_SESSION, { input: { id } });
    },

    /** Apps (AI assistants through MCP) connected to the account (needs a session, not a key). */
    async connectedApps() {
      return signedIn((await request(ops.CONNECTED_APPS)).viewer).connectedApps;
    },

    /** Ends a connected app's access at once; returns its connection's id. */
    async disconnectApp(id: string): Promise<string> {
      const disconnected = (await request(ops.DISCONNECT_APP, { id })).disconnectApp;
      if (!disconnected) throw new NotFoundError("No such connected app");
      return disconnected.id;
    },

    /** Ends every other session of the user; returns how many ended. */
    async signOutOtherSessions(): Promise<number> {
      return (await request(ops.SIGN_OUT_OTHER_SESSIONS)).signOutOtherSessions?.count ?? 0;
    },

    /**
     * Changes the signed-in user's password (a session only) and signs out every other session;
     * returns how many were signed out. A wrong current password is WRONG_PASSWORD and counts as a
     * failed sign-in; a new one under 8 characters, over 72 bytes or equal to it is INVALID_INPUT.
     */
    async changePassword(input: { currentPassword: string; newPassword: string }): Promise<number> {
      const changed = (await request(ops.CHANGE_PASSWORD, input)).changePassword;
      if (!changed) throw new NotFoundError("The password was not changed");
      return changed.signedOutSessions;
    },

    /**
     * Deletes the signed-in user's account, keys, sessions and all their data, for good (a session
     * only); returns the deleted user's id. `password` is needed unless this session signed in
     * within the last 5 minutes (PASSWORD_REQUIRED); a wrong one is WRONG_PASSWORD and counts as a
     * failed sign-in. The only admin is refused (LAST_ADMIN).
     */
    async deleteAccount(input: { password?: string } = {}): Promise<string> {
      const deleted = (await request(ops.DELETE_ACCOUNT, { password: input.password ?? null })).deleteAccount;
      if (!deleted) throw new NotFoundError("No account was deleted");
      return deleted.id;
    },
  };
}
