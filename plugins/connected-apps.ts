// Connected apps (assistants signed in through OAuth for the MCP server): viewer { connectedApps }
// and disconnectApp. Session only, like devices and keys: with an API key or an app's own token the
// SQL functions raise FORBIDDEN.
import { extendSchema, gql } from "postgraphile/utils";
import { sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import { access, object } from "postgraphile/grafast";

export const ConnectedAppsPlugin = extendSchema((build) => {
  const { connected_apps, users_connected_apps } = build.input.pgRegistry.pgResources as any;
  if (!connected_apps || !users_connected_apps) throw new Error("ConnectedAppsPlugin: connected_apps or users_connected_apps not introspected");
  return {
    typeDefs: gql`
      "The connected app to disconnect."
      input DisconnectAppInput {
        "The connection's id (from viewer { connectedApps { id } })."
        id: String!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The disconnected app."
      type DisconnectAppPayload {
        "The id of the connection, now ended."
        id: String!
        clientMutationId: String
      }
      extend type User {
        "Apps (AI assistants through MCP) allowed to use the account, newest first. Needs a signed-in session: FORBIDDEN with an API key or an app's token."
        connectedApps: [ConnectedApp!]!
      }
      extend type Mutation {
        "Disconnects one of your apps (signed-in session only): its tokens stop working at once. Unknown or another user's: NOT_FOUND."
        disconnectApp(input: DisconnectAppInput!): DisconnectAppPayload
      }
    `,
    objects: {
      User: {
        plans: {
          connectedApps($user: any) {
            return users_connected_apps.execute([{ step: $user.record() }]);
          },
        },
      },
      Mutation: {
        plans: {
          disconnectApp(_: unknown, fieldArgs: any) {
            const $input = fieldArgs.getRaw("input");
            const $result = sideEffectWithPgClientTransaction(connected_apps.executor, $input, async (client: any, input: any) => {
              const { rows } = await client.query({ text: "select app_public.disconnect_app($1::text) as id", values: [input.id] });
              return { id: rows[0].id, clientMutationId: input.clientMutationId ?? null };
            });
            return object({ id: access($result, "id"), clientMutationId: access($result, "clientMutationId") });
          },
        },
      },
    },
  };
}, "ConnectedAppsPlugin");
