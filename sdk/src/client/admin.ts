/** Admin tools. */
import * as ops from "../operations.ts";
import { collect, EMPTY_PAGE } from "./results.ts";
import type { AdminUser, UserRecord } from "../types.ts";
import type { RequestCore } from "./core.ts";

export function adminOperations({ request, auth }: RequestCore) {
  return {
    /** Admin tools (`/api/auth/admin/*`); they need an admin's session token. */
    admin: {
      /** Users whose name or email contains `search` (all without it), oldest first; every page. */
      users: (search?: string): Promise<AdminUser[]> =>
        collect(
          async (after) =>
            (await request(ops.ADMIN_USERS, { search: search?.trim() || null, after })).adminUsers ?? EMPTY_PAGE,
        ),
      /** Bans a user; `banExpiresIn` in seconds (omit for a ban without end). */
      banUser: (input: { userId: string; banReason?: string; banExpiresIn?: number }) =>
        auth<{ user: UserRecord }>("/admin/ban-user", input),
      unbanUser: (input: { userId: string }) => auth<{ user: UserRecord }>("/admin/unban-user", input),
    },
  };
}
