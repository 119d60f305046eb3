// Signed-in devices (spec 5.6): viewer { sessions }, signOutSession and signOutOtherSessions.
// Session only, like keys: with an API key the SQL functions raise FORBIDDEN.
import { extendSchema, gql } from "postgraphile/utils";
import type { PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import type { FieldArgs } from "postgraphile/grafast";
import { sqlRowMutation } from "./sql-mutation.ts";

export const DevicesPlugin = extendSchema((build) => {
  const { sessions, users_sessions } = build.input.pgRegistry.pgResources;
  if (!sessions || !users_sessions) throw new Error("DevicesPlugin: sessions or users_sessions not introspected");
  return {
    typeDefs: gql`
      "The session to end."
      input SignOutSessionInput {
        "The session's id (from viewer { sessions { id } })."
        id: UUID!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The ended session."
      type SignOutSessionPayload {
        "The id of the session, now ended."
        id: UUID!
        clientMutationId: String
      }
      "Nothing to give; the session making the request stays signed in."
      input SignOutOtherSessionsInput {
        "Echoed back in the payload."
        clientMutationId: String
      }
      "How many sessions ended."
      type SignOutOtherSessionsPayload {
        "The number of sessions ended."
        count: Int!
        clientMutationId: String
      }
      extend type User {
        "The user's signed-in devices, most recently active first. Needs a signed-in session: FORBIDDEN with an API key."
        sessions: [Session!]!
      }
      extend type Mutation {
        "Ends one of your sessions at once (signed-in session only). Unknown or another user's session: NOT_FOUND."
        signOutSession(input: SignOutSessionInput!): SignOutSessionPayload
        "Ends every other session of yours at once (signed-in session only)."
        signOutOtherSessions(input: SignOutOtherSessionsInput): SignOutOtherSessionsPayload
      }
    `,
    objects: {
      User: {
        plans: {
          sessions($user: PgSelectSingleStep) {
            return users_sessions.execute([{ step: $user.record() }]);
          },
        },
      },
      Mutation: {
        plans: {
          signOutSession(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string }, { id: string }>(sessions.executor, fieldArgs, (input) => ({
              text: "select app_public.sign_out_session($1::text) as id",
              values: [input.id],
            }));
          },
          signOutOtherSessions(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation(sessions.executor, fieldArgs, () => ({
              text: "select app_public.sign_out_other_sessions() as count",
            }));
          },
        },
      },
    },
  };
}, "DevicesPlugin");
