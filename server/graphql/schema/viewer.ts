// `viewer`: the signed-in user (null when signed out), with their workouts newest first.
import { extendSchema, gql } from "postgraphile/utils";
import type { PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import { context, lambda, SafeError, type FieldArgs } from "postgraphile/grafast";
import { TYPES } from "postgraphile/@dataplan/pg";
import { LIST_LIMITS } from "../list-bounds.ts";

export const MAX_LIST_LIMIT = LIST_LIMITS.maxPage;

/** A list limit: default 50, 1 to MAX_LIST_LIMIT. */
export function checkLimit(limit: unknown): number {
  if (limit === null || limit === undefined) return 50;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new SafeError(`limit: must be 1 to ${MAX_LIST_LIMIT}`, { code: "INVALID_INPUT" });
  }
  return limit;
}

/** A request's pg settings (server/identity/pg-settings.ts pgSettingsFor): read only when a credential runs as svc_reader. */
function readOnlyOf(settings: Record<string, string | undefined> | null): boolean | null {
  const credential = ["svc.session_hash", "svc.key_hash", "svc.oauth_hash"].some((name) => settings?.[name]);
  return credential ? settings?.role === "svc_reader" : null;
}

export const ViewerPlugin = extendSchema((build) => {
  const { sql } = build;
  const { users, workouts } = build.input.pgRegistry.pgResources;
  return {
    typeDefs: gql`
      extend type Query {
        "The signed-in user, or null when signed out (or with a revoked, expired or unknown key)."
        viewer: User
        """
        Whether this request's credential may only read: true for a read-only API key or connected app
        (every save is refused), false for a session or a read-write one; null signed out.
        """
        viewerReadOnly: Boolean
      }
      extend type User {
        """
        The user's workouts, newest first (by date, then start time). limit: 1 to 1000, default 50;
        since and until: only the workouts of those days and the days between (both included).
        """
        workouts(limit: Int, since: Date, until: Date): [Workout!]!
      }
    `,
    objects: {
      Query: {
        plans: {
          viewerReadOnly() {
            return lambda(context().get("pgSettings"), readOnlyOf, true);
          },
          viewer() {
            const $users = users.find();
            $users.where(sql`${$users.alias}.id = app_public.current_user_id()`);
            return $users.single();
          },
        },
      },
      User: {
        plans: {
          workouts($user: PgSelectSingleStep, fieldArgs: FieldArgs) {
            const $limit = fieldArgs.getRaw("limit");
            const $workouts = workouts.find({ user_id: $user.get("id") });
            $workouts.orderBy({ attribute: "date", direction: "DESC" });
            $workouts.orderBy({ attribute: "start", direction: "DESC" });
            $workouts.orderBy({ attribute: "id", direction: "DESC" });
            $workouts.setFirst(lambda($limit, checkLimit, true));
            // A day bound left out (null) bounds nothing.
            for (const [arg, op] of [
              ["since", sql`>=`],
              ["until", sql`<=`],
            ] as const) {
              const $day = $workouts.placeholder(fieldArgs.getRaw(arg), TYPES.date);
              $workouts.where(sql`(${$day} is null or ${$workouts.alias}.date ${op} ${$day})`);
            }
            return $workouts;
          },
        },
      },
    },
  };
});
