/** Share links of routines: make one (its token shown once), list and revoke yours, read and add one. */
import { NotFoundError } from "../errors.ts";
import * as ops from "../operations.ts";
import type { JsonObject } from "../types.ts";
import type { RequestCore } from "./core.ts";

/** The address a share link's token opens: `<instance>/shared/<token>`. */
export function shareUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, "")}/shared/${token}`;
}

export function shareOperations({ request, signedIn, base }: RequestCore) {
  return {
    /** A share link of one of your routines (by id or name): `{ id, token, url }`, the token shown this once. */
    async shareRoutine(routine: string, options: { showName?: boolean } = {}) {
      const data = await request(ops.SHARE_ROUTINE, { routine, showName: options.showName ?? false });
      const link = data.shareRoutine?.link;
      if (!link) throw new NotFoundError("No such routine");
      return { id: link.shareId, token: link.token, url: shareUrl(base, link.token) };
    },

    /** Your share links, newest first (their tokens are never shown again). */
    async routineShares() {
      const shares = signedIn((await request(ops.ROUTINE_SHARES)).viewer).routineSharesByUserId.nodes;
      return shares
        .flatMap((s) => (s ? [s] : []))
        .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
    },

    /** Revokes one of your share links at once; NotFoundError when you have none with this id. */
    async revokeRoutineShare(id: string): Promise<{ id: string }> {
      const share = (await request(ops.REVOKE_ROUTINE_SHARE, { id })).deleteRoutineShareById?.routineShare;
      if (!share) throw new NotFoundError("No such share link");
      return share;
    },

    /** What a share link shows (`{ routine, sharedBy?, sharedAt }`), signed in or not; null for an unknown or revoked one. */
    async sharedRoutine(token: string): Promise<JsonObject | null> {
      return (await request(ops.SHARED_ROUTINE, { token })).sharedRoutine as JsonObject | null;
    },

    /** Adds the routine a share link shows to your routines (under `name` when given). */
    async addSharedRoutine(token: string, options: { name?: string } = {}) {
      const routine = (await request(ops.ADD_SHARED_ROUTINE, { token, name: options.name ?? null })).addSharedRoutine
        ?.routine;
      if (!routine) throw new NotFoundError("No routine is shared with this link");
      return routine;
    },
  };
}
