// Signed-in devices (spec 5.6): viewer { sessions }, signOutSession and signOutOtherSessions.
// Session only, like keys: with an API key the SQL functions raise FORBIDDEN.
import { extendSchema, gql } from "postgraphile/utils";
import { sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import { access, object } from "postgraphile/grafast";

export const DevicesPlugin = extendSchema((build) => {
  const { sessions, users_sessions } = build.input.pgRegistry.pgResources as any;
  if (!sessions || !users_sessions) throw new Error("DevicesPlugin: sessions or users_sessions not introspected");
  return {
    typeDefs: gql`
      "The session to end."
      input SignOutSessionInput {
        "The session's id (from viewer { sessions { id } })."
        id: String!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The ended session."
      type SignOutSessionPayload {
        "The id of the session, now ended."
        id: String!
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
          sessions($user: any) {
            return users_sessions.execute([{ step: $user.record() }]);
          },
        },
      },
      Mutation: {
        plans: {
          signOutSession(_: unknown, fieldArgs: any) {
            const $input = fieldArgs.getRaw("input");
            const $result = sideEffectWithPgClientTransaction(sessions.executor, $input, async (client: any, input: any) => {
              const { rows } = await client.query({ text: "select app_public.sign_out_session($1::text) as id", values: [input.id] });
              return { id: rows[0].id, clientMutationId: input.clientMutationId ?? null };
            });
            return object({ id: access($result, "id"), clientMutationId: access($result, "clientMutationId") });
          },
          signOutOtherSessions(_: unknown, fieldArgs: any) {
            const $input = fieldArgs.getRaw("input");
            const $result = sideEffectWithPgClientTransaction(sessions.executor, $input, async (client: any, input: any) => {
              const { rows } = await client.query({ text: "select app_public.sign_out_other_sessions() as count" });
              return { count: rows[0].count, clientMutationId: input?.clientMutationId ?? null };
            });
            return object({ count: access($result, "count"), clientMutationId: access($result, "clientMutationId") });
          },
        },
      },
    },
  };
}, "DevicesPlugin");
